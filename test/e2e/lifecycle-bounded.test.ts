// `--lifecycle per-request` on a fill whose roots request bounds its wait (`{ timeout }` from a constant, options
// from a constant object, `{ signal: AbortSignal.timeout(…) }`), and a tool handler's own bounded request (TS with
// try/catch, JS `.then`/`.catch`): the request is split by protocol era. On a
// 2025-era connection the fill makes the original bounded request itself, so a client slower than the bound gets
// the fall-back, as from the original (not the legacy shim's 10-minute wait and `isError`); on 2026-07-28 the
// handler asks through MRTR and the fill takes the answer from the retry, so every client that has roots gets
// them. Each session runs against a fresh copy of its server (the fixtures keep module state), against the real
// SDK; a second run changes nothing.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run2025 } from './harness/era-2025.ts';
import { run2026, type Entry2026 } from './harness/era-2026.ts';
import { FIXTURES_DIR, copyFixture, importFixture, type FixtureCopy } from './harness/load.ts';
import { perRequestOnce } from './harness/per-request.ts';
import { createRootsWorld, type RootsWorld } from './harness/roots.ts';
import { typecheck } from './harness/typecheck.ts';
import type { RunOptions, SessionResult } from './harness/types.ts';

/** The fixtures bound their wait at 300 ms; the slow client answers well after that. */
const SLOW_MS = 1_000;

type Client = 'quick' | 'slow' | 'none';
const CLIENTS: readonly Client[] = ['quick', 'slow', 'none'];

const migrate = () =>
  perRequestOnce((result, cwd) => {
    const outcomes = result.files.flatMap((f) => f.outcomes);
    expect(outcomes.filter((o) => o.site.kind === 'request').map((o) => o.outcome)).not.toContain('marked');
    expect(outcomes.filter((o) => o.outcome === 'marked')).toEqual([]);
    const file = readdirSync(cwd).find((f) => /^server\.[jt]s$/.test(f))!;
    const after = readFileSync(path.join(cwd, file), 'utf8');
    // The bounded request stays, as the 2025-era leg of the split; the entry asks only 2026-07-28 requests.
    expect(after).toMatch(/PROTOCOL_VERSION_META_KEY in ctx\.mcpReq\.envelope \? rootsFromAnswer\(ctx\) : [^)]*listRoots\(/);
    expect(after).toMatch(/if \(ctx\.mcpReq\.envelope && PROTOCOL_VERSION_META_KEY in ctx\.mcpReq\.envelope && inputResponse\(/);
    expect(after).not.toMatch(/oninitialized/);
    // Once: the entry check does not ask a 2025-era connection.
    expect(after.match(/return inputRequired\(/g)).toHaveLength(1);
  });

let world: RootsWorld;
beforeAll(() => {
  world = createRootsWorld();
});
afterAll(() => world.cleanup());

function options(client: Client): RunOptions {
  return {
    roots: client === 'none' ? 'none' : world.roots,
    ...(client === 'slow' ? { rootsDelayMs: SLOW_MS } : {}),
    replacements: world.replacements,
    env: world.env,
  };
}

/** One session against a fresh import of `dir` (module state starts over). */
async function session(dir: string, run: (copy: Awaited<ReturnType<typeof importFixture>>) => Promise<SessionResult>): Promise<SessionResult['answers']> {
  const copy: FixtureCopy = await copyFixture(dir);
  try {
    return (await run(await importFixture(copy))).answers;
  } finally {
    await copy.cleanup();
  }
}

async function on2025(dir: string, client: Client) {
  return session(dir, (f) => run2025(f.createServer, f.calls, options(client)));
}

async function on2026(dir: string, client: Client, entry: Entry2026) {
  return session(dir, (f) => run2026(f.createServer, f.calls, { ...options(client), entry }));
}

describe('uproot migrate --lifecycle per-request on a fill that bounds its wait', () => {
  it.each(['named-fill-ts', 'then-chain-js', 'signal-ts', 'handler-ts', 'handler-js'])('lifecycle-bounded/%s: 2025 keeps the bound and the fall-back, 2026 asks through MRTR', async (name) => {
    const fixture = path.join(FIXTURES_DIR, 'lifecycle-bounded', name);
    const migrated = await copyFixture(fixture, migrate());
    try {
      const diagnostics = typecheck(migrated.dir);
      const original: Record<Client, SessionResult['answers']> = { quick: await on2025(fixture, 'quick'), slow: await on2025(fixture, 'slow'), none: await on2025(fixture, 'none') };
      // The original: roots from a quick client, the fall-back for a slow one and for one without roots.
      expect(original.quick).not.toEqual(original.slow);
      expect(original.slow).toEqual(original.none);
      const actual: Record<string, unknown> = { diagnostics };
      const expected: Record<string, unknown> = { diagnostics: [] };
      for (const client of CLIENTS) {
        actual[`2025 ${client}`] = await on2025(migrated.dir, client);
        expected[`2025 ${client}`] = original[client];
        for (const entry of ['http', 'stdio'] as const) {
          actual[`2026 ${entry} ${client}`] = await on2026(migrated.dir, client, entry);
          // No wait on the server on 2026-07-28: a slow client's roots arrive with its retry.
          expected[`2026 ${entry} ${client}`] = original[client === 'slow' ? 'quick' : client];
        }
      }
      expect(actual, `migration of ${name}`).toEqual(expected);
    } finally {
      await migrated.cleanup();
    }
  });
});
