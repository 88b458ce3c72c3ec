// Push-style elicitation and sampling, migrated: the original runs on 2025 against clients that answer, decline,
// cancel, or lack a capability; the migrated server runs on 2025 (the SDK's legacy shim) and 2026-07-28 (HTTP and
// stdio) against the same clients. Each pairing must give the same answers AND ask the client the same things:
// a migrated handler that asked a client something the original never asked it would be a different program.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { run2025 } from './era-2025.ts';
import { run2026 } from './era-2026.ts';
import { copyFixture, importFixture, loadFixture, type FileTransform, type LoadedFixture } from './load.ts';
import { createRootsWorld, type RootsWorld } from './roots.ts';
import { typecheck } from './typecheck.ts';
import type { ClientAsks, RunOptions, SessionResult } from './types.ts';

/** The clients every push fixture meets. */
export type PushClient = 'answers' | 'declines' | 'cancels' | 'no-elicitation' | 'no-sampling' | 'no-roots' | 'bare';

function profile(kind: PushClient, content: Record<string, string | number | boolean | string[]>): { roots: boolean; asks: ClientAsks } {
  const accept = { action: 'accept' as const, content };
  switch (kind) {
    case 'answers':
      return { roots: true, asks: { elicitation: accept, sampling: 'echo' } };
    case 'declines':
      return { roots: true, asks: { elicitation: { action: 'decline' }, sampling: 'echo' } };
    case 'cancels':
      return { roots: true, asks: { elicitation: { action: 'cancel' }, sampling: 'echo' } };
    case 'no-elicitation':
      return { roots: true, asks: { sampling: 'echo' } };
    case 'no-sampling':
      return { roots: true, asks: { elicitation: accept } };
    case 'no-roots':
      return { roots: false, asks: { elicitation: accept, sampling: 'echo' } };
    case 'bare':
      return { roots: false, asks: {} };
  }
}

export const PUSH_CLIENTS: readonly PushClient[] = ['answers', 'declines', 'cancels', 'no-elicitation', 'no-sampling', 'no-roots', 'bare'];

/** The elicitation content an accepting client sends (`fixture.json` `elicitContent`; it must satisfy the requested schema). */
function elicitContent(fixtureDir: string): Record<string, string | number | boolean | string[]> {
  const parsed = JSON.parse(readFileSync(path.join(fixtureDir, 'fixture.json'), 'utf8')) as { elicitContent?: Record<string, string | number | boolean | string[]> };
  return parsed.elicitContent ?? {};
}

type Observed = Pick<SessionResult, 'answers' | 'asked'> & { states?: unknown[] };

function observed(session: SessionResult): Observed {
  return { answers: session.answers, asked: session.asked, ...(session.states ? { states: session.states } : {}) };
}

export interface PushComparison {
  fixture: string;
  original: Record<PushClient, Observed>;
  migrated: Record<string, Observed>;
  diagnostics: string[];
  /** The migrated copy, removed by `cleanup`. */
  dir: string;
  cleanup(): Promise<void>;
}

function options(world: RootsWorld, fixture: LoadedFixture, kind: PushClient, content: Record<string, string | number | boolean | string[]>, roots: (world: RootsWorld) => RunOptions['roots']): RunOptions {
  const p = profile(kind, content);
  return { roots: p.roots ? roots(world) : 'none', asks: p.asks, replacements: world.replacements, env: world.env, ...(fixture.probe ? { probe: fixture.probe } : {}) };
}

/**
 * How a comparison is run; the defaults compare an MRTR migration. `--to param`'s takes the clients with roots only,
 * the original offered one root, and the migrated calls given that directory as their new argument.
 */
export interface PushCompareOptions {
  clients?: readonly PushClient[];
  /** The roots a client with roots answers (default: the world's roots). */
  roots?: (world: RootsWorld) => RunOptions['roots'];
  /** The calls made of the migrated copy (default: the fixture's own). */
  migratedCalls?: (calls: LoadedFixture['calls'], world: RootsWorld) => LoadedFixture['calls'];
}

/** Runs the original on 2025 and the migrated copy on 2025 and 2026-07-28 (HTTP, stdio), for every push client. */
export async function comparePushMigration(fixtureDir: string, migrate: FileTransform, how: PushCompareOptions = {}): Promise<PushComparison> {
  const world = createRootsWorld();
  const content = elicitContent(fixtureDir);
  const original = await loadFixture(fixtureDir);
  const copy = await copyFixture(fixtureDir, migrate);
  try {
    const diagnostics = typecheck(copy.dir);
    const m = await importFixture(copy);
    const originalRuns = {} as Record<PushClient, Observed>;
    const migrated: Record<string, Observed> = {};
    const roots = how.roots ?? ((w: RootsWorld) => w.roots);
    const calls = how.migratedCalls ? how.migratedCalls(m.calls, world) : m.calls;
    for (const kind of how.clients ?? PUSH_CLIENTS) {
      originalRuns[kind] = observed(await run2025(original.createServer, original.calls, options(world, original, kind, content, roots)));
      migrated[`2025 ${kind}`] = observed(await run2025(m.createServer, calls, options(world, m, kind, content, roots)));
      for (const entry of ['http', 'stdio'] as const) {
        migrated[`2026 ${entry} ${kind}`] = observed(await run2026(m.createServer, calls, { ...options(world, m, kind, content, roots), entry }));
      }
    }
    return { fixture: original.name, original: originalRuns, migrated, diagnostics, dir: copy.dir, cleanup: copy.cleanup };
  } catch (error) {
    await copy.cleanup();
    throw error;
  } finally {
    await original.cleanup();
    world.cleanup();
  }
}

/** Every migrated pairing answers and asks as the original did for that client on 2025; the copy type-checks. */
export function expectPushSameAsOriginal(comparison: PushComparison): void {
  const expected: Record<string, unknown> = { diagnostics: [] };
  const actual: Record<string, unknown> = { diagnostics: comparison.diagnostics };
  for (const [pairing, run] of Object.entries(comparison.migrated)) {
    const kind = pairing.split(' ').at(-1) as PushClient;
    expected[pairing] = comparison.original[kind];
    actual[pairing] = run;
  }
  expect(actual, `migration of ${comparison.fixture}`).toEqual(expected);
}
