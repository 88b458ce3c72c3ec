import { McpServer, type ServerContext, inputRequired, inputResponse, type InputRequiredResult, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type ListRootsResult, type InputRequest, type ElicitResult, createRequestStateCodec, type CallToolResult, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { randomBytes } from 'node:crypto';

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

// uproot: elicitation and sampling answers arrive through multi round-trip requests (MRTR) since protocol revision 2026-07-28.
/** Whether this request's client declared `capability` (and the elicitation `mode`): per request on 2026-07-28, from initialize on 2025-era connections. */
function clientDeclares(ctx: ServerContext, server: { getClientCapabilities(): object | undefined }, capability: 'elicitation' | 'sampling', mode?: 'form'): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const declared = (envelope && CLIENT_CAPABILITIES_META_KEY in envelope ? envelope[CLIENT_CAPABILITIES_META_KEY] : server.getClientCapabilities()) as Record<string, object | undefined> | undefined;
  const entry = declared?.[capability];
  if (!entry) return false;
  // A bare `elicitation: {}` declares form mode (the rule from before modes existed).
  return mode === undefined || mode in entry || Object.keys(entry).length === 0;
}

/** The client's answer to the elicitation asked under `key`, as the push request resolved it (accept, decline or cancel). */
async function elicitationAnswer(ctx: ServerContext, key: string, sentAs: 'elicitInput' | 'request' = 'elicitInput'): Promise<ElicitResult> {
  const answer = inputResponse(ctx.mcpReq.inputResponses, key);
  if (answer.kind !== 'elicit') {
    // Not asked: this client declared no form elicitation. Fail as the push request failed for it.
    if (sentAs === 'request') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support form elicitation.');
  }
  return answer.content === undefined ? { action: answer.action } : { action: answer.action, content: answer.content as ElicitResult['content'] };
}

// Signs the answers a handler carries from one round of input requests to the next; the server verifies them
// before the handler runs. Every process serving the same clients needs the same MCP_REQUEST_STATE_KEY (32+ bytes).
const requestStateCodec = createRequestStateCodec<Record<string, unknown>>({ key: process.env.MCP_REQUEST_STATE_KEY ?? randomBytes(32) });

const server = new McpServer({ name: 'archiver', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

// Asks for roots, then confirms in a helper that names a root: the helper is split (its ask beside it), asked in a second round.
server.registerTool('archive', { description: 'Archive the workspace', inputSchema: z.object({}) }, async (_args, ctx): Promise<CallToolResult | InputRequiredResult> => {
  // Answers of earlier rounds come back in requestState, which the server verified before this runs.
  ctx.mcpReq.inputResponses = { ...ctx.mcpReq.requestState<Record<string, unknown>>(), ...ctx.mcpReq.inputResponses };
  // Ask for every answer the handler needs before anything else: it runs again from the top with the client's answers.
  // A request this client cannot answer failed the original where it stood, so nothing after it is asked.
  const inputRequests: Record<string, InputRequest> = {};
  let answerable = clientDeclaresRoots(ctx, server.server);
  if (answerable && inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots') inputRequests.roots = inputRequired.listRoots();
  if (Object.keys(inputRequests).length > 0) return inputRequired({ inputRequests });
  const { roots } = await rootsFromAnswer(ctx);
  // Asked where the handler makes it, in a round of its own: the answers so far travel along in signed requestState.
  if (clientDeclares(ctx, server.server, 'elicitation', 'form') && inputResponse(ctx.mcpReq.inputResponses, 'answer').kind !== 'elicit') {
    return inputRequired({ inputRequests: { answer: inputRequired.elicit(confirmElicitation(ctx, `Archive ${roots.length} folders?`)) }, requestState: await requestStateCodec.mint(ctx.mcpReq.inputResponses ?? {}) });
  }
  const answer = await confirm(ctx, `Archive ${roots.length} folders?`, () => elicitationAnswer(ctx, 'answer'));
  return { content: [{ type: 'text', text: answer ? 'archived' : 'kept' }] };
});

async function confirm(ctx: ServerContext, message: string, answered: () => Promise<ElicitResult>): Promise<boolean> {
  const result = await answered();
  return result.action === 'accept';
}

/** The elicitation confirm() makes: a handler migrated to multi round-trip requests asks it up front and hands confirm() the answer. */
function confirmElicitation(ctx: ServerContext, message: string): ElicitRequestFormParams {
  return { message, requestedSchema: { type: 'object', properties: {} } };
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
