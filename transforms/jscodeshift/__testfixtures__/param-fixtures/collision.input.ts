// The handler already has a `directory` argument that is not a project directory, and a local
// named like the generated variable.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function register(server: McpServer): void {
  server.registerTool(
    'copy-into',
    { inputSchema: z.object({ target: z.string(), directoryRoots: z.boolean().optional() }) },
    async ({ target, directoryRoots }) => {
      const { roots } = await server.server.listRoots();
      return { content: [{ type: 'text', text: `${target} in ${roots[0]?.uri} (${directoryRoots})` }] };
    },
  );
}
