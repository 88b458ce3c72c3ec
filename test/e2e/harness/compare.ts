import { expect } from 'vitest';
import { run2025 } from './era-2025.ts';
import { run2026, type Entry2026 } from './era-2026.ts';
import { copyFixture, importFixture, loadFixture, type FileTransform, type FixtureCopy, type LoadedFixture } from './load.ts';
import { createRootsWorld, hostileRoots, type RootsWorld } from './roots.ts';
import { typecheck } from './typecheck.ts';
import type { RootsOffer, RunOptions, SessionResult } from './types.ts';

/** A client that declares roots and answers with the world's two roots, or one that declares none. */
export type ClientKind = 'roots' | 'no-roots';
export const CLIENT_KINDS: readonly ClientKind[] = ['roots', 'no-roots'];
export const ENTRIES_2026: readonly Entry2026[] = ['http', 'stdio'];

export interface CompareOptions {
  /** Share one set of temp roots across comparisons; by default each call makes and removes its own. */
  world?: RootsWorld;
  /**
   * Also offer hostile roots (a non-`file:` URI, `{ uri: 42 }`, then the first good root) to the
   * migrated server on 2026 over HTTP, and the first good root alone to the original on 2025.
   */
  hostile?: boolean;
  /** Keep the migrated copy on disk (its path is in the result) instead of removing it. */
  keepCopy?: boolean;
  /** Type-check the migrated copy (default true; about a second per TS fixture once warm). */
  typecheck?: boolean;
}

export interface MigrationComparison {
  fixture: string;
  original: { era2025: Record<ClientKind, SessionResult> };
  migrated: {
    era2025: Record<ClientKind, SessionResult>;
    era2026: Record<Entry2026, Record<ClientKind, SessionResult>>;
    /** `file:line:col TSnnnn message` for the migrated copy (strict, nodenext, real SDK typings); `undefined` when skipped. */
    diagnostics?: string[];
    /** Where the migrated copy was (removed afterwards unless `keepCopy`). */
    dir: string;
  };
  /** Present with `hostile: true`: original given only the good root vs migrated given the hostile list. */
  hostile?: { original2025: SessionResult; migrated2026: SessionResult };
}

function runOptions(world: RootsWorld, fixture: LoadedFixture, roots: RootsOffer): RunOptions {
  return { roots, replacements: world.replacements, env: world.env, ...(fixture.probe ? { probe: fixture.probe } : {}) };
}

function offer(world: RootsWorld, kind: ClientKind): RootsOffer {
  return kind === 'roots' ? world.roots : 'none';
}

async function byClient(run: (kind: ClientKind) => Promise<SessionResult>): Promise<Record<ClientKind, SessionResult>> {
  return { roots: await run('roots'), 'no-roots': await run('no-roots') };
}

/** A migrated copy that does not even import is reported with its type errors. */
async function importMigrated(copy: FixtureCopy, diagnostics: string[] | undefined): Promise<LoadedFixture> {
  try {
    return await importFixture(copy);
  } catch (error) {
    const detail = diagnostics && diagnostics.length > 0 ? `\n${diagnostics.join('\n')}` : '';
    throw new Error(`The migrated copy of ${copy.name} failed to import: ${(error as Error).message}${detail}`, { cause: error });
  }
}

/**
 * Runs a fixture as written (2025 only: push-style code cannot work on 2026) and after `migrate`
 * (each source file of a copy passed through it) on both eras, for a roots client and a no-roots
 * client, and type-checks the migrated copy. Sessions run one after another, in-process.
 */
export async function compareMigration(
  fixtureDir: string,
  migrate: FileTransform,
  options: CompareOptions = {},
): Promise<MigrationComparison> {
  const world = options.world ?? createRootsWorld();
  const original = await loadFixture(fixtureDir);
  let copy: FixtureCopy | undefined;
  try {
    copy = await copyFixture(fixtureDir, migrate);
    const diagnostics = options.typecheck === false ? undefined : typecheck(copy.dir);
    const m = await importMigrated(copy, diagnostics);
    const comparison: MigrationComparison = {
      fixture: original.name,
      original: {
        era2025: await byClient((k) => run2025(original.createServer, original.calls, runOptions(world, original, offer(world, k)))),
      },
      migrated: {
        era2025: await byClient((k) => run2025(m.createServer, m.calls, runOptions(world, m, offer(world, k)))),
        era2026: {
          http: await byClient((k) => run2026(m.createServer, m.calls, { ...runOptions(world, m, offer(world, k)), entry: 'http' })),
          stdio: await byClient((k) => run2026(m.createServer, m.calls, { ...runOptions(world, m, offer(world, k)), entry: 'stdio' })),
        },
        ...(diagnostics ? { diagnostics } : {}),
        dir: m.dir,
      },
    };
    if (options.hostile) {
      comparison.hostile = {
        original2025: await run2025(original.createServer, original.calls, runOptions(world, original, [world.roots[0]])),
        migrated2026: await run2026(m.createServer, m.calls, { ...runOptions(world, m, hostileRoots(world)), entry: 'http' }),
      };
    }
    return comparison;
  } finally {
    await original.cleanup();
    if (copy && !options.keepCopy) await copy.cleanup();
    if (!options.world) world.cleanup();
  }
}

export interface SameAsOriginalOptions {
  /**
   * Which sessions' side-effect states (`inspect()` after each call) must match the original's:
   * all of them (default), only the roots client's, or none.
   */
  states?: 'all' | 'roots-client' | 'ignore';
  /** Require the migrated copy to have type-checked cleanly (default true; fails if it was not checked). */
  typecheck?: boolean;
}

function view(session: SessionResult, withState: boolean): { answers: SessionResult['answers']; states?: unknown[] } {
  return withState && session.states ? { answers: session.answers, states: session.states } : { answers: session.answers };
}

/**
 * The migrated server, on 2025 and on 2026 (HTTP and stdio), answers each kind of client exactly as
 * the original answered that kind of client on 2025; plus the hostile pairing when it was run.
 * One `toEqual` over all pairings, so a failure shows every mismatch at once.
 */
export function expectSameAsOriginal(comparison: MigrationComparison, options: SameAsOriginalOptions = {}): void {
  const states = options.states ?? 'all';
  const actual: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const kind of CLIENT_KINDS) {
    const withState = states === 'all' || (states === 'roots-client' && kind === 'roots');
    const want = view(comparison.original.era2025[kind], withState);
    actual[`2025 ${kind}`] = view(comparison.migrated.era2025[kind], withState);
    expected[`2025 ${kind}`] = want;
    for (const entry of ENTRIES_2026) {
      actual[`2026 ${entry} ${kind}`] = view(comparison.migrated.era2026[entry][kind], withState);
      expected[`2026 ${entry} ${kind}`] = want;
    }
  }
  if (comparison.hostile) {
    actual['2026 http hostile'] = comparison.hostile.migrated2026.answers;
    expected['2026 http hostile'] = comparison.hostile.original2025.answers;
  }
  if (options.typecheck ?? true) {
    actual.diagnostics = comparison.migrated.diagnostics;
    expected.diagnostics = [];
  }
  expect(actual, `migration of ${comparison.fixture}`).toEqual(expected);
}
