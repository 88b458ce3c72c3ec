// Files that cannot hold an MRTR problem never reach the parser: every check starts from an
// input_required result or test, or a requestState, except the roots.listChanged check, which needs a
// `roots` key spelled in the file (as every roots site does, see ../prefilter.ts).

export function mayContainMrtrProblems(text: string): boolean {
  // Plain substring searches (no regex): most files hold none of these; `nput` rules most out first.
  if (text.includes('nput') && (text.includes('input_required') || text.includes('nputRequired'))) return true;
  if (text.includes('requestState')) return true;
  // tools/prompts/resources `listChanged` is fine: only `roots: { listChanged }` is a problem.
  return text.includes('listChanged') && text.includes('roots');
}
