// Roots from the client are untrusted. The original pushed request had the SDK's result schema reject
// a non-file: URI (the call errors, the server lives on); the migrated handler must do the same on
// 2026-07-28, where input responses reach the handler unvalidated — never crash, never accept them.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { run2025 } from './harness/era-2025.ts';
import { run2026 } from './harness/era-2026.ts';
import { FIXTURES_DIR, copyFixture, importFixture, loadFixture } from './harness/load.ts';
import { createRootsWorld, hostileRoots } from './harness/roots.ts';
import type { NormalizedAnswer } from './harness/types.ts';

const world = createRootsWorld();
afterAll(() => world.cleanup());

function failed(answer: NormalizedAnswer): boolean {
  return 'error' in answer || (answer.result as { isError?: boolean }).isError === true;
}

describe('hostile roots after uproot migrate --to mrtr', () => {
  for (const name of ['direct-ts', 'helper-2-js', 'low-level-ts', 'prompt-js']) {
    it(`${name}: rejects non-file roots like the original, and keeps serving`, async () => {
      const fixture = path.join(FIXTURES_DIR, 'mrtr', name);
      const options = { roots: hostileRoots(world), replacements: world.replacements, env: world.env };
      const original = await loadFixture(fixture);
      const copy = await copyFixture(fixture);
      try {
        const result = await runMigrate([copy.dir], { cwd: copy.dir, strategy: 'mrtr', dryRun: false });
        expect(result.failures).toEqual([]);
        const migrated = await importFixture(copy);
        const before = await run2025(original.createServer, original.calls, options);
        const after = await run2026(migrated.createServer, migrated.calls, { ...options, entry: 'http' });
        expect(before.answers.every(failed)).toBe(true);
        expect(after.answers.map(failed)).toEqual(before.answers.map(failed));
        // The same server answers a well-behaved client afterwards.
        const good = await run2026(migrated.createServer, migrated.calls, { roots: world.roots, replacements: world.replacements, env: world.env, entry: 'http' });
        expect(good.answers.some(failed)).toBe(false);
      } finally {
        await original.cleanup();
        await copy.cleanup();
      }
    });
  }
});
