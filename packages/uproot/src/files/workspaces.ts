// Monorepos around the migrated paths: the workspace packages an npm / yarn / bun `workspaces` field or a
// pnpm-workspace.yaml declares, found without a glob library (member patterns are plain folder globs).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface WorkspacePackage {
  /** The `name` of its package.json, when it has one. */
  name?: string;
  dir: string;
  manifest: string;
}

export interface Workspace {
  root: string;
  packages: WorkspacePackage[];
}

/** Parsed package.json, or undefined when it is missing or not JSON. */
export function readManifest(file: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The nearest package.json at or above `dir`. */
export function nearestManifest(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const candidate = path.join(current, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

/** The package.json nearest each path (default: the working directory), deduplicated. */
export function nearestManifests(paths: string[], cwd: string): string[] {
  const found = (paths.length ? paths : ['.']).map((p) => nearestManifest(path.resolve(cwd, p))).filter((m): m is string => !!m);
  return [...new Set(found)];
}

function memberGlobs(root: string): string[] {
  const globs: string[] = [];
  const workspaces = readManifest(path.join(root, 'package.json'))?.workspaces;
  const list = Array.isArray(workspaces) ? workspaces : (workspaces as { packages?: unknown } | undefined)?.packages;
  if (Array.isArray(list)) globs.push(...list.filter((g): g is string => typeof g === 'string'));
  const pnpm = path.join(root, 'pnpm-workspace.yaml');
  if (existsSync(pnpm)) {
    // Only the `packages:` list matters here; a YAML parser would be a dependency for one key.
    let inPackages = false;
    for (const line of readFileSync(pnpm, 'utf8').split(/\r?\n/)) {
      if (/^packages\s*:/.test(line)) inPackages = true;
      else if (inPackages && /^\s+-\s*/.test(line)) globs.push(line.replace(/^\s+-\s*/, '').replace(/\s+#.*$/, '').replace(/^['"]|['"]$/g, '').trim());
      else if (/^\S/.test(line)) inPackages = false;
    }
  }
  return globs.filter(Boolean);
}

function globToRegExp(glob: string): RegExp {
  const segments = glob.replace(/^\.\//, '').replace(/\/+$/, '').split('/');
  const body = segments.map((s) => (s === '**' ? '.*' : s.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]'))).join('/');
  return new RegExp(`^${body}$`);
}

/** Folders under `root` (relative, `/`-separated), without dependencies, build output and hidden folders. */
function folders(root: string, depth = 5, prefix = ''): string[] {
  if (depth === 0) return [];
  let entries;
  try {
    entries = readdirSync(path.join(root, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.') || e.name === 'node_modules' || e.name === 'dist' || e.name === 'build') continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    out.push(rel, ...folders(root, depth - 1, rel));
  }
  return out;
}

/** The workspace whose root is at or above `dir`, when `dir` belongs to it (the root, a member, or a folder holding members). */
export function findWorkspace(dir: string): Workspace | undefined {
  const target = path.resolve(dir);
  for (let root = target; ; root = path.dirname(root)) {
    const globs = existsSync(path.join(root, 'package.json')) || existsSync(path.join(root, 'pnpm-workspace.yaml')) ? memberGlobs(root) : [];
    if (globs.length) {
      const include = globs.filter((g) => !g.startsWith('!')).map(globToRegExp);
      const exclude = globs.filter((g) => g.startsWith('!')).map((g) => globToRegExp(g.slice(1)));
      const packages = folders(root)
        .filter((rel) => include.some((r) => r.test(rel)) && !exclude.some((r) => r.test(rel)))
        .map((rel) => path.join(root, rel))
        .filter((d) => existsSync(path.join(d, 'package.json')))
        .map((d) => ({ dir: d, manifest: path.join(d, 'package.json'), name: readManifest(path.join(d, 'package.json'))?.name as string | undefined }));
      const belongs = target === root || packages.some((p) => isWithin(target, p.dir) || isWithin(p.dir, target));
      return belongs ? { root, packages } : undefined;
    }
    if (path.dirname(root) === root) return undefined;
  }
}

/** Whether `inner` is `outer` or below it. */
export function isWithin(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
