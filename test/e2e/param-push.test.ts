// `uproot migrate --to param` on handlers that ask for roots and also elicit or sample push-style: the roots become
// the directory parameter and the push requests move into multi round-trip requests. Run as a user runs it, on the
// push fixtures that ask for roots: the original on 2025 with a client whose one root is the project directory, the
// migrated copy on 2025 (the SDK's legacy shim) and 2026-07-28 (HTTP and stdio) given that directory as its argument,
// against clients that answer, decline, cancel or lack elicitation or sampling. Each must answer and ask the client
// exactly as the original did, type-check against the real SDK, and migrate to itself.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliMigration } from './harness/cli-migration.ts';
import { comparePushMigration, expectPushSameAsOriginal, type PushClient } from './harness/push-compare.ts';
import { FIXTURES_DIR, removeStaleCopies } from './harness/load.ts';
import type { FixtureCall } from './harness/types.ts';

/** The push fixtures whose handlers also ask for roots (the others have nothing for --to param to rewrite). */
const WITH_ROOTS = ['concurrent-ts', 'dependent-ts', 'direct-ts', 'helper-positions-js', 'helper-positions-ts', 'helpers-js', 'helpers-ts', 'low-level-dependent-ts', 'low-level-js', 'roots-last-ts'];

/** The parameter gives the directory a client with roots listed: clients without roots have no counterpart. */
const CLIENTS: readonly PushClient[] = ['answers', 'declines', 'cancels', 'no-elicitation', 'no-sampling'];

const withDirectory = (calls: FixtureCall[], directory: string): FixtureCall[] => calls.map((c) => (c.method === 'resources/read' ? c : { ...c, arguments: { ...c.arguments, directory } }));

beforeAll(() => removeStaleCopies());
afterAll(() => removeStaleCopies());

describe('uproot migrate --to param: roots become the parameter, elicitation and sampling move into MRTR, on both eras', () => {
  for (const name of WITH_ROOTS) {
    it(`${name} answers and asks like the original given the directory, and type-checks`, async () => {
      const migration = cliMigration('param');
      const comparison = await comparePushMigration(path.join(FIXTURES_DIR, 'mrtr-push', name), migration.transform, {
        clients: CLIENTS,
        roots: (world) => [{ uri: world.dirs[0]!.uri, name: path.basename(world.dirs[0]!.path) }],
        migratedCalls: (calls, world) => withDirectory(calls, world.dirs[0]!.path),
      });
      try {
        // Every roots request became the parameter and every push request moved: nothing marked, nothing left.
        expect(migration.outcomes().filter((o) => !o.endsWith(' rewritten'))).toEqual([]);
        expect(migration.outcomes().some((o) => o.startsWith('request '))).toBe(true);
        expectPushSameAsOriginal(comparison);
        expect(await migration.secondRun()).toBe(0);
      } finally {
        await comparison.cleanup();
      }
    });
  }
});
