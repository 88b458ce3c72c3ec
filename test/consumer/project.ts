// A project outside the repository with uproot installed from its packed tarballs, as a user installs it.
// Consumer tests build one with installConsumer() and run the installed tools there.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
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

/** Add the declarations to the JavaScript the test setup built, and pack the three workspaces, once per test process. */
export function packWorkspaces(): Tarballs {
  if (packed) return packed;
  // Only the types: rebuilding the JavaScript would delete dist/ under the tests that run the bin meanwhile.
  execFileSync(process.execPath, [path.join(REPO, 'scripts/build.mjs'), '--types'], { cwd: REPO, stdio: 'inherit' });
  const dest = mkdtempSync(path.join(os.tmpdir(), 'uproot-tarballs-'));
  // The build ran above; --ignore-scripts keeps each pack from running it again.
  for (const ws of ['packages/core', 'packages/eslint-plugin', 'packages/uproot']) {
    execFileSync('npm', ['pack', '--ignore-scripts', '--silent', `--workspace=${ws}`, `--pack-destination=${dest}`], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const find = (prefix: string) => path.join(dest, readdirSync(dest).find((f) => f.startsWith(prefix))!);
  packed = { core: find('uproot-core-'), plugin: find('eslint-plugin-uproot-'), cli: find('uproot-0') };
  return packed;
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
