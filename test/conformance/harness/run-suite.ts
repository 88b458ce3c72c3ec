// Runs one scenario of the official conformance suite (`@modelcontextprotocol/conformance`, its published
// CLI, unmodified) against a server URL and reads back the checks it wrote.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';

export interface SuiteCheck {
  id: string;
  status: CheckStatus;
  errorMessage?: string;
}

/**
 * `pass`: every check the scenario made succeeded. `warn`: none failed but some warned (the suite marks
 * SHOULD-level misses, e.g. re-asking for a missing answer, as warnings and exits 0). `fail`: a check failed,
 * or the scenario produced no checks at all.
 */
export type Verdict = 'pass' | 'warn' | 'fail';

export interface ScenarioOutcome {
  scenario: string;
  verdict: Verdict;
  checks: SuiteCheck[];
  /** The CLI's exit code (1 when a check failed). */
  exitCode: number | null;
}

const require = createRequire(import.meta.url);
const SUITE_CLI = path.join(path.dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
const NODE20_FS = fileURLToPath(new URL('./node20-fs.mjs', import.meta.url));
const SCENARIO_TIMEOUT_MS = 60_000;

export function verdictOf(checks: readonly SuiteCheck[]): Verdict {
  const scored = checks.filter((c) => c.status !== 'INFO' && c.status !== 'SKIPPED');
  if (scored.length === 0 || scored.some((c) => c.status === 'FAILURE')) return 'fail';
  return scored.some((c) => c.status === 'WARNING') ? 'warn' : 'pass';
}

function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', NODE20_FS, SUITE_CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), SCENARIO_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function findChecksFile(dir: string): Promise<string | undefined> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'checks.json') return path.join(entry.parentPath, entry.name);
  }
  return undefined;
}

export async function runScenario(url: string, scenario: string): Promise<ScenarioOutcome> {
  const outputDir = await mkdtemp(path.join(tmpdir(), 'uproot-conformance-'));
  try {
    const { code, output } = await runCli(['server', '--url', url, '--scenario', scenario, '--output-dir', outputDir]);
    const file = existsSync(outputDir) ? await findChecksFile(outputDir) : undefined;
    if (!file) throw new Error(`conformance ${scenario} wrote no checks.json (exit ${code}):\n${output}`);
    const raw = JSON.parse(await readFile(file, 'utf8')) as SuiteCheck[];
    const checks = raw.map(({ id, status, errorMessage }) => ({ id, status, ...(errorMessage ? { errorMessage } : {}) }));
    return { scenario, verdict: verdictOf(checks), checks, exitCode: code };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}
