import { McpServer } from '@modelcontextprotocol/server';

let allowed: string[] = [];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'sandbox', version: '1.0.0' });
  server.server.oninitialized = async () => {
    allowed = (await server.server.listRoots()).roots.map((r) => r.uri);
  };
  server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join('\n') }] }));
  return server;
}
