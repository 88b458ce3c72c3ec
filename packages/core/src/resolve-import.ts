// Node-style resolution of a relative import to a file on disk, with TypeScript's `.js` → `.ts`
// mapping. Parser-free, so the CLI's pre-filter can use it too.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Node-style resolution of a relative specifier, with TypeScript's `.js` → `.ts` mapping. */
export function resolveImport(from: string, spec: string, exists: (file: string) => boolean = onDisk): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const swapped = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts'), base.replace(/\.cjs$/, '.cts'), base.replace(/\.jsx$/, '.tsx')];
  const candidates = [...swapped, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((c) => /\.[cm]?[jt]sx?$/.test(c) && !c.endsWith('.d.ts') && exists(c));
}

function onDisk(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

