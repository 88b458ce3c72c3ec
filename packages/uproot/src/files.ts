// Which files a run covers: the given paths (default: the current directory), source extensions
// only, without node_modules, build output, hidden folders, .gitignore'd files or anything behind a
// symlink. One readdir pass applies every rule while it descends, so ignored trees are never entered.
// A path the user names is always taken, even when a rule would skip it; rules apply below it.
import { existsSync, lstatSync, readFileSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { type IgnoreRule, isIgnoredBy, parseGitignore } from './gitignore.ts';

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
  files: string[];
  problems: FileProblem[];
  notices: FileProblem[];
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
    if (stat.isSymbolicLink()) {
      notices.push({ file: given, message: 'is a symbolic link; uproot never follows links, pass the real path instead' });
    } else if (stat.isFile()) {
      if (isSourceFile(abs)) files.add(abs);
      else if (DECLARATION_FILE.test(abs)) notices.push({ file: given, message: 'is a declaration file; uproot scans implementation files only' });
      else notices.push({ file: given, message: `is not a ${SOURCE_EXTENSIONS.map((e) => '.' + e).join(' ')} file; skipped` });
    } else if (stat.isDirectory()) {
      const found = walk(abs, ancestorRules(abs), files, problems, cwd);
      if (!found) notices.push({ file: given, message: 'holds no source files to scan (node_modules, build output, hidden folders, .gitignore\'d and .d.ts files are skipped)' });
    } else {
      notices.push({ file: given, message: 'is not a regular file or directory; skipped' });
    }
  }
  return { files: [...files].sort(), problems, notices };
}

/** Adds the source files under `root` to `files`; returns how many it found (overlapping paths count again). */
function walk(root: string, inherited: RuleSet[], files: Set<string>, problems: FileProblem[], cwd: string): number {
  let found = 0;
  const stack: { dir: string; rel: string; sets: RuleSet[] }[] = [{ dir: root, rel: '', sets: inherited }];
  while (stack.length) {
    const { dir, rel, sets: outer } = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      problems.push({ file: path.relative(cwd, dir).split(path.sep).join('/') || '.', message: `cannot be listed (${(error as NodeJS.ErrnoException).code ?? 'error'}); the files in it were not scanned` });
      continue;
    }
    const sets = withLocalGitignore(dir, rel, entries, outer);
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith('.') || entry.isSymbolicLink()) continue;
      const relPath = rel + name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(name) && !ignored(sets, relPath, name, true)) stack.push({ dir: path.join(dir, name), rel: relPath + '/', sets });
      } else if (entry.isFile() && isSourceFile(name) && !ignored(sets, relPath, name, false)) {
        files.add(path.join(dir, name));
        found++;
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
function ancestorRules(root: string): RuleSet[] {
  const chain: string[] = [];
  let dir = path.dirname(root);
  let gitRoot: string | undefined = existsSync(path.join(root, '.git')) ? root : undefined;
  while (!gitRoot) {
    chain.unshift(dir);
    if (existsSync(path.join(dir, '.git'))) gitRoot = dir;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  if (!gitRoot) return [];
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
