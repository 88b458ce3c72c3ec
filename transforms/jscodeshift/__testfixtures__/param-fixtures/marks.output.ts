// What the param strategy leaves for a person, each with its reason.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'marks', version: '1.0.0' });
let cached: string[] = [];

server.server.oninitialized = async () => {
  // uproot: [lifecycle] in oninitialized; roots are requested outside any request (initialization, startup or after connect); 2026-07-28 has no initialize, so there is no request to attach a multi round-trip to. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/lifecycle.md
  cached = (await server.server.listRoots()).roots.map((r) => r.uri);
};

// uproot: [list-changed] roots are refreshed from notifications/roots/list_changed, which 2026-07-28 removed. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/list-changed.md
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  cached = [];
});

server.registerResource('roots', 'workspace://roots', {}, async (uri) => {
  // uproot: [resource-param] a resource handler reads the roots; resources/read cannot take a tool parameter; use a resource URI template or configuration instead. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/resource-param.md
  const { roots } = await server.server.listRoots();
  return { contents: [{ uri: uri.href, text: roots.map((r) => r.uri).join('\n') }] };
});

async function shared(): Promise<number> {
  // uproot: [resource-param] a resource handler reads the roots; resources/read cannot take a tool parameter; use a resource URI template or configuration instead. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/resource-param.md
  const { roots } = await server.server.listRoots();
  return roots.length;
}

// Reached from a tool and from the resource below: neither gets a half rewrite.
server.registerTool('count', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: String(await shared()) }] }));
server.registerResource('count', 'workspace://count', {}, async (uri) => ({ contents: [{ uri: uri.href, text: String(await shared()) }] }));

server.registerTool('ask-both', { inputSchema: z.object({}) }, async (_args, ctx) => {
  if (!ctx.mcpReq.inputResponses?.roots) {
    // uproot: [unresolved-chain] the handler asks for other input in the same round as the roots. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/unresolved-chain.md
    return { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' }, ok: { method: 'elicitation/create', params: { message: 'Go?', requestedSchema: { type: 'object', properties: {} } } } } };
  }
  return { content: [{ type: 'text', text: `${cached.length}` }] };
});

export default server;
