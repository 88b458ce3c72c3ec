import { McpServer, type ServerContext, inputRequired, inputResponse, type InputRequiredResult, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type ListRootsResult, type CallToolResult } from '@modelcontextprotocol/server';
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

const server = new McpServer({ name: 'archiver', version: '1.0.0' });

// Asks for roots, then confirms in a helper that writes an audit line before it asks: the helper acts before its
// request, so it cannot be split, and both requests must move together: uproot leaves the handler whole.
server.registerTool('archive', { description: 'Archive the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  // uproot: [push-request] held back by elicitInput() in confirm() (line 16), which cannot move into the handler's inputRequests: confirm() runs the statement at line 15 before it, which the handler's round would ask ahead of; the handler also makes a push-style elicitation or sampling request that uproot cannot move into one inputRequired({ inputRequests }) result with its other requests; rewriting the rest alone would leave it failing on 2026-07-28 at that request, so the handler is left whole: move its requests into one inputRequired({ inputRequests }) result by hand (its roots request with them, or replaced by a directory parameter). See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/push-request.md
  const { roots } = await server.server.listRoots();
  const answer = await confirm(ctx, `Archive ${roots.length} folders?`);
  return { content: [{ type: 'text', text: answer ? 'archived' : 'kept' }] };
});

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  console.error(`confirm: ${message}`);
  const result = await ctx.mcpReq.elicitInput({ message, requestedSchema: { type: 'object', properties: {} } });
  return result.action === 'accept';
}

// Roots only: rewritten as before.
server.registerTool('count', { description: 'Count the workspace folders', inputSchema: z.object({}) }, async (_args, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
  // Ask for roots before anything else: the handler runs again from the top with the client's answer.
  if (inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots' && clientDeclaresRoots(ctx, server.server)) {
    return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
  }
  const { roots } = await rootsFromAnswer(ctx);
  return { content: [{ type: 'text', text: `${roots.length}` }] };
});
