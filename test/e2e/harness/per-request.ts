// `--lifecycle per-request` as an e2e transform: the whole copy is migrated the first time one of its files is
// transformed, the caller checks what migrate reported (and wrote), and a second run must change nothing.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { runMigrate } from '../../../packages/uproot/src/migrate/migrate.ts';
import type { MigrateResult } from '../../../packages/uproot/src/migrate/shapes.ts';
import { type FileTransform, fixtureRootOf } from './load.ts';

export function perRequestOnce(check: (result: MigrateResult, cwd: string) => void): FileTransform {
  let migrated = false;
  return async (_text, file) => {
    if (!migrated) {
      migrated = true;
      // The copy's root: a fixture's modules may sit in folders below its fixture.json.
      const cwd = fixtureRootOf(file);
      const result = await runMigrate([cwd], { cwd, strategy: 'mrtr', dryRun: false, lifecycle: 'per-request' });
      expect(result.failures).toEqual([]);
      check(result, cwd);
      const again = await runMigrate([cwd], { cwd, strategy: 'mrtr', dryRun: true, lifecycle: 'per-request' });
      expect(again.files.filter((f) => f.changed).map((f) => f.file)).toEqual([]);
    }
    return readFileSync(file, 'utf8');
  };
}
