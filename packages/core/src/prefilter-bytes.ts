// The pre-filters again, on a file's raw bytes before it is decoded: most files of a tree hold none of
// these words, and finding that out on the bytes saves decoding them (and the garbage it leaves).
// Every word is ASCII, and in valid UTF-8 an ASCII byte is always that character, so a word is in the
// bytes exactly when it is in the text: a file dropped here fails both text checks too.

/** One word each text check cannot do without (see prefilter.ts and mrtr/prefilter.ts). */
const WORDS = [
  // every roots spelling, and the roots.listChanged check
  'oots',
  // an input_required result or test
  'input_required',
  'nputRequired',
  'requestState',
];

/** False only where `mayContainRootsSites` and `mayContainMrtrProblems` would both be false for the decoded text. */
export function mayMatterBytes(bytes: Uint8Array): boolean {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const word of WORDS) if (buffer.includes(word, 0, 'latin1')) return true;
  return false;
}
