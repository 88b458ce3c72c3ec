// Held-out servers whose roots live in state the migration keeps (a per-session map, a context's
// setter, a once-flag setter, a background fetch into a module variable), run with a real client.
// Each fixture under fixtures/config-source is first run as written: on 2025, with a client whose
// only root is the project directory, every call answers from that directory and paths outside it
// are refused; the server sends roots/list on the wire.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures, loadFixture, removeStaleCopies } from './harness/load.ts';
import { createRootsWorld, type RootsWorld } from './harness/roots.ts';
import { typecheckDirs } from './harness/typecheck.ts';
import type { FixtureCall, NormalizedAnswer, RunOptions } from './harness/types.ts';
import { session, type Era } from '../param/support/sessions.ts';

interface Meta {
  sdk: 1 | 2;
  role: 'sandbox' | 'workspace';
  /** `cwd`: without roots the original resolves against the current directory instead of refusing. */
  fallback?: 'cwd';
  /** Indexes of the calls whose path lies outside the sandbox (refused). */
  outside?: number[];
  calls: FixtureCall[];
}

const DIRS = listFixtures('config-source');
const meta = (dir: string): Meta => JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as Meta;

let world: RootsWorld;
let originalDiagnostics = new Map<string, string[]>();

beforeAll(() => {
  removeStaleCopies();
  world = createRootsWorld();
  originalDiagnostics = typecheckDirs(DIRS);
}, 120_000);

afterAll(() => world?.cleanup());

/** `<Project>` / `<API>` in a fixture's arguments become the world's real directories. */
function concrete(calls: readonly FixtureCall[]): FixtureCall[] {
  const swap = (v: unknown) => (typeof v === 'string' ? v.replace('<Project>', world.dirs[0]!.path).replace('<API>', world.dirs[1]!.path) : v);
  return calls.map((c) => (c.method === 'tools/call' ? { ...c, arguments: Object.fromEntries(Object.entries(c.arguments ?? {}).map(([k, v]) => [k, swap(v)])) } : c));
}

const project = () => [{ uri: world.dirs[0]!.uri, name: 'Project' }];
const api = () => [{ uri: world.dirs[1]!.uri, name: 'API' }];

function options(roots: RunOptions['roots'], env: Record<string, string> = {}): RunOptions {
  return { roots, replacements: world.replacements, env: { ...world.env, ...env } };
}

/**
 * One session on a fresh import of `dir` (copied first): module state (a once-flag, a map, a
 * read-once configuration) starts empty, as in a new server process.
 */
async function fresh(dir: string, era: Era, roots: RunOptions['roots'], env: Record<string, string> = {}) {
  const m = meta(dir);
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const loaded = await loadFixture(dir).finally(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  try {
    return await session(m.sdk, era, loaded.createServer, concrete(loaded.calls), options(roots, env));
  } finally {
    await loaded.cleanup();
  }
}

const isError = (answer: NormalizedAnswer | undefined): boolean => JSON.stringify(answer).includes('"isError":true');

describe.each(DIRS.map((dir) => [path.basename(dir), dir] as const))('%s (original)', (_name, dir) => {
  const m = meta(dir);

  it('type-checks (strict, nodenext) against the real SDK as written', () => {
    expect(originalDiagnostics.get(path.resolve(dir))).toEqual([]);
  });

  it('with the project as its root: asks for roots on the wire, answers from the project, refuses outside it', async () => {
    const run = await fresh(dir, '2025', project());
    expect(run.serverRequests).toContain('roots/list');
    expect(run.rootsRequests).toBeGreaterThan(0);
    const outside = new Set(m.outside ?? []);
    if (m.role === 'sandbox') expect(outside.size, 'a sandbox fixture tries a path outside it').toBeGreaterThan(0);
    else expect(outside.size).toBe(0);
    run.answers.forEach((answer, i) => expect(isError(answer), `call ${i}: ${JSON.stringify(answer)}`).toBe(outside.has(i)));
  });

  it('answers from whichever directory the client offers (the tools do work in the root)', async () => {
    const fromProject = await fresh(dir, '2025', project());
    const fromApi = await fresh(dir, '2025', api());
    expect(fromApi.answers[0]).not.toEqual(fromProject.answers[0]);
  });

  it(m.fallback === 'cwd' ? 'without roots, resolves against the current directory' : 'without roots, refuses', async () => {
    const run = await fresh(dir, '2025', 'none');
    expect(run.serverRequests).toEqual([]);
    if (m.fallback === 'cwd') {
      expect(isError(run.answers[0])).toBe(true);
      expect(JSON.stringify(run.answers[0])).toContain(path.join(process.cwd(), 'notes.md'));
    } else {
      for (const answer of run.answers) expect(isError(answer), JSON.stringify(answer)).toBe(true);
    }
  });
});
