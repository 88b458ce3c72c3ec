// `npm run bench`: uproot against the floor (plain file reading), against ESLint with no rules and
// against the official @modelcontextprotocol/codemod, measured side by side in one run on the same
// trees. Every measurement is a fresh child process (cold start), repeated --reps times with the
// subjects interleaved (order rotated each round); the median is reported.
//
//   npm run bench                                   1,000 / 6,000 / 50,000-file generated trees, the two real-code
//                                                   trees (installed npm packages) and the typed row (tsc vs --types on)
//   npm run bench -- --sizes 1000,6000              chosen sizes
//   npm run bench -- --tree ../some-repo            an existing directory instead of generated trees
//   npm run bench -- --sizes 1000 --no-typed        leave out the typed row (--no-real: the real-code trees)
//   npm run bench -- --real-only                    only the two real-code rows (floor and scan): no generated
//                                                   trees, typed row or start-up comparison
//   npm run bench -- --real-only --tree /tmp/four   the two real-code rows and an existing tree beside them
//                                                   (floor and scan only, judged like real-user), in one run
//   options: --reps 3  --seed N  --cap 300 (seconds per run)  --codemod-max 6000  --eslint-max 6000
//            --typed-project <dir> (default: this repository, its own tsconfig.json)
//
// Real code, two rows: "real-user" (the packages as published, laid out as a user's repo: scan and the
// floor both skip dist/ and build/) is the one the scan/floor and peak-memory targets judge; "real-bundles"
// (those folders renamed so both read the published bundles too) is printed beside it, not judged.
//
// Peak memory: every measured process is started with NODE_OPTIONS=--import=rss-hook.mjs, which
// records process.resourceUsage().maxRSS (the kernel's ru_maxrss high-water mark) at exit. Unlike
// polling /proc/<pid>/status it cannot miss a short peak, and it also covers any Node child the
// subject starts (the largest single process is reported).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_SEED, ensureTree, generateTree, type PlantedSite } from './generate.ts';
import { ensureRealTree } from './real-tree.ts';
import { benchTyped } from './typed-row.ts';
import { INSTALLED_STARTUP_MAX, benchStartup } from './startup.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const benchDir = path.join(repo, '.bench');
const runsDir = path.join(benchDir, 'runs');
const hookUrl = pathToFileURL(path.join(here, 'rss-hook.mjs')).href;
const uprootBin = path.join(repo, 'packages/uproot/bin/uproot.js');
const codemodBin = path.join(repo, 'node_modules/@modelcontextprotocol/codemod/dist/cli.mjs');

// Targets (docs/design.md §6 and the bench issue).
const SCAN_FLOOR_MAX = 2;
const CODEMOD_MIN = 30;
const ESLINT_OVERHEAD_MAX = 0.05;
const PEAK_MB_MAX = 300;
const LINEAR_SLOPE_RATIO_MAX = 1.5;

// ---------------------------------------------------------------------------------------------
// options

interface Options {
  sizes: number[];
  tree?: string;
  reps: number;
  seed: number;
  capSeconds: number;
  codemodMax: number;
  eslintMax: number;
  real: boolean;
  realOnly: boolean;
  typed: boolean;
  typedProject: string;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { sizes: [1000, 6000, 50000], reps: 3, seed: DEFAULT_SEED, capSeconds: 300, codemodMax: 6000, eslintMax: 6000, real: true, realOnly: false, typed: true, typedProject: repo };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) fail(`${flag} needs a value`);
      return v;
    };
    const num = () => {
      const n = Number(value());
      if (!Number.isFinite(n) || n <= 0) fail(`${flag} takes a positive number`);
      return n;
    };
    switch (flag) {
      case '--sizes':
        o.sizes = value().split(',').map((s) => Number(s.trim()));
        if (o.sizes.some((n) => !Number.isInteger(n) || n < 50)) fail('--sizes takes integers ≥ 50, e.g. --sizes 1000,6000');
        o.sizes.sort((a, b) => a - b);
        break;
      case '--tree':
        o.tree = path.resolve(value());
        if (!existsSync(o.tree)) fail(`--tree ${o.tree} does not exist`);
        break;
      case '--reps':
        o.reps = Math.round(num());
        break;
      case '--seed':
        o.seed = Math.round(num());
        break;
      case '--cap':
        o.capSeconds = num();
        break;
      case '--codemod-max':
        o.codemodMax = num();
        break;
      case '--eslint-max':
        o.eslintMax = num();
        break;
      case '--no-real':
        o.real = false;
        break;
      case '--real-only':
        o.realOnly = true;
        o.typed = false;
        break;
      case '--no-typed':
        o.typed = false;
        break;
      case '--typed-project':
        o.typedProject = path.resolve(value());
        if (!existsSync(path.join(o.typedProject, 'tsconfig.json'))) fail(`--typed-project ${o.typedProject} has no tsconfig.json`);
        break;
      case '-h':
      case '--help':
        process.stdout.write(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).slice(0, 25).map((l) => l.slice(3)).join('\n') + '\n');
        process.exit(0);
        break;
      default:
        fail(`unknown option ${a}`);
    }
  }
  return o;
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// trees and subjects

interface Tree {
  label: string;
  root: string;
  /** In-scope source files (from the generator, or counted by the floor for --tree). */
  files: number;
  bytes: number;
  planted?: PlantedSite[];
  generated: boolean;
  note: string;
  /** Real code: only the floor and scan run there; the other tools run on generated trees. */
  real?: boolean;
  /** Counted by the scan/floor and peak-memory targets (false: printed for comparison only). */
  judged: boolean;
}

type SubjectId = 'floor' | 'scan' | 'migrate' | 'codemod' | 'eslint-none' | 'eslint-nop' | 'eslint-uproot';

interface Subject {
  id: SubjectId;
  label: string;
  command(tree: Tree): { args: string[]; cwd: string };
  /** Why this subject does not run on this tree, if it does not. */
  skip(tree: Tree, ctx: RunContext): string | undefined;
  /** A one-line sanity check of the output (counts, exit code). */
  check(run: Run, tree: Tree): string;
}

interface RunContext {
  options: Options;
  migrateAvailable: boolean;
  /** The smallest tree ESLint runs on: the empty-rule diagnostic runs only there. */
  eslintDiagnosticTree?: string;
}

interface Run {
  wallMs: number;
  cpuMs?: number;
  rssKb?: number;
  processes: number;
  exit: number | string;
  capped: boolean;
  stdout: string;
  stderr: string;
}

const codemodIgnores = ['tmp/**', '**/scratch/**', '**/*.generated.ts'];

const subjects: Subject[] = [
  {
    id: 'floor',
    label: 'floor (walk + read)',
    command: (tree) => ({ args: [path.join(here, 'floor.mjs'), tree.root], cwd: tree.root }),
    skip: () => undefined,
    check: (run, tree) => {
      const r = parseJson<{ files: number }>(run.stdout);
      if (!r) return `!! no output (exit ${run.exit})`;
      return r.files === tree.files || !tree.generated ? `${r.files} files read` : `!! read ${r.files} files, tree has ${tree.files}`;
    },
  },
  {
    id: 'scan',
    label: 'uproot scan --format json',
    // Untyped, said explicitly: a tree inside this repository would otherwise find its tsconfig.
    command: (tree) => ({ args: [uprootBin, 'scan', '.', '--format', 'json', '--types', 'off'], cwd: tree.root }),
    skip: () => undefined,
    check: (run, tree) => {
      const r = parseJson<{ sites: Array<{ file: string; line: number; kind: string }>; summary: { files: number; sites: number; failures: number } }>(run.stdout);
      if (!r) return `!! no JSON (exit ${run.exit}): ${firstLine(run.stderr)}`;
      const base = `${r.summary.files} files, ${r.summary.sites} sites${r.summary.failures ? `, ${r.summary.failures} failures` : ''}`;
      // Real code: scan must cover exactly the files the floor reads ("reads the same files").
      if (!tree.planted) return tree.real ? (r.summary.files === tree.files ? `${base}, as the floor` : `${base} !! the floor reads ${tree.files}`) : base;
      const key = (s: { file: string; line: number; kind: string }) => `${s.file}:${s.line}:${s.kind}`;
      const found = new Set(r.sites.map(key));
      const planted = new Set(tree.planted.map(key));
      const missed = [...planted].filter((k) => !found.has(k)).length;
      const extra = [...found].filter((k) => !planted.has(k)).length;
      const files = r.summary.files === tree.files ? '' : ` !! scanned ${r.summary.files} of ${tree.files} files`;
      return missed || extra ? `${base} !! ${missed} planted sites missed, ${extra} extra${files}` : `${base} = planted${files}`;
    },
  },
  {
    id: 'migrate',
    label: 'uproot migrate --dry-run',
    command: (tree) => ({ args: [uprootBin, 'migrate', '.', '--dry-run', '--force', '--format', 'json'], cwd: tree.root }),
    skip: (_tree, ctx) => (ctx.migrateAvailable ? undefined : 'not available (uproot has no migrate command yet)'),
    check: (run) => {
      if (run.exit !== 0 && run.exit !== 1) return `!! exit ${run.exit}: ${firstLine(run.stderr)}`;
      const r = parseJson<{ summary?: Record<string, unknown> }>(run.stdout);
      if (!r) return `exit ${run.exit}, output is not JSON`;
      const nums = Object.entries(r.summary ?? {}).filter(([, v]) => typeof v === 'number').slice(0, 4);
      return `exit ${run.exit}${nums.length ? ', ' + nums.map(([k, v]) => `${k} ${v}`).join(', ') : ''}`;
    },
  },
  {
    id: 'codemod',
    label: 'mcp-codemod v1-to-v2 --dry-run',
    command: (tree) => ({
      // The codemod does not read .gitignore: give it the tree's ignored paths so it sees the same files.
      args: [codemodBin, 'v1-to-v2', '--dry-run', tree.root, ...(tree.generated ? ['--ignore', ...codemodIgnores] : [])],
      cwd: tree.root,
    }),
    skip: (tree, ctx) => (tree.files > ctx.options.codemodMax ? `skipped above ${ctx.options.codemodMax} files (too slow and too big: see the estimate below)` : undefined),
    check: (run) => {
      const m = /Changes: (\d+) across (\d+) file/.exec(run.stdout);
      return run.exit === 0 ? (m ? `${m[1]} changes in ${m[2]} files` : 'exit 0') : `!! exit ${run.exit}: ${firstLine(run.stderr)}`;
    },
  },
  {
    id: 'eslint-none',
    label: 'eslint, no rules',
    command: (tree) => ({ args: ['--import', 'tsx', path.join(here, 'eslint-subject.ts'), tree.root, 'none'], cwd: repo }),
    skip: (tree, ctx) => (tree.files > ctx.options.eslintMax ? `skipped above ${ctx.options.eslintMax} files` : undefined),
    check: eslintCheck,
  },
  {
    id: 'eslint-nop',
    label: 'eslint, one empty rule (diag.)',
    command: (tree) => ({ args: ['--import', 'tsx', path.join(here, 'eslint-subject.ts'), tree.root, 'nop'], cwd: repo }),
    skip: (tree, ctx) =>
      tree.files > ctx.options.eslintMax ? `skipped above ${ctx.options.eslintMax} files` : tree.root !== ctx.eslintDiagnosticTree ? 'diagnostic: smallest tree only' : undefined,
    check: eslintCheck,
  },
  {
    id: 'eslint-uproot',
    label: 'eslint + uproot recommended',
    command: (tree) => ({ args: ['--import', 'tsx', path.join(here, 'eslint-subject.ts'), tree.root, 'uproot'], cwd: repo }),
    skip: (tree, ctx) => (tree.files > ctx.options.eslintMax ? `skipped above ${ctx.options.eslintMax} files` : undefined),
    check: eslintCheck,
  },
];

function eslintCheck(run: Run, tree: Tree): string {
  const r = parseJson<{ files: number; errors: number; warnings: number; fatal: number; byRule: Record<string, number> }>(run.stdout);
  if (!r) return `!! no output (exit ${run.exit}): ${firstLine(run.stderr)}`;
  const problems = r.errors + r.warnings;
  if (!problems) return `${r.files} files, no problems${r.fatal ? ` !! ${r.fatal} parse errors` : ''}`;
  // The four roots-site rules must report exactly the planted sites; other uproot rules (MRTR checks) are listed apart.
  const sites = Object.entries(r.byRule).filter(([id]) => /^uproot\/no-roots-/.test(id)).reduce((n, [, c]) => n + c, 0);
  const others = Object.entries(r.byRule).filter(([id]) => !/^uproot\/no-roots-/.test(id)).map(([id, c]) => `${c} ${id.replace(/^uproot\//, '')}`);
  const planted = tree.planted ? (sites === tree.planted.length ? ' = planted' : ` !! planted ${tree.planted.length}`) : '';
  return `${r.files} files, ${sites} roots sites${planted}${others.length ? `, + ${others.join(', ')}` : ''}${r.fatal ? ` !! ${r.fatal} parse errors` : ''}`;
}

function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim())?.slice(0, 160) ?? '';
}

// ---------------------------------------------------------------------------------------------
// measuring

let runCounter = 0;

async function measure(args: string[], cwd: string, capMs: number): Promise<Run> {
  mkdirSync(runsDir, { recursive: true });
  const n = runCounter++;
  const outFile = path.join(runsDir, `${n}.out`);
  const errFile = path.join(runsDir, `${n}.err`);
  const rssFile = path.join(runsDir, `${n}.rss`);
  rmSync(rssFile, { force: true });
  const out = openSync(outFile, 'w');
  const err = openSync(errFile, 'w');
  const env = {
    ...process.env,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${hookUrl}`].filter(Boolean).join(' '),
    BENCH_RSS_FILE: rssFile,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  let capped = false;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', out, err] });
  const timer = setTimeout(() => {
    capped = true;
    child.kill('SIGKILL');
  }, capMs);
  const exit = await new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.on('error', (e) => resolve(e.message));
  });
  const wallMs = performance.now() - t0;
  clearTimeout(timer);
  closeSync(out);
  closeSync(err);
  let rssKb: number | undefined;
  let cpuMs: number | undefined;
  let processes = 0;
  if (existsSync(rssFile)) {
    for (const line of readFileSync(rssFile, 'utf8').trim().split('\n')) {
      const [, rss, cpu] = line.split(' ').map(Number);
      if (!Number.isFinite(rss)) continue;
      processes++;
      rssKb = Math.max(rssKb ?? 0, rss!);
      if (Number.isFinite(cpu)) cpuMs = (cpuMs ?? 0) + cpu! / 1000;
    }
  }
  return { wallMs, cpuMs, rssKb, processes, exit, capped, stdout: readFileSync(outFile, 'utf8'), stderr: readFileSync(errFile, 'utf8') };
}

async function migrateAvailable(): Promise<boolean> {
  const run = await measure([uprootBin, 'migrate', '--help'], repo, 60_000);
  return /Usage: uproot migrate/.test(run.stdout + run.stderr);
}

interface Result {
  subject: SubjectId;
  runs: Run[];
  skipped?: string;
  capped?: boolean;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function stat(r: Result | undefined, what: 'wall' | 'cpu' = 'wall'): number | undefined {
  if (!r || r.skipped || r.capped || !r.runs.length) return undefined;
  const xs = r.runs.map((x) => (what === 'wall' ? x.wallMs : x.cpuMs)).filter((x): x is number => x !== undefined);
  return xs.length ? median(xs) : undefined;
}

function peakMb(r: Result | undefined): number | undefined {
  if (!r || r.skipped || !r.runs.length) return undefined;
  const xs = r.runs.map((x) => x.rssKb).filter((x): x is number => x !== undefined);
  return xs.length ? Math.max(...xs) / 1024 : undefined;
}

async function benchTree(tree: Tree, ctx: RunContext): Promise<Map<SubjectId, Result>> {
  const results = new Map<SubjectId, Result>();
  const active: Subject[] = [];
  for (const s of subjects) {
    const why = tree.real && s.id !== 'floor' && s.id !== 'scan' ? 'real-code tree: floor and scan only' : s.skip(tree, ctx);
    if (why) results.set(s.id, { subject: s.id, runs: [], skipped: why });
    else {
      active.push(s);
      results.set(s.id, { subject: s.id, runs: [] });
    }
  }
  // Warm the page cache for this tree (untimed), so no subject pays for the first disk read alone.
  await measure(subjects[0]!.command(tree).args, tree.root, ctx.options.capSeconds * 1000);
  const capMs = ctx.options.capSeconds * 1000;
  for (let rep = 0; rep < ctx.options.reps; rep++) {
    const order = active.map((_, i) => active[(i + rep) % active.length]!);
    for (const s of order) {
      const result = results.get(s.id)!;
      if (result.capped) continue;
      const { args, cwd } = s.command(tree);
      const run = await measure(args, cwd, capMs);
      if (run.capped) {
        result.capped = true;
        result.skipped = `capped: killed after ${ctx.options.capSeconds} s`;
      }
      result.runs.push(run);
      progress(`  ${tree.label} round ${rep + 1}/${ctx.options.reps} ${s.id.padEnd(13)} ${(run.wallMs / 1000).toFixed(2)} s${run.rssKb ? `  ${(run.rssKb / 1024).toFixed(0)} MB` : ''}${run.capped ? ' CAPPED' : ''}`);
    }
  }
  return results;
}

function progress(line: string): void {
  process.stderr.write(line + '\n');
}

// ---------------------------------------------------------------------------------------------
// reporting

const fmtS = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(2));
const fmtX = (x: number | undefined) => (x === undefined ? '–' : x >= 100 ? `${x.toFixed(0)}×` : `${x.toFixed(1)}×`);
const fmtPct = (x: number | undefined) => (x === undefined ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`);
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? undefined : a / b);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ').trimEnd()).join('\n');
}

function treeReport(tree: Tree, results: Map<SubjectId, Result>): string {
  const rows: string[][] = [['subject', 'wall (median)', 'runs (s)', 'cpu', 'peak RSS', 'ms/1k files', 'check']];
  for (const s of subjects) {
    const r = results.get(s.id)!;
    if (r.skipped && !r.runs.length) {
      rows.push([s.label, '–', '', '', '', '', r.skipped]);
      continue;
    }
    const wall = stat(r);
    const cpu = stat(r, 'cpu');
    const mb = peakMb(r);
    const last = r.runs[r.runs.length - 1]!;
    rows.push([
      s.label,
      r.capped ? `>${fmtS(last.wallMs)} s` : `${fmtS(wall)} s`,
      r.runs.map((x) => fmtS(x.wallMs)).join(' '),
      cpu === undefined ? '–' : `${fmtS(cpu)} s`,
      mb === undefined ? '–' : `${mb.toFixed(0)} MB${Math.max(...r.runs.map((x) => x.processes)) > 1 ? ' (max/proc)' : ''}`,
      wall === undefined ? '–' : ((wall / tree.files) * 1000).toFixed(0),
      r.skipped ?? s.check(last, tree),
    ]);
  }
  return table(rows);
}

interface Target {
  name: string;
  met: boolean | undefined;
  detail: string;
}

function evaluate(allTrees: Tree[], all: Map<string, Map<SubjectId, Result>>, ctx: RunContext): { lines: string[]; targets: Target[] } {
  const lines: string[] = [];
  const targets: Target[] = [];
  const get = (t: Tree, id: SubjectId) => all.get(t.root)!.get(id);
  let trees = allTrees;

  // scan / floor
  const sf = trees.map((t) => ({ t, x: ratio(stat(get(t, 'scan')), stat(get(t, 'floor'))), cpu: ratio(stat(get(t, 'scan'), 'cpu'), stat(get(t, 'floor'), 'cpu')) }));
  lines.push(`scan / floor            ${sf.map(({ t, x, cpu }) => `${t.label}${t.judged ? '' : ' (not judged)'}: ${fmtX(x)} (cpu ${fmtX(cpu)})`).join('   ')}   target ≤ ${SCAN_FLOOR_MAX}×`);
  const sfMeasured = sf.filter((e) => e.x !== undefined && e.t.judged);
  targets.push({
    name: 'scan/floor',
    met: sfMeasured.length ? sfMeasured.every((e) => e.x! <= SCAN_FLOOR_MAX) : undefined,
    detail: sfMeasured.filter((e) => e.x! > SCAN_FLOOR_MAX).map((e) => `${fmtX(e.x)} at ${e.t.label}`).join(', '),
  });
  const mf = trees.map((t) => ({ t, x: ratio(stat(get(t, 'migrate')), stat(get(t, 'floor'))) }));
  if (mf.some((e) => e.x !== undefined)) lines.push(`migrate / floor         ${mf.map(({ t, x }) => `${t.label}: ${fmtX(x)}`).join('   ')}   (no target)`);

  // codemod ratios
  for (const [id, label] of [['migrate', 'codemod / migrate-dry'], ['scan', 'codemod / scan']] as const) {
    const rs = trees.map((t) => ({ t, x: ratio(stat(get(t, 'codemod')), stat(get(t, id))), cpu: ratio(stat(get(t, 'codemod'), 'cpu'), stat(get(t, id), 'cpu')) }));
    const measured = rs.filter((e) => e.x !== undefined);
    const why = id === 'migrate' && !ctx.migrateAvailable ? 'not measured: uproot migrate is not available' : measured.length ? '' : 'not measured: the codemod did not run on any tree';
    lines.push(`${label.padEnd(23)} ${measured.length ? measured.map(({ t, x, cpu }) => `${t.label}: ${fmtX(x)} (cpu ${fmtX(cpu)})`).join('   ') : why}   target ≥ ${CODEMOD_MIN}×`);
    targets.push({
      name: label.replace(/ /g, ''),
      met: measured.length ? measured.every((e) => e.x! >= CODEMOD_MIN) : undefined,
      detail: measured.length ? measured.filter((e) => e.x! < CODEMOD_MIN).map((e) => `${fmtX(e.x)} at ${e.t.label}`).join(', ') : why,
    });
  }

  // What the codemod would need where it was skipped, from the largest tree it ran on.
  const codemodRan = trees.filter((t) => stat(get(t, 'codemod')) !== undefined);
  const codemodSkipped = trees.filter((t) => get(t, 'codemod')?.skipped && !get(t, 'codemod')!.runs.length);
  const biggest = codemodRan[codemodRan.length - 1];
  if (biggest && codemodSkipped.length) {
    const msPerFile = stat(get(biggest, 'codemod'))! / biggest.files;
    const mbPerFile = (peakMb(get(biggest, 'codemod')) ?? 0) / biggest.files;
    for (const t of codemodSkipped) {
      lines.push(`codemod not run on ${t.label}: at ${biggest.label} it took ${msPerFile.toFixed(1)} ms and ${mbPerFile.toFixed(2)} MB per file (ts-morph keeps every AST), so ~${((msPerFile * t.files) / 60000).toFixed(0)} min and ~${((mbPerFile * t.files) / 1024).toFixed(1)} GB here`);
    }
  }

  // ESLint overhead
  const eo = trees.map((t) => ({
    t,
    x: ratio(stat(get(t, 'eslint-uproot')), stat(get(t, 'eslint-none'))),
    cpu: ratio(stat(get(t, 'eslint-uproot'), 'cpu'), stat(get(t, 'eslint-none'), 'cpu')),
    nop: ratio(stat(get(t, 'eslint-nop')), stat(get(t, 'eslint-none'))),
    nopCpu: ratio(stat(get(t, 'eslint-nop'), 'cpu'), stat(get(t, 'eslint-none'), 'cpu')),
    vsNop: ratio(stat(get(t, 'eslint-uproot'), 'cpu'), stat(get(t, 'eslint-nop'), 'cpu')),
  }));
  const eoMeasured = eo.filter((e) => e.x !== undefined);
  lines.push(`ESLint overhead         ${eoMeasured.length ? eoMeasured.map(({ t, x, cpu }) => `${t.label}: ${fmtPct(x! - 1)} (cpu ${fmtPct(cpu === undefined ? undefined : cpu - 1)})`).join('   ') : 'not measured'}   target < ${ESLINT_OVERHEAD_MAX * 100}%`);
  for (const e of eo.filter((x) => x.nop !== undefined)) {
    lines.push(`  diagnosis at ${e.t.label}: one empty rule alone costs ${fmtPct(e.nop! - 1)} wall (cpu ${fmtPct(e.nopCpu === undefined ? undefined : e.nopCpu - 1)}) over no rules; uproot's rules over the empty rule: cpu ${fmtPct(e.vsNop === undefined ? undefined : e.vsNop - 1)}`);
  }
  targets.push({
    name: 'eslint-overhead',
    met: eoMeasured.length ? eoMeasured.every((e) => e.x! - 1 < ESLINT_OVERHEAD_MAX) : undefined,
    detail: eoMeasured.filter((e) => e.x! - 1 >= ESLINT_OVERHEAD_MAX).map((e) => `${fmtPct(e.x! - 1)} at ${e.t.label}`).join(', '),
  });

  // peak memory of uproot
  const mem: string[] = [];
  const over: string[] = [];
  for (const t of trees) {
    for (const id of ['scan', 'migrate'] as const) {
      const mb = peakMb(get(t, id));
      if (mb === undefined) continue;
      mem.push(`${id} ${t.label}${t.judged ? '' : ' (not judged)'}: ${mb.toFixed(0)} MB`);
      if (mb >= PEAK_MB_MAX && t.judged) over.push(`${id} ${mb.toFixed(0)} MB at ${t.label}`);
    }
  }
  lines.push(`uproot peak memory      ${mem.join('   ')}   target < ${PEAK_MB_MAX} MB`);
  targets.push({ name: 'peak-memory', met: mem.length ? over.length === 0 : undefined, detail: over.join(', ') });

  // growth (generated trees only: the real-code tree is another kind of code)
  trees = trees.filter((t) => t.generated);
  if (trees.length > 1) {
    lines.push('growth (ms per 1k files; marginal = Δtime/Δfiles between consecutive sizes):');
    for (const s of subjects) {
      const pts = trees.map((t) => ({ t, ms: stat(get(t, s.id)) })).filter((p): p is { t: Tree; ms: number } => p.ms !== undefined);
      if (pts.length < 2) continue;
      const per = pts.map((p) => `${p.t.label} ${((p.ms / p.t.files) * 1000).toFixed(0)}`).join(', ');
      const slopes: number[] = [];
      for (let i = 1; i < pts.length; i++) slopes.push(((pts[i]!.ms - pts[i - 1]!.ms) / (pts[i]!.t.files - pts[i - 1]!.t.files)) * 1000);
      const monotonic = slopes.every((x) => x > 0);
      const steps = slopes.slice(1).map((x, i) => fmtX(x / slopes[i]!)).join(', ');
      const note = slopes.length < 2 ? '' : monotonic ? `  (each band vs the one before: ${steps}; ≤ ${LINEAR_SLOPE_RATIO_MAX}× is linear)` : '  (time did not grow with size: noise or fixed costs dominate)';
      lines.push(`  ${s.label.padEnd(31)} per file: ${per}   marginal: ${slopes.map((x) => x.toFixed(0)).join(' → ')}${note}`);
      if ((s.id === 'scan' || s.id === 'migrate') && slopes.length > 1) {
        // Linear (or better): no later size band costs more per file than LINEAR_SLOPE_RATIO_MAX × the one before.
        const linear = slopes.every((x, i) => x > 0 && (i === 0 || x / slopes[i - 1]! <= LINEAR_SLOPE_RATIO_MAX));
        targets.push({ name: `linear-${s.id}`, met: linear, detail: `marginal ms/1k files ${slopes.map((x) => x.toFixed(0)).join(' → ')}` });
      }
    }
    if (!targets.some((t) => t.name.startsWith('linear-'))) lines.push('  (linearity is judged with three or more sizes)');
  }
  return { lines, targets };
}

// ---------------------------------------------------------------------------------------------
// main

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  mkdirSync(benchDir, { recursive: true });
  const started = Date.now();
  const load0 = loadavg()[0]!;
  const out: string[] = [];
  const say = (s = '') => {
    out.push(s);
    process.stdout.write(s + '\n');
  };

  say(`uproot bench — Node ${process.version}, ${cpus().length} cores, ${options.reps} runs per subject (median), subjects interleaved, per-run cap ${options.capSeconds} s`);

  // Trees.
  const trees: Tree[] = [];
  if (options.tree) {
    progress(`counting files in ${options.tree}`);
    const probe = await measure([path.join(here, 'floor.mjs'), options.tree], options.tree, options.capSeconds * 1000);
    const r = parseJson<{ files: number; bytes: number }>(probe.stdout);
    if (!r) fail(`cannot walk ${options.tree}: ${firstLine(probe.stderr)}`);
    // Beside the real-code rows (--real-only), an existing tree is real code too: floor and scan only, named by its folder.
    const beside = options.realOnly;
    trees.push({ label: beside ? path.basename(options.tree) : `${r.files} files`, root: options.tree, files: r.files, bytes: r.bytes, generated: false, real: beside, judged: true, note: `existing tree ${options.tree}${beside ? `: ${r.files} files (${(r.bytes / 1048576).toFixed(1)} MB) read by the floor` : ''}` });
  } else {
    for (const size of options.realOnly ? [] : options.sizes) {
      const root = path.join(benchDir, `tree-${size}-s${options.seed}`);
      const t0 = performance.now();
      progress(`generating ${size}-file tree in ${path.relative(repo, root)} ...`);
      const g = ensureTree({ root, size, seed: options.seed });
      const secs = ((performance.now() - t0) / 1000).toFixed(1);
      trees.push({
        label: `${size >= 1000 ? `${size / 1000}k` : size}`,
        root,
        files: g.sourceFiles,
        bytes: g.sourceBytes,
        planted: g.planted,
        generated: true,
        judged: true,
        note: `${g.sourceFiles} source files (${(g.sourceBytes / 1048576).toFixed(1)} MB), ${g.skippedFiles} files to skip, ${g.mcpFiles.length} MCP files with ${g.planted.length} planted sites, ${g.rootsDecoys.length} unrelated files mentioning "roots" — ${g.reused ? 'reused' : `generated in ${secs} s`}`,
      });
    }
  }

  if (options.real && (!options.tree || options.realOnly)) {
    for (const kind of ['user', 'bundles'] as const) {
      progress(`copying the real-code tree (${kind} layout) out of node_modules ...`);
      const r = ensureRealTree(repo, kind);
      // What "the same files" means is the floor's walk: count what it reads, not what was copied.
      const probe = await measure([path.join(here, 'floor.mjs'), r.root], r.root, options.capSeconds * 1000);
      const read = parseJson<{ files: number; bytes: number }>(probe.stdout);
      if (!read) fail(`cannot walk ${r.root}: ${firstLine(probe.stderr)}`);
      const copied = `${r.files} published .js/.ts/.mjs/.cjs files (${(r.bytes / 1048576).toFixed(1)} MB) of ${r.packages.length} installed packages (the MCP SDKs, servers and frameworks, eslint, typescript-eslint, jscodeshift, yaml, and everything they depend on), laid out as src/<package>/ in ${r.root} — ${r.reused ? 'reused' : 'copied now'}`;
      const how =
        kind === 'user'
          ? `as a user's repo: dist/ and build/ kept, so scan and the floor both skip them and read ${read.files} files (${(read.bytes / 1048576).toFixed(1)} MB); the judged real-code row`
          : `dist/ and build/ renamed so both read the published bundles too: ${read.files} files (${(read.bytes / 1048576).toFixed(1)} MB); for comparison, not judged (a user's repo keeps dist/ out)`;
      trees.push({ label: `real-${kind}`, root: r.root, files: read.files, bytes: read.bytes, generated: false, real: true, judged: kind === 'user', note: `${copied}; ${how}` });
    }
  }

  const migrate = await migrateAvailable();
  const eslintTree = trees.find((t) => t.files <= options.eslintMax);
  const ctx: RunContext = { options, migrateAvailable: migrate, eslintDiagnosticTree: eslintTree?.root };

  // Warm-up on a tiny tree: loads every subject's code once (tsx's compile cache, the OS page cache).
  progress('warming up on a 60-file tree ...');
  const warm = generateTree({ root: path.join(benchDir, 'warmup'), size: 60, seed: options.seed });
  const warmTree: Tree = { label: 'warm-up', root: warm.root, files: warm.sourceFiles, bytes: warm.sourceBytes, generated: true, judged: false, note: '' };
  for (const s of subjects) if (!s.skip(warmTree, { ...ctx, eslintDiagnosticTree: warm.root })) await measure(s.command(warmTree).args, s.command(warmTree).cwd, options.capSeconds * 1000);

  const all = new Map<string, Map<SubjectId, Result>>();
  for (const tree of trees) {
    progress(`benchmarking ${tree.label} (${tree.files} files) ...`);
    all.set(tree.root, await benchTree(tree, ctx));
  }

  for (const tree of trees) {
    say('');
    say(`== tree ${tree.label}: ${tree.note}`);
    say(treeReport(tree, all.get(tree.root)!));
  }

  say('');
  say('== ratios (wall-time medians, same trees, same run)');
  const evaluated = evaluate(trees, all, ctx);
  // --real-only runs floor and scan alone: the codemod and ESLint targets were not asked for.
  const realOnly = (name: string) => !options.realOnly || name === 'scan/floor' || name === 'peak-memory';
  const lines = evaluated.lines.filter((l) => !options.realOnly || /^(scan \/ floor|uproot peak memory)/.test(l));
  const targets = evaluated.targets.filter((t) => realOnly(t.name));
  for (const l of lines) say(l);

  if (options.typed) {
    progress(`typed row: tsc --noEmit vs uproot scan --types on in ${options.typedProject} ...`);
    const typed = await benchTyped({ project: options.typedProject, uprootBin, reps: options.reps, capMs: options.capSeconds * 1000, measure, progress });
    say('');
    say(`== typed: ${typed.note}`);
    for (const l of typed.lines) say(l);
    targets.push(typed.target);
  }

  if (!options.realOnly) {
    say('');
    progress('packing and installing uproot into a fresh project for the start-up comparison ...');
    const startup = benchStartup(repo, warm.root, options.reps);
    say('== start-up: installed from the tarball vs the repository bin (wall-time medians)');
    for (const r of startup) say(`  ${r.what.padEnd(24)} repo ${fmtS(r.repoMs)} s   installed ${fmtS(r.installedMs)} s   ${fmtX(r.installedMs / r.repoMs)}   target ≤ ${INSTALLED_STARTUP_MAX}×`);
    const slow = startup.filter((r) => r.installedMs / r.repoMs > INSTALLED_STARTUP_MAX);
    targets.push({ name: 'installed start-up', met: slow.length === 0, detail: slow.map((r) => `${r.what} ${fmtX(r.installedMs / r.repoMs)}`).join(', ') });
  }
  const load1 = loadavg()[0]!;
  say('');
  say(`machine load (1-min average): ${load0.toFixed(1)} at start, ${load1.toFixed(1)} at end on ${cpus().length} cores; total bench time ${((Date.now() - started) / 60000).toFixed(1)} min`);
  say(`raw runs: ${path.relative(repo, runsDir)}/, results: ${path.relative(repo, path.join(benchDir, 'results.json'))}`);

  writeFileSync(
    path.join(benchDir, 'results.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        options,
        trees: trees.map((t) => ({ label: t.label, root: t.root, files: t.files, bytes: t.bytes, planted: t.planted?.length })),
        results: Object.fromEntries(
          trees.map((t) => [t.label, Object.fromEntries([...all.get(t.root)!].map(([id, r]) => [id, { skipped: r.skipped, runs: r.runs.map((x) => ({ wallMs: x.wallMs, cpuMs: x.cpuMs, rssKb: x.rssKb, processes: x.processes, exit: x.exit, capped: x.capped })) }]))]),
        ),
        targets,
      },
      null,
      2,
    ),
  );

  const missed = targets.filter((t) => t.met !== true);
  say(missed.length ? `bench: MISSED ${missed.map((t) => `${t.name} (${t.met === undefined ? t.detail || 'not measured' : t.detail})`).join('; ')}` : 'bench: all targets met');
}

await main();
