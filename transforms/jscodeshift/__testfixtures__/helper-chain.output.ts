import { McpServer, inputRequired, inputResponse, type InputRequiredResult, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type ListRootsResult, type ServerContext, type CallToolResult } from '@modelcontextprotocol/server';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/v4';

// uproot: roots arrive through multi round-trip requests (MRTR) since protocol revision 2026-07-28.
/** Whether this request's client declared roots: per request on 2026-07-28, from initialize on 2025-era connections. */
function clientDeclaresRoots(ctx: ServerContext, server: { getClientCapabilities(): { roots?: unknown } | undefined }): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  if (envelope && CLIENT_CAPABILITIES_META_KEY in envelope) {
    return Boolean((envelope[CLIENT_CAPABILITIES_META_KEY] as { roots?: unknown } | undefined)?.roots);
  }
  return Boolean(server.getClientCapabilities()?.roots);
}

/** The client's answer to the roots input request, checked like the SDK checked a roots/list result. */
async function rootsFromAnswer(ctx: ServerContext): Promise<ListRootsResult> {
  const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
  // A client without roots answered a push request with "Method not found": keep that path.
  if (answer.kind !== 'roots') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
  const invalid = answer.roots.filter(
    (root: { uri?: unknown; name?: unknown }) => typeof root?.uri !== 'string' || !root.uri.startsWith('file://') || (root.name !== undefined && typeof root.name !== 'string'),
  );
  if (invalid.length > 0) {
    throw new SdkError(SdkErrorCode.InvalidResult, `Invalid result for roots/list: ${invalid.length} root(s) without a file:// URI`);
  }
  return { roots: answer.roots };
}

const server = new McpServer({ name: 'notes', version: '1.0.0' });

async function workspaceDirs(s: McpServer, ctx: ServerContext): Promise<string[]> {
  const { roots } = await rootsFromAnswer(ctx);
  return roots.map((r) => fileURLToPath(r.uri));
}

async function isAllowed(s: McpServer, p: string, ctx: ServerContext) {
  return (await workspaceDirs(s, ctx)).some((d) => p.startsWith(d));
}

server.registerTool('read-notes', { inputSchema: z.object({ path: z.string() }) }, async ({ path }, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
  // Ask for roots before anything else: the handler runs again from the top with the client's answer.
  if (inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots' && clientDeclaresRoots(ctx, server.server)) {
    return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
  }
  return (await isAllowed(server, path, ctx)) ? { content: [{ type: 'text', text: path }] } : { content: [{ type: 'text', text: 'denied' }], isError: true };
});

export default server;
