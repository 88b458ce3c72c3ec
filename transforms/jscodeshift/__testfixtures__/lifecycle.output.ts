import { McpServer } from '@modelcontextprotocol/server';

let allowed: string[] = [];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'sandbox', version: '1.0.0' });
  server.server.oninitialized = async () => {
    // uproot: [lifecycle] roots are requested outside any request (initialization, startup or after connect); 2026-07-28 has no initialize, so there is no request to attach a multi round-trip to. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/lifecycle.md
    allowed = (await server.server.listRoots()).roots.map((r) => r.uri);
  };
  server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join('\n') }] }));
  return server;
}
