// Roots handed to a fill imported through a barrel, which keeps them through the setter of a third
// module; the tools read them through a getter in helpers of a fourth. The init hook checks the
// capability and destructures the answer in the request's `.then`; the list_changed handler casts it.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type ListRootsResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import getAllowed, { setAllowed } from './allowed.js';
import { treeDepth, updateFromRoots, validatePath } from './lib.js';

setAllowed(process.env.WORKSPACE_DIR ? [path.resolve(process.env.WORKSPACE_DIR)] : []);

export function createServer(): McpServer {
  const server = new McpServer({ name: 'lister', version: '1.0.0' });
  server.server.oninitialized = () => {
  void (async () => {
    if (server.server.getClientCapabilities()?.roots) {
      try {
        await server.server.listRoots().then(({ roots }) => updateFromRoots(roots));
      } catch (error) {
        console.error('could not read roots', error);
      }
    }
  })();
};
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    try {
      const answer = (await server.server.listRoots()) as ListRootsResult;
      await updateFromRoots(answer.roots);
    } catch (error) {
      console.error('could not refresh roots', error);
    }
  });
  server.registerTool('list', { description: 'List a directory, relative to the first allowed one', inputSchema: z.object({ dir: z.string() }) }, async ({ dir }) => {
    try {
      const base = getAllowed()[0] ?? process.cwd();
      return { content: [{ type: 'text', text: (await readdir(validatePath(path.resolve(base, dir)))).sort().join('\n') }] };
    } catch (error) {
      return { content: [{ type: 'text', text: (error as Error).message }], isError: true };
    }
  });
  server.registerTool('depth', { description: 'How deep a directory goes', inputSchema: z.object({ dir: z.string() }) }, async ({ dir }) => {
    try {
      return { content: [{ type: 'text', text: String(await treeDepth(path.resolve(getAllowed()[0] ?? process.cwd(), dir))) }] };
    } catch (error) {
      return { content: [{ type: 'text', text: (error as Error).message }], isError: true };
    }
  });
  server.registerTool('first-allowed', { description: 'The first allowed directory, by name' }, async () => {
    const dirs = getAllowed();
    return { content: [{ type: 'text', text: dirs.length ? path.basename(dirs[0]!) : 'none' }] };
  });
  return server;
}
