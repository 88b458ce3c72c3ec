// The CLI's parse leaves `loc` off its nodes; locOf works it out on demand, the same as ESLint's parsers
// put it on every node: checked for every node of a few real-shaped files, LF and CRLF.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as eslintParse } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/types';
import { describe, expect, it } from 'vitest';
import { locOf } from '../../packages/core/src/loc.ts';
import { parseSource } from '../../packages/core/src/parse.ts';
import { walkAll } from '../../packages/core/src/walk.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/detection/', import.meta.url));
const files = ['client-v2-capability-flows.ts', 'client-v2-mrtr-class.ts', 'handbuilt-shared-request.ts'].map((f) => FIXTURE + f);

function nodesOf(ast: TSESTree.Program): TSESTree.Node[] {
  const out: TSESTree.Node[] = [];
  walkAll(ast, (n) => void out.push(n as TSESTree.Node));
  return out;
}

describe('locOf', () => {
  it('is ESLint’s loc for every node of the CLI’s parse, and the CLI’s nodes carry none', () => {
    let checked = 0;
    for (const file of files) {
      for (const text of [readFileSync(file, 'utf8'), readFileSync(file, 'utf8').replace(/\n/g, '\r\n')]) {
        const ours = parseSource(text, file).ast;
        const theirs = eslintParse(text, { loc: true, range: true, sourceType: 'module', filePath: file }) as unknown as TSESTree.Program;
        const expected = new Map(nodesOf(theirs).map((n) => [`${n.type}@${n.range[0]}-${n.range[1]}`, n.loc]));
        for (const node of nodesOf(ours)) {
          expect(Object.prototype.hasOwnProperty.call(node, 'loc')).toBe(false);
          const want = expected.get(`${node.type}@${node.range[0]}-${node.range[1]}`);
          if (!want) continue;
          expect(locOf(node)).toEqual({ start: want.start, end: want.end });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('hands back the loc a node already has (ESLint’s parse)', () => {
    const ast = eslintParse('const a = 1;\n', { loc: true, range: true }) as unknown as TSESTree.Program;
    expect(locOf(ast.body[0]!)).toBe(ast.body[0]!.loc);
  });
});
