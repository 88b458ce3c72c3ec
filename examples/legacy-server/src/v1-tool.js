// Still on the v1 SDK: uproot marks it with the command that upgrades the SDK first.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';

export function registerLegacyTool(server = new McpServer({ name: 'legacy', version: '0.9.0' })) {
  server.tool('root-count', async (extra) => {
    const result = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
    return { content: [{ type: 'text', text: String(result.roots.length) }] };
  });
  return server;
}
