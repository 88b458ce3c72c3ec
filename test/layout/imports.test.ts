// Imports run one way (docs/architecture.md): no source file imports another that imports it back, and
// rules/ never reaches into a package's src/. A new circle fails here, with the files that form it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles, importGraph, rulesIntoPackages } from './import-graph.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

describe('the repository layout', () => {
  const graph = importGraph(REPO);

  it('reads the sources of every package, rules/ and transforms/', () => {
    for (const file of ['packages/core/src/index.ts', 'packages/eslint-plugin/src/index.ts', 'packages/uproot/src/cli.ts', 'rules/no-roots-request.ts', 'transforms/mrtr.ts']) {
      expect(graph.files).toContain(file);
    }
    expect(graph.imports.get('packages/eslint-plugin/src/index.ts')).toContain('rules/no-roots-request.ts');
  });

  it('has no import circles', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('has no import from rules/ into a package src/', () => {
    expect(rulesIntoPackages(graph)).toEqual([]);
  });
});

describe('the import graph checker', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-layout-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  write('packages/a/src/one.ts', "import type { Two } from './two.js';\nexport type One = Two;\n");
  write('packages/a/src/two.ts', "// import { one } from './three.ts' in a comment is no import\nexport { type One } from './one.ts';\nexport type Two = string;\n");
  write('packages/a/src/three.ts', "export const three = () => import('./four.ts');\n");
  write('packages/a/src/four.ts', "import { three } from './three.ts';\nexport const four = three;\n");
  write('packages/a/src/leaf.ts', "import { four } from './four.ts';\nexport default four;\n");
  write('rules/some-rule.ts', "import { four } from '../packages/a/src/four.ts';\nexport default four;\n");
  write('transforms/empty.ts', 'export {};\n');

  it('finds a circle of type-only imports and one through import()', () => {
    expect(importCircles(importGraph(dir))).toEqual(
      expect.arrayContaining([
        ['packages/a/src/one.ts', 'packages/a/src/two.ts'],
        ['packages/a/src/four.ts', 'packages/a/src/three.ts'],
      ]),
    );
    expect(importCircles(importGraph(dir))).toHaveLength(2);
  });

  it('finds an import from rules/ into a package src/', () => {
    expect(rulesIntoPackages(importGraph(dir))).toEqual(['rules/some-rule.ts -> packages/a/src/four.ts']);
  });
});
