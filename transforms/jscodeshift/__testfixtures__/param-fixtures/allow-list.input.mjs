// The server is confined to the directories on its command line: the parameter stays inside them.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const ALLOWED_DIRS = process.argv.slice(2);
const server = new McpServer({ name: 'sandbox', version: '1.0.0' });

server.registerTool('ls', { inputSchema: { all: z.boolean().optional() } }, async ({ all }) => {
  const { roots } = await server.server.listRoots();
  const dir = fileURLToPath(roots[0].uri);
  return { content: [{ type: 'text', text: (await readdir(dir)).filter((f) => all || !f.startsWith('.')).join(', ') }] };
});

export { server, ALLOWED_DIRS };
