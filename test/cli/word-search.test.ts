// The one-pass word search scan's pre-filter runs over every file's bytes must answer exactly as one native
// `includes` per word does: on the pre-filter's own words, at every place in a buffer (first byte, last byte,
// cut short at the end), with overlapping and repeated words, and on bytes that are not ASCII.
import { describe, expect, it } from 'vitest';
import { matterWords } from '../../packages/core/src/prefilter-words.ts';
import { WordSearch } from '../../packages/uproot/src/files/word-search.ts';

const plain = (words: readonly string[], bytes: Buffer) => words.some((w) => bytes.includes(w));

/** A deterministic generator (mulberry32): the same buffers every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('WordSearch', () => {
  const search = new WordSearch(matterWords);

  it('finds each pre-filter word at the start, the end and inside a buffer, and not a word cut short', () => {
    for (const word of matterWords) {
      expect(search.inBytes(Buffer.from(word))).toBe(true);
      expect(search.inBytes(Buffer.from(`${word} const x = 1;`))).toBe(true);
      expect(search.inBytes(Buffer.from(`const x = 1; ${word}`))).toBe(true);
      expect(search.inBytes(Buffer.from(`const x = 1; /* ${word} */ y();`))).toBe(true);
      expect(search.inBytes(Buffer.from(word.slice(0, -1)))).toBe(false);
      expect(search.inBytes(Buffer.from(`const x = 1; ${word.slice(0, -1)}`))).toBe(false);
      expect(search.inBytes(Buffer.from(word.slice(1)))).toBe(false);
    }
    expect(search.inBytes(Buffer.alloc(0))).toBe(false);
    expect(search.inBytes(Buffer.from('o'))).toBe(false);
  });

  it('answers as includes does on source-like text, UTF-8 and random bytes', () => {
    const next = random(7);
    // Pieces that share blocks with the words (the shift-0 paths) and bytes past ASCII.
    const pieces = ['roots', 'oot', 'oo', 'ots', 'input', 'nput', 'request', 'requestS', 'equest', 'elicit', 'licit', 'Re', 'create', 'reateMessag', 'Sampling', 'ts', ' ', '\n', 'é', '🌱', '\u0000', 'x'];
    let found = 0;
    for (let round = 0; round < 4000; round++) {
      const parts: Array<string | Buffer> = [];
      const count = Math.floor(next() * 12);
      for (let i = 0; i < count; i++) {
        if (next() < 0.15) parts.push(Buffer.from([Math.floor(next() * 256), Math.floor(next() * 256)]));
        else if (next() < 0.02) parts.push(matterWords[Math.floor(next() * matterWords.length)]!);
        else parts.push(pieces[Math.floor(next() * pieces.length)]!);
      }
      const bytes = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      const expected = plain(matterWords, bytes);
      if (expected) found++;
      expect(search.inBytes(bytes), JSON.stringify(bytes.toString('latin1'))).toBe(expected);
    }
    // Both answers occur: the comparison is not all "no".
    expect(found).toBeGreaterThan(50);
  });

  it('takes other word lists: equal lengths, one word inside another, two-letter words', () => {
    const cases: Array<[string[], string, boolean]> = [
      [['ab', 'cd'], 'xxcd', true],
      [['ab', 'cd'], 'acbd', false],
      [['abc', 'bc'], 'xbc', true],
      [['aaaa'], 'aaa', false],
      [['aaaa'], 'aaaaa', true],
      [['needle', 'eedl'], 'haystack with eedl', true],
    ];
    for (const [words, text, expected] of cases) {
      expect(new WordSearch(words).inBytes(Buffer.from(text))).toBe(expected);
      expect(plain(words, Buffer.from(text))).toBe(expected);
    }
  });

  it('refuses words it cannot search for byte by byte', () => {
    expect(() => new WordSearch([])).toThrow(/at least one word/);
    expect(() => new WordSearch(['a'])).toThrow(/two or more/);
    expect(() => new WordSearch(['café'])).toThrow(/ASCII/);
  });
});
