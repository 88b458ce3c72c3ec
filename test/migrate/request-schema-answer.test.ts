// A roots request that parses its answer with the SDK's own *request* schema (linksee-memory and mcp-chest-memory
// pass ListRootsRequestSchema to server.request) fails on every answer, v1 and v2 alike: the original only ever ran
// its catch. MRTR would start using the client's roots, so the site stays marked and the marker says exactly why.
// Written as a named helper, a cast receiver, an aliased import, JavaScript and a helper in another file; a
// notification schema gets the same detail, and a project's own zod schema keeps the plain one.
import { describe, expect, it } from 'vitest';
import { migrate } from './mrtr-project-run.ts';

const IMPORTS = `import { McpServer } from '@modelcontextprotocol/server';\nimport { ListRootsRequestSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/core';\n`;

function server(helper: string, tool = `  const roots = await fetchRoots();\n  return { content: [{ type: 'text' as const, text: roots.join(',') }] };`): string {
  return `${IMPORTS}const mcp = new McpServer({ name: 's', version: '1.0.0' });
${helper}
mcp.registerTool('list', { description: 'roots' }, async () => {
${tool}
});
`;
}

const REQUEST_SCHEMA: Record<string, Record<string, string>> = {
  'a named helper with try/catch': {
    '/p/server.ts': server(`async function fetchRoots(): Promise<string[]> {
  try {
    const res = await mcp.server.request({ method: 'roots/list', params: {} }, ListRootsRequestSchema);
    return Array.isArray((res as { roots?: unknown[] }).roots) ? ((res as { roots: Array<{ uri: string }> }).roots).map((r) => r.uri) : [];
  } catch {
    return [];
  }
}`),
  },
  'an arrow with a cast receiver and .catch': {
    '/p/server.ts': server(`const fetchRoots = async (): Promise<string[]> => {
  const res: any = await (mcp.server as any).request({ method: 'roots/list', params: {} }, ListRootsRequestSchema).catch(() => ({ roots: [] }));
  return (res.roots ?? []).map((r: { uri: string }) => r.uri);
};`),
  },
  'an aliased import': {
    '/p/server.ts': server(`async function fetchRoots(): Promise<string[]> {
  const res = (await mcp.server.request({ method: 'roots/list' }, RootsRequest)) as { roots?: Array<{ uri: string }> };
  return (res.roots ?? []).map((r) => r.uri);
}`).replace('{ ListRootsRequestSchema, RootsListChangedNotificationSchema }', '{ ListRootsRequestSchema as RootsRequest }'),
  },
  'JavaScript': {
    '/p/server.js': server(`async function fetchRoots() {
  try {
    const res = await mcp.server.request({ method: 'roots/list', params: {} }, ListRootsRequestSchema);
    return (res.roots ?? []).map((r) => r.uri);
  } catch {
    return [];
  }
}`, `  const roots = await fetchRoots();\n  return { content: [{ type: 'text', text: roots.join(',') }] };`),
  },
  'a helper in another file, taking the server': {
    '/p/roots.ts': `import type { Server } from '@modelcontextprotocol/server';
import { ListRootsRequestSchema } from '@modelcontextprotocol/core';
export async function fetchRoots(server: Server): Promise<string[]> {
  try {
    const res = (await server.request({ method: 'roots/list', params: {} }, ListRootsRequestSchema)) as { roots?: Array<{ uri: string }> };
    return (res.roots ?? []).map((r) => r.uri);
  } catch {
    return [];
  }
}
`,
    '/p/server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import { fetchRoots } from './roots.js';
const mcp = new McpServer({ name: 's', version: '1.0.0' });
mcp.registerTool('list', { description: 'roots' }, async () => {
  const roots = await fetchRoots(mcp.server);
  return { content: [{ type: 'text' as const, text: roots.join(',') }] };
});
`,
  },
};

const requests = (outcomes: string[]) => outcomes.filter((o) => / request /.test(o));

describe('a roots request parsed with an SDK request schema stays marked, and says it never succeeded', () => {
  for (const [name, files] of Object.entries(REQUEST_SCHEMA)) {
    it(name, () => {
      const { after, outcomes } = migrate(files);
      const marked = requests(outcomes);
      expect(marked).toHaveLength(1);
      expect(marked[0]).toMatch(/ request marked unresolved-chain — the request parses the answer with (ListRootsRequestSchema|RootsRequest)?/);
      expect(marked[0]).toContain("the SDK's schema of the roots/list request itself");
      expect(marked[0]).toContain('only its failure path ever ran');
      // Nothing else is rewritten around a request that stays.
      expect(Object.values(after).join('\n')).not.toContain('inputRequired');
    });
  }
});

describe('other result schemas', () => {
  it('a notification schema is named as one', () => {
    const { outcomes } = migrate({
      '/p/server.ts': server(`async function fetchRoots(): Promise<string[]> {
  const res = (await mcp.server.request({ method: 'roots/list' }, RootsListChangedNotificationSchema)) as { roots?: Array<{ uri: string }> };
  return (res.roots ?? []).map((r) => r.uri);
}`),
    });
    expect(requests(outcomes)).toEqual([expect.stringContaining("the SDK's schema of the notifications/roots/list_changed notification itself")]);
  });

  it("a project's own zod schema keeps the plain detail (its parse result is not proven equal to v2's)", () => {
    const { outcomes } = migrate({
      '/p/server.ts': server(`import { z } from 'zod';
const Roots = z.object({ roots: z.array(z.object({ uri: z.string() })) });
async function fetchRoots(): Promise<string[]> {
  const res = await mcp.server.request({ method: 'roots/list' }, Roots);
  return res.roots.map((r) => r.uri);
}`),
    });
    expect(requests(outcomes)).toEqual([expect.stringMatching(/ request marked unresolved-chain — the request parses the answer with its own result schema$/)]);
  });

  it('ListRootsResultSchema is the SDK answer schema: rewritten', () => {
    const { outcomes } = migrate({
      '/p/server.ts': server(`async function fetchRoots(): Promise<string[]> {
  const res = await mcp.server.request({ method: 'roots/list' }, ListRootsResultSchema);
  return res.roots.map((r) => r.uri);
}`).replace('{ ListRootsRequestSchema, RootsListChangedNotificationSchema }', '{ ListRootsResultSchema }'),
    });
    expect(requests(outcomes)).toEqual([expect.stringMatching(/ request rewritten/)]);
  });
});
