// The gate guards the call into a helper chain: the helper's directory is always there.
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

async function workspaceDirs(server: McpServer): Promise<string[]> {
  const { roots } = await server.server.listRoots();
  return roots.map((r) => fileURLToPath(r.uri));
}

export function register(server: McpServer): void {
  server.registerTool('where', { inputSchema: z.object({}) }, async () => {
    const dirs = server.server.getClientCapabilities()?.roots ? await workspaceDirs(server) : [process.cwd()];
    return { content: [{ type: 'text', text: dirs.join('\n') }] };
  });
}
