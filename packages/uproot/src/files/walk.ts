// Which files a run covers: the given paths (default: the current directory), source extensions
// only, without node_modules, build output, hidden folders, .gitignore'd files or anything behind a
// symlink. One readdir pass applies every rule while it descends, so ignored trees are never entered.
// A path the user names is always taken, even when a rule would skip it; rules apply below it.
import { lstatSync, readFileSync, readdirSync, realpathSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { type IgnoreRule, isIgnoredBy, parseGitignore } from './gitignore.ts';
import { type Tracked, gitRootOf, trackedFiles } from './git-tracked.ts';

export const SOURCE_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'];
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** `x.d.ts`, `x.d.mts`, and TypeScript 5's arbitrary-extension declarations such as `styles.d.css.ts`. */
const DECLARATION_FILE = /\.d(?:\.[^./]+)?\.[cm]?ts$/;
// Build output and dependencies; hidden folders (.next, .turbo, .git ...) are skipped by their leading dot.
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'build', 'coverage']);

export interface FileProblem {
  file: string;
  /** 1-based position, for problems inside the file (syntax errors). */
  line?: number;
  column?: number;
  message: string;
}

export interface FileSet {
  /** Regular files, as the walk's directory entries (or lstat, for a path given) saw them. */
  files: string[];
  problems: FileProblem[];
  notices: FileProblem[];
  /**
   * Each file's real path as the walk saw it. A writer checks the file is still there: a folder
   * swapped for a symlink mid-run would otherwise send the write outside the given paths.
   */
  realPaths: Map<string, string>;
}

/** Whether `file` still resolves to `expected` (no symlink has appeared on its way). */
export function stillInPlace(file: string, expected: string | undefined): boolean {
  try {
    return expected !== undefined && realpathSync(file) === expected;
  } catch {
    return false;
  }
}

export function isSourceFile(file: string): boolean {
  return SOURCE_FILE.test(file) && !DECLARATION_FILE.test(file);
}

/** One .gitignore's rules, and how to turn a walk-relative path into a path from its folder. */
interface RuleSet {
  rules: IgnoreRule[];
  prefix: string;
  strip: number;
}

export async function collectFiles(paths: string[], cwd: string): Promise<FileSet> {
  const files = new Set<string>();
  const problems: FileProblem[] = [];
  const notices: FileProblem[] = [];
  const tracked = new Map<string, Tracked | undefined>();
  const trackedIn = (gitRoot: string) => (tracked.has(gitRoot) ? tracked.get(gitRoot) : tracked.set(gitRoot, trackedFiles(gitRoot)).get(gitRoot));
  const realPaths = new Map<string, string>();
  for (const given of paths.length ? paths : ['.']) {
    const abs = path.resolve(cwd, given);
    let stat;
    try {
      stat = lstatSync(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push({ file: given, message: code === 'ENOENT' ? 'does not exist; check the path and run again' : `cannot be read (${code ?? 'error'}); check its permissions and run again` });
      continue;
    }
    const link = stat.isSymbolicLink() ? given : linkOnTheWay(cwd, abs);
    if (link !== undefined) {
      notices.push({ file: given, message: link === given ? 'is a symbolic link; uproot never follows links, pass the real path instead' : `is reached through the symbolic link ${link}; uproot never follows links, pass the real path instead` });
    } else if (stat.isFile()) {
      if (isSourceFile(abs)) {
        files.add(abs);
        realPaths.set(abs, realpathSync(abs));
      }
      else if (DECLARATION_FILE.test(abs)) notices.push({ file: given, message: 'is a declaration file; uproot scans implementation files only' });
      else notices.push({ file: given, message: `is not a ${SOURCE_EXTENSIONS.map((e) => '.' + e).join(' ')} file; skipped` });
    } else if (stat.isDirectory()) {
      const before = files.size;
      const gitRoot = gitRootOf(abs);
      const found = walk(abs, gitRoot ? ancestorRules(abs, gitRoot) : [], gitRoot ? trackedIn(gitRoot) : undefined, files, problems, cwd);
      const realRoot = realpathSync(abs);
      for (const file of [...files].slice(before)) realPaths.set(file, realPathBelow(abs, realRoot, file));
      if (!found) notices.push({ file: given, message: 'holds no source files to scan (node_modules, build output, hidden folders, .gitignore\'d and .d.ts files are skipped)' });
    } else {
      notices.push({ file: given, message: 'is not a regular file or directory; skipped' });
    }
  }
  return { files: [...files].sort(), problems, notices, realPaths };
}

/** `file` (found by the walk below `root`) with `root` replaced by its real path; path.relative per file costs more than the walk. */
function realPathBelow(root: string, realRoot: string, file: string): string {
  if (root === realRoot) return file;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return file.startsWith(prefix) ? path.join(realRoot, file.slice(prefix.length)) : path.join(realRoot, path.relative(root, file));
}

/**
 * A given path below the working directory that passes through a symlinked folder (`link/src`):
 * the link, relative to cwd. Paths outside cwd are the user's to name; only the part we descend
 * from cwd is checked.
 */
function linkOnTheWay(cwd: string, abs: string): string | undefined {
  const rel = path.relative(cwd, abs);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  for (let i = 1; i < parts.length; i++) {
    const step = parts.slice(0, i).join(path.sep);
    try {
      if (lstatSync(path.join(cwd, step)).isSymbolicLink()) return step.split(path.sep).join('/');
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Adds the source files under `root` to `files`; returns how many it found (overlapping paths count again). */
function walk(root: string, inherited: RuleSet[], tracked: Tracked | undefined, files: Set<string>, problems: FileProblem[], cwd: string): number {
  let found = 0;
  // `onlyTracked`: inside a folder git ignores, which the walk enters only for the files git tracks there.
  const stack: { dir: string; rel: string; sets: RuleSet[]; onlyTracked?: boolean }[] = [{ dir: root, rel: '', sets: inherited }];
  while (stack.length) {
    const { dir, rel, sets: outer, onlyTracked } = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      problems.push({ file: path.relative(cwd, dir).split(path.sep).join('/') || '.', message: `cannot be listed (${(error as NodeJS.ErrnoException).code ?? 'error'}); the files in it were not scanned` });
      continue;
    }
    const sets = withLocalGitignore(dir, rel, entries, outer);
    // `dir` is absolute and normalised: a name appended to it needs no path.join (which normalises again,
    // per entry), and a relative path is built only where some .gitignore has rules to test it against.
    const base = dir.endsWith(path.sep) ? dir : dir + path.sep;
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith('.') || entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        if (SKIPPED_DIRECTORIES.has(name)) continue;
        const sub = base + name;
        const skip = onlyTracked || (sets.length > 0 && ignored(sets, rel + name, name, true));
        if (!skip || tracked?.dirs.has(sub)) stack.push({ dir: sub, rel: rel + name + '/', sets, onlyTracked: skip });
      } else if (entry.isFile() && isSourceFile(name)) {
        const file = base + name;
        if (tracked?.files.has(file) || (!onlyTracked && !(sets.length > 0 && ignored(sets, rel + name, name, false)))) {
          files.add(file);
          found++;
        }
      }
    }
  }
  return found;
}

function ignored(sets: RuleSet[], relPath: string, name: string, isDir: boolean): boolean {
  let result = false;
  for (const set of sets) result = isIgnoredBy(set.rules, set.prefix + relPath.slice(set.strip), name, isDir, result);
  return result;
}

function withLocalGitignore(dir: string, rel: string, entries: Dirent[], sets: RuleSet[]): RuleSet[] {
  if (!entries.some((e) => e.name === '.gitignore' && e.isFile())) return sets;
  const rules = readRules(path.join(dir, '.gitignore'));
  return rules.length ? [...sets, { rules, prefix: '', strip: rel.length }] : sets;
}

function readRules(file: string): IgnoreRule[] {
  try {
    return parseGitignore(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

/**
 * Rules that apply from above the walk root: `.git/info/exclude` and the .gitignore files from the
 * repository root down to the root's parent (lowest precedence first, as git orders them).
 */
function ancestorRules(root: string, gitRoot: string): RuleSet[] {
  const chain: string[] = [];
  for (let dir = path.dirname(root); root !== gitRoot; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (dir === gitRoot || path.dirname(dir) === dir) break;
  }
  const sets: RuleSet[] = [];
  const toRoot = (base: string) => {
    const rel = path.relative(base, root);
    return rel ? rel.split(path.sep).join('/') + '/' : '';
  };
  const exclude = readRules(path.join(gitRoot, '.git', 'info', 'exclude'));
  if (exclude.length) sets.push({ rules: exclude, prefix: toRoot(gitRoot), strip: 0 });
  for (const base of chain) {
    const rules = readRules(path.join(base, '.gitignore'));
    if (rules.length) sets.push({ rules, prefix: toRoot(base), strip: 0 });
  }
  return sets;
}
