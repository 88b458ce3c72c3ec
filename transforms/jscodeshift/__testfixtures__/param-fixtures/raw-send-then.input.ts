// ctx.mcpReq.send without await, and a handler with a concise body.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function register(server: McpServer): void {
  server.registerTool('root-uris', { inputSchema: z.object({ separator: z.string() }) }, (args, ctx) =>
    ctx.mcpReq.send({ method: 'roots/list' }).then((r) => ({ content: [{ type: 'text' as const, text: r.roots.map((x) => x.uri).join(args.separator) }] })),
  );
}
