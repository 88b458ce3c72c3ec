// What the matcher worker matches while it waits for its first job: a small server of our own that
// takes the finder and the MRTR checks through their paths, so the first real file (often the
// largest) runs on compiled code.
export const WARM_UP_ROUNDS = 8;
/** A path that does not exist: nothing is read or cached for it, and it imports only MCP packages. */
export const WARM_UP_FILE = '/nonexistent/uproot-warm-up/server.ts';
/** The shapes the finder and the MRTR checks look at: tools, a low-level handler, a client, an MRTR result. */
export const WARM_UP_SOURCE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/client';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

export class Workspace {
  private readonly server = new McpServer({ name: 'warm-up', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  private roots: string[] = [];

  async start(): Promise<void> {
    this.server.registerTool('files', { description: 'list files' }, async (args: { path?: string }, extra) => {
      const { roots } = await this.server.server.listRoots();
      for (const root of roots) if (args.path?.startsWith(root.uri)) return { content: [{ type: 'text', text: root.uri }] };
      return { content: [], isError: extra.signal.aborted };
    });
    this.server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      this.roots = (await this.server.server.listRoots()).roots.map((r) => r.uri);
    });
  }
}

export function lowLevel(server: Server) {
  server.setRequestHandler({ method: 'tools/call' } as never, async (request: { params: { inputResponses?: Record<string, unknown> } }) => {
    if (!request.params.inputResponses) return { resultType: 'input_required', inputRequests: { r: { method: 'roots/list', params: {} } }, requestState: 'x' };
    return { content: [] };
  });
}

export const client = new Client({ name: 'c', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } }, versionNegotiation: { mode: 'auto' } });
`;
