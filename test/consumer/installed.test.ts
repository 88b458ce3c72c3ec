// uproot as a user meets it: the three tarballs installed into a project outside the repository, and there
// the CLI, the ESLint plugin (every config format, both parsers), the jscodeshift entries and the API run and
// agree with the in-repository CLI and with each other, site by site.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eslintConfig, type ConfigFormat, type ParserSetup } from './eslint-configs.ts';
import { installConsumer, packWorkspaces, REPO, type Tarballs } from './project.ts';
import { run, runAsync, runOk, type Run } from './run.ts';
import { danglingReferences, unpack } from './tarball.ts';

const EXAMPLE = path.join(REPO, 'examples/legacy-server');
// Hand-rolled MRTR code with seeded mistakes: the mrtr-* rules' problems, beside the example's roots sites.
const MRTR_CORPUS = path.join(REPO, 'test/fixtures/mrtr-rules/corpus');
const REPO_CLI = path.join(REPO, 'packages/uproot/bin/uproot.js');
const REPO_BIN = (name: string) => path.join(REPO, 'node_modules/.bin', name);

const DEV_DEPENDENCIES: Record<string, string> = {
  eslint: '10.15.0',
  jiti: '2.7.0',
  'typescript-eslint': '8.72.0',
  typescript: '6.0.3',
  jscodeshift: '17.4.0',
  '@types/node': '20.19.43',
};

let tarballs: Tarballs;
let consumer: string;
/** Where the in-repository CLI runs, on identical copies at the same relative paths. */
let reference: string;

function placeExample(dir: string, at: string): void {
  cpSync(EXAMPLE, path.join(dir, at, 'legacy-server'), { recursive: true });
}

beforeAll(() => {
  tarballs = packWorkspaces();
  consumer = installConsumer(DEV_DEPENDENCIES);
  reference = mkdtempSync(path.join(os.tmpdir(), 'uproot-reference-'));
  // The same project (migrate's formatter hint reads its devDependencies), with nothing installed.
  cpSync(path.join(consumer, 'package.json'), path.join(reference, 'package.json'));
  for (const at of ['.', 'migrate-mrtr', 'migrate-param']) {
    placeExample(consumer, at);
    placeExample(reference, at);
  }
  // The corpus's own tsconfig extends the repository's; the consumer's tsconfig covers it instead.
  cpSync(MRTR_CORPUS, path.join(consumer, 'mrtr-corpus'), { recursive: true, filter: (src) => path.basename(src) !== 'tsconfig.json' });
  const compilerOptions = { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: false, noEmit: true, allowJs: true, types: ['node'] };
  // typescript-eslint's project service types the linted code; the API check has its own, smaller program.
  writeFileSync(path.join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['legacy-server', 'mrtr-corpus'] }, null, 2));
  writeFileSync(path.join(consumer, 'tsconfig.api.json'), JSON.stringify({ compilerOptions, include: ['api.ts', 'api-types.ts'] }, null, 2));
}, 900_000);

afterAll(() => {
  for (const dir of [consumer, reference]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Only the temp directories' names differ between the two runs. */
function normalise(r: Run): Run {
  const clean = (s: string) => s.replaceAll(consumer, '<project>').replaceAll(reference, '<project>');
  return { code: r.code, out: clean(r.out), err: clean(r.err) };
}
const installed = (args: string[]) => normalise(run('npx', ['uproot', ...args], consumer));
const installedAsync = async (args: string[]) => normalise(await runAsync('npx', ['uproot', ...args], consumer));
/** The installed and the in-repository CLI on their own copies, at the same time. */
async function both(args: string[]): Promise<[Run, Run]> {
  const [a, b] = await Promise.all([runAsync('npx', ['uproot', ...args], consumer), runAsync(process.execPath, [REPO_CLI, ...args], reference)]);
  return [normalise(a), normalise(b)];
}

/** Relative path → content of every file under `dir`. */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, rel);
    if (!existsSync(file) || !/\.[cm]?[jt]s$|\.json$/.test(rel)) continue;
    files[rel.split(path.sep).join('/')] = readFileSync(file, 'utf8');
  }
  return files;
}

interface Located {
  file: string;
  line: number;
  column: number;
  rule: string;
}
const key = (s: Located) => `${s.file}:${s.line}:${s.column} ${s.rule}`;

let scanned: Located[] | undefined;
/** `uproot scan --format json` of everything ESLint lints here: roots sites and MRTR problems. */
function scanSites(): Located[] {
  if (scanned) return scanned;
  const r = installed(['scan', 'legacy-server', 'mrtr-corpus', '--format', 'json']);
  expect(r.code, r.err).toBe(0);
  const report = JSON.parse(r.out) as { sites: Located[]; problems: Located[]; failures: unknown[] };
  expect(report.failures).toEqual([]);
  scanned = [...report.sites, ...report.problems];
  return scanned;
}

// Each step spawns real tools (npx, tsc, ESLint with a typed program) on a shared 2-core machine.
const SLOW = { timeout: 300_000 };

describe('the installed CLI', SLOW, () => {
  it('--version prints the package version, as the in-repository CLI does', async () => {
    const version = JSON.parse(readFileSync(path.join(REPO, 'packages/uproot/package.json'), 'utf8')).version as string;
    const [r, repo] = await both(['--version']);
    expect(r).toEqual({ code: 0, out: `${version}\n`, err: '' });
    expect(repo).toEqual(r);
  });

  const scans: [string, string[], number][] = [
    ['scan', ['scan', 'legacy-server'], 0],
    ['scan --format json', ['scan', 'legacy-server', '--format', 'json'], 0],
    ['scan --format sarif', ['scan', 'legacy-server', '--format', 'sarif'], 0],
    ['scan --check', ['scan', 'legacy-server', '--check'], 1],
  ];
  for (const [name, args, code] of scans) {
    it(`${name}: same output and exit code as the in-repository CLI`, async () => {
      // Only the consumer has a tsconfig and the MCP packages, so both run untyped to compare (typed: below).
      const [r, repo] = await both([...args, '--types', 'off']);
      expect(r.code, r.err).toBe(code);
      expect(r.out).toContain('legacy-server/src/server.ts');
      expect(r).toEqual(repo);
    });
  }

  it('scan --types on loads the TypeScript checker from the installed package and keeps every untyped site', async () => {
    // Two read-only scans of the same folder: side by side.
    const [typed, untyped] = await Promise.all([installedAsync(['scan', 'legacy-server', '--types', 'on', '--format', 'json']), installedAsync(['scan', 'legacy-server', '--types', 'off', '--format', 'json'])]);
    expect(typed.code, typed.err).toBe(0);
    const [t, u] = [typed, untyped].map((r) => JSON.parse(r.out) as { sites: Located[]; summary: { types: string } });
    expect([t!.summary.types, u!.summary.types]).toEqual(['on', 'off']);
    expect(u!.sites.length).toBeGreaterThan(0);
    expect(t!.sites.map(key)).toEqual(expect.arrayContaining(u!.sites.map(key)));
  });

  // Under mrtr markers are left (the v1 tool, the lifecycle fetch): exit 1, dry or not. Under param every site
  // of the example is rewritten or only reported: exit 0.
  for (const [strategy, extra, code] of [['mrtr', [], 1], ['param', ['--to', 'param'], 0]] as const) {
    it(`migrate${extra.length ? ' --to param' : ''}: the same dry run, then the same files written`, async () => {
      const target = `migrate-${strategy}/legacy-server`;
      const original = tree(path.join(consumer, target));
      // Untyped on both sides, as for scan: only the consumer could run typed.
      const [dry, repoDry] = await both(['migrate', target, '--dry-run', '--types', 'off', ...extra]);
      expect(dry.code, dry.err).toBe(code);
      expect(dry.out).toContain('+++ b/');
      expect(dry).toEqual(repoDry);
      expect(tree(path.join(consumer, target))).toEqual(original);

      const [written, repoWritten] = await both(['migrate', target, '--types', 'off', ...extra]);
      expect(written.code, written.err).toBe(code);
      expect(written).toEqual(repoWritten);
      const result = tree(path.join(consumer, target));
      expect(result).not.toEqual(original);
      expect(result).toEqual(tree(path.join(reference, target)));
    });
  }
});

type EslintResults = { filePath: string; messages: { ruleId: string | null; line: number; column: number; fatal?: boolean; message: string }[] }[];

describe('the installed ESLint plugin reports what uproot scan finds', SLOW, () => {
  const JS = /\.[cm]?js$/;
  const formats: ConfigFormat[] = ['js', 'cjs', 'ts'];
  for (const parser of ['default', 'project-service'] as ParserSetup[]) {
    describe(parser === 'default' ? "ESLint's default parser" : 'typescript-eslint projectService', () => {
      // The three configs lint the same files independently: run them side by side.
      const runs = new Map<ConfigFormat, Promise<Run>>();
      beforeAll(() => {
        for (const format of formats) {
          const config = `eslint.config.${format}`;
          writeFileSync(path.join(consumer, config), eslintConfig(format, parser));
          runs.set(format, runAsync('npx', ['eslint', '-c', config, '--format', 'json', 'legacy-server', 'mrtr-corpus'], consumer));
        }
      });
      for (const format of formats) {
        it(`eslint.config.${format}`, async () => {
          const r = await runs.get(format)!;
          // Errors reported (no-roots-request, the mrtr-* problems): ESLint exits 1; 2 would be a crash.
          expect(r.code, r.err).toBe(1);
          const results = JSON.parse(r.out) as EslintResults;
          const foreign = results.flatMap((f) => f.messages.filter((m) => m.fatal || !m.ruleId?.startsWith('uproot/')).map((m) => `${f.filePath}: ${m.message}`));
          expect(foreign).toEqual([]);
          const linted = results.map((f) => path.relative(consumer, f.filePath).split(path.sep).join('/'));
          expect(linted.some((f) => f.endsWith('.ts'))).toBe(parser === 'project-service');
          const reported = results.flatMap((f) =>
            f.messages.map((m) => key({ file: path.relative(consumer, f.filePath).split(path.sep).join('/'), line: m.line, column: m.column, rule: m.ruleId! })),
          );
          const expected = scanSites().filter((s) => parser === 'project-service' || JS.test(s.file)).map(key);
          expect(expected.length).toBeGreaterThan(parser === 'default' ? 5 : 20);
          expect(reported.sort()).toEqual(expected.sort());
        });
      }
    });
  }
});

/** Files of the example that import no other file of it and that no other file imports: their rewrite is theirs alone. */
function standaloneFiles(dir: string): string[] {
  const files = Object.keys(tree(dir)).filter((f) => /\.[cm]?[jt]s$/.test(f));
  const relativeImports = (f: string) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  const imported = new Set(files.flatMap((f) => relativeImports(f).map((spec) => path.posix.join(path.posix.dirname(f), spec).replace(/\.js$/, ''))));
  return files.filter((f) => relativeImports(f).length === 0 && !imported.has(f.replace(/\.[cm]?[jt]s$/, '')));
}

describe('the installed jscodeshift entries write what uproot migrate writes', SLOW, () => {
  for (const [strategy, extra] of [['mrtr', []], ['param', ['--to', 'param']]] as const) {
    it(`npx jscodeshift -t node_modules/uproot/dist/jscodeshift/${strategy}.cjs`, () => {
      const codemod = `jscodeshift-${strategy}/codemod/legacy-server`;
      const cli = `jscodeshift-${strategy}/cli/legacy-server`;
      for (const at of [codemod, cli]) cpSync(EXAMPLE, path.join(consumer, at), { recursive: true });
      const r = runOk('npx', ['jscodeshift', '-t', `node_modules/uproot/dist/jscodeshift/${strategy}.cjs`, '--extensions=ts,js', `${codemod}/src`], consumer);
      expect(r.out).toMatch(/\b0 errors\b/);
      // Sites it cannot rewrite come back through jscodeshift's report, with their reason code (param rewrites them all).
      if (strategy === 'mrtr') expect(r.out).toContain(`${codemod}/src/allowed-dirs.ts:13:24 [lifecycle]`);
      else expect(r.out).not.toMatch(/\[[a-z-]+\] /);
      // One file per run, as jscodeshift sees one file: a run over several shares their generated helpers in a module.
      const standalone = standaloneFiles(EXAMPLE);
      expect(standalone.length).toBeGreaterThanOrEqual(3);
      for (const f of standalone) {
        const r = run('npx', ['uproot', 'migrate', path.posix.join(cli, f), '--force', ...extra], consumer);
        expect([0, 1], r.err).toContain(r.code);
      }

      const original = tree(EXAMPLE);
      const viaCodemod = tree(path.join(consumer, codemod));
      const viaCli = tree(path.join(consumer, cli));
      expect(standalone.filter((f) => viaCli[f] !== original[f]).length).toBeGreaterThan(0);
      for (const f of standalone) expect(viaCodemod[f], f).toBe(viaCli[f]);
    });
  }
});

describe('the programmatic API, typed and run in the consumer', SLOW, () => {
  it('type-checks under nodenext/strict/skipLibCheck false and returns what the CLI prints', async () => {
    writeFileSync(
      path.join(consumer, 'api.ts'),
      [
        "import { migrate, scan, type MigrateReport, type ScanReport } from 'uproot';",
        '',
        "const report: ScanReport = await scan(['legacy-server']);",
        "const dryRun: MigrateReport = await migrate(['legacy-server'], { dryRun: true });",
        'process.stdout.write(JSON.stringify({ scan: report, migrate: dryRun }));',
        '',
      ].join('\n'),
    );
    // Only real types reject these; an untyped (any) module would let both through and fail the check.
    writeFileSync(
      path.join(consumer, 'api-types.ts'),
      [
        "import { migrate, scan } from 'uproot';",
        'export async function misuse(): Promise<void> {',
        "  // @ts-expect-error: the strategy is 'mrtr' or 'param'",
        "  await migrate([], { to: 'roots' });",
        '  const report = await scan();',
        "  // @ts-expect-error: a site's line is a number",
        '  const line: string = report.sites[0]!.line;',
        '  void line;',
        '}',
        '',
      ].join('\n'),
    );
    // What the CLI prints, for the API to match: read-only runs on legacy-server, started beside tsc (which writes build/ only).
    const cli = Promise.all([
      runAsync('npx', ['uproot', 'scan', 'legacy-server', '--format', 'json'], consumer),
      runAsync('npx', ['uproot', 'migrate', 'legacy-server', '--dry-run', '--format', 'json'], consumer),
    ]);
    // One tsc run type-checks (it exits non-zero on any error) and emits the JavaScript Node runs.
    const tsc = await runAsync('npx', ['tsc', '-p', 'tsconfig.api.json', '--noEmit', 'false', '--outDir', 'build'], consumer);
    const [cliScan, cliDryRun] = await cli;
    expect(tsc.code, `${tsc.out}\n${tsc.err}`).toBe(0);
    const api = JSON.parse(runOk(process.execPath, ['build/api.js'], consumer).out) as { scan: { sites: unknown[] }; migrate: unknown };

    expect(api.scan.sites.length).toBeGreaterThan(0);
    expect(api.scan).toEqual(JSON.parse(cliScan.out));
    expect(api.migrate).toEqual(JSON.parse(cliDryRun.out));
  });
});

describe('on the lowest Node version the packages declare', SLOW, () => {
  // engines is "^20.19.0 || >=22.12.0": its first version is the oldest Node a user may run uproot on.
  const engines = JSON.parse(readFileSync(path.join(REPO, 'packages/uproot/package.json'), 'utf8')).engines.node as string;
  const lowest = /\d+\.\d+\.\d+/.exec(engines)![0];
  // That Node, from the registry's `node` package, runs the installed bins directly.
  const oldNode = (args: string[], expected = 0) => runOk('npx', ['-y', '-p', `node@${lowest}`, 'node', ...args], consumer, expected);
  const oldNodeAsync = async (args: string[], expected: number) => {
    const r = await runAsync('npx', ['-y', '-p', `node@${lowest}`, 'node', ...args], consumer);
    expect(r.code, `node@${lowest} ${args.join(' ')} exited ${r.code} (expected ${expected})\n${r.out}\n${r.err}`).toBe(expected);
    return r;
  };
  // ESM and CommonJS loading of the plugin; the typed runs above exercise nothing that depends on Node's version.
  const eslintSetups = [['js', 'default'], ['cjs', 'default']] as [ConfigFormat, ParserSetup][];
  // Once the first test has fetched that Node, the scan and the two ESLint runs only read the project: they start
  // together with the first of them, and each test awaits its own.
  let later: { scan: Promise<Run>; eslint: Promise<Run>[] } | undefined;
  const started = () => {
    if (later) return later;
    const handled = (p: Promise<Run>) => (p.catch(() => {}), p);
    const scan = handled(oldNodeAsync(['node_modules/uproot/bin/uproot.js', 'scan', 'legacy-server', 'mrtr-corpus', '--format', 'json'], 0));
    const eslint = eslintSetups.map(([format, parser]) => {
      const config = `eslint.config.${format}`;
      writeFileSync(path.join(consumer, config), eslintConfig(format, parser));
      return handled(oldNodeAsync(['node_modules/eslint/bin/eslint.js', '-c', config, '--format', 'json', 'legacy-server', 'mrtr-corpus'], 1));
    });
    return (later = { scan, eslint });
  };

  it(`runs on Node ${lowest}`, () => {
    expect(oldNode(['-p', 'process.version']).out.trim()).toBe(`v${lowest}`);
  });

  it('the CLI scans as it does on the current Node', async () => {
    const r = await started().scan;
    const report = JSON.parse(r.out) as { sites: Located[]; problems: Located[] };
    expect([...report.sites, ...report.problems].map(key)).toEqual(scanSites().map(key));
  });

  for (const [i, [format, parser]] of eslintSetups.entries()) {
    it(`ESLint with eslint.config.${format} (${parser} parser) reports the same sites`, async () => {
      const r = await started().eslint[i]!;
      const results = JSON.parse(r.out) as { filePath: string; messages: { ruleId: string | null; line: number; column: number }[] }[];
      const reported = results.flatMap((f) => f.messages.map((m) => key({ file: path.relative(consumer, f.filePath).split(path.sep).join('/'), line: m.line, column: m.column, rule: m.ruleId ?? '(fatal)' })));
      const expected = scanSites().filter((s) => parser === 'project-service' || /\.[cm]?js$/.test(s.file)).map(key);
      expect(reported.sort()).toEqual(expected.sort());
    });
  }
});

describe('the tarballs stand alone', SLOW, () => {
  const packages = () => [
    { name: '@uproot/core', tarball: tarballs.core, profile: ['--profile', 'esm-only'] },
    { name: 'eslint-plugin-uproot', tarball: tarballs.plugin, profile: [] },
    { name: 'uproot', tarball: tarballs.cli, profile: ['--profile', 'esm-only'] },
  ];

  it('the consumer project has no node_modules above it to fall back on', () => {
    for (let dir = path.dirname(consumer); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      expect(existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
    }
    expect(path.relative(REPO, consumer).startsWith('..')).toBe(true);
  });

  it('ship compiled JavaScript and declarations only, and reference nothing outside themselves', () => {
    for (const { name, tarball } of packages()) {
      const unpacked = unpack(tarball);
      expect(unpacked.files.filter((f) => f.startsWith('src/')), name).toEqual([]);
      expect(unpacked.files.filter((f) => /\.[cm]?tsx?$/.test(f) && !/\.d\.c?ts$/.test(f)), name).toEqual([]);
      expect(unpacked.files.some((f) => f.endsWith('.d.ts')), name).toBe(true);
      expect(danglingReferences(unpacked), name).toEqual([]);
      rmSync(path.dirname(unpacked.root), { recursive: true, force: true });
    }
  });

  it('the plugin ships the docs page of every rule', () => {
    const { files, root } = unpack(tarballs.plugin);
    const rules = Object.keys((JSON.parse(runOk(process.execPath, ['-e', "process.stdout.write(JSON.stringify(require('eslint-plugin-uproot').rules))"], consumer).out)) as object);
    expect(rules.length).toBeGreaterThanOrEqual(9);
    for (const rule of rules) expect(files).toContain(`docs/rules/${rule}.md`);
    rmSync(path.dirname(root), { recursive: true, force: true });
  });

  // Each tarball is checked on its own: the three run side by side.
  it('publint (strict) finds nothing', async () => {
    const runs = await Promise.all(packages().map(({ tarball }) => runAsync(REPO_BIN('publint'), ['run', tarball, '--strict'], REPO)));
    for (const [i, { name }] of packages().entries()) expect(runs[i]!.code, `${name}\n${runs[i]!.out}\n${runs[i]!.err}`).toBe(0);
  });

  it('are the types wrong: ESM-only packages under esm-only, the dual plugin under every resolution', async () => {
    const runs = await Promise.all(packages().map(({ tarball, profile }) => runAsync(REPO_BIN('attw'), [tarball, ...profile, '--format', 'ascii'], REPO)));
    for (const [i, { name }] of packages().entries()) expect(runs[i]!.code, `${name}\n${runs[i]!.out}\n${runs[i]!.err}`).toBe(0);
  });
});
