// The multi-file projects copied out without their package.json, laid out the ways users have such trees:
// a git repository (also one under an unrelated package.json), a folder scanned where it lies, a subfolder
// scanned alone. Callers are then found in the git root or the directory the run started from, so
// `uproot scan`, ESLint and jscodeshift report what they report in the package layout, file by file.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { applyTransform } from 'jscodeshift/src/testUtils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../packages/eslint-plugin/src/index.ts';
import { main } from '../packages/uproot/src/cli.ts';
import { runMigrate } from '../packages/uproot/src/migrate/migrate.ts';
import transform from '../transforms/jscodeshift/mrtr.ts';
import { type CorpusProject, readProjects } from './detection-corpus.ts';
import { ruleOfKind } from '@uproot/core';

/** Projects whose package.json says nothing a resolver needs (no `imports`, no workspaces). */
const portable = readProjects().filter((p) => {
  const manifest = JSON.parse(readFileSync(path.join(p.dir, 'package.json'), 'utf8')) as object;
  return Object.keys(manifest).every((k) => ['name', 'private', 'type'].includes(k));
});
const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-no-manifest-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
/** A directory that holds none of the copies: a run started there proves nothing by its cwd. */
const elsewhere = path.join(temp, 'elsewhere');
mkdirSync(elsewhere);
/** More files than a package is searched for callers: a boundary this wide finds no caller at all. */
const crowded = path.join(temp, 'home');
mkdirSync(path.join(crowded, 'notes'), { recursive: true });
writeFileSync(path.join(crowded, 'package.json'), '{ "name": "home", "private": true }\n');
for (let i = 0; i < 2001; i++) writeFileSync(path.join(crowded, 'notes', `n${i}.js`), `export const n = ${i};\n`);

function gitInit(dir: string): void {
  execFileSync('git', ['init', '-q'], { cwd: dir, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir } });
}

/** The project copied under `parent` without its package.json; `git`: made a repository. */
function copyOut(project: CorpusProject, parent: string, git: boolean): string {
  const dir = path.join(parent, project.name);
  cpSync(project.dir, dir, { recursive: true });
  rmSync(path.join(dir, 'package.json'));
  if (git) gitInit(dir);
  return dir;
}

interface Layout {
  name: string;
  /** Copies the project and says where scan and jscodeshift start, which paths scan is given, and ESLint's cwd. */
  make(project: CorpusProject): { root: string; cwd: string; paths: string[]; lintCwd?: string };
}

const layouts: Layout[] = [
  // ESLint lints only files under its cwd: it starts above the repositories.
  { name: 'a git repository, run from elsewhere', make: (p) => ({ root: copyOut(p, path.join(temp, 'git'), true), cwd: elsewhere, paths: [path.join(temp, 'git', p.name)], lintCwd: path.join(temp, 'git') }) },
  { name: 'a git repository under an unrelated package.json', make: (p) => ({ root: copyOut(p, crowded, true), cwd: path.join(crowded, p.name), paths: [] }) },
  { name: 'a folder scanned where it lies', make: (p) => ({ root: copyOut(p, path.join(temp, 'plain'), false), cwd: path.join(temp, 'plain', p.name), paths: [] }) },
];

/** `file:line kind` of every site scan reports, `file` relative to the project root. */
async function scan(root: string, cwd: string, paths: string[]): Promise<string[]> {
  let out = '';
  let err = '';
  const exit = await main(['scan', ...paths, '--format', 'json'], { out: (s) => ((out += s), true), err: (s) => ((err += s), true), cwd });
  if (exit !== 0) throw new Error(`uproot scan exited ${exit}: ${err}`);
  const report = JSON.parse(out) as { sites: Array<{ file: string; line: number; kind: string }>; failures: unknown[] };
  expect(report.failures).toEqual([]);
  return report.sites.map((s) => `${path.relative(root, path.resolve(cwd, s.file)).split(path.sep).join('/')}:${s.line} ${s.kind}`).sort();
}

/** `uproot/no-roots-request` → `request`: the site rules, by the kind they report. */
const kindOfRule = new Map(Object.entries(ruleOfKind).map(([kind, rule]) => [`uproot/${rule}`, kind]));

function lint(file: string, cwd: string): string[] {
  const config = [{ files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'], languageOptions: { parser: tsParser as never } }, plugin.configs.strict];
  const messages = new Linter({ cwd }).verify(readFileSync(file, 'utf8'), config as never, { filename: file });
  return messages.filter((m) => kindOfRule.has(m.ruleId ?? '')).map((m) => `${m.line} ${kindOfRule.get(m.ruleId!)}`);
}

/** jscodeshift started in `cwd`, as `npx jscodeshift -t … <file>` there would run. */
async function codeshift(file: string, cwd: string): Promise<string> {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return await applyTransform({ default: transform, parser: 'ts' } as never, {}, { source: readFileSync(file, 'utf8'), path: file });
  } finally {
    process.chdir(before);
  }
}

const labelled = (p: CorpusProject) => p.files.flatMap((f) => f.expected.map((e) => `${f.name}:${e.line} ${e.kind}`)).sort();

describe('projects without a package.json', () => {
  it('the copies sit under no package.json or repository of this checkout', () => {
    for (let dir = temp; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      expect(existsSync(path.join(dir, 'package.json')) || existsSync(path.join(dir, '.git'))).toBe(false);
    }
    expect(portable.map((p) => p.name)).toEqual(expect.arrayContaining(['importer-calls-v1-ts', 'importer-calls-v2-js', 'tool-modules-v1-ts', 'tool-modules-v2-js']));
  });

  for (const layout of layouts) {
    describe(layout.name, () => {
      for (const project of portable) {
        describe(project.name, () => {
          let where: ReturnType<Layout['make']>;
          beforeAll(() => {
            where = layout.make(project);
          });

          it('scan reports exactly the labelled sites', async () => {
            expect(await scan(where.root, where.cwd, where.paths)).toEqual(labelled(project));
          });

          it('ESLint and jscodeshift see each file as in the package layout', async () => {
            for (const file of project.files) {
              const copy = path.join(where.root, file.name);
              const expected = file.expected.map((e) => `${e.line} ${e.kind}`).sort();
              expect(lint(copy, where.lintCwd ?? where.cwd).sort(), file.name).toEqual(expected);
              expect(await codeshift(copy, where.cwd), file.name).toBe(await codeshift(file.absolute, project.dir));
            }
          });
        });
      }
    });
  }

  it('jscodeshift rewrites a tool whose server only its caller proves (the comparison is not vacuous)', async () => {
    const project = portable.find((p) => p.name === 'tool-modules-v2-js')!;
    const out = await codeshift(path.join(project.dir, 'tools/folders.js'), project.dir);
    expect(out).toContain('inputRequired');
  });

  // In process, from another directory than the test's (as the programmatic API may run): the cwd given bounds
  // the callers. Without a package.json `--to param` keeps its helpers inline (the module system is unknown), so
  // its plans are compared site by site; the MRTR rewrite must be the same text.
  for (const strategy of ['mrtr', 'param'] as const) {
    it(`migrate --to ${strategy} plans the same sites in a folder without its package.json`, async () => {
      const outcomes = async (dir: string) => {
        const result = await runMigrate([dir], { cwd: dir, strategy, dryRun: strategy === 'param' });
        expect(result.failures).toEqual([]);
        return result.files.flatMap((f) => f.outcomes.map((o) => `${f.file}:${o.site.line} ${o.outcome} ${o.reason ?? ''}`)).sort();
      };
      let rewritten = 0;
      for (const project of portable) {
        const inPackage = path.join(temp, `migrate-${strategy}-package`, project.name);
        cpSync(project.dir, inPackage, { recursive: true });
        const plain = copyOut(project, path.join(temp, `migrate-${strategy}-plain`), false);
        const expected = await outcomes(inPackage);
        rewritten += expected.filter((o) => o.includes(' rewritten')).length;
        expect(await outcomes(plain), project.name).toEqual(expected);
        if (strategy !== 'mrtr') continue;
        // Files that share helpers import them from one generated module in a package; without its
        // package.json (the module system unknown) each keeps its own copy, as with --to param.
        const shared = readdirSync(inPackage).find((f) => /^uproot-roots\.[cm]?[jt]s$/.test(f));
        if (shared) {
          expect(existsSync(path.join(plain, shared)), project.name).toBe(false);
          for (const file of project.files) {
            const imported = /import \{([^}]*)\} from '[./]*uproot-roots\.[cm]?[jt]s'/.exec(readFileSync(path.join(inPackage, file.name), 'utf8'))?.[1];
            if (!imported) continue;
            const inline = readFileSync(path.join(plain, file.name), 'utf8');
            expect(inline, `${project.name}/${file.name}`).not.toContain('uproot-roots');
            for (const name of imported.split(',').map((n) => n.trim())) expect(inline, `${project.name}/${file.name}`).toMatch(new RegExp(`function ${name}\\(`));
          }
        } else for (const file of project.files) expect(readFileSync(path.join(plain, file.name), 'utf8'), `${project.name}/${file.name}`).toBe(readFileSync(path.join(inPackage, file.name), 'utf8'));
      }
      expect(rewritten).toBeGreaterThan(0);
    });
  }

  it('a subfolder scanned alone still reads the entry outside it', async () => {
    for (const name of ['importer-calls-v2-js', 'tool-modules-v2-js']) {
      const project = portable.find((p) => p.name === name)!;
      const root = copyOut(project, path.join(temp, 'subfolder'), false);
      const sub = name === 'tool-modules-v2-js' ? 'tools' : 'lib';
      expect(await scan(root, root, [sub])).toEqual(labelled(project));
    }
  });
});

describe('a long-running ESLint without a package.json', () => {
  const project = portable.find((p) => p.name === 'tool-modules-v2-js')!;
  const root = path.join(temp, 'server', project.name);
  const tools = path.join(root, 'tools/folders.js');
  const entry = path.join(root, 'index.js');

  it('sees a caller added later, and a package.json that cuts the folder off, then its removal', () => {
    mkdirSync(path.join(root, 'tools'), { recursive: true });
    cpSync(path.join(project.dir, 'tools'), path.join(root, 'tools'), { recursive: true });
    expect(lint(tools, root)).toEqual([]);
    cpSync(path.join(project.dir, 'index.js'), entry);
    expect(lint(tools, root)).toEqual(['6 request']);
    writeFileSync(path.join(root, 'tools/package.json'), '{ "name": "tools", "private": true }\n');
    expect(lint(tools, root)).toEqual([]);
    rmSync(path.join(root, 'tools/package.json'));
    expect(lint(tools, root)).toEqual(['6 request']);
  });

  it('takes in a nested package once its package.json goes away', () => {
    const dir = path.join(temp, 'server-nested');
    mkdirSync(path.join(dir, 'entry'), { recursive: true });
    cpSync(path.join(project.dir, 'tools'), path.join(dir, 'tools'), { recursive: true });
    const text = readFileSync(path.join(project.dir, 'index.js'), 'utf8').replaceAll("'./tools/", "'../tools/");
    writeFileSync(path.join(dir, 'entry/index.js'), text);
    writeFileSync(path.join(dir, 'entry/package.json'), '{ "name": "entry", "private": true }\n');
    const file = path.join(dir, 'tools/folders.js');
    expect(lint(file, dir)).toEqual([]);
    rmSync(path.join(dir, 'entry/package.json'));
    expect(lint(file, dir)).toEqual(['6 request']);
  });
});
