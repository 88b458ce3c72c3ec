// Commands in the consumer project, run the way a user's shell runs them: no npm workspace settings or
// colour switches inherited from the test runner.
import { spawn, spawnSync } from 'node:child_process';

export interface Run {
  code: number;
  out: string;
  err: string;
}

// What `npm test` adds for its script (the repository's package and workspace); registry settings stay.
const RUNNER_ONLY = /^(VITEST|npm_(package_|lifecycle_|command$|execpath$|node_execpath$|config_(local_prefix|workspaces?|include_workspace_root|user_agent|npm_version)$))/;

/**
 * The environment of a plain terminal: the runner's npm script settings (package, workspace, prefix), vitest's variables
 * and colour forcing removed; npm's update notice off, so npx adds nothing to a command's stderr.
 */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (RUNNER_ONLY.test(key) || ['NO_COLOR', 'FORCE_COLOR', 'CI', 'TERM', 'NODE_OPTIONS', 'NODE_ENV', 'TEST'].includes(key)) continue;
    env[key] = value;
  }
  return { ...env, npm_config_update_notifier: 'false' };
}

export function run(command: string, args: string[], cwd: string, timeout = 120_000): Run {
  const r = spawnSync(command, args, { cwd, env: userEnv(), encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

/** Run and fail with the command's own output when it exits with another code than `expected`. */
export function runOk(command: string, args: string[], cwd: string, expected = 0): Run {
  const r = run(command, args, cwd);
  if (r.code !== expected) throw new Error(`${command} ${args.join(' ')} exited ${r.code} (expected ${expected}) in ${cwd}\n${r.out}\n${r.err}`);
  return r;
}

/** As run(), without blocking: independent commands share the machine's cores. */
export function runAsync(command: string, args: string[], cwd: string, timeout = 240_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: userEnv(), timeout });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}
