import { Server, inputRequired, inputResponse, type InputRequiredResult, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type ListRootsResult, type ServerContext, type InputRequest, type CreateMessageResult, createRequestStateCodec, type CallToolResult } from '@modelcontextprotocol/server';
import { CreateMessageResultSchema } from '@modelcontextprotocol/core';
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

/** The client's answer to the sampling request asked under `key`. */
async function samplingAnswer(ctx: ServerContext, key: string): Promise<CreateMessageResult> {
  const answer = inputResponse(ctx.mcpReq.inputResponses, key);
  // Not asked: this client declared no sampling, and answered the push request with "Method not found".
  if (answer.kind !== 'sampling') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
  return answer.result as CreateMessageResult;
}

// Signs the answers a handler carries from one round of input requests to the next; the server verifies them
// before the handler runs. Every process serving the same clients needs the same MCP_REQUEST_STATE_KEY (32+ bytes).
const requestStateCodec = createRequestStateCodec<Record<string, unknown>>({ key: process.env.MCP_REQUEST_STATE_KEY ?? randomBytes(32) });

const server = new Server({ name: 'summaries', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });

// A low-level tools/call handler that samples with a raw request about the roots: two rounds, roots carried.
server.setRequestHandler('tools/call', async (request, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
  // Answers of earlier rounds come back in requestState, which the server verified before this runs.
  ctx.mcpReq.inputResponses = { ...ctx.mcpReq.requestState<Record<string, unknown>>(), ...ctx.mcpReq.inputResponses };
  // Ask for every answer the handler needs before anything else: it runs again from the top with the client's answers.
  // A request this client cannot answer failed the original where it stood, so nothing after it is asked.
  const inputRequests: Record<string, InputRequest> = {};
  let answerable = clientDeclaresRoots(ctx, server);
  if (answerable && inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots') inputRequests.roots = inputRequired.listRoots();
  if (Object.keys(inputRequests).length > 0) return inputRequired({ inputRequests });
  const { roots } = await rootsFromAnswer(ctx);
  // Asked where the handler makes it, in a round of its own: the answers so far travel along in signed requestState.
  if (clientDeclares(ctx, server, 'sampling') && inputResponse(ctx.mcpReq.inputResponses, 'summary').kind !== 'sampling') {
    return inputRequired({ inputRequests: { summary: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${roots.length} folders for ${request.params.name}` } }], maxTokens: 100 }) }, requestState: await requestStateCodec.mint(ctx.mcpReq.inputResponses ?? {}) });
  }
  const summary = await samplingAnswer(ctx, 'summary');
  return { content: [{ type: 'text', text: summary.content.type === 'text' ? summary.content.text : '' }] };
});
