// An early exit for clients without roots: with a required parameter it can never fire.
import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'early-exit', version: '1.0.0' });

server.registerTool('root-count', { description: 'Count the roots' }, async (ctx) => {
  if (!server.server.getClientCapabilities()?.roots) return { content: [{ type: 'text', text: 'no roots' }], isError: true };
  const result = await ctx.mcpReq.send({ method: 'roots/list' });
  return { content: [{ type: 'text', text: `${result.roots.length} roots` }] };
});

export default server;
