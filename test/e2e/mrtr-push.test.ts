// Handlers that elicit and sample push-style (with or without roots), migrated by `uproot migrate --to mrtr` as a
// user runs it: on 2025 (the SDK's legacy shim) and on 2026-07-28 (HTTP and stdio), against clients that answer,
// decline, cancel or lack a capability, each answers and asks exactly as the original did on 2025, and type-checks
// against the real SDK. The rewrite leaves no push request behind, and a second run changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { comparePushMigration, expectPushSameAsOriginal } from './harness/push-compare.ts';
import { type FileTransform, listFixtures, removeStaleCopies } from './harness/load.ts';

function cliMigration(): { transform: FileTransform; secondRun: () => Promise<number>; outcomes: () => string[] } {
  let dir: string | undefined;
  let outcomes: string[] = [];
  const transform: FileTransform = async (_text, file) => {
    if (!dir) {
      dir = path.dirname(file);
      const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: false });
      expect(result.failures).toEqual([]);
      outcomes = result.files.flatMap((f) => f.outcomes.map((o) => `${o.site.kind} ${o.outcome}`));
    }
    return readFileSync(file, 'utf8');
  };
  const secondRun = async () => (await runMigrate([dir!], { cwd: dir!, strategy: 'mrtr', dryRun: true })).files.filter((f) => f.changed).length;
  return { transform, secondRun, outcomes: () => outcomes };
}

beforeAll(() => removeStaleCopies());
afterAll(() => removeStaleCopies());

describe('uproot migrate --to mrtr moves elicitation and sampling with roots, on both eras', () => {
  for (const fixture of listFixtures('mrtr-push')) {
    it(`${path.basename(fixture)} answers and asks like the original, and type-checks`, async () => {
      const migration = cliMigration();
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
