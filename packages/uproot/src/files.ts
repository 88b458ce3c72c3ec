// Which files a run covers: the given paths (default: the current directory), source extensions
// only, without node_modules, build output, .gitignore'd files or anything behind a symlink.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { globby } from 'globby';

export const SOURCE_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'];
const BUILD_OUTPUT = ['dist', 'build', 'coverage', '.next', '.nuxt', '.output', '.turbo', '.vercel', '.svelte-kit'];

export interface FileProblem {
  file: string;
  message: string;
}

export interface FileSet {
  files: string[];
  problems: FileProblem[];
  notices: FileProblem[];
}

export function isSourceFile(file: string): boolean {
  if (/\.d\.[cm]?ts$/.test(file)) return false;
  const ext = path.extname(file).slice(1);
  return SOURCE_EXTENSIONS.includes(ext);
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
      problems.push({ file: given, message: `cannot read this path (${(error as NodeJS.ErrnoException).code ?? 'error'}); check that it exists and is readable` });
      continue;
    }
    if (stat.isSymbolicLink()) {
      notices.push({ file: given, message: 'is a symbolic link; uproot never follows links, pass the real path instead' });
      continue;
    }
    if (stat.isFile()) {
      if (isSourceFile(abs)) files.add(abs);
      else notices.push({ file: given, message: `not a ${SOURCE_EXTENSIONS.map((e) => '.' + e).join(' ')} source file; skipped` });
      continue;
    }
    if (!stat.isDirectory()) continue;
    const found = await globby(`**/*.{${SOURCE_EXTENSIONS.join(',')}}`, {
      cwd: abs,
      absolute: true,
      gitignore: true,
      followSymbolicLinks: false,
      onlyFiles: true,
      dot: false,
      suppressErrors: true,
      ignore: ['**/node_modules/**', '**/*.d.ts', '**/*.d.mts', '**/*.d.cts', ...BUILD_OUTPUT.map((d) => `**/${d}/**`)],
    });
    for (const f of found) {
      // fast-glob reports a symlinked file as a file; never touch it.
      if (lstatSync(f).isSymbolicLink()) continue;
      files.add(f);
    }
  }
  return { files: [...files].sort(), problems, notices };
}
