// The official conformance suite, driven from npm test on a few scenarios (each scenario is one run of the
// suite's CLI, a few seconds of Node start-up): enough to prove on every CI run that the harness tells a
// push-style server from an MRTR one, and that what uproot already migrates (roots) passes. The whole matrix
// (every scenario × every fixture × original / hand-written / uproot-migrated) is `npm run test:conformance`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStaleCopies } from '../e2e/harness/load.ts';
import { runRow } from './harness/matrix.ts';
import { verdictOf } from './harness/run-suite.ts';
import { MRTR_SCENARIOS } from './harness/scenarios.ts';
import { HAND_WRITTEN_REFERENCE } from './harness/servers.ts';

const scenario = (name: string) => MRTR_SCENARIOS.filter((s) => s.name === name);

beforeAll(() => removeStaleCopies());
afterAll(() => removeStaleCopies());

describe('verdictOf', () => {
  it('passes only when every scored check succeeded', () => {
    expect(verdictOf([{ id: 'a', status: 'SUCCESS' }, { id: 'b', status: 'INFO' }])).toBe('pass');
    expect(verdictOf([{ id: 'a', status: 'SUCCESS' }, { id: 'b', status: 'WARNING' }])).toBe('warn');
    expect(verdictOf([{ id: 'a', status: 'WARNING' }, { id: 'b', status: 'FAILURE' }])).toBe('fail');
  });
  it('fails a scenario that made no scored check', () => {
    expect(verdictOf([])).toBe('fail');
    expect(verdictOf([{ id: 'info', status: 'INFO' }])).toBe('fail');
  });
});

describe('the conformance suite as a judge', () => {
  it('fails the push-style original and passes the hand-written MRTR reference on basic elicitation', async () => {
    const scenarios = scenario('input-required-result-basic-elicitation');
    const [original, reference] = [await runRow('push-ts', 'original', { scenarios }), await runRow(HAND_WRITTEN_REFERENCE, 'hand-written', { scenarios })];
    expect(original.outcomes.map((o) => [o.scenario, o.verdict])).toEqual([['input-required-result-basic-elicitation', 'fail']]);
    expect(original.outcomes[0]!.checks.find((c) => c.status === 'FAILURE')?.errorMessage).toMatch(/Expected InputRequiredResult/);
    expect(reference.outcomes.map((o) => [o.scenario, o.verdict])).toEqual([['input-required-result-basic-elicitation', 'pass']]);
  });

  it('passes the roots-only tool of both push-style fixtures once uproot migrated it', async () => {
    const scenarios = scenario('input-required-result-basic-list-roots');
    for (const fixture of ['push-ts', 'push-js']) {
      const migrated = await runRow(fixture, 'uproot-migrated', { scenarios });
      expect(migrated.outcomes.map((o) => [o.scenario, o.verdict]), fixture).toEqual([['input-required-result-basic-list-roots', 'pass']]);
      expect(migrated.migration?.failures, fixture).toEqual([]);
    }
  });

  it('passes elicitation and sampling once uproot moved them into the MRTR map (push-ts: the original fails both)', async () => {
    const scenarios = MRTR_SCENARIOS.filter((s) => s.name === 'input-required-result-basic-elicitation' || s.name === 'input-required-result-basic-sampling');
    const migrated = await runRow('push-ts', 'uproot-migrated', { scenarios });
    expect(migrated.migration?.failures).toEqual([]);
    expect(migrated.outcomes.map((o) => [o.scenario, o.verdict])).toEqual(scenarios.map((s) => [s.name, 'pass']));
  });
});
