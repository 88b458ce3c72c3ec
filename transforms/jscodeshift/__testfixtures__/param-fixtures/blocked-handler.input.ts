// The tool's own request could become a parameter, but it also reaches a helper that runs at
// initialization: no half rewrite, the whole handler is left for a person.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'blocked', version: '1.0.0' });

async function workspace(): Promise<string[]> {
  const { roots } = await server.server.listRoots();
  return roots.map((r) => r.uri);
}

server.server.oninitialized = () => {
  void workspace().then((uris) => console.error(`${uris.length} roots`));
};

server.registerTool('compare', { inputSchema: z.object({}) }, async () => {
  const own = await server.server.listRoots();
  const again = await workspace();
  return { content: [{ type: 'text', text: `${own.roots.length} / ${again.length}` }] };
});

export default server;
