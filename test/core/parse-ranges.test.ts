// parseSource asks oxc for no `range` and sets it itself from each node's start and end while it adds
// parent pointers (parse.ts, decorate): that must give every node exactly the range oxc would have given,
// and leave no node without one. Checked on every fixture and the installed MCP packages' sources.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../packages/core/src/parse.ts';
import { MCP_PACKAGES, sourceFiles } from './source-tree.ts';

const root = path.resolve(import.meta.dirname, '../..');
const files = [path.join(root, 'test/fixtures'), ...MCP_PACKAGES.map((name) => path.join(root, 'node_modules', name))].flatMap((dir) => sourceFiles(dir));

type AnyNode = { type?: unknown; range?: [number, number]; [key: string]: unknown };

/** Every node of oxc's own ranged AST next to the node at the same place in ours, in key order. */
function* pairs(theirs: unknown, ours: unknown): Generator<[AnyNode, AnyNode]> {
  const stack: Array<[unknown, unknown]> = [[theirs, ours]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    if (Array.isArray(a)) {
      a.forEach((x, i) => stack.push([x, (b as unknown[])[i]]));
    } else if (a && typeof a === 'object') {
      const node = a as AnyNode;
      if (typeof node.type === 'string') yield [node, b as AnyNode];
      for (const key of Object.keys(node)) if (key !== 'range' && key !== 'parent') stack.push([node[key], (b as AnyNode)[key]]);
    }
  }
}

function langOf(file: string): 'ts' | 'tsx' | 'jsx' {
  if (file.endsWith('.tsx')) return 'tsx';
  return /\.[cm]?ts$/.test(file) ? 'ts' : 'jsx';
}

describe('the ranges parseSource sets', () => {
  it('holds enough files to mean something', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it('equal oxc’s own on every node of every fixture and installed MCP source file', () => {
    let nodes = 0;
    let parsed = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      let ours;
      try {
        ours = parseSource(text, file).ast;
      } catch {
        continue; // a fixture with a syntax error on purpose: nothing to compare
      }
      const sourceType = (ours as unknown as { sourceType: 'module' | 'script' }).sourceType;
      const theirs = parseSync(file, text, { lang: langOf(file), astType: 'ts', range: true, preserveParens: false, showSemanticErrors: false, sourceType }).program;
      parsed++;
      for (const [a, b] of pairs(theirs, ours)) {
        nodes++;
        if (!b || b.type !== a.type || b.range?.[0] !== a.range?.[0] || b.range?.[1] !== a.range?.[1]) {
          expect({ file, type: b?.type, range: b?.range }).toEqual({ file, type: a.type, range: a.range });
        }
      }
    }
    expect(parsed).toBeGreaterThan(200);
    expect(nodes).toBeGreaterThan(100_000);
  });
});
