// A tool that asks for roots and falls back to the working directory when the request fails: the
// directory becomes optional, and without it the same fallback runs.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'lister', version: '1.0.0' });

async function baseDirectory(): Promise<string> {
  try {
    const { roots } = await server.server.listRoots();
    const first = roots.find((root) => root.uri.startsWith('file://'));
    if (first) return fileURLToPath(first.uri);
  } catch {
    // No roots from this client: the working directory it is.
  }
  return process.cwd();
}

server.registerTool('list_here', { inputSchema: z.object({}) }, async () => {
  const base = await baseDirectory();
  return { content: [{ type: 'text', text: (await readdir(base)).join('\n') }] };
});

export default server;
