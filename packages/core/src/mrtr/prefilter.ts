// Files that cannot hold an MRTR problem never reach the parser: every check starts from one of these
// spellings (an input_required result or test, a requestState, roots.listChanged).
const MRTR = /input_required|[Ii]nputRequired|requestState|listChanged/;

export function mayContainMrtrProblems(text: string): boolean {
  // Substring searches first: most files hold none of these, and indexOf is far cheaper than the regex.
  return (text.includes('nput') || text.includes('equestState') || text.includes('istChanged')) && MRTR.test(text);
}
