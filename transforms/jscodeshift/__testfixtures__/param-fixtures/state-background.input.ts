// Roots fetched in the background, a moment after the client is initialized, into a class field the tools check.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export class Indexer {
  readonly server = new McpServer({ name: 'indexer', version: '1.0.0' });
  private allowed: string[] = [];

  constructor() {
    setTimeout(async () => {
      this.allowed = (await this.server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri));
    }, 1000);
    this.server.registerTool('index', { inputSchema: z.object({ dir: z.string() }) }, async ({ dir }) => {
      if (!this.allowed.some((base) => path.resolve(dir).startsWith(base))) return { content: [{ type: 'text', text: `${dir} is not allowed.` }], isError: true };
      return { content: [{ type: 'text', text: `indexed ${dir}` }] };
    });
  }
}
