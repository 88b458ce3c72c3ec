// Whether a helper nothing calls is closed off reads its whole package for the module's stem (uncalled.ts);
// PackageSources lists and reads each package once per run. What it answers must be what a fresh walk answers:
// the source files holding the word, never the file asked about, never node_modules or build output, and
// nothing at all past 5,000 other source files (the package is then too large to say who names the module).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PackageSources } from '../../transforms/mrtr/package-sources.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-package-sources-'));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const names = (found: Array<{ file: string }> | undefined, root: string) => found?.map((f) => path.relative(root, f.file)).sort();

describe('PackageSources.holding', () => {
  it('finds the source files that hold the word, but the one asked about and skipped folders', () => {
    const root = tree({
      'src/roots.ts': "export const roots = 'roots';\n",
      'src/server.ts': "import { roots } from './roots.js';\n",
      'src/other.mjs': '// mentions roots\n',
      'src/unrelated.ts': 'export const x = 1;\n',
      'README.md': 'roots\n',
      'node_modules/dep/roots.js': 'roots\n',
      'dist/server.js': "require('./roots')\n",
    });
    const sources = new PackageSources();
    const found = sources.holding(root, path.join(root, 'src/roots.ts'), 'roots');
    expect(names(found, root)).toEqual(['src/other.mjs', 'src/server.ts']);
    expect(found!.find((f) => f.file.endsWith('server.ts'))!.text).toBe("import { roots } from './roots.js';\n");
    // Asked again, for another word and another file: the same listing answers.
    expect(names(sources.holding(root, path.join(root, 'src/server.ts'), 'roots'), root)).toEqual(['src/other.mjs', 'src/roots.ts']);
    expect(names(sources.holding(root, path.join(root, 'src/server.ts'), 'unrelated'), root)).toEqual([]);
  });

  it('a word written in UTF-8 beyond ASCII is found by its bytes', () => {
    const root = tree({ 'src/räume.ts': 'export {};\n', 'src/a.ts': "import './räume.js';\n", 'src/b.ts': "import './raume.js';\n" });
    expect(names(new PackageSources().holding(root, path.join(root, 'src/räume.ts'), 'räume'), root)).toEqual(['src/a.ts']);
  });

  it('says nothing for a package past 5,000 other source files, and answers at 5,000', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 5000; i++) files[`src/f${i}.ts`] = 'export {};\n';
    files['src/asked.ts'] = 'export {};\n';
    const root = tree(files);
    const asked = path.join(root, 'src/asked.ts');
    expect(new PackageSources().holding(root, asked, 'nothing')).toEqual([]);
    writeFileSync(path.join(root, 'src/one-more.ts'), 'export {};\n');
    expect(new PackageSources().holding(root, asked, 'nothing')).toBeUndefined();
  });
});
