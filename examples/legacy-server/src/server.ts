// A notes server: tools that look at the files in the client's workspace roots.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  let calls = 0;

  async function workspaceDirs(): Promise<string[]> {
    const { roots } = await server.server.listRoots();
    return roots.map((root) => fileURLToPath(root.uri));
  }

  async function findNotes(pattern: string): Promise<string[]> {
    const found: string[] = [];
    for (const dir of await workspaceDirs()) {
      for (const name of await readdir(dir)) if (name.includes(pattern)) found.push(`${dir}/${name}`);
    }
    return found.sort();
  }

  // Helper chain: the roots request sits two calls below the handler.
  server.registerTool(
    'search-notes',
    { description: 'Find notes whose file name contains a pattern', inputSchema: z.object({ pattern: z.string() }) },
    async ({ pattern }) => {
      calls++;
      const notes = await findNotes(pattern);
      return { content: [{ type: 'text', text: notes.length ? notes.join('\n') : `no notes match "${pattern}"` }] };
    },
  );

  // Capability gate with a fallback: clients without roots get the configured directory.
  server.registerTool('list-workspace', { description: 'List the workspace directories' }, async (ctx) => {
    let dirs = [process.env.NOTES_DIR ?? process.cwd()];
    if (server.server.getClientCapabilities()?.roots) {
      const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
      dirs = roots.map((root) => fileURLToPath(root.uri));
    }
    return { content: [{ type: 'text', text: dirs.join('\n') }] };
  });

  server.registerTool('call-count', { description: 'How often search-notes ran' }, async () => ({
    content: [{ type: 'text', text: String(calls) }],
  }));

  return server;
}
