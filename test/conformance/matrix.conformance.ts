// The whole judgement of issue 21: every MRTR scenario of the official conformance suite that the fixtures
// implement, against each push-style fixture as written and after `uproot migrate --to mrtr`, and against the
// hand-written MRTR reference. About 45 runs of the suite's CLI, so it is not in npm test:
// `npm run test:conformance` (vitest) or `npm run conformance` (the table, with flags).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStaleCopies } from '../e2e/harness/load.ts';
import { formatMatrix, formatReasons, runRow } from './harness/matrix.ts';
import { MRTR_SCENARIOS } from './harness/scenarios.ts';
import { HAND_WRITTEN_REFERENCE, PUSH_FIXTURES } from './harness/servers.ts';

/**
 * Whether `uproot migrate --to mrtr` moves elicitation and sampling into the MRTR map (issue 21, item 2).
 * Until it does, the migrated rows are run and printed and must NOT pass everything (a migrated handler that
 * still elicits push-style throws on 2026); when that work lands this test fails, and flipping this to
 * `true` makes every migrated row pass every scenario, as the hand-written reference does.
 */
const UPROOT_MIGRATES_ELICITATION_AND_SAMPLING = false;

const allPass = (verdicts: string[]) => verdicts.every((v) => v === 'pass');

beforeAll(() => removeStaleCopies());
afterAll(() => removeStaleCopies());

describe('official conformance suite, 2026-07-28 MRTR scenarios', () => {
  it('passes every scenario on the hand-written MRTR reference (the harness can pass a correct server)', async () => {
    const row = await runRow(HAND_WRITTEN_REFERENCE, 'hand-written');
    console.log(formatMatrix([row]));
    expect(formatReasons(row)).toEqual([]);
  });

  for (const fixture of PUSH_FIXTURES) {
    it(`fails every scenario on ${fixture} as written (push requests throw on 2026-07-28)`, async () => {
      const row = await runRow(fixture, 'original');
      console.log(formatMatrix([row]));
      expect(row.outcomes.filter((o) => o.verdict === 'pass').map((o) => o.scenario)).toEqual([]);
      expect(row.outcomes.map((o) => o.scenario)).toEqual(MRTR_SCENARIOS.map((s) => s.name));
    });

    it(`${UPROOT_MIGRATES_ELICITATION_AND_SAMPLING ? 'passes' : 'does not yet pass'} every scenario on ${fixture} after uproot migrate --to mrtr`, async () => {
      const row = await runRow(fixture, 'uproot-migrated');
      console.log(formatMatrix([row]));
      for (const reason of formatReasons(row)) console.log(reason);
      expect(row.migration?.failures).toEqual([]);
      expect(allPass(row.outcomes.map((o) => o.verdict))).toBe(UPROOT_MIGRATES_ELICITATION_AND_SAMPLING);
    });
  }
});
