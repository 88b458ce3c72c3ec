// Recall and precision of the site finder on the detection corpus: every expected (line, kind)
// is found, and nothing else is.
import { afterAll, describe, expect, it } from 'vitest';
import { scanText } from '@uproot/core';
import { multisetMinus, readCorpus, siteKeys } from './detection-corpus.ts';

const corpus = readCorpus();
const tally = { expected: 0, found: 0, truePositives: 0, files: 0 };

describe('detection corpus', () => {
  it('covers every site kind and has look-alikes that must stay silent', () => {
    const kinds = new Set(corpus.flatMap((f) => f.expected.map((e) => e.kind)));
    expect([...kinds].sort()).toEqual(['capability', 'elicitation-request', 'input-request', 'list-changed', 'request', 'sampling-request']);
    expect(corpus.filter((f) => f.expected.length === 0).length).toBeGreaterThanOrEqual(8);
    expect(corpus.length).toBeGreaterThanOrEqual(40);
  });

  for (const file of corpus) {
    it(`${file.name}: exactly the expected sites`, () => {
      const { sites } = scanText(file.text, file.absolute);
      const expected = siteKeys(file.expected);
      const found = siteKeys(sites);
      const missed = multisetMinus(expected, found);
      const extra = multisetMinus(found, expected);
      tally.files++;
      tally.expected += expected.length;
      tally.found += found.length;
      tally.truePositives += expected.length - missed.length;
      expect({ missed, extra }).toEqual({ missed: [], extra: [] });
    });
  }

  afterAll(() => {
    const recall = tally.expected ? tally.truePositives / tally.expected : 1;
    const precision = tally.found ? tally.truePositives / tally.found : 1;
    console.log(
      `detection corpus: ${tally.files} files, ${tally.expected} expected sites, ${tally.found} found, ` +
        `${tally.truePositives} true positives; recall ${(recall * 100).toFixed(1)}%, precision ${(precision * 100).toFixed(1)}%`,
    );
  });
});
