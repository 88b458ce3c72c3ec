// `migrate --to param` on roots kept in state, end to end: each fixture under fixtures/state is run as
// written (2025, a client whose only root is the project directory), then migrated by the real runner
// on a copy. The migrated server must never send roots/list (its client offers another directory, on
// 2025 and on 2026-07-28), answer what the original answered once the directory is configured (the
// variable the JSON report names) or passed (workspace), refuse outside the sandbox as before, name
// the remedy when nothing is configured, type-check against the real SDK and migrate to itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';
import type { SiteConfigure } from '../../packages/uproot/src/report/shapes.ts';
import { copyFixture, importFixture, listFixtures, loadFixture, removeStaleCopies, type LoadedFixture } from './harness/load.ts';
import { createRootsWorld, type RootsWorld } from './harness/roots.ts';
import { typecheckDirs } from './harness/typecheck.ts';
import type { FixtureCall, NormalizedAnswer, RunOptions } from './harness/types.ts';
import { session, type Era } from '../param/support/sessions.ts';

interface Meta {
  sdk: 1 | 2;
  role: 'sandbox' | 'workspace';
  /** `cwd`: the original falls back to the current directory without roots. */
  fallback?: 'cwd';
}

const DIRS = listFixtures('state');
const meta = (dir: string): Meta => JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as Meta;

let world: RootsWorld;
const originals = new Map<string, LoadedFixture>();
/** Per fixture: a migrated copy imported with its configuration set, one with nothing set, and the report's `configure`. */
const migrated = new Map<string, { configured: LoadedFixture; bare: LoadedFixture; configure: SiteConfigure; dir: string; files: string[] }>();
let diagnostics = new Map<string, string[]>();

async function migrateCopy(dir: string) {
  const copy = await copyFixture(dir);
  const result = await runMigrate([copy.dir], { cwd: copy.dir, strategy: 'param', dryRun: false });
  expect(result.failures).toEqual([]);
  const sites = migrateReport(result).files.flatMap((f) => f.sites).filter((s) => s.side === 'server');
  for (const s of sites) expect(s.outcome, `${path.basename(dir)}:${s.line} ${s.detail ?? ''}`).toBe('rewritten');
  const configures = sites.filter((s) => s.kind === 'request').map((s) => s.configure);
  expect(configures.length).toBeGreaterThan(0);
  for (const c of configures) expect(c).toEqual(configures[0]);
  for (const s of sites) expect(s.detail).toMatch(/the trust boundary moved/);
  return { copy, configure: configures[0]! };
}

beforeAll(async () => {
  removeStaleCopies();
  world = createRootsWorld();
  for (const dir of DIRS) {
    originals.set(dir, await loadFixture(dir));
    const { copy, configure } = await migrateCopy(dir);
    const env = configure.env!;
    // The configuration is read once, when the module first builds a server: one import per setting.
    const saved = process.env[env];
    process.env[env] = world.dirs[0]!.path;
    const configured = await importFixture(copy);
    await configured.createServer();
    delete process.env[env];
    const bareCopy = await copyFixture(copy.dir);
    const bare = await importFixture({ ...bareCopy, sourceDir: dir });
    await bare.createServer();
    if (saved !== undefined) process.env[env] = saved;
    migrated.set(dir, { configured: { ...configured, calls: configured.calls }, bare, configure, dir: copy.dir, files: copy.files });
  }
  diagnostics = typecheckDirs([...migrated.values()].map((m) => m.dir));
}, 240_000);

afterAll(async () => {
  for (const f of originals.values()) await f.cleanup();
  for (const m of migrated.values()) {
    await m.configured.cleanup();
    await m.bare.cleanup();
  }
  world?.cleanup();
});

/** `<Project>` / `<API>` in a fixture's arguments become the world's real directories. */
function concrete(calls: readonly FixtureCall[]): FixtureCall[] {
  const swap = (v: unknown) => (typeof v === 'string' ? v.replace('<Project>', world.dirs[0]!.path).replace('<API>', world.dirs[1]!.path) : v);
  return calls.map((c) => (c.method === 'tools/call' ? { ...c, arguments: Object.fromEntries(Object.entries(c.arguments ?? {}).map(([k, v]) => [k, swap(v)])) } : c));
}

function withDirectory(calls: readonly FixtureCall[], name: string, value: string): FixtureCall[] {
  return calls.map((c) => (c.method === 'tools/call' ? { ...c, arguments: { ...c.arguments, [name]: value } } : c));
}

function options(roots: RunOptions['roots'], env: Record<string, string> = {}): RunOptions {
  return { roots, replacements: world.replacements, env: { ...world.env, ...env } };
}

/** The original, on 2025, with the project directory as its client's only root. */
async function expected(dir: string): Promise<NormalizedAnswer[]> {
  const o = originals.get(dir)!;
  const run = await session(meta(dir).sdk, '2025', o.createServer, concrete(o.calls), options([{ uri: world.dirs[0]!.uri, name: 'Project' }]));
  expect(run.rootsRequests, 'the original asks for roots').toBeGreaterThan(0);
  expect(run.serverRequests, 'on the wire').toContain('roots/list');
  return run.answers;
}

function text(answer: NormalizedAnswer | undefined): string {
  return JSON.stringify(answer);
}

describe.each(DIRS.map((dir) => [path.basename(dir), dir] as const))('%s', (name, dir) => {
  const m = meta(dir);
  const eras: Era[] = m.sdk === 2 ? ['2025', '2026'] : ['2025'];
  const otherRoot = () => [{ uri: world.dirs[1]!.uri, name: 'API' }];

  it('answers what the original answered, with the directory configured, and never asks for roots', async () => {
    const want = await expected(dir);
    expect(text(want[0])).not.toContain('"isError":true');
    const mig = migrated.get(dir)!;
    for (const era of eras) {
      // A workspace reads its variable on every call; a sandbox read it once, at import.
      const run = await session(m.sdk, era, mig.configured.createServer, concrete(mig.configured.calls), options(otherRoot(), m.role === 'workspace' ? { [mig.configure.env!]: world.dirs[0]!.path } : {}));
      expect(run.rootsRequests, era).toBe(0);
      expect(run.serverRequests, `${era}: no request to the client on the wire`).toEqual([]);
      expect(run.answers, era).toEqual(want);
    }
  });

  if (m.role === 'sandbox') {
    it('refuses a path outside the configured sandbox as the original refused it', async () => {
      const want = await expected(dir);
      expect(text(want[1])).toContain('"isError":true');
      const run = await session(m.sdk, '2025', migrated.get(dir)!.configured.createServer, concrete(originals.get(dir)!.calls), options(otherRoot()));
      expect(run.answers[1]).toEqual(want[1]);
    });

    it('reports the sandbox and its variable, with no parameter', () => {
      const c = migrated.get(dir)!.configure;
      expect(c).toMatchObject({ role: 'sandbox', param: null, args: false, env: expect.stringMatching(/^[A-Z][A-Z0-9_]*_ALLOWED_DIRS$/) });
    });

    it('without any configuration, refuses where the original refused without roots, naming the variable', async () => {
      const mig = migrated.get(dir)!;
      const run = await session(m.sdk, '2025', mig.bare.createServer, concrete(mig.bare.calls.slice(0, 1)), options('none'));
      expect(text(run.answers[0])).toContain('"isError":true');
      expect(text(run.answers[0])).toContain(`Set ${mig.configure.env} to the allowed directories.`);
    });
  } else {
    it('answers the same with the directory passed as the new parameter, on every era', async () => {
      const want = await expected(dir);
      const mig = migrated.get(dir)!;
      expect(mig.configure).toMatchObject({ role: 'workspace', param: 'directory', env: expect.stringMatching(/_WORKSPACE$/) });
      for (const era of eras) {
        const run = await session(m.sdk, era, mig.bare.createServer, withDirectory(concrete(mig.bare.calls), 'directory', world.dirs[0]!.path), options(otherRoot()));
        expect(run.rootsRequests, era).toBe(0);
        expect(run.serverRequests, `${era}: no request to the client on the wire`).toEqual([]);
        expect(run.answers, era).toEqual(want);
      }
    });

    it('refuses a relative directory with a clear message', async () => {
      const mig = migrated.get(dir)!;
      const run = await session(m.sdk, '2025', mig.bare.createServer, withDirectory(concrete(mig.bare.calls.slice(0, 1)), 'directory', 'my project'), options('none'));
      expect(text(run.answers[0])).toContain('\\"directory\\" must be an absolute path, not my project.');
    });

    it(m.fallback === 'cwd' ? 'without a directory, falls back to the current directory as the original did' : 'without a directory, refuses naming the parameter and the variable', async () => {
      const mig = migrated.get(dir)!;
      const o = originals.get(dir)!;
      const run = await session(m.sdk, '2025', mig.bare.createServer, concrete(mig.bare.calls), options('none'));
      if (m.fallback === 'cwd') {
        // A fresh import: the original's module variable keeps the roots of earlier sessions.
        const fresh = await loadFixture(dir);
        try {
          const before = await session(m.sdk, '2025', fresh.createServer, concrete(o.calls), options('none'));
          expect(run.answers).toEqual(before.answers);
          expect(text(before.answers[0])).toContain('notes.md is not in');
        } finally {
          await fresh.cleanup();
        }
      } else {
        expect(text(run.answers[0])).toContain('"isError":true');
        expect(text(run.answers[0])).toContain(`Pass \\"directory\\" (an absolute path) or set ${mig.configure.env}.`);
      }
    });
  }

  it('type-checks (strict, nodenext) against the real SDK', () => {
    expect(diagnostics.get(path.resolve(migrated.get(dir)!.dir))).toEqual([]);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const mig = migrated.get(dir)!;
    const again = await runMigrate([mig.dir], { cwd: mig.dir, strategy: 'param', dryRun: true });
    expect(again.failures).toEqual([]);
    expect(again.files.filter((f) => f.changed).map((f) => f.file)).toEqual([]);
    void name;
  });
});
