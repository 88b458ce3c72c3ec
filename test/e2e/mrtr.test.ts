// Every push-style fixture, migrated by `uproot migrate --to mrtr` as a user runs it, must answer
// exactly what the original answered on 2025 — on 2025 and on 2026 (HTTP and stdio), for a client
// with roots and one without — and type-check against the real SDK. A second run changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { type FileTransform, listFixtures, removeStaleCopies } from './harness/load.ts';

/** Runs the real migrate runner once over the copy's directory, then hands back each migrated file. */
function cliMigration(): { transform: FileTransform; secondRun: () => Promise<number> } {
  let dir: string | undefined;
  const transform: FileTransform = async (_text, file) => {
    if (!dir) {
      dir = path.dirname(file);
      const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: false });
      expect(result.failures).toEqual([]);
    }
    return readFileSync(file, 'utf8');
  };
  const secondRun = async () => {
    const again = await runMigrate([dir!], { cwd: dir!, strategy: 'mrtr', dryRun: true });
    return again.files.filter((f) => f.changed).length;
  };
  return { transform, secondRun };
}

beforeAll(() => removeStaleCopies());
afterAll(() => removeStaleCopies());

describe('uproot migrate --to mrtr, behaviour on both eras', () => {
  for (const fixture of listFixtures('mrtr')) {
    it(`${path.basename(fixture)} answers like the original and type-checks`, async () => {
      const migration = cliMigration();
      const comparison = await compareMigration(fixture, migration.transform, { keepCopy: true });
      try {
        expectSameAsOriginal(comparison);
        expect(await migration.secondRun()).toBe(0);
      } finally {
        await import('node:fs/promises').then((fs) => fs.rm(comparison.migrated.dir, { recursive: true, force: true }));
      }
    });
  }
});
