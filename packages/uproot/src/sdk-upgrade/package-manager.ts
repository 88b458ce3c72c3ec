// The install command the user must run after the SDK upgrade rewrote their dependencies, for the
// package manager their lockfile names (the lockfile sits at the project or workspace root).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readManifest } from '../files/workspaces.ts';

const LOCKFILES: Array<[string, string]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/** The package manager and the folder it runs in: the first folder at or above `dir` with a lockfile. */
export function detectPackageManager(dir: string): { manager: string; root: string } {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    for (const [file, manager] of LOCKFILES) if (existsSync(path.join(current, file))) return { manager, root: current };
    // Without a lockfile, corepack's `packageManager` field still names the tool.
    const declared = readManifest(path.join(current, 'package.json'))?.packageManager;
    if (typeof declared === 'string' && /^(npm|pnpm|yarn|bun)@/.test(declared)) return { manager: declared.split('@')[0]!, root: current };
    if (path.dirname(current) === current) return { manager: 'npm', root: path.resolve(dir) };
  }
}

/** `npm install`, or `cd packages/api && pnpm install` when the root is not the working directory. */
export function installCommand(dir: string, cwd: string): string {
  const { manager, root } = detectPackageManager(dir);
  const rel = path.relative(cwd, root);
  const command = `${manager} install`;
  return rel ? `cd ${/^[\w./@-]+$/.test(rel) ? rel : JSON.stringify(rel)} && ${command}` : command;
}
