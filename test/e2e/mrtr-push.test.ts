// Handlers that elicit and sample push-style (with or without roots), migrated by `uproot migrate --to mrtr` as a
// user runs it: on 2025 (the SDK's legacy shim) and on 2026-07-28 (HTTP and stdio), against clients that answer,
// decline, cancel or lack a capability, each answers and asks exactly as the original did on 2025, and type-checks
// against the real SDK. The rewrite leaves no push request behind, and a second run changes nothing.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliMigration } from './harness/cli-migration.ts';
import { comparePushMigration, expectPushSameAsOriginal } from './harness/push-compare.ts';
import { listFixtures, removeStaleCopies } from './harness/load.ts';

beforeAll(() => removeStaleCopies());
afterAll(() => removeStaleCopies());

describe('uproot migrate --to mrtr moves elicitation and sampling with roots, on both eras', () => {
  for (const fixture of listFixtures('mrtr-push')) {
    it(`${path.basename(fixture)} answers and asks like the original, and type-checks`, async () => {
      const migration = cliMigration('mrtr');
      const comparison = await comparePushMigration(fixture, migration.transform);
      try {
        // Every request of the fixture moved: nothing left push-style, nothing marked.
        expect(migration.outcomes().filter((o) => !o.endsWith(' rewritten') && !o.startsWith('capability'))).toEqual([]);
        expectPushSameAsOriginal(comparison);
        expect(await migration.secondRun()).toBe(0);
      } finally {
        await comparison.cleanup();
      }
    });
  }
});
