// Reverse imports: the calls other files of the same package make to a function or a class's method
// that a module exports (`manager.setServerInstance(server)` in index.ts for roots.ts's RootsManager).
// A parameter the file itself never receives an MCP value for can still be proven by what they pass.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, propertyName, unwrap } from './ast.ts';
import { walkAll } from './provenance.ts';
import { resolveImport } from './resolve-import.ts';
import { snapshotEpoch } from './run-snapshot.ts';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', '.git', '.next', '.turbo']);
/** A package with more files than this is not searched (the walk would cost more than it proves). */
const MAX_FILES = 2000;
const MAX_BYTES = 1024 * 1024;

/**
 * The source files of the package that holds `file` (see importersBoundary). Listings and texts are
 * cached but checked against the disk on every use (a folder's mtime, a file's mtime and size), so a
 * long-running ESLint server sees callers added or edited after its first lint. Within a run's snapshot
 * (run-snapshot.ts) what was checked once in it is not checked again: resolving a parameter's value asks
 * every file of the package for a name, and each ask stat'd each file again.
 */
export class PackageFiles {
  private readonly listings = new Map<string, { files: string[]; folders: Map<string, number> | undefined; epoch: number | undefined }>();
  /** Each file's stamp as last checked, and in which snapshot (undefined: outside any run). */
  private readonly stamps = new Map<string, { epoch: number; stamp: { key: string; size: number } | undefined }>();
  private readonly texts = new Map<string, { key: string; text: string | null }>();
  /** Per file (at the mtime and size in `key`): its bytes, searched for each name asked, decoded only when it holds one. */
  private readonly bytes = new Map<string, { key: string; bytes: Buffer }>();
  /** The directory the scan or lint started from (default: the process's working directory at each lookup). */
  private readonly startDir: string | undefined;

  constructor(startDir?: string) {
    this.startDir = startDir;
  }

  /** A file's text, read again only when it changed (null when unreadable or too large). */
  text(file: string): string | null {
    const stamp = this.stamp(file);
    if (!stamp) return null;
    const cached = this.texts.get(file);
    if (cached?.key === stamp.key) return cached.text;
    let text: string | null = null;
    try {
      // Bytes a name search kept at the same stamp are this text, undecoded.
      const kept = this.bytes.get(file);
      text = stamp.size > MAX_BYTES ? null : kept?.key === stamp.key ? kept.bytes.toString('utf8') : readFileSync(file, 'utf8');
    } catch {
      text = null;
    }
    this.texts.set(file, { key: stamp.key, text });
    this.bytes.delete(file);
    return text;
  }

  /** The file's mtime and size as a cache key; undefined (and nothing cached kept) when it cannot be stat'd. */
  private stamp(file: string): { key: string; size: number } | undefined {
    const epoch = snapshotEpoch();
    const checked = epoch === undefined ? undefined : this.stamps.get(file);
    if (checked && checked.epoch === epoch) return checked.stamp;
    let stamp: { key: string; size: number } | undefined;
    try {
      const stat = statSync(file);
      stamp = { key: `${stat.mtimeMs}:${stat.size}`, size: stat.size };
    } catch {
      this.texts.delete(file);
      this.bytes.delete(file);
    }
    if (epoch !== undefined) this.stamps.set(file, { epoch, stamp });
    return stamp;
  }

  /** Files of the package, other than `file`, whose text mentions `name` next to an import of some kind. */
  importersNaming(file: string, name: string): string[] {
    const out: string[] = [];
    for (const other of this.of(file)) {
      const text = other === file ? null : this.textHolding(other, name);
      if (text && /\bfrom\s*['"]|\b(?:require|import)\s*\(/.test(text)) out.push(other);
    }
    return out;
  }

  /**
   * `file`'s text when it mentions `name`, else null. Most files of a package do not: their bytes are searched
   * (UTF-8, as the name is) and not decoded; on gemini-cli's core package that left 10 MB of text undecoded per
   * search. The bytes are kept until the file changes: the next search, for another name, reads none again.
   */
  private textHolding(file: string, name: string): string | null {
    const stamp = this.stamp(file);
    if (!stamp) return null;
    const { key, size } = stamp;
    const cached = this.texts.get(file);
    if (cached?.key === key) return cached.text?.includes(name) ? cached.text : null;
    if (size > MAX_BYTES) return null;
    let bytes = this.bytes.get(file);
    if (bytes?.key !== key) {
      try {
        bytes = { key, bytes: readFileSync(file) };
      } catch {
        return null;
      }
      this.bytes.set(file, bytes);
    }
    if (!bytes.bytes.includes(name)) return null;
    const text = bytes.bytes.toString('utf8');
    this.texts.set(file, { key, text });
    this.bytes.delete(file);
    return text.includes(name) ? text : null;
  }

  of(file: string): string[] {
    const start = this.startDir ?? process.cwd();
    const root = importersBoundary(file, start);
    if (!root) return [];
    const files = this.listing(root);
    if (files.includes(file)) return files;
    // The package's listing cannot hold the file: it is too large to list, or the file sits in a folder the walk
    // skips (a copy under `.tmp/`, as the conformance harness migrates). The folder the run started in, when it
    // holds the file, is the best boundary left; without it no importer would be searched at all.
    const rel = path.relative(path.resolve(start), file);
    return root !== path.resolve(start) && rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? this.listing(path.resolve(start)) : files;
  }

  private listing(root: string): string[] {
    const cached = this.listings.get(root);
    const epoch = snapshotEpoch();
    if (cached && ((epoch !== undefined && cached.epoch === epoch) || (cached.folders && unchanged(cached.folders)))) {
      cached.epoch = epoch;
      return cached.files;
    }
    // Within a run's snapshot the listing is not checked against the disk again, so the folders' mtimes are not
    // taken (a stat per folder; the walk of a package too large to search, ~2,000 files, is on the matcher's
    // critical path): outside that snapshot such a listing is made again.
    const listing = { files: [] as string[], folders: epoch === undefined ? new Map<string, number>() : undefined, epoch };
    walk(path.resolve(root), listing.files, listing.folders);
    if (listing.files.length > MAX_FILES) listing.files = [];
    this.listings.set(root, listing);
    return listing.files;
  }
}

/** A folder's mtime changes when an entry is added, removed or renamed in it. */
function unchanged(folders: ReadonlyMap<string, number>): boolean {
  for (const [dir, mtime] of folders) {
    try {
      if (statSync(dir).mtimeMs !== mtime) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * In `importer`, the calls to `name` exported by `target`: `name(…)` through an import binding, or, for a
 * class's method, `x.name(…)` in a file that imports the class (the receiver cannot be typed syntactically;
 * the file importing that class from that module is the evidence).
 */
export function callsFromImporter(
  importer: string,
  program: TSESTree.Program,
  target: string,
  exported: string,
  method: string | undefined,
  reexports?: (importer: string, source: string, name: string) => boolean,
): TSESTree.CallExpression[] {
  const locals = new Set<string>();
  for (const s of program.body) {
    if (s.type !== 'ImportDeclaration') continue;
    const direct = resolveImport(importer, s.source.value) === target;
    if (!direct && (!reexports || !s.source.value.startsWith('.'))) continue;
    for (const spec of s.specifiers) {
      const imported = spec.type === 'ImportSpecifier' ? (spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value) : spec.type === 'ImportDefaultSpecifier' ? 'default' : undefined;
      if (imported === undefined) continue;
      // `import { askName } from './index.js'`, a barrel re-exporting `target`'s export: the same function.
      if (direct ? imported === exported : reexports!(importer, s.source.value, imported)) locals.add(spec.local.name);
    }
  }
  if (!locals.size) return [];
  const calls: TSESTree.CallExpression[] = [];
  walkAll(program, (n: Node) => {
    if (n.type !== 'CallExpression') return;
    const callee = unwrap(n.callee);
    if (method === undefined && callee.type === 'Identifier' && locals.has(callee.name)) calls.push(n);
    if (method !== undefined && callee.type === 'MemberExpression' && propertyName(callee) === method) calls.push(n);
  });
  return calls;
}

/**
 * Where the files that may import `file` live: its nearest package.json, or the git root when that comes
 * first (a repository without a package.json, or whose package.json sits above it), else the directory the
 * run started from when it holds the file (a copied folder, a script directory). Looked up on every use,
 * so a package.json or repository created later moves the boundary.
 */
export function importersBoundary(file: string, startDir: string): string | undefined {
  let dir = path.dirname(file);
  for (;;) {
    if (isBoundary(dir)) return dir;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  const start = path.resolve(startDir);
  const rel = path.relative(start, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? start : undefined;
}

/** Folders found to be a boundary or not, in the current run's snapshot (run-snapshot.ts). */
let boundaries: { epoch: number; dirs: Map<string, boolean> } | undefined;

/** A package (package.json) or a repository (`.git`, a folder or a worktree's file) starts here. */
function isBoundary(dir: string): boolean {
  const epoch = snapshotEpoch();
  if (epoch === undefined) return markedAsBoundary(dir);
  if (boundaries?.epoch !== epoch) boundaries = { epoch, dirs: new Map() };
  let found = boundaries.dirs.get(dir);
  if (found === undefined) boundaries.dirs.set(dir, (found = markedAsBoundary(dir)));
  return found;
}

function markedAsBoundary(dir: string): boolean {
  for (const marker of ['package.json', '.git']) {
    try {
      const stat = statSync(path.join(dir, marker));
      if (marker === '.git' || stat.isFile()) return true;
    } catch {
      // not here
    }
  }
  return false;
}

function walk(dir: string, out: string[], folders: Map<string, number> | undefined, top = true): void {
  if (out.length > MAX_FILES) return;
  let entries;
  try {
    folders?.set(dir, statSync(dir).mtimeMs);
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  // A nested package or repository is bounded by itself: its files are not this one's importers. Its mtime
  // is kept, so the listing is made again when its package.json or .git goes away.
  if (!top && entries.some((e) => e.name === '.git' || (e.name === 'package.json' && (e.isFile() || e.isSymbolicLink())))) return;
  // `dir` is absolute and normalised (path.resolve at the top, then this walk): a name joins it as is.
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  for (const e of entries) {
    if (e.isDirectory()) {
      if (!SKIP.has(e.name) && !e.name.startsWith('.')) walk(prefix + e.name, out, folders, false);
    } else if (e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(prefix + e.name);
  }
}
