// What the param strategy leaves for a person, each with its reason.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'marks', version: '1.0.0' });
let cached: string[] = [];

server.server.oninitialized = async () => {
  cached = (await server.server.listRoots()).roots.map((r) => r.uri);
};

server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  cached = [];
});

server.registerResource('roots', 'workspace://roots', {}, async (uri) => {
  const { roots } = await server.server.listRoots();
  return { contents: [{ uri: uri.href, text: roots.map((r) => r.uri).join('\n') }] };
});

async function shared(): Promise<number> {
  const { roots } = await server.server.listRoots();
  return roots.length;
}

// Reached from a tool and from the resource below: neither gets a half rewrite.
server.registerTool('count', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: String(await shared()) }] }));
server.registerResource('count', 'workspace://count', {}, async (uri) => ({ contents: [{ uri: uri.href, text: String(await shared()) }] }));

server.registerTool('ask-both', { inputSchema: z.object({}) }, async (_args, ctx) => {
  if (!ctx.mcpReq.inputResponses?.roots) {
    return { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' }, ok: { method: 'elicitation/create', params: { message: 'Go?', requestedSchema: { type: 'object', properties: {} } } } } };
  }
  return { content: [{ type: 'text', text: `${cached.length}` }] };
});

export default server;
