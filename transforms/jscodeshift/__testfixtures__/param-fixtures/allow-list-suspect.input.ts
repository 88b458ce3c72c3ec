// An allow-list that changes at run time cannot be proven: the report says to check it by hand.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

let allowedRoots: string[] = [];
export function configure(dirs: string[]): void {
  allowedRoots = dirs;
}

export function register(server: McpServer): void {
  server.registerTool('first', { inputSchema: z.object({}) }, async () => {
    const { roots } = await server.server.listRoots();
    return { content: [{ type: 'text', text: `${roots[0]?.uri} of ${allowedRoots.length}` }] };
  });
}
