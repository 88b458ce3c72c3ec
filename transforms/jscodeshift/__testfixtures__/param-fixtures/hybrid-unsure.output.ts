// Takes a directory, but its roots fallback is not a separate if statement: left for a person.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function register(server: McpServer): void {
  server.registerTool('tree', { inputSchema: z.object({ cwd: z.string().optional() }) }, async ({ cwd }) => {
    // uproot: [unresolved-chain] the handler already takes a directory argument, but its roots fallback is not an if statement uproot can remove. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/unresolved-chain.md
    const dir = cwd ?? (await server.server.listRoots()).roots[0]?.uri;
    return { content: [{ type: 'text', text: String(dir) }] };
  });
}
