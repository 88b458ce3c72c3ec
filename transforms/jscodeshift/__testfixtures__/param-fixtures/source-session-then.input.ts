// Roots kept per session from a .then chain: the map stays, its source becomes configuration.
// v1: the SDK speaks only 2025 revisions, where oninitialized always runs (on v2 this stays marked).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

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
  server.registerTool('dirs', { description: 'The directories' }, async (extra) => ({ content: [{ type: 'text', text: (sessions.get(extra.sessionId) ?? []).join(',') }] }));
  return server;
}
