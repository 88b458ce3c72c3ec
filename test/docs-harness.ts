// Reads the README and the guide into checkable pieces: every fenced block with the annotation above it, sorted
// into the kind of check it gets; a block no kind claims is an error, so no example goes unchecked.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const cliBin = path.join(repoRoot, 'packages/uproot/bin/uproot.js');

/** The pages the harness owns: the README and docs/*.md. Reason pages are docs.test.ts's; architecture.md is its own author's. */
export function guidePages(): string[] {
  const docs = readdirSync(path.join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'architecture.md')
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs.sort()];
}

export interface Block {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** The `<!-- ... -->` comment on the line right above the fence, without the comment marks. */
  annotation?: string;
}

export type BlockKind =
  | 'shell' // each line a command the harness knows how to run or check
  | 'eslint-config' // `// eslint.config.{js,cjs,mjs}` first line: loaded by ESLint and run on the example
  | 'tsconfig' // jsonc with compilerOptions: parsed, and its plugins loaded into a language service
  | 'workflow' // `# .github/workflows/...` yaml: validated, and its uproot step checked against action.yml
  | 'api' // imports from 'uproot': run, and compared with the CLI's JSON
  | 'markers' // only `// uproot: [code] ...` lines: each exactly the marker migrate writes for that code
  | 'before' // `<!-- before: uproot migrate ... -->`: migrated by the CLI, must give the next block
  | 'after' // `<!-- after -->`: what uproot made of the block before it
  | 'configure' // `<!-- configure -->` json after an after-block: the `configure` values of that migration's sites
  | 'output' // `<!-- output: uproot ... -->`: the text the command prints on the example
  | 'illustration'; // `<!-- illustration -->`: an explicit, listed opt-out

export function blocksOf(page: string, markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    const above = /^<!--\s*(.*?)\s*-->$/.exec(lines[start - 1] ?? '');
    blocks.push({ page, line: start + 1, lang: open[1]!, code: body.join('\n') + '\n', annotation: above?.[1] });
  }
  return blocks;
}

/** What check a block gets; a string starting with "unrecognised" for a block none claims. */
export function kindOf(block: Block): BlockKind | `unrecognised: ${string}` {
  const a = block.annotation;
  if (a === 'illustration') return 'illustration';
  if (a?.startsWith('before: ')) return 'before';
  if (a === 'after') return 'after';
  if (a === 'configure' && block.lang === 'json') return 'configure';
  if (a?.startsWith('output: ')) return 'output';
  if (a !== undefined && !a.startsWith('fields:')) return `unrecognised: annotation "${a}"`;
  const first = block.code.split('\n')[0]!;
  if (block.lang === 'sh') return 'shell';
  if (/^(js|cjs|mjs)$/.test(block.lang) && /^\/\/ eslint\.config\.(js|cjs|mjs)\b/.test(first)) return 'eslint-config';
  if (/^jsonc?$/.test(block.lang) && block.code.includes('"compilerOptions"')) return 'tsconfig';
  if (block.lang === 'yaml' && /^# \.github\/workflows\/\S+\.ya?ml$/.test(first)) return 'workflow';
  if (/^(ts|js|mjs)$/.test(block.lang) && /from 'uproot';/.test(block.code)) return 'api';
  if (block.lang === 'ts' && block.code.trim().split('\n').every((l) => l.startsWith('// uproot: ['))) return 'markers';
  return `unrecognised: a \`${block.lang || 'no language'}\` block no check claims (annotate it, or teach test/docs-harness.ts its kind)`;
}

/** A fresh temporary directory, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `uproot-docs-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A copy of examples/legacy-server the guide's commands run in, as a user's project would look: a tsconfig, and
 * the packages a user installs (the repository's own, linked) in node_modules.
 */
export function exampleProject(prefix: string): { dir: string; remove: () => void } {
  const t = tempDir(prefix);
  cpSync(path.join(repoRoot, 'examples/legacy-server'), t.dir, { recursive: true });
  writeFileSync(
    path.join(t.dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', strict: true, skipLibCheck: true, noEmit: true, allowJs: true }, include: ['src'] }, null, 2) + '\n',
  );
  const modules = path.join(t.dir, 'node_modules');
  mkdirSync(path.join(modules, '@modelcontextprotocol'), { recursive: true });
  for (const name of ['server', 'client', 'core', 'sdk']) symlinkSync(path.join(repoRoot, 'node_modules/@modelcontextprotocol', name), path.join(modules, '@modelcontextprotocol', name));
  for (const name of ['zod', 'typescript', 'typescript-eslint', 'eslint', 'jscodeshift']) symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(modules, name));
  symlinkSync(path.join(repoRoot, 'packages/eslint-plugin'), path.join(modules, 'eslint-plugin-uproot'));
  symlinkSync(path.join(repoRoot, 'packages/uproot'), path.join(modules, 'uproot'));
  return t;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

const cliEnv = () => ({ ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' });

/** The built CLI, as `npx uproot` runs it. */
export function runCli(args: string[], cwd: string): Run {
  const r = spawnSync(process.execPath, [cliBin, ...args], { cwd, encoding: 'utf8', env: cliEnv() });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** {@link runCli} without blocking, so independent runs can share the machine's cores. */
export function runCliAsync(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin, ...args], { cwd, env: cliEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Runs `task`s at most `limit` at a time, each started when asked for and its promise handed back at once:
 * tests that each await their own run then share the cores without one of them starting every run.
 */
export function limited(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return (task) =>
    new Promise((resolve, reject) => {
      const start = () => {
        running++;
        task().then(resolve, reject).finally(release);
      };
      if (running < limit) start();
      else waiting.push(start);
    });
}

/** `npx uproot scan src/ --check  # comment` → `['scan', 'src/', '--check']`; undefined for other commands. */
export function uprootArgs(command: string): string[] | undefined {
  const words = command.replace(/\s+#.*$/, '').trim().split(/\s+/);
  if (words[0] === 'npx') words.shift();
  return words[0] === 'uproot' ? words.slice(1) : undefined;
}

export const EXTENSIONS: Record<string, string> = { ts: 'ts', js: 'js', mjs: 'mjs', cjs: 'cjs', tsx: 'tsx' };

const devDependencies = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;

/** The MCP packages a snippet imports, at the versions the repository tests with: what its package.json would declare. */
function mcpDependenciesOf(code: string): Record<string, string> {
  const names = new Set([...code.matchAll(/from '(@modelcontextprotocol\/[\w-]+)/g)].map((m) => m[1]!));
  return Object.fromEntries([...names].sort().map((name) => [name, devDependencies[name]!]));
}

/**
 * Migrates one before-block as `<!-- before: uproot migrate ... -->` says: the block is `src/example.<lang>` of an
 * ES module package that declares the MCP packages the block imports (no tsconfig or node_modules, so untyped), and the result is that file after the run.
 */
export async function migrateSnippet(block: Block, extra: string[] = []): Promise<{ output: string; run: Run }> {
  const args = uprootArgs(block.annotation!.slice('before: '.length));
  if (!args || args[0] !== 'migrate') throw new Error(`${block.page}:${block.line}: a before block's annotation must be an \`uproot migrate\` command`);
  const ext = EXTENSIONS[block.lang];
  if (!ext) throw new Error(`${block.page}:${block.line}: a before block must be ts, tsx, js, mjs or cjs`);
  const t = tempDir('pair');
  try {
    mkdirSync(path.join(t.dir, 'src'));
    writeFileSync(path.join(t.dir, 'package.json'), JSON.stringify({ type: 'module', dependencies: mcpDependenciesOf(block.code) }, null, 2) + '\n');
    const file = path.join(t.dir, 'src', `example.${ext}`);
    writeFileSync(file, block.code);
    const run = await runCliAsync([...args, ...extra, 'src'], t.dir);
    return { output: readFileSync(file, 'utf8'), run };
  } finally {
    t.remove();
  }
}

/** The distinct `configure` values of the sites a before-block's migration reports (`migrate --format json`). */
export async function configureOf(before: Block): Promise<unknown[]> {
  const { run } = await migrateSnippet(before, ['--dry-run', '--format', 'json']);
  const report = JSON.parse(run.stdout) as { files: { sites: { configure?: unknown }[] }[] };
  const seen = new Map<string, unknown>();
  for (const site of report.files.flatMap((f) => f.sites)) if (site.configure) seen.set(JSON.stringify(site.configure), site.configure);
  return [...seen.values()];
}

/**
 * Whether `after` is `actual`, where a line that is only `// …` in `after` stands for any run of lines (the
 * generated helpers a page does not repeat). Returns the first mismatch, or undefined.
 */
export function matchesWithElisions(after: string, actual: string): string | undefined {
  const segments = after.split(/^\s*\/\/ …\n/m);
  if (segments.length === 1) return after === actual ? undefined : 'differs';
  let at = 0;
  for (const [i, segment] of segments.entries()) {
    const found = i === 0 ? (actual.startsWith(segment) ? 0 : -1) : actual.indexOf(segment, at);
    if (found < 0) return `this part is not in the output, in order:\n${segment}`;
    if (i === segments.length - 1 && !actual.endsWith(segment)) return `the output does not end with:\n${segment}`;
    at = found + segment.length;
  }
  return undefined;
}
