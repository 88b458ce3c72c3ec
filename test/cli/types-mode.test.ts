// `--types auto|on|off` (design.md §5): the TypeScript checker proves receivers syntax cannot trace,
// only where a tsconfig and the MCP packages exist, and never takes away a site syntax found.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureProject, removeTree, tempTree, uproot } from './helpers.ts';

const typed = fileURLToPath(new URL('../fixtures/typed-projects/', import.meta.url));
const ambient = path.join(typed, 'ambient-context');
const jsdoc = path.join(typed, 'jsdoc-context');

interface Report {
  sites: Array<{ file: string; line: number; kind: string; sdk: number | null }>;
  summary: { types: 'on' | 'off'; typesWhy?: string; sites: number };
}

async function scanJson(args: string[], cwd: string): Promise<Report> {
  const run = await uproot(['scan', ...args, '--format', 'json'], cwd);
  expect(run.err).toBe('');
  return JSON.parse(run.out) as Report;
}

const where = (r: Report) => r.sites.map((s) => `${s.file}:${s.line}:${s.kind}:v${s.sdk}`).sort();

describe('uproot scan --types', () => {
  it('typed finds receivers only their types prove (a global ToolContext, a generic), v1 and v2', async () => {
    const r = await scanJson(['.', '--types', 'on'], ambient);
    expect(r.summary.types).toBe('on');
    expect(where(r)).toEqual(['src/generic.ts:3:request:v1', 'src/tools.ts:3:request:v1', 'src/tools.ts:8:request:v2']);
  });

  it('sees a global that a module declares, though the checker is never asked about that module', async () => {
    // registry.ts's own site is traced by syntax, so only tools.ts needs the program; it must still see the global.
    const r = await scanJson(['.', '--types', 'on'], path.join(typed, 'global-module'));
    expect(where(r)).toEqual(['src/registry.ts:11:request:v1', 'src/tools.ts:3:request:v1']);
  });

  it('untyped does not find them', async () => {
    const r = await scanJson(['.', '--types', 'off'], ambient);
    expect(r.summary).toMatchObject({ types: 'off', typesWhy: '--types off', sites: 0 });
  });

  it('keeps look-alikes silent: an any-typed context, a local class, a non-MCP interface', async () => {
    const r = await scanJson(['src/lookalikes.ts', '--types', 'on'], ambient);
    expect(r.summary.types).toBe('on');
    expect(r.sites).toEqual([]);
  });

  it('auto runs typed with a tsconfig and installed MCP packages', async () => {
    const r = await scanJson([], ambient);
    expect(r.summary.types).toBe('on');
    expect(r.summary.sites).toBe(3);
  });

  it('auto falls back to untyped, saying why, without a tsconfig or without the packages', async () => {
    const bare = tempTree({ 'tools.ts': "export const f = (ctx: ToolContext) => ctx.server.server.listRoots();\n" });
    const noPackages = tempTree({ 'tsconfig.json': '{}\n', 'tools.ts': "export const f = (ctx: ToolContext) => ctx.server.server.listRoots();\n" });
    try {
      const a = await scanJson([], bare);
      expect(a.summary).toMatchObject({ types: 'off', typesWhy: 'no tsconfig.json found for the scanned files', sites: 0 });
      const b = await scanJson([], noPackages);
      expect(b.summary.types).toBe('off');
      expect(b.summary.typesWhy).toMatch(/^no @modelcontextprotocol package installed for .*tsconfig\.json$/);
      const text = await uproot(['scan'], bare);
      expect(text.out).toContain('Types: off (no tsconfig.json found for the scanned files).');
    } finally {
      removeTree(bare);
      removeTree(noPackages);
    }
  });

  it('on fails with exit 2 and a clear message where types are unavailable', async () => {
    const bare = tempTree({ 'tools.ts': 'export {};\n' });
    try {
      const run = await uproot(['scan', '--types', 'on'], bare);
      expect(run.code).toBe(2);
      expect(run.out).toBe('');
      expect(run.err).toContain('--types on needs a tsconfig.json and an installed @modelcontextprotocol package: no tsconfig.json found for the scanned files');
    } finally {
      removeTree(bare);
    }
  });

  it('says which mode ran in one text line', async () => {
    const run = await uproot(['scan', '--types', 'on'], ambient);
    expect(run.out.split('\n').filter((l) => l.startsWith('Types: '))).toEqual(['Types: on (the TypeScript checker confirmed receivers syntax could not trace).']);
  });

  it('never removes a site syntax found (the CLI fixture project, typed vs untyped)', async () => {
    const off = await scanJson(['--types', 'off'], fixtureProject);
    const on = await scanJson(['--types', 'on'], fixtureProject);
    expect(off.summary.sites).toBeGreaterThan(0);
    expect(on.summary.types).toBe('on');
    expect(where(on)).toEqual(expect.arrayContaining(where(off)));
  });

  it('typed confirms receivers in the JavaScript of a jsconfig.json project (JSDoc types, a generic), v1 and v2', async () => {
    const r = await scanJson(['.', '--types', 'on'], jsdoc);
    expect(r.summary.types).toBe('on');
    expect(where(r)).toEqual(['src/generic.js:13:request:v1', 'src/tools.js:10:request:v2', 'src/tools.js:4:request:v1']);
    const auto = await scanJson([], jsdoc);
    expect(auto.summary.types).toBe('on');
    expect(where(auto)).toEqual(where(r));
  });

  it('untyped does not find the JavaScript ones', async () => {
    const r = await scanJson(['.', '--types', 'off'], jsdoc);
    expect(r.summary).toMatchObject({ types: 'off', sites: 0 });
  });

  it('keeps JavaScript look-alikes silent: an any-typed JSDoc context, a local class, a non-MCP interface', async () => {
    const r = await scanJson(['src/lookalikes.js', '--types', 'on'], jsdoc);
    expect(r.summary.types).toBe('on');
    expect(r.sites).toEqual([]);
  });

  it('checks JavaScript only where the tsconfig does (checkJs or allowJs), as tsc would', async () => {
    const checked = await scanJson(['--types', 'on'], path.join(typed, 'js-checked'));
    expect(where(checked)).toEqual(['src/tools.js:10:request:v2', 'src/tools.js:4:request:v1']);
    const unchecked = await scanJson(['--types', 'on'], path.join(typed, 'js-unchecked'));
    expect(unchecked.summary).toMatchObject({ types: 'on', sites: 0 });
  });

  it('an untyped scan never loads TypeScript', () => {
    const probe = [
      "import { main } from './packages/uproot/src/cli.ts';",
      'import { createRequire } from "node:module";',
      `await main(['scan', ${JSON.stringify(ambient)}, '--types', 'off', '--format', 'json'], { out: () => true, err: () => true, cwd: process.cwd() });`,
      'const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => /[\\\\/](ts-morph|typescript)[\\\\/]/.test(k));',
      'console.log(JSON.stringify(loaded));',
    ].join('\n');
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout.trim())).toEqual([]);
  });
});

describe('uproot migrate --types', () => {
  interface MigrateReport {
    files: Array<{ file: string; sites: Array<{ outcome: string; line: number }> }>;
    summary: { types: 'on' | 'off'; typesWhy?: string; marked: number; rewritten: number };
  }
  async function dryRun(args: string[], cwd: string): Promise<MigrateReport> {
    const run = await uproot(['migrate', '--dry-run', '--format', 'json', ...args], cwd);
    expect(run.err).toBe('');
    return JSON.parse(run.out) as MigrateReport;
  }

  it('plans the sites only types prove, and none untyped', async () => {
    const on = await dryRun(['--types', 'on'], ambient);
    expect(on.summary.types).toBe('on');
    expect(on.files.map((f) => [f.file, f.sites.map((o) => `${o.line} ${o.outcome}`)])).toEqual([
      ['src/generic.ts', ['3 marked']],
      // rootsV2() is exported and nothing in the package calls it: split (transforms/mrtr/uncalled.ts).
      ['src/tools.ts', ['3 marked', '8 rewritten']],
    ]);
    const off = await dryRun(['--types', 'off'], ambient);
    expect(off.summary).toMatchObject({ types: 'off', marked: 0, rewritten: 0 });
    expect(off.files).toEqual([]);
  });

  it('--to param plans from syntax only, and says so', async () => {
    const r = await dryRun(['--to', 'param'], ambient);
    expect(r.summary).toMatchObject({ types: 'off', typesWhy: '--to param plans from syntax only' });
  });

  it('on fails with exit 2 where types are unavailable, writing nothing', async () => {
    const bare = tempTree({ 'tools.ts': 'export {};\n' });
    try {
      const run = await uproot(['migrate', '--dry-run', '--types', 'on'], bare);
      expect(run.code).toBe(2);
      expect(run.err).toContain('--types on needs a tsconfig.json');
    } finally {
      removeTree(bare);
    }
  });
});
