// Behaviours of the param planner that the fixture pairs do not pin down one by one: the paramName
// option and its collisions, what the report says about the trust boundary and allow-lists, and the
// client era guard as the standalone planner the MRTR strategy calls too.
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { parseSource } from '../../packages/core/src/parse.ts';
import { findRootsSites } from '../../packages/core/src/sites.ts';
import { planClientEraGuards } from '../../transforms/client-era-guard.ts';
import { planParamText } from '../../transforms/param.ts';

const tool = (schema: string, body = 'const { roots } = await server.server.listRoots();\n  return { content: [{ type: "text", text: roots[0]!.uri }] };') => `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
const server = new McpServer({ name: 's', version: '1' });
server.registerTool('t', { inputSchema: z.object({ ${schema} }) }, async (args) => {
  ${body}
});
`;

const migrate = (text: string, file = 'server.ts', paramName?: string) => applyEdits(text, planParamText(text, file, paramName ? { paramName } : {}).edits);

describe('paramName', () => {
  it('names the parameter, and moves to name2 when the schema already has that key', () => {
    expect(migrate(tool('label: z.string()'), 'server.ts', 'target')).toContain("label: z.string(), target: z.string().describe(");
    const taken = migrate(tool('target: z.number()'), 'server.ts', 'target');
    expect(taken).toContain("target: z.number(), target2: z.string().describe(");
    expect(taken).toContain("await rootsFromDirectory(args.target2, 'target2')");
  });

  it('treats an existing project-directory argument as a hybrid and does not add a second one', () => {
    const text = tool('cwd: z.string().optional()', 'const { roots } = await server.server.listRoots();\n  return { content: [{ type: "text", text: String(args.cwd ?? roots[0]?.uri) }] };');
    const plan = planParamText(text, 'server.ts');
    expect(plan.outcomes.map((o) => [o.outcome, o.reason])).toEqual([['marked', 'unresolved-chain']]);
    expect(plan.outcomes[0]!.detail).toMatch(/already takes a directory argument/);
  });

  it('refuses a name that is not an identifier', () => {
    expect(() => planParamText(tool('a: z.string()'), 'server.ts', { paramName: 'not a name' })).toThrow(/must be a JavaScript identifier/);
  });
});

describe('report details', () => {
  it('says the trust boundary moved and names the allow-list it checks against', () => {
    const text = tool('a: z.string()').replace("const server = new McpServer", 'const allowedDirectories = process.env.DIRS!.split(":");\nconst server = new McpServer');
    const [outcome] = planParamText(text, 'server.ts').outcomes;
    expect(outcome!.detail).toMatch(/^the trust boundary moved: the model now passes the directory as the "directory" parameter \(it was the user's roots\); .* inside allowedDirectories$/);
    expect(migrate(text)).toContain("await rootsFromDirectory(args.directory, 'directory', allowedDirectories)");
  });

  it('does not take a reassigned or unconfigured list for an allow-list', () => {
    for (const decl of ['let allowedDirs = process.argv.slice(2);', 'const allowedDirs = ["/srv"];', 'const allowedDirs = process.env.DIRS;']) {
      const text = tool('a: z.string()').replace('const server = new McpServer', `${decl}\nconst server = new McpServer`);
      expect(migrate(text), decl).toContain("await rootsFromDirectory(args.directory, 'directory');");
      expect(planParamText(text, 'server.ts').outcomes[0]!.detail, decl).toMatch(/allowedDirs looks like an allow-list uproot could not prove/);
    }
  });
});

describe('planClientEraGuards', () => {
  const client = `import { Client } from '@modelcontextprotocol/client';
const client = new Client({ name: 'c', version: '1' });
export async function changed(): Promise<void> {
  await client.sendRootsListChanged();
}
`;

  it('guards an awaited send by the protocol era, once', () => {
    const { ast, scopeManager } = parseSource(client, 'client.ts');
    const sites = findRootsSites({ ast, text: client, scopeManager });
    const once = applyEdits(client, planClientEraGuards({ text: client, ast, scopeManager, sites }).edits);
    expect(once).toContain("  if (client.getProtocolEra() !== 'modern') await client.sendRootsListChanged();\n");
    const again = parseSource(once, 'client.ts');
    const second = planClientEraGuards({ text: once, ast: again.ast, scopeManager: again.scopeManager });
    expect(second.edits).toEqual([]);
    expect(second.outcomes.map((o) => o.outcome)).toEqual(['reported']);
  });

  it('guards a `void` send statement the same way, and the guarded statement is not guarded again', () => {
    const source = client.replace('  await client.sendRootsListChanged();', '  void client.sendRootsListChanged();');
    const { ast, scopeManager } = parseSource(source, 'client.ts');
    const plan = planClientEraGuards({ text: source, ast, scopeManager, sites: findRootsSites({ ast, text: source, scopeManager }) });
    expect(plan.outcomes.map((o) => o.outcome)).toEqual(['rewritten']);
    const once = applyEdits(source, plan.edits);
    expect(once).toContain("  if (client.getProtocolEra() !== 'modern') void client.sendRootsListChanged();\n");
    const again = parseSource(once, 'client.ts');
    expect(planClientEraGuards({ text: once, ast: again.ast, scopeManager: again.scopeManager }).edits).toEqual([]);
  });

  it('leaves v1 clients alone: they only speak 2025-era versions', () => {
    const v1 = client.replace("'@modelcontextprotocol/client'", "'@modelcontextprotocol/sdk/client/index.js'");
    const { ast, scopeManager } = parseSource(v1, 'client.ts');
    const plan = planClientEraGuards({ text: v1, ast, scopeManager });
    expect(plan.edits).toEqual([]);
    expect(plan.outcomes.map((o) => o.outcome)).toEqual(['reported']);
  });
});
