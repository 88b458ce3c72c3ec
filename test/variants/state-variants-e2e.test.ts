// The variant tier end to end: each refactoring of test/variants/refactorings.ts applied to each
// roots-state fixture, then migrated with `--to param` by the real runner. The migrated variant must
// never ask for roots and answer what the original fixture (as written) answered on 2025 with the
// project directory as its client's only root — on 2025 and, for v2 servers, on 2026-07-28 — with the
// directory configured as the JSON report says (a sandbox's variable at start-up, a workspace's per call).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';
import { copyFixture, importFixture, listFixtures, loadFixture, type LoadedFixture } from '../e2e/harness/load.ts';
import { createRootsWorld, type RootsWorld } from '../e2e/harness/roots.ts';
import type { FixtureCall, NormalizedAnswer, RunOptions } from '../e2e/harness/types.ts';
import { session, type Era } from '../param/support/sessions.ts';
import { KNOWN_GAPS } from './known-gaps.ts';
import { REFACTORINGS, variantOf, writeVariant } from './refactorings.ts';

interface Meta {
  sdk: 1 | 2;
  role: 'sandbox' | 'workspace';
}

const DIRS = listFixtures('state');
const meta = (dir: string): Meta => JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as Meta;
let world: RootsWorld;
const loaded: LoadedFixture[] = [];
const expectedAnswers = new Map<string, NormalizedAnswer[]>();

beforeAll(async () => {
  world = createRootsWorld();
}, 60_000);

afterAll(async () => {
  for (const f of loaded) await f.cleanup();
  world?.cleanup();
});

function concrete(calls: readonly FixtureCall[]): FixtureCall[] {
  const swap = (v: unknown) => (typeof v === 'string' ? v.replace('<Project>', world.dirs[0]!.path).replace('<API>', world.dirs[1]!.path) : v);
  return calls.map((c) => (c.method === 'tools/call' ? { ...c, arguments: Object.fromEntries(Object.entries(c.arguments ?? {}).map(([k, v]) => [k, swap(v)])) } : c));
}

function options(roots: RunOptions['roots'], env: Record<string, string> = {}): RunOptions {
  return { roots, replacements: world.replacements, env: { ...world.env, ...env } };
}

async function expected(dir: string): Promise<NormalizedAnswer[]> {
  const known = expectedAnswers.get(dir);
  if (known) return known;
  const o = await loadFixture(dir);
  loaded.push(o);
  const run = await session(meta(dir).sdk, '2025', o.createServer, concrete(o.calls), options([{ uri: world.dirs[0]!.uri, name: 'Project' }]));
  expect(run.rootsRequests).toBeGreaterThan(0);
  expectedAnswers.set(dir, run.answers);
  return run.answers;
}

describe.each(REFACTORINGS.map((r) => [r.name, r] as const))('%s', (name, refactoring) => {
  it.each(DIRS.map((d) => [path.basename(d), d] as const))('%s: the migrated variant answers as the original', async (fixture, dir) => {
    const m = meta(dir);
    // A known gap keeps a marker the original did not have; state-variants.test.ts pins it.
    if (KNOWN_GAPS.param[name]?.[`state/${fixture}`]) return;
    let applied = false;
    const copy = await copyFixture(dir, (text, file) => {
      if (!/[\\/]server\.[cm]?[jt]s$/.test(file)) return text;
      const variant = variantOf(refactoring.apply(text, path.basename(file)));
      applied = variant !== undefined;
      if (variant) writeVariant(path.dirname(file), path.basename(file), { text: variant.text, files: variant.files });
      return variant?.text ?? text;
    });
    try {
      if (!applied) return;
      const result = await runMigrate([copy.dir], { cwd: copy.dir, strategy: 'param', dryRun: false });
      expect(result.failures).toEqual([]);
      const sites = migrateReport(result).files.flatMap((f) => f.sites).filter((s) => s.side === 'server' && s.kind === 'request');
      expect(sites.every((s) => s.outcome === 'rewritten'), sites.map((s) => s.detail).join('\n')).toBe(true);
      const env = sites[0]!.configure!.env!;
      const want = await expected(dir);
      // A sandbox reads its variable once, at import; a workspace on every call.
      process.env[env] = world.dirs[0]!.path;
      const migrated = await importFixture(copy);
      await migrated.createServer();
      delete process.env[env];
      const eras: Era[] = m.sdk === 2 ? ['2025', '2026'] : ['2025'];
      for (const era of eras) {
        const run = await session(m.sdk, era, migrated.createServer, concrete(migrated.calls), options([{ uri: world.dirs[1]!.uri, name: 'API' }], m.role === 'workspace' ? { [env]: world.dirs[0]!.path } : {}));
        expect(run.rootsRequests, era).toBe(0);
        expect(run.serverRequests, era).toEqual([]);
        expect(run.answers, era).toEqual(want);
      }
    } finally {
      await copy.cleanup();
    }
  });
});
