import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'archiver', version: '1.0.0' });

// Asks for roots, then confirms in a helper that names a root: the helper is split (its ask beside it), asked in a second round.
server.registerTool('archive', { description: 'Archive the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  const answer = await confirm(ctx, `Archive ${roots.length} folders?`);
  return { content: [{ type: 'text', text: answer ? 'archived' : 'kept' }] };
});

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const result = await ctx.mcpReq.elicitInput({ message, requestedSchema: { type: 'object', properties: {} } });
  return result.action === 'accept';
}

// Roots only: rewritten as before.
server.registerTool('count', { description: 'Count the workspace folders', inputSchema: z.object({}) }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: `${roots.length}` }] };
});
