// What a packed tarball contains, read the way npm unpacks it (package/…), for the checks that it stands alone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Unpacked {
  root: string;
  /** Paths relative to the package root, with forward slashes. */
  files: string[];
}

export function unpack(tarball: string): Unpacked {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-unpacked-'));
  execFileSync('tar', ['xzf', tarball, '-C', dir]);
  const root = path.join(dir, 'package');
  const files = (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
  return { root, files };
}

// Code loads files through these (import, export … from, require, import(), new URL(…, import.meta.url));
// markdown pages link to others with ](…).
const CODE_REFERENCE = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bnew URL\(\s*|^\s*import\s+)['"`](\.{1,2}\/[^'"`]*)['"`]/gm;
const MARKDOWN_LINK = /\]\((\.{1,2}\/[^)#\s]*)/g;
const PARENT_PATH = /(?:\.\.\/)+[^\s'"`)]*/g;

/**
 * What of a file can reference another: not doc comments (they quote example code such as
 * `import { server } from './server.js'`), nor package.json's lifecycle scripts, which npm runs only when
 * packing from the repository (`prepack` builds there), never on install.
 */
function readable(file: string, text: string): string {
  if (file === 'package.json') {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    delete manifest.scripts;
    return JSON.stringify(manifest);
  }
  return file.endsWith('.md') ? text : text.replace(/\/\*\*\s[\s\S]*?\*\//g, '');
}

/** Every relative reference in the package that leaves it or names a file it does not contain. */
export function danglingReferences({ root, files }: Unpacked): string[] {
  const shipped = new Set(files);
  const problems: string[] = [];
  for (const file of files) {
    if (!/\.(c|m)?js$|\.d\.c?ts$|\.md$|\.json$/.test(file)) continue;
    const text = readable(file, readFileSync(path.join(root, file), 'utf8'));
    const from = path.posix.dirname(file);
    const resolve = (ref: string) => path.posix.normalize(path.posix.join(from, ref));
    for (const [ref] of text.matchAll(PARENT_PATH)) {
      if (resolve(ref).startsWith('..')) problems.push(`${file}: ${ref} leaves the package`);
    }
    const pattern = file.endsWith('.md') ? MARKDOWN_LINK : CODE_REFERENCE;
    for (const [, ref] of text.matchAll(pattern)) {
      const target = resolve(ref!);
      const candidates = [target, target.replace(/\.js$/, '.d.ts'), target.replace(/\.cjs$/, '.d.cts')];
      if (!target.startsWith('..') && !candidates.some((c) => shipped.has(c) || files.some((f) => f.startsWith(`${c}/`)))) {
        problems.push(`${file}: ${ref} names ${target}, which the package does not contain`);
      }
    }
  }
  return problems;
}
