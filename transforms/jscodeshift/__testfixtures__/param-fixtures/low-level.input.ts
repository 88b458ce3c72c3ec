// A low-level v2 Server: tools listed from a module constant, dispatched by name.
import { Server } from '@modelcontextprotocol/server';

const TOOLS = [
  { name: 'roots', description: 'Show the roots', inputSchema: { type: 'object' as const } },
  { name: 'first', description: 'Show the first root', inputSchema: { type: 'object' as const, properties: {}, required: [] } },
];

export function createServer(): Server {
  const server = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: TOOLS }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name } = request.params;
    if (name === 'roots') {
      const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
      return { content: [{ type: 'text', text: roots.map((r) => r.uri).join('\n') }] };
    }
    if (name === 'first') {
      if (!server.getClientCapabilities()?.roots) return { content: [{ type: 'text', text: 'no roots' }], isError: true };
      const { roots } = await server.listRoots();
      return { content: [{ type: 'text', text: roots[0]?.uri ?? '' }] };
    }
    throw new Error(`unknown tool ${name}`);
  });
  return server;
}
