// The real-code tree for `npm run bench`: the published .js/.ts/.mjs/.cjs files of installed npm
// packages (the MCP servers, frameworks and SDKs this repository installs as dev dependencies, the
// project's own tools, and every package they depend on), copied at bench time into a temporary
// "repo" as src/<package>/... . Nothing of it is committed; it is rebuilt from node_modules.
//
// Two layouts of the same copy. "bundles": path segments scan and the floor skip (dist/, build/, dot
// directories) are renamed with a trailing "_", so both read the published bundles too. "user": the
// packages keep their own layout, as a user's repo keeps dist/ out: both skip the same build output.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the copy starts: MCP code first, then the tools a server author also installs. */
export const REAL_ROOTS = [
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/core',
  '@modelcontextprotocol/server-everything',
  '@modelcontextprotocol/server-filesystem',
  'fastmcp',
  'mcp-proxy',
  'tmcp',
  'mcp-handler',
  'chrome-devtools-mcp',
  'eslint',
  'typescript-eslint',
  'jscodeshift',
  'yaml',
];

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const SKIPPED_SEGMENT = new Set(['dist', 'build', 'coverage', '.next', '.nuxt', '.output', '.turbo', '.vercel', '.svelte-kit']);
/** Larger than scan's default --max-file-size: scan would only note it, the floor would still read it. */
const MAX_BYTES = 5 * 1024 * 1024;

/** `bundles`: build output renamed so it is read; `user`: kept as published, so scan and the floor skip it. */
export type RealLayout = 'bundles' | 'user';

export interface RealTree {
  root: string;
  layout: RealLayout;
  files: number;
  bytes: number;
  packages: string[];
  reused: boolean;
}

/** The dependency closure of REAL_ROOTS among the top-level packages of `nodeModules`, sorted. */
export function realPackages(nodeModules: string): string[] {
  const seen = new Set<string>();
  const queue = [...REAL_ROOTS];
  while (queue.length) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    const manifest = path.join(nodeModules, name, 'package.json');
    if (!existsSync(manifest)) continue;
    seen.add(name);
    const m = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: object; peerDependencies?: object };
    queue.push(...Object.keys({ ...m.dependencies, ...m.peerDependencies }));
  }
  return [...seen].sort();
}

function sourceFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name === 'node_modules') continue; // nested copies belong to another version of a package
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...sourceFiles(dir, r));
    else if (e.isFile() && SOURCE.test(e.name) && !DECLARATION.test(e.name) && statSync(path.join(dir, r)).size <= MAX_BYTES) out.push(r);
  }
  return out;
}

/** A package's file as a path inside the tree: src/<package>/<path>, with skipped segments renamed for `bundles`. */
export function layout(pkg: string, rel: string, kind: RealLayout = 'bundles'): string {
  const rename = (s: string) => kind === 'bundles' && (SKIPPED_SEGMENT.has(s) || s.startsWith('.'));
  const segments = rel.split('/').map((s, i, all) => (i < all.length - 1 && rename(s) ? `${s}_` : s));
  return ['src', ...pkg.split('/'), ...segments].join('/');
}

/** Builds (or reuses, when the installed versions are unchanged) the tree in the system temp dir. */
export function ensureRealTree(repo: string, kind: RealLayout = 'bundles'): RealTree {
  const nodeModules = path.join(repo, 'node_modules');
  const packages = realPackages(nodeModules);
  const versions = packages.map((p) => `${p}@${(JSON.parse(readFileSync(path.join(nodeModules, p, 'package.json'), 'utf8')) as { version: string }).version}`);
  const key = createHash('sha256').update(versions.join('\n')).digest('hex').slice(0, 12);
  const root = path.join(tmpdir(), `uproot-bench-real-${kind === 'user' ? 'user-' : ''}${key}`);
  const manifest = path.join(root, '.bench-real.json');
  if (existsSync(manifest)) {
    const m = JSON.parse(readFileSync(manifest, 'utf8')) as RealTree;
    return { ...m, root, layout: kind, reused: true };
  }
  rmSync(root, { recursive: true, force: true });
  const { files, bytes } = copyPackages(nodeModules, packages, root, kind);
  const tree: RealTree = { root, layout: kind, files, bytes, packages: versions, reused: false };
  writeFileSync(manifest, JSON.stringify(tree));
  return tree;
}

/**
 * Copies the source files of `packages` (installed in `nodeModules`) into `root`, laid out as a repo.
 * `files`/`bytes` count what is copied; for `user` the bench asks the floor what it reads of them.
 */
export function copyPackages(nodeModules: string, packages: string[], root: string, kind: RealLayout = 'bundles'): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const pkg of packages) {
    const dir = path.join(nodeModules, pkg);
    for (const rel of sourceFiles(dir)) {
      const to = path.join(root, layout(pkg, rel, kind));
      mkdirSync(path.dirname(to), { recursive: true });
      copyFileSync(path.join(dir, rel), to);
      files++;
      bytes += statSync(to).size;
    }
  }
  return { files, bytes };
}
