// Takes a directory, but its roots fallback is not a separate if statement: left for a person.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function register(server: McpServer): void {
  server.registerTool('tree', { inputSchema: z.object({ cwd: z.string().optional() }) }, async ({ cwd }) => {
    const dir = cwd ?? (await server.server.listRoots()).roots[0]?.uri;
    return { content: [{ type: 'text', text: String(dir) }] };
  });
}
