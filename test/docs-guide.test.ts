// The README and the guide in docs/ stay true to what uproot does: every fenced block is run or compared with a
// real run (test/docs-harness.ts sorts them; a block it cannot sort fails here), the rules table is generated from
// rule meta, the format field tables are the report interfaces' fields, and every link resolves.
import { validateWorkflow } from '@action-validator/core';
import { reasonCodes, reasonDocsUrl, reasonMessages } from '@uproot/core';
import { ESLint } from 'eslint';
import plugin from 'eslint-plugin-uproot';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { rulesTable, withRulesTable } from '../scripts/rules-table.mjs';
import {
  type Block,
  type BlockKind,
  blocksOf,
  configureOf,
  exampleProject,
  guidePages,
  kindOf,
  limited,
  matchesWithElisions,
  migrateSnippet,
  repoRoot,
  runCli,
  uprootArgs,
} from './docs-harness.ts';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const pages = guidePages();
const blocks: Block[] = pages.flatMap((page) => blocksOf(page, read(page)));
const at = (b: Block) => `${b.page}:${b.line}`;
const ofKind = (kind: BlockKind) => blocks.filter((b) => kindOf(b) === kind);
/** The blocks of a kind as `it.each` rows: `[page:line, block]`. */
const each = (kind: BlockKind) => ofKind(kind).map((b) => [at(b), b] as const);

// Projects the checks made, removed at the end; one per command, since migrate writes.
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((remove) => remove()));
function project(prefix: string): string {
  const p = exampleProject(prefix);
  cleanups.push(p.remove);
  return p.dir;
}

describe('README', () => {
  const readme = read('README.md');

  it('is a front door: at most 150 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
  });

  it('has the rules table the rules meta and configs give (fix: node scripts/rules-table.mjs)', () => {
    expect(readme, 'the README rules table is out of date: run `node scripts/rules-table.mjs`').toBe(withRulesTable(readme, rulesTable(plugin)));
  });

  it("keeps the repository's two commands as CI and contributors use them", () => {
    expect(readme).toContain('npm ci && npm run demo    #');
    expect(readme).toMatch(/^npm test {18}# /m);
  });
});

describe('every block of the README and the guide is checked', () => {
  it('each block is of a kind a check below claims', () => {
    const unclaimed = blocks.map((b) => [at(b), kindOf(b)] as const).filter(([, kind]) => kind.startsWith('unrecognised'));
    expect(unclaimed).toEqual([]);
  });

  it('lists the blocks that opt out as illustrations (none today: each one added shows here)', () => {
    const illustrations = ofKind('illustration').map((b) => `${at(b)} ${b.code.split('\n')[0]}`);
    console.info(`docs: ${blocks.length} blocks checked; illustrations (unchecked): ${illustrations.length ? illustrations.join(', ') : 'none'}`);
    expect(illustrations).toEqual([]);
  });

  it('every before block has its after block next, and every after block a before', () => {
    for (const [i, b] of blocks.entries()) {
      if (kindOf(b) === 'before') expect(blocks[i + 1] && kindOf(blocks[i + 1]!), `${at(b)}: a before block needs <!-- after --> on the next block`).toBe('after');
      if (kindOf(b) === 'after') expect(blocks[i - 1] && kindOf(blocks[i - 1]!), `${at(b)}: an after block needs a before block right above`).toBe('before');
      if (kindOf(b) === 'configure') expect(blocks[i - 1] && kindOf(blocks[i - 1]!), `${at(b)}: a configure block follows an after block`).toBe('after');
    }
  });
});

describe('before/after examples are what uproot migrate makes of the before block', () => {
  const pairs = blocks.flatMap((b, i) => (kindOf(b) === 'before' && blocks[i + 1] ? [[at(b), b, blocks[i + 1]!] as const] : []));
  const configures = blocks.flatMap((b, i) => (kindOf(b) === 'configure' ? [[at(b), blocks[i - 2]!, b] as const] : []));
  // Each migration is a CLI process of its own in its own directory: the first test starts them all, two at
  // a time (this worker only waits on them), and each test awaits its own.
  let runs: { pairs: Promise<Awaited<ReturnType<typeof migrateSnippet>>>[]; configures: Promise<unknown[]>[] } | undefined;
  const cli = limited(2);
  const handled = <T>(p: Promise<T>) => (p.catch(() => {}), p);
  const started = () =>
    (runs ??= {
      pairs: pairs.map(([, before]) => handled(cli(() => migrateSnippet(before)))),
      configures: configures.map(([, before]) => handled(cli(() => configureOf(before)))),
    });

  it.each(pairs.map(([name, before, after], i) => [name, before, after, i] as const))('%s', async (_, before, after, i) => {
    const { output, run } = await started().pairs[i]!;
    expect(run.status, run.stderr).not.toBe(2);
    const mismatch = matchesWithElisions(after.code, output);
    expect(mismatch, `${at(after)} is not what \`${before.annotation!.slice(8)}\` writes; it writes:\n${output}`).toBeUndefined();
  });

  it.each(configures.map(([name, before, block], i) => [name, before, block, i] as const))('%s: the configure values of the sites', async (_, _before, block, i) => {
    expect(await started().configures[i]!).toEqual(JSON.parse(block.code));
  });
});

describe('shell blocks: each command runs as the page says', () => {
  const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; devDependencies: Record<string, string>; workspaces: string[] };
  const workspaceNames = pkg.workspaces.map((w) => (JSON.parse(read(`${w}/package.json`)) as { name: string }).name);
  const commands = [...new Set(ofKind('shell').flatMap((b) => b.code.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))))];

  function snapshot(dir: string): Map<string, string> {
    const files = new Map<string, string>();
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.name === 'node_modules') continue;
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else files.set(path.relative(dir, p), readFileSync(p, 'utf8'));
      }
    };
    walk(dir);
    return files;
  }
  const changed = (dir: string, before: Map<string, string>) => [...snapshot(dir)].filter(([f, text]) => before.get(f) !== text).map(([f]) => f);

  it.each(commands)('%s', (command) => {
    const args = uprootArgs(command);
    if (args) {
      const dir = project('cli');
      const before = snapshot(dir);
      const run = runCli(args, dir);
      expect(run.status, `exit 2 means a usage error or a failed file:\n${run.stderr}`).not.toBe(2);
      const format = args[args.indexOf('--format') + 1];
      if (args.includes('--format') && format === 'json') expect(JSON.parse(run.stdout).version).toBe(1);
      else if (args.includes('--format') && format === 'sarif') expect(JSON.parse(run.stdout)).toMatchObject({ version: '2.1.0', runs: [{ tool: { driver: { name: 'uproot' } } }] });
      else expect(run.stdout).toMatch(/What is left: npx uproot scan|Next: npx uproot migrate/);
      if (args[0] === 'scan') {
        // The example has roots sites: --check says work remains, a plain scan only reports.
        expect(run.status).toBe(args.includes('--check') ? 1 : 0);
        expect(changed(dir, before)).toEqual([]);
        if (args.includes('--explain')) expect(run.stdout).toMatch(/not sites|not a site|mention roots/i);
      } else if (args[0] === 'migrate') {
        // Exit 1 exactly when the run left markers for a person.
        const marked = format === 'json' && args.includes('--format') ? (JSON.parse(run.stdout) as { summary: { marked: number } }).summary.marked : Number(/(\d+) marked for a person/.exec(run.stdout)?.[1] ?? NaN);
        expect(run.status).toBe(marked > 0 ? 1 : 0);
        if (args.includes('--dry-run')) {
          expect(changed(dir, before)).toEqual([]);
          expect(run.stdout).toContain('--- a/src/');
        } else {
          expect(changed(dir, before).length).toBeGreaterThan(0);
        }
        if (args.includes('--to') && args[args.indexOf('--to') + 1] === 'param' && !args.includes('--format')) expect(run.stdout).toContain('The trust boundary moved');
        if (args.includes('--with-sdk-upgrade')) expect(run.stdout).toMatch(/SDK upgrade|v1-to-v2/);
      } else {
        throw new Error(`${command}: uproot has no such command`);
      }
      return;
    }
    const install = /^npm i -D ((?:[\w@/.-]+ ?)+?)\s*(#.*)?$/.exec(command);
    if (install) {
      for (const name of install[1]!.trim().split(/\s+/)) expect([...workspaceNames, ...Object.keys(pkg.devDependencies)], `${name} is neither one of our packages nor a dependency we test with`).toContain(name);
      return;
    }
    const script = /^npm (?:ci && npm run (\w+)|(test))\s+#/.exec(command);
    if (script) {
      const name = script[1] ?? script[2]!;
      expect(pkg.scripts[name], `package.json has no "${name}" script`).toBeDefined();
      if (name === 'test') expect(pkg.scripts.test).toBe('run-p --aggregate-output typecheck lint && npm run test:unit');
      if (name === 'demo') {
        const demo = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/demo.mjs')], { cwd: repoRoot, encoding: 'utf8' });
        expect(demo.status, demo.stderr).toBe(0);
        expect(demo.stdout).toContain('$ uproot scan examples/legacy-server');
        expect(demo.stdout).toContain('$ uproot migrate examples/legacy-server --dry-run');
      }
      return;
    }
    const jscodeshift = /^npx jscodeshift -t node_modules\/uproot\/(dist\/jscodeshift\/(mrtr|param)\.cjs) (.*)$/.exec(command);
    if (jscodeshift) {
      const dir = project('jscodeshift');
      const before = snapshot(dir);
      const bin = path.join(repoRoot, 'node_modules/jscodeshift/bin/jscodeshift.js');
      const r = spawnSync(process.execPath, [bin, '-t', `node_modules/uproot/${jscodeshift[1]}`, ...jscodeshift[3]!.split(/\s+/)], { cwd: dir, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/\d+ ok/);
      const edited = changed(dir, before);
      expect(edited.length).toBeGreaterThan(0);
      const paramName = /--paramName=(\w+)/.exec(command)?.[1];
      if (paramName) expect(edited.some((f) => readFileSync(path.join(dir, f), 'utf8').includes(`${paramName}:`))).toBe(true);
      return;
    }
    throw new Error(`${command}: a command the docs test does not know how to run; teach test/docs-guide.test.ts`);
  });
});

describe('ESLint configs load and report the example', () => {
  it.each(each('eslint-config'))('%s', async (_, block) => {
    const dir = project('eslint');
    const file = /^\/\/ (eslint\.config\.\w+)/.exec(block.code)![1]!;
    writeFileSync(path.join(dir, file), block.code);
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: file });
    const results = await eslint.lintFiles(['src']);
    const messages = results.flatMap((r) => r.messages.map((m) => ({ file: path.relative(dir, r.filePath), ...m })));
    expect(messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
    expect(messages.filter((m) => m.ruleId?.startsWith('uproot/')).length).toBeGreaterThan(0);
    // A TypeScript config lints the .ts files too; without a parser only JavaScript is linted.
    if (block.code.includes('tseslint.parser')) expect(messages.some((m) => m.file.endsWith('.ts') && m.ruleId === 'uproot/no-roots-request')).toBe(true);
  });
});

describe('tsconfig plugins load in a language service and report the example', () => {
  it.each(each('tsconfig'))('%s', (_, block) => {
    const parsed = ts.parseConfigFileTextToJson('tsconfig.json', block.code);
    expect(parsed.error).toBeUndefined();
    const plugins = (parsed.config as { compilerOptions: { plugins?: { name: string }[] } }).compilerOptions.plugins ?? [];
    expect(plugins.length).toBeGreaterThan(0);
    const dir = project('tsserver');
    const fileName = path.join(dir, 'src/server.ts');
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => ({ module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, skipLibCheck: true }),
      getScriptFileNames: () => [fileName],
      getScriptVersion: () => '1',
      getScriptSnapshot: (f) => (existsSync(f) ? ts.ScriptSnapshot.fromString(readFileSync(f, 'utf8')) : undefined),
      getCurrentDirectory: () => dir,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    let service = ts.createLanguageService(host);
    const requireFromProject = createRequire(path.join(dir, 'package.json'));
    for (const { name } of plugins) {
      const loaded = requireFromProject(name) as { default?: unknown } | ((m: { typescript: typeof ts }) => ts.server.PluginModule);
      const init = (typeof loaded === 'function' ? loaded : loaded.default) as (m: { typescript: typeof ts }) => ts.server.PluginModule;
      const info = { languageService: service, languageServiceHost: host, config: {}, project: { getCurrentDirectory: () => dir, projectService: { logger: { info: () => {} } } } };
      service = init({ typescript: ts }).create(info as unknown as ts.server.PluginCreateInfo);
    }
    const uproot = service.getSemanticDiagnostics(fileName).filter((d) => d.source === 'uproot');
    expect(uproot.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n')).toMatch(/roots\/list|listRoots|roots/);
  });
});

describe('workflows are valid and use the Action as action.yml defines it', () => {
  const action = parseYaml(read('action.yml')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
  const version = (JSON.parse(read('packages/uproot/package.json')) as { version: string }).version;

  it.each(each('workflow'))('%s', (_, block) => {
    expect(validateWorkflow(block.code).errors).toEqual([]);
    const workflow = parseYaml(block.code) as { jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }> };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps).filter((s) => s.uses?.startsWith('uproot-mcp/uproot@'));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step.uses).toBe(`uproot-mcp/uproot@v${version}`);
      for (const input of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs)).toContain(input);
    }
    // Inputs shown commented out must exist too.
    for (const m of block.code.matchAll(/^\s+# ([\w-]+): /gm)) expect(Object.keys(action.inputs)).toContain(m[1]);
  });
});

describe('API examples return what the CLI prints with --format json', () => {
  const flagsOf = (options: Record<string, unknown>) =>
    Object.entries(options).flatMap(([key, value]) => {
      const flag = { dryRun: '--dry-run', explain: '--explain', to: '--to', lifecycle: '--lifecycle', paramName: '--param-name' }[key];
      if (!flag) throw new Error(`API option ${key}: the docs test does not know its flag`);
      return value === true ? [flag] : [flag, String(value)];
    });

  it.each(each('api'))('%s', (_, block) => {
    const dir = project('api');
    const calls = [...block.code.matchAll(/^const (\w+) = await (scan|migrate)\((.*?)\);/gm)];
    expect(calls.length).toBeGreaterThan(0);
    const script = `${block.code}\nconsole.log(JSON.stringify({ ${calls.map((c) => c[1]).join(', ')} }));\n`;
    writeFileSync(path.join(dir, 'api-example.mts'), script);
    const r = spawnSync(process.execPath, ['--import', path.join(repoRoot, 'node_modules/tsx/dist/esm/index.mjs'), 'api-example.mts'], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const values = JSON.parse(r.stdout) as Record<string, unknown>;
    for (const [, name, fn, argText] of calls) {
      const [paths, options = {}] = new Function(`return [${argText}]`)() as [string[], Record<string, unknown>?];
      const cli = runCli([fn!, ...paths, ...flagsOf(options), '--format', 'json'], dir);
      expect(values[name!], `${name}: the API and \`uproot ${fn} --format json\` differ`).toEqual(JSON.parse(cli.stdout));
    }
  });
});

describe('marker blocks are the markers migrate writes', () => {
  it.each(each('markers'))('%s', (_, block) => {
    for (const line of block.code.trim().split('\n')) {
      const m = /^\/\/ uproot: \[([\w-]+)\] (.*)\. See (\S+)$/.exec(line);
      expect(m, line).not.toBeNull();
      const code = m![1] as (typeof reasonCodes)[number];
      expect(reasonCodes).toContain(code);
      expect(m![2]).toBe(reasonMessages[code]);
      expect(m![3]).toBe(reasonDocsUrl(code));
    }
  });
});

describe('output blocks are what the command prints on the example', () => {
  it.each(each('output'))('%s', (_, block) => {
    const args = uprootArgs(block.annotation!.slice('output: '.length));
    expect(args, 'an output block names an uproot command').toBeDefined();
    const run = runCli(args!, project('output'));
    expect(run.stdout).toBe(block.code);
  });
});

describe('field tables are the fields of the report types', () => {
  const sources = ['packages/uproot/src/report/shapes.ts', 'packages/uproot/src/report/summary.ts', 'packages/core/src/types.ts'];
  const interfaces = new Map<string, string[]>();
  for (const file of sources) {
    const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isInterfaceDeclaration(statement)) continue;
      const fields = statement.members.filter(ts.isPropertySignature).map((m) => `${m.name.getText(source)}${m.questionToken ? '?' : ''}`);
      interfaces.set(statement.name.text, fields);
    }
  }
  const action = parseYaml(read('action.yml')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
  const expected = (name: string): string[] | undefined =>
    name === 'action inputs' ? Object.keys(action.inputs) : name === 'action outputs' ? Object.keys(action.outputs) : interfaces.get(name);

  const tables: { at: string; name: string; fields: string[] }[] = [];
  for (const page of pages) {
    const lines = read(page).split('\n');
    for (const [i, line] of lines.entries()) {
      const m = /^<!-- fields: (.+?) -->$/.exec(line);
      if (!m) continue;
      const fields: string[] = [];
      for (let j = i + 3; j < lines.length && lines[j]!.startsWith('|'); j++) fields.push(/^\| `([^`]+)`/.exec(lines[j]!)?.[1] ?? `(row without a field: ${lines[j]})`);
      tables.push({ at: `${page}:${i + 1}`, name: m[1]!, fields });
    }
  }

  it.each(tables.map((t) => [`${t.at} ${t.name}`, t] as const))('%s', (_, table) => {
    const want = expected(table.name);
    expect(want, `${table.name} is no interface in ${sources.join(', ')} and not action.yml's inputs or outputs`).toBeDefined();
    expect(table.fields).toEqual(want);
  });

  it('every interface of the JSON reports has its table in formats.md', () => {
    const documented = new Set(tables.filter((t) => t.at.startsWith('docs/formats.md')).map((t) => t.name));
    const reportTypes = ['ScanReport', 'ScanSiteEntry', 'ScanProblemEntry', 'ScanCandidateEntry', 'FileProblemEntry', 'ScanSummary', 'SiteContext', 'MigrateReport', 'MigrateFileEntry', 'MigrateSiteEntry', 'SiteConfigure', 'MigrateSummary', 'SdkUpgradeReport', 'SdkUpgradeDependency', 'SdkUpgradeDiagnostic', 'TestToUpdate'];
    for (const name of [...interfaces.keys()].filter((n) => read(sources[0]!).includes(`export interface ${n} `))) expect(reportTypes).toContain(name);
    for (const name of reportTypes) expect(documented, `docs/formats.md has no <!-- fields: ${name} --> table`).toContain(name);
  });
});

describe('links', () => {
  /** GitHub's heading anchors: lower case, punctuation other than - and _ dropped, spaces to -. */
  const anchorsOf = (markdown: string) =>
    new Set([...markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')));

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const markdown = read(page).replace(/^```[\s\S]*?^```$/gm, '');
    for (const m of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file ? path.resolve(path.dirname(path.join(repoRoot, page)), file) : path.join(repoRoot, page);
      expect(existsSync(resolved), `${page}: ${target} does not exist`).toBe(true);
      if (anchor && resolved.endsWith('.md')) expect(anchorsOf(readFileSync(resolved, 'utf8')), `${page}: ${target} has no such heading`).toContain(anchor);
    }
  });

  it('the guide index links every page of the guide', () => {
    const index = read('docs/README.md');
    for (const page of pages.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md')) expect(index, `docs/README.md does not link ${page}`).toContain(`](${path.basename(page)}`);
  });

  it('the guide links every reason page', () => {
    const guide = pages.filter((p) => p.startsWith('docs/')).map(read).join('\n');
    for (const code of reasonCodes) expect(guide.includes(`](reasons/${code}.md)`), `no guide page links reasons/${code}.md`).toBe(true);
  });
});
