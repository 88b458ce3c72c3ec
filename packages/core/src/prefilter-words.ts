// The pre-filters' first step, shared: one pass over a file's text for the words both text checks
// cannot do without. Most files of a tree hold none of them, and one regular expression over the
// alternatives finds that out in about half the time of a substring search per word.

/** A word each text check needs (see prefilter.ts and mrtr/prefilter.ts): `oots` is in every roots
 *  spelling and in the roots.listChanged check; the next three start an input_required result or test;
 *  the last ones are in every spelling of an elicitation or sampling request.
 *  All ASCII, so a run can look for them in a file's bytes before it decodes the file. */
export const matterWords = ['oots', 'nput_required', 'nputRequired', 'requestState', 'licitInput', 'licitRe', 'licitation/', 'reateMessage', 'equestSampling'] as const;
const WORDS = new RegExp(matterWords.join('|'));

/** False only where `mayContainRootsSites` and `mayContainMrtrProblems` would both be false. */
export function mayMatter(text: string): boolean {
  return WORDS.test(text);
}
