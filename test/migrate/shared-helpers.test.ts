// Generated helpers once per project: a multi-file `uproot migrate` writes the helper functions into
// one module beside the migrated files and imports them; a one-file run and jscodeshift keep them
// inline. The migrated projects type-check against the real SDK, run, and migrate to themselves.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../packages/uproot/src/cli.ts';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { applyTransform } from 'jscodeshift/src/testUtils.js';
import jscodeshiftMrtr from '../../transforms/jscodeshift/mrtr.ts';
import { sharedModuleText } from '../../transforms/shared-helpers/module.ts';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { compareMigration, expectSameAsOriginal } from '../e2e/harness/compare.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const temps: string[] = [];
afterAll(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

function project(files: Record<string, string>, packages = ['@modelcontextprotocol/server', '@modelcontextprotocol/core', '@types/node', 'zod']): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-shared-helpers-'));
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  for (const pkg of packages) {
    mkdirSync(path.dirname(path.join(dir, 'node_modules', pkg)), { recursive: true });
    symlinkSync(path.join(REPO, 'node_modules', pkg), path.join(dir, 'node_modules', pkg), 'dir');
  }
  return dir;
}

async function migrate(dir: string, args: string[]): Promise<{ code: number; report: MigrateReport }> {
  let out = '';
  const code = await main(['migrate', ...args, '--force', '--format', 'json'], { out: (s) => (out += s), err: () => {}, cwd: dir });
  return { code, report: JSON.parse(out) as MigrateReport };
}

const read = (dir: string, rel: string) => readFileSync(path.join(dir, rel), 'utf8');

function typecheck(dir: string, js = false): string[] {
  const rootNames = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.[cm]?[jt]s$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.join(e.parentPath, e.name));
  const program = ts.createProgram({
    rootNames,
    options: { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, types: ['node'], skipLibCheck: true, noEmit: true, ...(js ? { allowJs: true, checkJs: false } : {}) },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(dir, d.file.fileName) : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

const tool = (name: string, esm = true, typescript = true) =>
  [
    esm ? `import { server } from '../server.js';` : `const { server } = require('../server.js');`,
    ``,
    `server.registerTool('${name}', { description: 'The roots the client shares' }, async () => {`,
    `  const { roots } = await server.server.listRoots();`,
    `  return { content: [{ type: 'text'${typescript ? ' as const' : ''}, text: roots.map((r) => r.uri).join(',') }] };`,
    `});`,
    ...(esm ? [] : [`module.exports = {};`]),
    ``,
  ].join('\n');

const SERVER_TS = `import { McpServer } from '@modelcontextprotocol/server';\n\nexport const server = new McpServer({ name: 'shared', version: '1.0.0' });\n`;
const SERVER_CJS = `const { McpServer } = require('@modelcontextprotocol/server');\n\nconst server = new McpServer({ name: 'shared', version: '1.0.0' });\nmodule.exports = { server };\n`;
const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', skipLibCheck: true, noEmit: true, types: ['node'] } });
const FUNCTIONS = /function (clientDeclaresRoots|rootsFromAnswer)\b/g;

describe('a multi-file run writes the helpers once', () => {
  const tsProject = () =>
    project({
      'package.json': JSON.stringify({ name: 'shared-ts', type: 'module' }),
      'tsconfig.json': TSCONFIG,
      'src/server.ts': SERVER_TS,
      'src/tools/a.ts': tool('a'),
      'src/tools/b.ts': tool('b'),
      'src/tools/c.ts': tool('c'),
    });

  it('TypeScript ESM: three files import one uproot-roots.ts, the dry run shows it as created, the result type-checks', async () => {
    const dir = tsProject();
    const dry = await migrate(dir, ['src', '--dry-run']);
    const created = dry.report.files.filter((f) => f.created);
    expect(created.map((f) => f.file)).toEqual(['src/tools/uproot-roots.ts']);
    expect(created[0]!.diff).toMatch(/^--- \/dev\/null/m);
    expect(created[0]!.diff).toMatch(/^\+export function clientDeclaresRoots\(/m);
    expect(existsSync(path.join(dir, 'src/tools/uproot-roots.ts'))).toBe(false);

    const { code, report } = await migrate(dir, ['src']);
    expect(code).toBe(0);
    expect(report.summary).toMatchObject({ rewritten: 3, marked: 0 });
    expect(report.files.find((f) => f.file === 'src/tools/uproot-roots.ts')).toMatchObject({ changed: true, created: true });
    const module = read(dir, 'src/tools/uproot-roots.ts');
    expect(module.match(FUNCTIONS)).toHaveLength(2);
    for (const name of ['a', 'b', 'c']) {
      const text = read(dir, `src/tools/${name}.ts`);
      expect(text).toContain(`import { clientDeclaresRoots, rootsFromAnswer } from './uproot-roots.js';`);
      expect(text).not.toMatch(FUNCTIONS);
      expect(text).not.toContain('CLIENT_CAPABILITIES_META_KEY');
    }
    expect(typecheck(dir)).toEqual([]);

    // A second run changes nothing, the module included.
    const again = await migrate(dir, ['src', '--dry-run']);
    expect(again.report.files.filter((f) => f.changed)).toEqual([]);
  });

  it('the text report names the created module', async () => {
    const dir = tsProject();
    let out = '';
    await main(['migrate', 'src', '--dry-run'], { out: (s) => (out += s), err: () => {}, cwd: dir });
    expect(out).toMatch(/^src\/tools\/uproot-roots\.ts \(would create: generated helpers the migrated files share\)$/m);
  });

  it('a file migrated later reuses the module, and a helper of another kind extends it without duplicating', async () => {
    const dir = tsProject();
    await migrate(dir, ['src/tools/a.ts', 'src/tools/b.ts']);
    const first = read(dir, 'src/tools/uproot-roots.ts');
    writeFileSync(path.join(dir, 'src/tools/d.ts'), tool('d'));
    const { report } = await migrate(dir, ['src']);
    // c.ts and d.ts import the module as it is: it does not change.
    expect(report.files.filter((f) => f.changed).map((f) => f.file).sort()).toEqual(['src/tools/c.ts', 'src/tools/d.ts']);
    expect(read(dir, 'src/tools/uproot-roots.ts')).toBe(first);
    expect(read(dir, 'src/tools/d.ts')).toContain(`from './uproot-roots.js';`);

    // Now a --to param rewrite in the same folder needs the directory check: the module grows by that block only.
    writeFileSync(path.join(dir, 'src/tools/e.ts'), tool('e'));
    writeFileSync(path.join(dir, 'src/tools/f.ts'), tool('f'));
    const param = await migrate(dir, ['src/tools/e.ts', 'src/tools/f.ts', '--to', 'param']);
    expect(param.report.files.filter((f) => f.changed).map((f) => f.file).sort()).toEqual(['src/tools/e.ts', 'src/tools/f.ts', 'src/tools/uproot-roots.ts']);
    const grown = read(dir, 'src/tools/uproot-roots.ts');
    expect(grown).toBe(sharedModuleText(['mrtr', 'directory'], { typescript: true, cjs: false, eol: '\n', unit: '  ' }));
    expect(grown.match(/function rootsFromDirectory\b/g)).toHaveLength(1);
    expect(grown.match(FUNCTIONS)).toHaveLength(2);
    expect(read(dir, 'src/tools/e.ts')).toMatch(/import \{ rootsFromDirectory, type DirectoryRoots \} from '\.\/uproot-roots\.js';|import \{ rootsFromDirectory \} from '\.\/uproot-roots\.js';/);
    expect(typecheck(dir)).toEqual([]);
  });

  it('a one-file run keeps the helpers inline', async () => {
    const dir = tsProject();
    await migrate(dir, ['src/tools/a.ts']);
    expect(existsSync(path.join(dir, 'src/tools/uproot-roots.ts'))).toBe(false);
    expect(read(dir, 'src/tools/a.ts').match(FUNCTIONS)).toHaveLength(2);
  });

  it('jscodeshift keeps the helpers inline, in a project where a multi-file run would share them', async () => {
    const dir = tsProject();
    for (const name of ['a', 'b']) {
      const file = path.join(dir, `src/tools/${name}.ts`);
      const out = await applyTransform({ default: jscodeshiftMrtr, parser: 'ts' } as never, {}, { source: read(dir, `src/tools/${name}.ts`), path: file });
      expect(out.match(FUNCTIONS)).toHaveLength(2);
      expect(out).not.toContain('uproot-roots');
    }
    expect(existsSync(path.join(dir, 'src/tools/uproot-roots.ts'))).toBe(false);
  });

  it('a path taken by a file of the user falls back to inline and says so', async () => {
    const dir = tsProject();
    writeFileSync(path.join(dir, 'src/tools/uproot-roots.ts'), `export const mine = 1;\n`);
    const { report } = await migrate(dir, ['src']);
    expect(read(dir, 'src/tools/uproot-roots.ts')).toBe(`export const mine = 1;\n`);
    expect(report.notices).toContainEqual({ file: 'src/tools/uproot-roots.ts', message: expect.stringContaining('already exists and is not a helpers module uproot generated; the generated helpers stay inline in src/tools/a.ts, src/tools/b.ts, src/tools/c.ts') });
    for (const name of ['a', 'b', 'c']) expect(read(dir, `src/tools/${name}.ts`).match(FUNCTIONS)).toHaveLength(2);
    expect(typecheck(dir)).toEqual([]);
  });

  it('files in different workspace packages keep their own copies, and the report says why', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] }),
      'packages/one/package.json': JSON.stringify({ name: 'one', type: 'module' }),
      'packages/one/server.ts': SERVER_TS,
      'packages/one/tools/a.ts': tool('a'),
      'packages/two/package.json': JSON.stringify({ name: 'two', type: 'module' }),
      'packages/two/server.ts': SERVER_TS,
      'packages/two/tools/b.ts': tool('b'),
    });
    const { report } = await migrate(dir, ['packages']);
    expect(report.files.filter((f) => f.created)).toEqual([]);
    expect(read(dir, 'packages/one/tools/a.ts').match(FUNCTIONS)).toHaveLength(2);
    expect(read(dir, 'packages/two/tools/b.ts').match(FUNCTIONS)).toHaveLength(2);
    expect(report.notices).toContainEqual({ file: 'packages/one/tools/a.ts', message: expect.stringContaining('packages/two/tools/b.ts needs them too, but in another package') });
  });

  it('files under different tsconfig projects of one package keep their own copies, and the report says why', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'two-projects', type: 'module' }),
      'server.ts': SERVER_TS.replace('../server.js', './server.js'),
      'app/tsconfig.json': TSCONFIG,
      'app/tools/a.ts': tool('a').replace('../server.js', '../../server.js'),
      'lib/tsconfig.json': TSCONFIG,
      'lib/tools/b.ts': tool('b').replace('../server.js', '../../server.js'),
    });
    const { report } = await migrate(dir, ['.']);
    expect(report.summary).toMatchObject({ rewritten: 2 });
    expect(report.files.filter((f) => f.created)).toEqual([]);
    expect(read(dir, 'app/tools/a.ts').match(FUNCTIONS)).toHaveLength(2);
    expect(report.notices).toContainEqual({ file: 'lib/tools/b.ts', message: expect.stringContaining('app/tools/a.ts needs them too, but in another package, tsconfig project') });
  });
});

describe('writing the module', () => {
  it('a module that cannot be written leaves its importers untouched and named; the next run finishes', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'immutable', type: 'module' }),
      'src/server.ts': SERVER_TS,
      'src/tools/x/a.ts': tool('a').replace('../server.js', '../../server.js'),
      'src/tools/y/b.ts': tool('b').replace('../server.js', '../../server.js'),
    });
    const before = { a: read(dir, 'src/tools/x/a.ts'), b: read(dir, 'src/tools/y/b.ts') };
    // chattr +i binds root too: no file can be created in src/tools, while its subfolders stay writable.
    const folder = path.join(dir, 'src/tools');
    execFileSync('chattr', ['+i', folder]);
    let run: Awaited<ReturnType<typeof migrate>>;
    try {
      run = await migrate(dir, ['src']);
    } finally {
      execFileSync('chattr', ['-i', folder]);
    }
    expect(run.code).toBe(2);
    expect(run.report.failures).toEqual([
      { file: 'src/tools/uproot-roots.ts', message: expect.stringMatching(/\(EPERM\); left untouched/) },
      { file: 'src/tools/x/a.ts', message: 'imports the shared helpers module src/tools/uproot-roots.ts, which could not be written, so it was left untouched; run again once that is fixed' },
      { file: 'src/tools/y/b.ts', message: 'imports the shared helpers module src/tools/uproot-roots.ts, which could not be written, so it was left untouched; run again once that is fixed' },
    ]);
    expect({ a: read(dir, 'src/tools/x/a.ts'), b: read(dir, 'src/tools/y/b.ts') }).toEqual(before);
    expect(readdirSync(folder).sort()).toEqual(['x', 'y']); // no module, no temp file
    const again = await migrate(dir, ['src']);
    expect(again.code).toBe(0);
    expect(read(dir, 'src/tools/x/a.ts')).toContain(`from '../uproot-roots.js';`);
    expect(typecheck(dir)).toEqual([]);
  });
});

describe('--to param', () => {
  it('retired roots state in four servers: one module holds the directory check, the configuration reader and the workspace, and type-checks', async () => {
    const fixture = (name: string) => readFileSync(path.join(REPO, 'test/e2e/fixtures/state', name, 'server.ts'), 'utf8');
    const dir = project({
      'package.json': JSON.stringify({ name: 'state', type: 'module' }),
      'w1/server.ts': fixture('workspace-module-v2-ts'),
      'w2/server.ts': fixture('workspace-module-v2-ts'),
      's1/server.ts': fixture('sandbox-module-v2-ts'),
      's2/server.ts': fixture('sandbox-module-v2-ts'),
    });
    const { report } = await migrate(dir, ['.', '--to', 'param']);
    expect(report.files.filter((f) => f.created).map((f) => f.file)).toEqual(['uproot-roots.ts']);
    const module = read(dir, 'uproot-roots.ts');
    expect(module).toMatch(/^\/\/ uproot-helpers: directory, configured, workspace$/m);
    for (const fn of ['rootsFromDirectory', 'configuredRoots', 'workspaceRoots']) expect(module.match(new RegExp(`^export (async )?function ${fn}\\(`, 'gm'))).toHaveLength(1);
    for (const server of ['w1', 'w2']) expect(read(dir, `${server}/server.ts`)).toContain(`import { workspaceRoots } from '../uproot-roots.js';`);
    for (const server of ['s1', 's2']) expect(read(dir, `${server}/server.ts`)).toContain(`import { configuredRoots } from '../uproot-roots.js';`);
    for (const server of ['w1', 'w2', 's1', 's2']) expect(read(dir, `${server}/server.ts`)).not.toMatch(/function (rootsFromDirectory|configuredRoots|workspaceRoots)\b/);
    expect(typecheck(dir)).toEqual([]);
    expect((await migrate(dir, ['.', '--to', 'param', '--dry-run'])).report.files.filter((f) => f.changed)).toEqual([]);
  });
});

describe('JavaScript', () => {
  it('CommonJS: the module uses require and module.exports, the files require it, and the server runs', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'shared-cjs' }),
      'src/server.js': SERVER_CJS,
      'src/tools/a.js': tool('a', false, false),
      'src/tools/b.js': tool('b', false, false),
    });
    const { code, report } = await migrate(dir, ['src']);
    expect(code).toBe(0);
    expect(report.files.filter((f) => f.created).map((f) => f.file)).toEqual(['src/tools/uproot-roots.js']);
    const module = read(dir, 'src/tools/uproot-roots.js');
    expect(module).toMatch(/^const \{ CLIENT_CAPABILITIES_META_KEY, inputResponse, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode \} = require\('@modelcontextprotocol\/server'\);$/m);
    expect(module).toMatch(/^module\.exports = \{ clientDeclaresRoots, rootsFromAnswer \};$/m);
    expect(module).not.toMatch(/^export /m);
    for (const name of ['a', 'b']) {
      const text = read(dir, `src/tools/${name}.js`);
      expect(text).toContain(`const { clientDeclaresRoots, rootsFromAnswer } = require('./uproot-roots.js');`);
      expect(text).not.toMatch(FUNCTIONS);
    }
    // The CommonJS files load through Node's own require, helpers and all.
    const load = createRequire(path.join(dir, 'src/index.js'));
    load('./tools/a.js');
    load('./tools/b.js');
    const helpers = load('./tools/uproot-roots.js') as Record<string, unknown>;
    expect(Object.keys(helpers)).toEqual(['clientDeclaresRoots', 'rootsFromAnswer']);
    expect(typecheck(dir, true)).toEqual([]);
    expect((await migrate(dir, ['src', '--dry-run'])).report.files.filter((f) => f.changed)).toEqual([]);
  });

  it('mixed TypeScript and JavaScript: each language gets its own module, never a .ts one imported from .js', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'mixed', type: 'module' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true, strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true, skipLibCheck: true } }),
      'src/server.ts': SERVER_TS,
      'src/tools/a.ts': tool('a'),
      'src/tools/b.ts': tool('b'),
      'src/tools/c.js': tool('c', true, false),
      'src/tools/d.js': tool('d', true, false),
      'src/other/e.js': tool('e', true, false),
    });
    const { report } = await migrate(dir, ['src']);
    // The JavaScript files' nearest common folder is src/: their module lives there, apart from the TypeScript one.
    expect(report.files.filter((f) => f.created).map((f) => f.file).sort()).toEqual(['src/tools/uproot-roots.ts', 'src/uproot-roots.js']);
    expect(read(dir, 'src/tools/a.ts')).toContain(`from './uproot-roots.js';`);
    const js = read(dir, 'src/uproot-roots.js');
    expect(js).toMatch(/^export function clientDeclaresRoots\(ctx, server\) \{$/m);
    expect(js).not.toMatch(/: ServerContext/);
    for (const file of ['src/tools/c.js', 'src/tools/d.js', 'src/other/e.js']) expect(read(dir, file)).toContain(`import { clientDeclaresRoots, rootsFromAnswer } from '../uproot-roots.js';`);
    expect(typecheck(dir, true)).toEqual([]);
  });

  it('two modules of one name in one folder would collide (a .ts compiles to .js): the second language keeps its helpers inline', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'mixed-folder', type: 'module' }),
      'src/server.ts': SERVER_TS,
      'src/tools/a.ts': tool('a'),
      'src/tools/b.ts': tool('b'),
      'src/tools/c.js': tool('c', true, false),
      'src/tools/d.js': tool('d', true, false),
    });
    const { report } = await migrate(dir, ['src']);
    const created = report.files.filter((f) => f.created).map((f) => f.file);
    expect(created).toHaveLength(1);
    const inline = created[0] === 'src/tools/uproot-roots.ts' ? ['c.js', 'd.js'] : ['a.ts', 'b.ts'];
    for (const name of inline) expect(read(dir, `src/tools/${name}`).match(FUNCTIONS)).toHaveLength(2);
    expect(report.notices).toContainEqual({ file: expect.stringMatching(/^src\/tools\/uproot-roots\.[jt]s$/), message: expect.stringContaining('would sit beside the shared helpers module of files in another language') });
  });
});

describe('end to end with the shared module (the helper-cross-file fixtures)', () => {
  for (const name of ['helper-cross-file-ts', 'helper-cross-file-js']) {
    it(`${name}: both files import one module, and the server answers like the original on both eras`, async () => {
      let dir: string | undefined;
      const comparison = await compareMigration(
        path.join(REPO, 'test/e2e/fixtures/mrtr', name),
        async (_text, file) => {
          if (!dir) {
            dir = path.dirname(file);
            const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: false });
            expect(result.failures).toEqual([]);
            expect(result.files.filter((f) => f.created).map((f) => f.file)).toEqual([`uproot-roots.${name.endsWith('ts') ? 'ts' : 'js'}`]);
          }
          return readFileSync(file, 'utf8');
        },
        { keepCopy: true },
      );
      try {
        expectSameAsOriginal(comparison);
        for (const file of readdirSync(dir!).filter((f) => /^(roots|server)\./.test(f))) {
          const text = read(dir!, file);
          expect(text).toContain(`from './uproot-roots.js';`);
          expect(text).not.toMatch(FUNCTIONS);
        }
        expect((await runMigrate([dir!], { cwd: dir!, strategy: 'mrtr', dryRun: true })).files.filter((f) => f.changed)).toEqual([]);
      } finally {
        rmSync(comparison.migrated.dir, { recursive: true, force: true });
      }
    });
  }
});
