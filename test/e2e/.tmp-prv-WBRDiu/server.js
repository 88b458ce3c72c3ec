// The reference filesystem server's hooks, in JavaScript, handing the answer's roots to a fill
// imported from the module that keeps them; the tools check paths through a private helper here.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import updateAllowedFromRoots, { allowedCount, isAllowed } from './roots-state.js';

function resolveInside(base, name) {
  const full = path.resolve(base, name);
  if (!isAllowed(full)) throw new Error(`Access denied: ${path.basename(full)} is outside the allowed directories`);
  return full;
}

export function createServer() {
  const server = new McpServer({ name: 'reader', version: '1.0.0' });
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    try {
      const response = await server.server.listRoots();
      if (response && 'roots' in response) {
        await updateAllowedFromRoots(response.roots);
      }
    } catch (error) {
      console.error('Failed to request roots from client:', error instanceof Error ? error.message : String(error));
    }
  });
  const fillRoots = async () => {
    const clientCapabilities = server.server.getClientCapabilities();
    if (clientCapabilities?.roots) {
      try {
        const response = await server.server.listRoots();
        if (response && 'roots' in response) {
          await updateAllowedFromRoots(response.roots);
        }
      } catch (error) {
        console.error('Failed to request initial roots from client:', error instanceof Error ? error.message : String(error));
      }
    }
  };
  server.server.oninitialized = async () => {
    await fillRoots();
  };
  server.registerTool('read', { description: 'Read a file of the workspace', inputSchema: z.object({ name: z.string() }) }, async ({ name }) => {
    try {
      return { content: [{ type: 'text', text: await readFile(resolveInside(process.env.WORKSPACE_DIR ?? process.cwd(), name), 'utf8') }] };
    } catch (error) {
      return { content: [{ type: 'text', text: error.message }], isError: true };
    }
  });
  server.registerTool('count', { description: 'How many directories are allowed' }, async () => ({ content: [{ type: 'text', text: String(allowedCount()) }] }));
  return server;
}
