// A capability gate with an else: the fallback stays for calls without the directory.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function register(server: McpServer, defaultDir: string): void {
  server.registerTool(
    'find-configs',
    { description: 'Find config files', inputSchema: z.object({ name: z.string() }) },
    async ({ name }) => {
      let dirs: string[];
      if (!server.server.getClientCapabilities()?.roots) {
        dirs = [defaultDir];
      } else {
        const { roots } = await server.server.listRoots();
        dirs = roots.map((r) => fileURLToPath(r.uri));
      }
      const hits: string[] = [];
      for (const dir of dirs) if ((await readdir(dir)).includes(name)) hits.push(dir);
      return { content: [{ type: 'text', text: hits.join('\n') || 'none' }] };
    },
  );
}
