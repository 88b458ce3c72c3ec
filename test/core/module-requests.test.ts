// The caller and importer searches read a file's imports from oxc's module record instead of its AST
// (module-requests.ts): the two must name the same statements, or a barrel's importer is missed or a caller
// invented. Each spelling is checked against what parseSource's TS-ESTree says, statement for statement.
import type { TSESTree } from '@typescript-eslint/types';
import { describe, expect, it } from 'vitest';
import { ParseError, moduleRequests, parseSource } from '../../packages/core/src/planning.ts';

/** What the AST says: the statements the searches read (imports, and exports that name a source). */
function fromAst(text: string, file: string): Array<{ source: string; kind: 'import' | 'reexport' }> {
  const out: Array<{ source: string; kind: 'import' | 'reexport' }> = [];
  for (const s of parseSource(text, file).ast.body as TSESTree.ProgramStatement[]) {
    if (s.type === 'ImportDeclaration') out.push({ source: s.source.value, kind: 'import' });
    else if ((s.type === 'ExportNamedDeclaration' || s.type === 'ExportAllDeclaration') && s.source) out.push({ source: s.source.value, kind: 'reexport' });
  }
  return out;
}

const spellings: Array<[string, string, string]> = [
  ['named, default and namespace imports', 'a.ts', "import d, { b as c } from './d.js';\nimport * as ns from \"./ns\";\nimport { x } from '@modelcontextprotocol/server';\n"],
  ['type-only imports and re-exports', 'a.ts', "import type { A } from './types.js';\nimport { type B } from './b';\nexport type { T } from './t.js';\n"],
  ['a bare import', 'a.ts', "import './polyfill.js';\nexport const x = 1;\n"],
  ['export star, with and without a namespace', 'a.ts', "export * from './all.js';\nexport * as tools from './tools/index.js';\n"],
  ['a named re-export of several names', 'a.ts', "export { a, b as c, default as d } from './many.js';\nexport { local };\nconst local = 1;\n"],
  ['comments between from and the source', 'a.ts', "import { askName } from/* the barrel */'./index.js';\nexport { y } from // why\n  './y.js';\n"],
  ['what is not an import statement', 'a.ts', "import fs = require('node:fs');\nconst r = require('./cjs');\nconst m = await import('./dyn.js');\nexport default function f() {}\n"],
  ['JSX in a .js file', 'a.js', "import React from 'react';\nexport { View } from './view.js';\nexport const App = () => <View />;\n"],
  ['CommonJS a module cannot hold (sloppy mode)', 'a.js', "const x = require('./x');\nwith (x) { module.exports = y; }\n"],
  ['TSX', 'a.tsx', "import { h } from './h';\nexport const V = <T,>(p: T) => <div>{String(p)}</div>;\n"],
];

describe('moduleRequests', () => {
  it.each(spellings)('%s: the same statements as the AST, in order', (_name, file, text) => {
    const expected = fromAst(text, file);
    expect(moduleRequests(text, file)).toEqual(expected);
  });

  it('the spellings above are not all empty (each case reads something, or says why not)', () => {
    const nonEmpty = spellings.filter(([, file, text]) => fromAst(text, file).length > 0);
    expect(nonEmpty.length).toBe(spellings.length - 2);
  });

  it('throws a ParseError where parseSource does, at the same position', () => {
    const text = "import { a } from './a.js';\nexport const = 1;\n";
    let astError: unknown;
    try {
      parseSource(text, 'bad.ts');
    } catch (error) {
      astError = error;
    }
    expect(astError).toBeInstanceOf(ParseError);
    expect(() => moduleRequests(text, 'bad.ts')).toThrow(ParseError);
    try {
      moduleRequests(text, 'bad.ts');
    } catch (error) {
      expect([(error as ParseError).line, (error as ParseError).column]).toEqual([(astError as ParseError).line, (astError as ParseError).column]);
    }
  });
});
