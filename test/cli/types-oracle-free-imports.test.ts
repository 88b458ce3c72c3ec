// The oracle answers, without the checker, what the checker could only call "not MCP": lib globals and bindings
// imported from Node built-ins or from installed packages that neither are nor depend on an MCP package (the
// program reads those as empty modules). Anything else — a project file, an MCP package, a name the file binds
// itself — is still a question for the checker, and the answers it gives stay the same.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Node, parseSource } from '@uproot/core/planning';
import { ProbeAsked, TypeOracle } from '../../packages/uproot/src/types/oracle.ts';

const project = fileURLToPath(new URL('../fixtures/typed-projects/ambient-context/', import.meta.url));

/** For each identifier named in `names`, whether the probe asked the checker about it (first use in the text). */
function asked(text: string, names: string[]): Record<string, boolean> {
  const file = path.join(project, 'src', 'probe-subject.ts');
  const oracle = new TypeOracle(path.join(project, 'tsconfig.json'), { onDemand: true });
  expect(oracle.add(file, text)).toBe(true);
  const { ast, scopeManager } = parseSource(text, file);
  const out: Record<string, boolean> = {};
  const visit = (node: Node) => {
    if (node.type === 'Identifier' && names.includes(node.name) && !(node.name in out) && node.parent?.type !== 'ImportSpecifier' && node.parent?.type !== 'ImportDefaultSpecifier' && node.parent?.type !== 'ImportNamespaceSpecifier' && node.parent?.type !== 'VariableDeclarator' && node.parent?.type !== 'Property') {
      const probe = oracle.probeFor(file, scopeManager)!;
      try {
        probe(node);
        out[node.name] = false;
      } catch (e) {
        if (!(e instanceof ProbeAsked)) throw e;
        out[node.name] = true;
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child.type === 'string') visit(child as Node);
    }
  };
  visit(ast as unknown as Node);
  return out;
}

describe('the type oracle without the checker', () => {
  it('answers lib globals, Node built-ins and MCP-free packages itself', () => {
    const text = [
      "import { readFile } from 'node:fs/promises';",
      "import path from 'path';",
      "import { z } from 'zod';",
      'export async function f() {',
      '  setTimeout(() => {}, 1);',
      "  return String(await readFile(path.join('a'), 'utf8')) + z.string().parse('x') + JSON.stringify({});",
      '}',
    ].join('\n');
    expect(asked(text, ['readFile', 'path', 'z', 'setTimeout', 'String', 'JSON'])).toEqual({ readFile: false, path: false, z: false, setTimeout: false, String: false, JSON: false });
  });

  it('still asks about MCP packages, project files, unresolved packages and names the file binds', () => {
    const text = [
      "import { McpServer } from '@modelcontextprotocol/server';",
      "import { helper } from './tools.js';",
      "import { thing } from 'not-installed-anywhere';",
      'export function g(server: McpServer, setTimeout: (f: () => void) => void) {',
      '  setTimeout(() => {});',
      '  return [server, McpServer, helper, thing];',
      '}',
    ].join('\n');
    expect(asked(text, ['server', 'McpServer', 'helper', 'thing', 'setTimeout'])).toEqual({ McpServer: true, server: true, setTimeout: true, helper: true, thing: true });
  });
});
