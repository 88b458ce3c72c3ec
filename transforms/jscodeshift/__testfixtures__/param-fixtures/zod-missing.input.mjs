// No zod import yet and no input schema: both arrive, and ctx moves to the second argument.
import { McpServer } from '@modelcontextprotocol/server';

export function createServer() {
  const server = new McpServer({ name: 'no-zod', version: '1.0.0' });
  server.registerTool('where', { description: 'Where am I?' }, async (ctx) => {
    const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
    return { content: [{ type: 'text', text: `${roots[0]?.uri} (${ctx.mcpReq.id})` }] };
  });
  return server;
}
