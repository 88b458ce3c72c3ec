// Held-out servers whose roots live in state the migration keeps (a per-session map, a context's
// setter, a once-flag setter; a v2 background fetch only from oninitialized stays marked), run with a real client.
// Each fixture under fixtures/config-source is first run as written: on 2025, with a client whose
// only root is the project directory, every call answers from that directory and paths outside it
// are refused; the server sends roots/list on the wire. Then a copy is migrated by the real runner
// (`--to param`), which keeps the state and takes its roots from configuration: the copy sends no
// request to the client on either era (its client offers another directory), answers what the
// original answered once the variable the JSON report names is set, takes the original's no-roots
// path without it and names the variable, type-checks against the real SDK and migrates to itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';
import type { MigrateSiteEntry } from '../../packages/uproot/src/report/shapes.ts';
import { copyFixture, listFixtures, loadFixture, removeStaleCopies, type FixtureCopy } from './harness/load.ts';
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
  /** The shape the migration must keep marked (with this reason), because configuration cannot stand in for it. */
  marked?: 'lifecycle';
  /** A tool shows the names the client gave its roots: only the client's roots as JSON keep them. */
  names?: boolean;
  /** No capability check gates the request: the original asks a client without roots too, which fails it, and catches that. */
  ungated?: boolean;
  calls: FixtureCall[];
}

const DIRS = listFixtures('config-source');
const meta = (dir: string): Meta => JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as Meta;

let world: RootsWorld;
let originalDiagnostics = new Map<string, string[]>();
/** Per fixture: the migrated copy, the server-side sites of its JSON report, the run's failures. */
const migrated = new Map<string, { copy: FixtureCopy; sites: MigrateSiteEntry[]; failures: unknown[] }>();
let migratedDiagnostics = new Map<string, string[]>();

beforeAll(async () => {
  removeStaleCopies();
  world = createRootsWorld();
  originalDiagnostics = typecheckDirs(DIRS);
  for (const dir of DIRS) {
    const copy = await copyFixture(dir);
    const result = await runMigrate([copy.dir], { cwd: copy.dir, strategy: 'param', dryRun: false });
    const sites = migrateReport(result).files.flatMap((f) => f.sites).filter((s) => s.side === 'server');
    migrated.set(dir, { copy, sites, failures: result.failures });
  }
  migratedDiagnostics = typecheckDirs([...migrated.values()].map((m) => m.copy.dir));
}, 240_000);

afterAll(async () => {
  for (const m of migrated.values()) await m.copy.cleanup();
  world?.cleanup();
});

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
    expect(run.serverRequests).toEqual(m.ungated ? ['roots/list'] : []);
    if (m.fallback === 'cwd') {
      expect(isError(run.answers[0])).toBe(true);
      expect(JSON.stringify(run.answers[0])).toContain(path.join(process.cwd(), 'notes.md'));
    } else {
      for (const answer of run.answers) expect(isError(answer), JSON.stringify(answer)).toBe(true);
    }
  });
});

/** The variable the report's rewritten request sites all name. */
function variableOf(dir: string): string {
  const configures = migrated.get(dir)!.sites.filter((s) => s.kind === 'request').map((s) => s.configure);
  expect(configures.length).toBeGreaterThan(0);
  for (const c of configures) expect(c).toEqual(configures[0]);
  expect(configures[0]?.env, 'the report names an environment variable').toMatch(/^[A-Z][A-Z0-9_]*$/);
  return configures[0]!.env!;
}

/** What the server wrote to stderr (console.error or a direct write) while `body` ran. */
async function stderrOf<T>(body: () => Promise<T>): Promise<{ value: T; stderr: string }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
  try {
    return { value: await body(), stderr: lines.join('\n') };
  } finally {
    log.mockRestore();
    write.mockRestore();
  }
}

describe.each(DIRS.map((dir) => [path.basename(dir), dir] as const))('%s (migrated, roots from configuration)', (_name, dir) => {
  const m = meta(dir);
  const eras: Era[] = m.sdk === 2 ? ['2025', '2026'] : ['2025'];
  const copyDir = () => migrated.get(dir)!.copy.dir;

  if (m.marked) {
    // Roots fetched only where a 2026-07-28 connection never goes: configured roots would never load there.
    it(`keeps the roots request marked [${m.marked}], saying why configuration cannot stand in, and changes nothing else`, async () => {
      const { sites, failures } = migrated.get(dir)!;
      expect(failures).toEqual([]);
      const requests = sites.filter((s) => s.kind === 'request');
      expect(requests.length).toBeGreaterThan(0);
      for (const s of requests) {
        expect(s.outcome).toBe('marked');
        expect(s.reason).toBe(m.marked);
        expect(s.detail).toMatch(/2026-07-28 connection never runs/);
      }
      const want = (await fresh(dir, '2025', project())).answers;
      const run = await fresh(copyDir(), '2025', project());
      expect(run.serverRequests).toContain('roots/list');
      expect(run.answers).toEqual(want);
    });
  } else {
    it('rewrites every server roots request and marks no server site, saying the trust boundary moved and what to configure', () => {
      const { sites, failures } = migrated.get(dir)!;
      expect(failures).toEqual([]);
      expect(sites.some((s) => s.kind === 'request')).toBe(true);
      for (const s of sites) {
        const why = `${s.kind} at ${s.line}: ${s.reason ?? ''} ${s.detail ?? ''}`;
        expect(s.outcome, why).not.toBe('marked');
        if (s.kind === 'request') expect(s.outcome, why).toBe('rewritten');
      }
      for (const s of sites.filter((x) => x.kind === 'request')) {
        expect(s.detail).toMatch(/^the trust boundary moved/);
        expect(s.detail).toContain(variableOf(dir));
        expect(s.configure).toMatchObject({ args: false, param: null });
      }
    });

    it(`reports the readers' role as ${m.role} (or leaves it open), never as the other role`, () => {
      // A rewrite that keeps every reader may leave the role null; a wrong one misstates the trust boundary.
      for (const s of migrated.get(dir)!.sites.filter((x) => x.kind === 'request')) expect([m.role, null]).toContain(s.configure?.role);
    });

    it(`with the variable set to the project${m.names ? "'s root as JSON" : ''}, answers what the original answered from it, never asking the client`, async () => {
      const want = (await fresh(dir, '2025', project())).answers;
      const env = { [variableOf(dir)]: m.names ? JSON.stringify(project()) : world.dirs[0]!.path };
      for (const era of eras) {
        const run = await fresh(copyDir(), era, api(), env);
        expect(run.serverRequests, era).toEqual([]);
        expect(run.rootsRequests, era).toBe(0);
        expect(run.answers, era).toEqual(want);
      }
    });

    it("with the variable set to the client's own roots/list answer as JSON, answers what the original answered", async () => {
      const want = (await fresh(dir, '2025', project())).answers;
      const run = await fresh(copyDir(), eras.at(-1)!, api(), { [variableOf(dir)]: JSON.stringify({ roots: project() }) });
      expect(run.serverRequests).toEqual([]);
      expect(run.answers).toEqual(want);
    });

    if (m.names) {
      it('with the variable set to the directory, names each root after its folder, and answers the rest as the original', async () => {
        const want = (await fresh(dir, '2025', project())).answers;
        const run = await fresh(copyDir(), eras.at(-1)!, api(), { [variableOf(dir)]: world.dirs[0]!.path });
        const folder = path.basename(world.dirs[0]!.path);
        expect(JSON.stringify(want[0])).toContain(`Project: ${folder}`);
        expect(run.answers[0]).toEqual(JSON.parse(JSON.stringify(want[0]).replace(`Project: ${folder}`, `${folder}: ${folder}`)));
        expect(run.answers.slice(1)).toEqual(want.slice(1));
      });
    }

    if (m.role === 'sandbox') {
      it('refuses the paths outside the configured sandbox exactly as the original refused them', async () => {
        const want = (await fresh(dir, '2025', project())).answers;
        const run = await fresh(copyDir(), '2025', 'none', { [variableOf(dir)]: world.dirs[0]!.path });
        for (const i of m.outside!) {
          expect(isError(want[i])).toBe(true);
          expect(run.answers[i], `call ${i}`).toEqual(want[i]);
        }
      });
    }

    it('with nothing configured, takes the original no-roots path and names the variable', async () => {
      const variable = variableOf(dir);
      const want = (await fresh(dir, '2025', 'none')).answers;
      for (const era of eras) {
        // The client offers a directory: it must not be used, nor asked for.
        const { value: run, stderr } = await stderrOf(() => fresh(copyDir(), era, api()));
        expect(run.serverRequests, era).toEqual([]);
        expect(run.answers, era).toEqual(want);
        expect(stderr, era).toContain(variable);
      }
    });
  }

  it('type-checks (strict, nodenext) against the real SDK', () => {
    expect(migratedDiagnostics.get(path.resolve(copyDir()))).toEqual([]);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const again = await runMigrate([copyDir()], { cwd: copyDir(), strategy: 'param', dryRun: true });
    expect(again.failures).toEqual([]);
    expect(again.files.filter((f) => f.changed).map((f) => f.file)).toEqual([]);
  });
});
