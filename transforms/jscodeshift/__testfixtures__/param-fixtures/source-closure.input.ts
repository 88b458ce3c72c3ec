// Roots in a closure, refreshed in oninitialized and on list_changed: the state stays, its source becomes configuration.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema, type Root, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

class Context {
  #roots: Root[] = [];
  setRoots(roots: Root[]): void {
    this.#roots = roots;
  }
  allowed(file: string): boolean {
    return this.#roots.some((root) => file.startsWith(new URL(root.uri).pathname));
  }
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'browser-tools', version: '1.0.0' });
  let lastRoots: Root[] | undefined;
  let context: Context | undefined;
  const updateRoots = async (timeout?: number) => {
    if (!server.server.getClientCapabilities()?.roots) {
      return;
    }
    try {
      const roots = await server.server.request({ method: 'roots/list' }, ListRootsResultSchema, timeout === undefined ? undefined : { timeout });
      lastRoots = roots.roots;
      context?.setRoots(lastRoots);
    } catch (e) {
      console.error('Failed to list roots', e);
    }
  };
  server.server.oninitialized = () => {
    if (server.server.getClientCapabilities()?.roots) {
      void updateRoots();
      server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
        void updateRoots();
      });
    } else {
      console.warn('The client did not declare roots: file tools are restricted.');
    }
  };
  server.registerTool('save', { description: 'Save a file' }, async () => {
    if (!context) {
      context = new Context();
      if (lastRoots === undefined) await updateRoots(5000);
      else context.setRoots(lastRoots);
    }
    return { content: [{ type: 'text', text: String(context.allowed('/tmp/x')) }] };
  });
  return server;
}
