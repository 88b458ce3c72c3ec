// Roots kept per session from a .then chain: the map stays, its source becomes configuration.
import { McpServer } from '@modelcontextprotocol/server';

const sessions = new Map<string | undefined, string[]>();

export function createServer(): McpServer {
  const server = new McpServer({ name: 'sessions', version: '1.0.0' });
  server.server.oninitialized = () => {
    const id = server.server.transport?.sessionId;
    if (server.server.getClientCapabilities()?.roots) {
      server.server
        .listRoots()
        .then((answer) => sessions.set(id, answer.roots.map((r) => r.uri)))
        .catch(() => sessions.set(id, []));
    }
  };
  server.registerTool('dirs', { description: 'The directories' }, async (ctx) => ({ content: [{ type: 'text', text: (sessions.get(ctx.sessionId) ?? []).join(',') }] }));
  return server;
}
