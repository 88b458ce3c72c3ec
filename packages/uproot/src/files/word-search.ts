// Whether a file's bytes hold any one of a few ASCII words, in one pass over them. Scan reads every file of a
// tree and drops the ones holding none of the pre-filter's nine words (matterWords), which is nearly all of
// them: one native `includes` per word went over each such file nine times. On the bench's four-repository
// tree (5,405 files, 32 MB) that was 110-150 ms of the main thread, against 40-50 ms for this search.
//
// The search is Wu-Manber's with blocks of two bytes: a window as long as the shortest word slides over the
// bytes; the two bytes at its end say how far it may jump (0 only when they end the first `m` bytes of some
// word, which is then compared in full). Most windows jump by m - 1.

/** A compiled search for `words` (ASCII, as UTF-8 bytes), to ask of many buffers. */
export class WordSearch {
  private readonly words: Buffer[];
  /** Length of the shortest word: the window. */
  private readonly window: number;
  /** Per two-byte block (first byte << 8 | second): how far the window may move when it ends in it. */
  private readonly shift: Uint8Array;
  /** Per block with shift 0: the words whose first `window` bytes end in it. */
  private readonly ending: Array<Buffer[] | undefined>;

  constructor(words: readonly string[]) {
    if (words.length === 0) throw new Error('WordSearch needs at least one word');
    this.words = words.map((w) => {
      if (w.length < 2 || [...w].some((c) => c.charCodeAt(0) > 0x7f)) throw new Error(`WordSearch takes ASCII words of two or more characters, not ${JSON.stringify(w)}`);
      return Buffer.from(w, 'latin1');
    });
    this.window = Math.min(...this.words.map((w) => w.length));
    // The window is at most 255 long here in practice; a longer one would only jump less far.
    const longest = Math.min(this.window - 1, 255);
    this.shift = new Uint8Array(1 << 16).fill(longest);
    this.ending = new Array(1 << 16);
    for (const word of this.words) {
      for (let at = 0; at + 2 <= this.window; at++) {
        const block = (word[at]! << 8) | word[at + 1]!;
        const move = this.window - 2 - at;
        if (move < this.shift[block]!) this.shift[block] = move;
        if (move === 0) (this.ending[block] ??= []).push(word);
      }
    }
  }

  /** Whether `bytes` hold one of the words (exactly as `words.some((w) => bytes.includes(w))`). */
  inBytes(bytes: Uint8Array): boolean {
    const length = bytes.length;
    const window = this.window;
    for (let end = window - 1; end < length; ) {
      const block = (bytes[end - 1]! << 8) | bytes[end]!;
      const move = this.shift[block]!;
      if (move !== 0) {
        end += move;
        continue;
      }
      const start = end - window + 1;
      for (const word of this.ending[block]!) {
        if (start + word.length > length) continue;
        let k = 0;
        while (k < word.length && bytes[start + k] === word[k]) k++;
        if (k === word.length) return true;
      }
      end++;
    }
    return false;
  }
}
