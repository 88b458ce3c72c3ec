// `--lifecycle per-request`: the init fetch + list_changed refresh feeding module state become a
// per-call MRTR derivation in the handler that reads it; answers match the original's on 2025.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate.ts';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR, type FileTransform } from './harness/load.ts';

describe('uproot migrate --lifecycle per-request', () => {
  it('sandbox-ts: the handler derives the allowed directories per request, on both eras', async () => {
    let migrated = false;
    const transform: FileTransform = async (_text, file) => {
      if (!migrated) {
        migrated = true;
        const result = await runMigrate([path.dirname(file)], { cwd: path.dirname(file), strategy: 'mrtr', dryRun: false, lifecycle: 'per-request' });
        expect(result.failures).toEqual([]);
        const outcomes = result.files.flatMap((f) => f.outcomes);
        expect(outcomes.length).toBeGreaterThan(0);
        expect(outcomes.every((o) => o.outcome === 'rewritten')).toBe(true);
        expect(outcomes.some((o) => /one client per process/.test(o.detail ?? ''))).toBe(true);
      }
      return readFileSync(file, 'utf8');
    };
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle', 'sandbox-ts'), transform);
    expectSameAsOriginal(comparison);
  });
});
