// The deprecated v1 overloads: where extra arrives depends on whether a shape is present.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const mcp = new McpServer({ name: 'legacy-tools', version: '1.4.0' });

mcp.tool('list-workspaces', async extra => {
  const result = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  return { content: [{ type: 'text', text: result.roots.map((r) => r.name ?? r.uri).join(', ') }] };
});

mcp.tool('count-roots', { readOnlyHint: true, title: 'Count roots' }, async () => {
  const { roots } = await mcp.server.listRoots();
  return { content: [{ type: 'text', text: `${roots.length} roots` }] };
});

mcp.tool('grep-workspace', 'Search the workspace', { pattern: z.string() }, async (args) => {
  const { roots } = await mcp.server.listRoots();
  return { content: [{ type: 'text', text: `searching ${roots.length} folders for ${args.pattern}` }] };
});

export default mcp;
