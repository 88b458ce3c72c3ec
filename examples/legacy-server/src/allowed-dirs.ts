// Roots fetched once at startup and refreshed on list_changed: a sandbox of allowed directories.
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

let allowed: string[] = [];

export function createSandboxedServer(): McpServer {
  const server = new McpServer({ name: 'sandboxed-notes', version: '1.0.0' });

  server.server.oninitialized = async () => {
    if (server.server.getClientCapabilities()?.roots) {
      allowed = (await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri));
    }
  };

  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    allowed = (await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri));
  });

  server.registerTool('is-allowed', { inputSchema: z.object({ path: z.string() }) }, async ({ path }) => ({
    content: [{ type: 'text', text: allowed.some((dir) => path.startsWith(dir)) ? 'allowed' : 'denied' }],
  }));
  return server;
}
