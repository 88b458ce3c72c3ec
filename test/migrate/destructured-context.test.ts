// A handler that destructures its ctx (`async (args, { mcpReq }) => …`, code-tools-mcp's `{ signal }` once upgraded)
// used to keep the marker "the handler destructures ctx". The rewrite names it and destructures it again at the entry,
// leaving out a name only the replaced roots request read. Written with the request in the handler (through the
// destructured mcpReq, or through the server) and in a helper it calls, with a typed pattern, TypeScript and JavaScript.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('destructured-ctx');

const HEAD = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
export const server = new McpServer({ name: 's', version: '1.0.0' });
`;

const CASES: Array<[string, string, string, RegExp | null, boolean]> = [
  [
    'the request goes through the destructured mcpReq, its only use',
    `server.registerTool('first', { inputSchema: z.object({}) }, async (_args, { mcpReq }) => {
  const { roots } = await mcpReq.send({ method: 'roots/list' });
  return { content: [{ type: 'text', text: roots[0]?.uri ?? 'none' }] };
});
`,
    'async (_args, ctx)',
    null,
    false,
  ],
  [
    'the request goes through the server; the handler reads sessionId and mcpReq.signal itself',
    `server.registerTool('count', { inputSchema: z.object({}) }, async (_args, { sessionId, mcpReq }) => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: \`\${sessionId} \${mcpReq.signal.aborted} \${roots.length}\` }] };
});
`,
    'async (_args, ctx)',
    /const \{ sessionId, mcpReq \} = ctx;/,
    false,
  ],
  [
    'a helper makes the request; the handler passes signal on (JavaScript)',
    `async function firstRoot(server) {
  const { roots } = await server.server.listRoots();
  return roots[0]?.uri ?? 'none';
}
server.registerTool('first', { inputSchema: z.object({}) }, async (_args, { mcpReq: { signal } }) => {
  if (signal.aborted) return { content: [] };
  return { content: [{ type: 'text', text: await firstRoot(server) }] };
});
`,
    'async (_args, ctx)',
    /const \{ mcpReq: \{ signal \} \} = ctx;/,
    true,
  ],
  [
    'a typed pattern keeps its type on the name',
    `import type { ServerContext } from '@modelcontextprotocol/server';
server.registerTool('count', { inputSchema: z.object({}) }, async (_args, { sessionId }: ServerContext) => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: \`\${sessionId ?? '-'} \${roots.length}\` }] };
});
`,
    'async (_args, ctx: ServerContext)',
    /const \{ sessionId \} = ctx;/,
    false,
  ],
];

describe('a handler destructuring its ctx is rewritten', () => {
  it.each(CASES)('%s', (name, body, signature, statement, js) => {
    const file = `server.${js ? 'js' : 'ts'}`;
    const text = body.startsWith('import type') ? `${body.split('\n')[0]}\n${HEAD}${body.split('\n').slice(1).join('\n')}` : `${HEAD}${body}`;
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), { [file]: text });
    const first = migrate(dir);
    expect(first.requests).toEqual([{ outcome: 'rewritten', detail: undefined }]);
    const out = first.changed[file]!;
    expect(out).toContain(signature);
    if (statement) expect(out).toMatch(statement);
    else expect(out).not.toMatch(/= ctx;/);
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});
