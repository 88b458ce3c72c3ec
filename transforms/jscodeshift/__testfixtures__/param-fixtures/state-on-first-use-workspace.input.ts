// A workspace fetched on a tool's first call: each call gets it from its own "directory" argument or configuration now.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'sketchbook', version: '1.0.0' });
let projectDir: string | undefined;
let looked = false;

async function ensureProject(): Promise<void> {
  if (looked) return;
  looked = true;
  try {
    const { roots } = await server.server.listRoots();
    if (roots[0]) projectDir = fileURLToPath(roots[0].uri);
  } catch (error) {
    console.error('roots/list failed', error);
  }
}

server.registerTool('list_sketches', { inputSchema: z.object({}) }, async () => {
  await ensureProject();
  const base = projectDir ?? process.cwd();
  return { content: [{ type: 'text', text: (await readdir(base)).join('\n') }] };
});

export default server;
