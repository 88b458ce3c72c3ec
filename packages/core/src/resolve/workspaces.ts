// The packages of a monorepo, by name: npm/yarn `workspaces`, pnpm-workspace.yaml and lerna.json, so
// `import { server } from '@acme/mcp-core'` leads to that package's sources even with nothing installed.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ConfigFiles } from './config-files.ts';
import type { PackageManifest } from './package-json.ts';

const MAX_GLOBSTAR_DEPTH = 4;
const MAX_PACKAGES = 2000;

export class Workspaces {
  private readonly files: ConfigFiles;
  private readonly rootOf = new Map<string, string | null>();
  private readonly packagesOf = new Map<string, Map<string, string>>();

  constructor(files: ConfigFiles) {
    this.files = files;
  }

  /** The folder of the workspace package `name` of the monorepo around `fromDir`. */
  packageDir(name: string, fromDir: string): string | undefined {
    const root = this.root(fromDir);
    return root ? this.packages(root).get(name) : undefined;
  }

  private root(dir: string): string | undefined {
    const cached = this.rootOf.get(dir);
    if (cached !== undefined) return cached ?? undefined;
    let found: string | undefined;
    if (this.patterns(dir).length) found = dir;
    else {
      const parent = path.dirname(dir);
      if (parent !== dir && path.basename(dir) !== 'node_modules') found = this.root(parent);
    }
    this.rootOf.set(dir, found ?? null);
    return found;
  }

  private patterns(dir: string): string[] {
    const manifest = this.files.read(path.join(dir, 'package.json')) as PackageManifest | undefined;
    const ws = manifest?.workspaces;
    const fromManifest = Array.isArray(ws) ? ws : Array.isArray((ws as { packages?: unknown })?.packages) ? (ws as { packages: unknown[] }).packages : [];
    const lerna = (this.files.read(path.join(dir, 'lerna.json')) as { packages?: unknown } | undefined)?.packages;
    return [...fromManifest, ...(Array.isArray(lerna) ? lerna : []), ...pnpmPatterns(dir)].filter((p): p is string => typeof p === 'string');
  }

  private packages(root: string): Map<string, string> {
    const cached = this.packagesOf.get(root);
    if (cached) return cached;
    const byName = new Map<string, string>();
    const patterns = this.patterns(root);
    const excluded = new Set(patterns.filter((p) => p.startsWith('!')).flatMap((p) => expand(root, p.slice(1))));
    for (const pattern of patterns.filter((p) => !p.startsWith('!'))) {
      for (const dir of expand(root, pattern)) {
        if (excluded.has(dir) || byName.size >= MAX_PACKAGES) continue;
        const name = (this.files.read(path.join(dir, 'package.json')) as PackageManifest | undefined)?.name;
        if (typeof name === 'string' && !byName.has(name)) byName.set(name, dir);
      }
    }
    this.packagesOf.set(root, byName);
    return byName;
  }
}

function pnpmPatterns(dir: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(dir, 'pnpm-workspace.yaml'), 'utf8');
  } catch {
    return [];
  }
  const out: string[] = [];
  let inPackages = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^packages\s*:/.test(line)) inPackages = true;
    else if (/^\S/.test(line)) inPackages = false;
    else if (inPackages) {
      const item = /^\s*-\s*['"]?([^'"#]+?)['"]?\s*(?:#.*)?$/.exec(line);
      if (item) out.push(item[1]!);
    }
  }
  return out;
}

/** Folders a workspace glob names: literal segments, `*` and `**` (bounded), never node_modules. */
function expand(root: string, pattern: string): string[] {
  let dirs = [root];
  for (const segment of pattern.replace(/\/+$/, '').split('/').filter((s) => s && s !== '.')) {
    if (segment === '**') dirs = dirs.flatMap((d) => [d, ...descendants(d, MAX_GLOBSTAR_DEPTH)]);
    else if (segment.includes('*')) {
      const re = new RegExp('^' + segment.split('*').map(escape).join('[^/]*') + '$');
      dirs = dirs.flatMap((d) => children(d).filter((c) => re.test(path.basename(c))));
    } else dirs = dirs.map((d) => path.join(d, segment));
  }
  return dirs;
}

function children(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.'))
      .map((e) => path.join(dir, e.name));
  } catch {
    return [];
  }
}

function descendants(dir: string, depth: number): string[] {
  if (depth <= 0) return [];
  return children(dir).flatMap((c) => [c, ...descendants(c, depth - 1)]);
}

function escape(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
