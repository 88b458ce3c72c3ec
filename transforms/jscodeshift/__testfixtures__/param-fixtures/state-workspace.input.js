// Roots kept as a workspace in a module variable: each tool takes the directory per call now.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'project', version: '1.0.0' });
let workspaceRoot;

server.server.oninitialized = async () => {
  if (!server.server.getClientCapabilities()?.roots) return;
  const { roots } = await server.server.listRoots();
  workspaceRoot = fileURLToPath(roots[0].uri);
};

function root() {
  if (!workspaceRoot) throw new Error('No workspace: open a folder first.');
  return workspaceRoot;
}

server.registerTool('list', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: (await readdir(root())).join('\n') }] }));

export default server;
