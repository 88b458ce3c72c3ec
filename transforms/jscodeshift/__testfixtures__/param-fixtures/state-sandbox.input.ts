// Roots kept as a sandbox in a module variable: the server gets its allowed directories from configuration now.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
let allowedDirs: string[] = [];

server.server.oninitialized = async () => {
  if (server.server.getClientCapabilities()?.roots) {
    allowedDirs = (await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri));
  }
};

server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  allowedDirs = (await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri));
});

function validatePath(requested: string): string {
  if (allowedDirs.length === 0) throw new Error('No allowed directories yet.');
  const resolved = path.resolve(requested);
  if (!allowedDirs.some((dir) => resolved.startsWith(dir + path.sep))) throw new Error(`${resolved} is outside the allowed directories.`);
  return resolved;
}

server.registerTool('where', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => ({ content: [{ type: 'text', text: validatePath(file) }] }));

export default server;
