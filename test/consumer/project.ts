// A project outside the repository with uproot installed from its packed tarballs, as a user installs it.
// Consumer tests build one with installConsumer() and run the installed tools there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { userEnv } from './run.ts';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface Tarballs {
  core: string;
  plugin: string;
  cli: string;
}

let packed: Tarballs | undefined;

/**
 * Add the declarations to the JavaScript the test setup built, and pack the three workspaces: once per test
 * run when the run has its own directory (test/global-temp.ts), else once per test process.
 */
export function packWorkspaces(): Tarballs {
  if (packed) return packed;
  const runDir = process.env.UPROOT_TEST_RUN_DIR;
  packed = runDir ? packedOncePerRun(path.join(runDir, 'tarballs')) : packInto(mkdtempSync(path.join(os.tmpdir(), 'uproot-tarballs-')));
  return packed;
}

function packInto(dest: string): Tarballs {
  // Only the types: rebuilding the JavaScript would delete dist/ under the tests that run the bin meanwhile.
  execFileSync(process.execPath, [path.join(REPO, 'scripts/build.mjs'), '--types'], { cwd: REPO, stdio: 'inherit' });
  // The build ran above; --ignore-scripts keeps each pack from running it again.
  for (const ws of ['packages/core', 'packages/eslint-plugin', 'packages/uproot']) {
    execFileSync('npm', ['pack', '--ignore-scripts', '--silent', `--workspace=${ws}`, `--pack-destination=${dest}`], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const find = (prefix: string) => path.join(dest, readdirSync(dest).find((f) => f.startsWith(prefix))!);
  return { core: find('uproot-core-'), plugin: find('eslint-plugin-uproot-'), cli: find('uproot-0') };
}

/**
 * Test files run in separate processes, maybe at once: the first to create `dest` builds and packs, the others
 * wait for its answer. Two building at once would each rewrite dist/'s declarations while the other packs them.
 */
function packedOncePerRun(dest: string): Tarballs {
  const answer = path.join(dest, 'packed.json');
  try {
    mkdirSync(dest);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return awaitPacked(answer);
  }
  let result: Tarballs | { error: string };
  try {
    result = packInto(dest);
  } catch (error) {
    result = { error: String(error) };
  }
  writeFileSync(`${answer}.part`, JSON.stringify(result));
  renameSync(`${answer}.part`, answer);
  if ('error' in result) throw new Error(result.error);
  return result;
}

const PACK_WAIT_MS = 15 * 60_000;

function awaitPacked(answer: string): Tarballs {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const start = Date.now(); Date.now() - start < PACK_WAIT_MS; Atomics.wait(pause, 0, 0, 250)) {
    if (!existsSync(answer)) continue;
    const result = JSON.parse(readFileSync(answer, 'utf8')) as Tarballs | { error: string };
    if ('error' in result) throw new Error(`packing the workspaces failed in another test file: ${result.error}`);
    return result;
  }
  throw new Error(`no test file finished packing the workspaces into ${path.dirname(answer)} within ${PACK_WAIT_MS / 60_000} minutes`);
}

/** Exact versions from the registry that the consumer project installs beside uproot. */
export const CONSUMER_DEPENDENCIES: Record<string, string> = {
  '@modelcontextprotocol/server': '2.4.0',
  // examples/legacy-server's client.ts imports it; the consumer type-checks that code.
  '@modelcontextprotocol/client': '2.4.0',
  '@modelcontextprotocol/sdk': '1.32.2',
  zod: '4.6.7',
};

/**
 * A fresh directory under the system temp dir with the tarballs and `devDependencies` installed from the
 * registry. Nothing in it points back at the repository.
 */
export function installConsumer(devDependencies: Record<string, string>, name = 'consumer'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `uproot-${name}-`));
  const tarballs = packWorkspaces();
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: `uproot-${name}`,
        private: true,
        type: 'module',
        dependencies: CONSUMER_DEPENDENCIES,
        devDependencies: {
          // The plugin depends on @uproot/core by version; the local tarball must satisfy it.
          '@uproot/core': `file:${tarballs.core}`,
          'eslint-plugin-uproot': `file:${tarballs.plugin}`,
          uproot: `file:${tarballs.cli}`,
          ...devDependencies,
        },
      },
      null,
      2,
    ),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env: userEnv() });
  return dir;
}
