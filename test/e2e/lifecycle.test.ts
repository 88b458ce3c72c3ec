// `--lifecycle per-request`: the init fetch + list_changed refresh feeding roots state (a local
// variable, a class field, a variable read through a helper, a setter of another module behind a
// barrel or behind a hook that gates, destructures and logs, a lazily filled getter) become a per-call MRTR derivation in each handler that reads it. Run with a real client:
// on 2026-07-28 (HTTP and stdio, where a push roots/list would fail) and on 2025 the migrated server
// answers what the original answered on 2025 with the same roots; a second run changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR, type FileTransform } from './harness/load.ts';

/** Migrates the whole copy the first time a file of it is transformed, then proves a second run changes nothing. */
function perRequest(): FileTransform {
  let migrated = false;
  return async (_text, file) => {
    if (!migrated) {
      migrated = true;
      const cwd = path.dirname(file);
      const result = await runMigrate([cwd], { cwd, strategy: 'mrtr', dryRun: false, lifecycle: 'per-request' });
      expect(result.failures).toEqual([]);
      const outcomes = result.files.flatMap((f) => f.outcomes);
      expect(outcomes.length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
      expect(outcomes.some((o) => /one client per process|each request's own roots answer/.test(o.detail ?? ''))).toBe(true);
      const again = await runMigrate([cwd], { cwd, strategy: 'mrtr', dryRun: true, lifecycle: 'per-request' });
      expect(again.files.filter((f) => f.changed).map((f) => f.file)).toEqual([]);
    }
    return readFileSync(file, 'utf8');
  };
}

describe('uproot migrate --lifecycle per-request', () => {
  it.each(['sandbox-ts', 'field-ts', 'helper-module-ts', 'setter-barrel-js', 'lazy-getter-js', 'lazy-getter-ts', 'setter-try-ts', 'workspace-field-js'])('%s: each handler derives the state per request, on both eras', async (name) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle', name), perRequest());
    expectSameAsOriginal(comparison);
  });
});

// The state fixtures written in real servers' spellings (issue 20) that the per-request form also derives.
describe('uproot migrate --lifecycle per-request on the state spellings', () => {
  it.each(['workspace-getter-v2-ts', 'workspace-cast-v2-ts', 'sandbox-helper-file-v2-ts', 'sandbox-iife-v2-ts', 'sandbox-ready-promise-v2-ts', 'sandbox-then-v2-ts', 'sandbox-shared-refresh-v2-js'])('state/%s: each handler derives the state per request, on both eras', async (name) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'state', name), perRequest());
    expectSameAsOriginal(comparison);
  });
});
