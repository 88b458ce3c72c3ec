// A package as installed for a folder: the package.json Node's resolution would find walking up node_modules.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { readManifest } from '../files/workspaces.ts';

/** The folder `name` is installed in for `dir` (its real path, links resolved), or undefined when none is installed. */
export function installedDir(dir: string, name: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const folder = path.join(current, 'node_modules', name);
    if (existsSync(path.join(folder, 'package.json'))) return realpathSync(folder);
    if (path.dirname(current) === current) return undefined;
  }
}

/** The installed package.json of `name` for `dir`, or undefined when none is installed (or it is not JSON). */
export function installedManifest(dir: string, name: string): Record<string, unknown> | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const manifest = path.join(current, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return readManifest(manifest);
    if (path.dirname(current) === current) return undefined;
  }
}

/** The installed version of `name` for `dir`; undefined when none is installed. */
export function installedVersion(dir: string, name: string): string | undefined {
  const version = installedManifest(dir, name)?.version;
  return typeof version === 'string' ? version : undefined;
}
