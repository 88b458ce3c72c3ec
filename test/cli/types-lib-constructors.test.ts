// A `new` of a lib constructor the file does not bind never needs the checker; one the file binds
// (an import, a local class, a parameter) might be an MCP class under another name, so it still does.
import { describe, expect, it } from 'vitest';
import { type Node, parseSource } from '@uproot/core/planning';
import { isLibConstructor } from '../../packages/uproot/src/types/lib-constructors.ts';

/** isLibConstructor for every `new X` callee in the text, in source order. */
function callees(text: string): Array<[string, boolean]> {
  const { ast, scopeManager } = parseSource(text, '/p/server.ts');
  const out: Array<[string, boolean]> = [];
  const visit = (node: Node) => {
    if (node.type === 'NewExpression' && node.callee.type === 'Identifier') out.push([node.callee.name, isLibConstructor(node.callee, scopeManager)]);
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child.type === 'string' && child !== node.parent) visit(child as Node);
    }
  };
  visit(ast as unknown as Node);
  return out;
}

describe('isLibConstructor', () => {
  it('lib constructors the file does not bind', () => {
    expect(callees("const seen = new Set<string>();\nfunction f() { if (!seen.size) throw new Error('empty'); return new Map(); }\n")).toEqual([
      ['Set', true],
      ['Error', true],
      ['Map', true],
    ]);
  });

  it('not when the file binds the name: an import, a local class, a parameter', () => {
    expect(callees("import { Server as Map } from './barrel.js';\nexport const s = new Map(info);\n")).toEqual([['Map', false]]);
    expect(callees('class Error {}\nnew Error();\n')).toEqual([['Error', false]]);
    expect(callees('export function make(Set: new () => unknown) { return new Set(); }\n')).toEqual([['Set', false]]);
  });

  it('not for other constructors, nor for a lib name that is not being constructed', () => {
    expect(callees("import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nnew McpServer(info);\n")).toEqual([['McpServer', false]]);
    const { ast, scopeManager } = parseSource('const m = Map;\n', '/p/a.ts');
    const declaration = ast.body[0] as { declarations: Array<{ init: Node }> };
    expect(isLibConstructor(declaration.declarations[0]!.init, scopeManager)).toBe(false);
  });
});
