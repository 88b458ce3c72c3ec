import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'archiver', version: '1.0.0' });

// Asks for roots, then confirms in a helper that writes an audit line before it asks: the helper acts before its
// request, so it cannot be split, and both requests must move together: uproot leaves the handler whole.
server.registerTool('archive', { description: 'Archive the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  const answer = await confirm(ctx, `Archive ${roots.length} folders?`);
  return { content: [{ type: 'text', text: answer ? 'archived' : 'kept' }] };
});

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  console.error(`confirm: ${message}`);
  const result = await ctx.mcpReq.elicitInput({ message, requestedSchema: { type: 'object', properties: {} } });
  return result.action === 'accept';
}

// Roots only: rewritten as before.
server.registerTool('count', { description: 'Count the workspace folders', inputSchema: z.object({}) }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: `${roots.length}` }] };
});
