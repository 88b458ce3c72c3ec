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

export function createServer(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  server.registerTool('list-roots', { inputSchema: z.object({ prefix: z.string() }) }, async ({ prefix }, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
    // Ask for roots before anything else: the handler runs again from the top with the client's answer.
    if (inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots' && clientDeclaresRoots(ctx, server.server)) {
      return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
    }
    const { roots } = await rootsFromAnswer(ctx);
    const dirs = roots.map((root) => fileURLToPath(root.uri));
    return { content: [{ type: 'text', text: dirs.filter((d) => d.startsWith(prefix)).join('\n') }] };
  });
  return server;
}
