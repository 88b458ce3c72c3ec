// A lib global the file does not bind (`new Map()`, `String(x)`, `setTimeout(…)`) never needs the checker; one the
// file binds (an import, a local class, a parameter) might be an MCP value under another name, so it still does.
// `importedFrom` names the module a binding comes from, which the oracle answers MCP-free modules from.
import { describe, expect, it } from 'vitest';
import { type Node, parseSource } from '@uproot/core/planning';
import { importedFrom } from '../../packages/uproot/src/types/imported-from.ts';
import { isLibGlobal } from '../../packages/uproot/src/types/lib-globals.ts';

/** Every identifier in the text with `ask`'s answer, in source order (the key of a member or property included). */
function identifiers<T>(text: string, ask: (node: Node, scopeManager: ReturnType<typeof parseSource>['scopeManager']) => T, file = '/p/server.ts'): Array<[string, T]> {
  const { ast, scopeManager } = parseSource(text, file);
  const out: Array<[string, T]> = [];
  const seen = new Set<Node>();
  const visit = (node: Node) => {
    if (seen.has(node)) return;
    seen.add(node);
    if (node.type === 'Identifier') out.push([node.name, ask(node, scopeManager)]);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child.type === 'string') visit(child as Node);
    }
  };
  visit(ast as unknown as Node);
  return out;
}

const globals = (text: string) => identifiers(text, isLibGlobal).filter(([, yes]) => yes).map(([name]) => name);

describe('isLibGlobal', () => {
  it('lib globals the file does not bind, constructed, called or read', () => {
    expect(globals("const seen = new Set<string>();\nfunction f() { if (!seen.size) throw new Error('empty'); return new Map(); }\n")).toEqual(['Set', 'Error', 'Map']);
    expect(globals('export const n = String(1) + JSON.stringify({}) + encodeURIComponent("a");\nsetTimeout(() => {}, 1);\nconst m = Map;\n')).toEqual([
      'String',
      'JSON',
      'encodeURIComponent',
      'setTimeout',
      'Map',
    ]);
  });

  it('not when the file binds the name: an import, a local class, a parameter, a variable', () => {
    expect(globals("import { Server as Map } from './barrel.js';\nexport const s = new Map(info);\n")).toEqual([]);
    expect(globals('class Error {}\nnew Error();\n')).toEqual([]);
    expect(globals('export function make(Set: new () => unknown) { return new Set(); }\n')).toEqual([]);
    expect(globals('const setTimeout = (f: () => void) => f();\nsetTimeout(() => {});\n')).toEqual([]);
  });

  it('not for other names, nor for a member or key spelled like a global', () => {
    expect(globals("import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nnew McpServer(info);\nmcp.String;\nconst o = { JSON: 1 };\n")).toEqual([]);
  });
});

const sources = (text: string, file?: string) => identifiers(text, importedFrom, file).filter(([, from]) => from !== undefined);

describe('importedFrom', () => {
  it('named, default and namespace imports, used anywhere in the file', () => {
    expect(sources("import fs, { readFile } from 'node:fs';\nimport * as z from 'zod';\nexport function f() { return readFile(z.string(), fs); }\n")).toEqual([
      ['fs', 'node:fs'],
      ['readFile', 'node:fs'],
      ['readFile', 'node:fs'],
      ['z', 'zod'],
      ['readFile', 'node:fs'],
      ['z', 'zod'],
      ['fs', 'node:fs'],
    ]);
  });

  it('require, whole or destructured one level, when require is Node’s', () => {
    expect(sources("const fs = require('fs');\nconst { join } = require('path');\nfs.readFileSync(join('a'));\n", '/p/server.js')).toEqual([
      ['fs', 'fs'],
      ['join', 'path'],
      ['join', 'path'],
      ['fs', 'fs'],
      ['join', 'path'],
    ]);
    expect(sources("function require(m) { return m; }\nconst fs = require('fs');\nfs.x;\n", '/p/server.js')).toEqual([]);
    expect(sources("const { a: { b } } = require('m');\nb();\nconst c = require('m').c;\nc();\n", '/p/server.js')).toEqual([]);
  });

  it('not for a local binding, a parameter, a shadowing name or a member', () => {
    expect(sources("import { server } from './server.js';\nexport function f(server: unknown) { return server; }\nconst o = { readFile: 1 };\no.readFile;\n")).toEqual([
      ['server', './server.js'], // the specifier's imported and local names
      ['server', './server.js'],
    ]);
  });
});
