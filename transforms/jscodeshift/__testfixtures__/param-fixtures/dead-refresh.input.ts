// The list_changed handler only flags state that the roots fallback read; with the fallback gone
// (the handler already takes project_dir), nothing reads the flag, so the handler goes too.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'dead-refresh', version: '1.0.0' });
let rootsStale = false;

server.server.setNotificationHandler('notifications/roots/list_changed', () => {
  rootsStale = true;
});

server.registerTool('where', { inputSchema: z.object({ project_dir: z.string().optional() }) }, async ({ project_dir }) => {
  let dir = project_dir;
  if (!dir) {
    if (rootsStale) console.error('the roots changed since the last call');
    const { roots } = await server.server.listRoots();
    dir = roots[0]?.uri;
  }
  return { content: [{ type: 'text', text: dir ?? 'nowhere' }] };
});

export default server;
