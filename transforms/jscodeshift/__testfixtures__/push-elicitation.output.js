import { McpServer, inputRequired, inputResponse, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, createRequestStateCodec } from '@modelcontextprotocol/server';
import { randomBytes } from 'node:crypto';

// uproot: roots arrive through multi round-trip requests (MRTR) since protocol revision 2026-07-28.
/** Whether this request's client declared roots: per request on 2026-07-28, from initialize on 2025-era connections. */
function clientDeclaresRoots(ctx, server) {
  const envelope = ctx.mcpReq.envelope;
  if (envelope && CLIENT_CAPABILITIES_META_KEY in envelope) {
    return Boolean((envelope[CLIENT_CAPABILITIES_META_KEY])?.roots);
  }
  return Boolean(server.getClientCapabilities()?.roots);
}

/** The client's answer to the roots input request, checked like the SDK checked a roots/list result. */
async function rootsFromAnswer(ctx) {
  const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
  // A client without roots answered a push request with "Method not found": keep that path.
  if (answer.kind !== 'roots') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
  const invalid = answer.roots.filter(
    (root) => typeof root?.uri !== 'string' || !root.uri.startsWith('file://') || (root.name !== undefined && typeof root.name !== 'string'),
  );
  if (invalid.length > 0) {
    throw new SdkError(SdkErrorCode.InvalidResult, `Invalid result for roots/list: ${invalid.length} root(s) without a file:// URI`);
  }
  return { roots: answer.roots };
}

// uproot: elicitation and sampling answers arrive through multi round-trip requests (MRTR) since protocol revision 2026-07-28.
/** Whether this request's client declared `capability` (and the elicitation `mode`): per request on 2026-07-28, from initialize on 2025-era connections. */
function clientDeclares(ctx, server, capability, mode) {
  const envelope = ctx.mcpReq.envelope;
  const declared = (envelope && CLIENT_CAPABILITIES_META_KEY in envelope ? envelope[CLIENT_CAPABILITIES_META_KEY] : server.getClientCapabilities());
  const entry = declared?.[capability];
  if (!entry) return false;
  // A bare `elicitation: {}` declares form mode (the rule from before modes existed).
  return mode === undefined || mode in entry || Object.keys(entry).length === 0;
}

/** The client's answer to the elicitation asked under `key`, as the push request resolved it (accept, decline or cancel). */
async function elicitationAnswer(ctx, key, sentAs = 'elicitInput') {
  const answer = inputResponse(ctx.mcpReq.inputResponses, key);
  if (answer.kind !== 'elicit') {
    // Not asked: this client declared no form elicitation. Fail as the push request failed for it.
    if (sentAs === 'request') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support form elicitation.');
  }
  return answer.content === undefined ? { action: answer.action } : { action: answer.action, content: answer.content };
}

// Signs the answers a handler carries from one round of input requests to the next; the server verifies them
// before the handler runs. Every process serving the same clients needs the same MCP_REQUEST_STATE_KEY (32+ bytes).
const requestStateCodec = createRequestStateCodec({ key: process.env.MCP_REQUEST_STATE_KEY ?? randomBytes(32) });

const server = new McpServer({ name: 'renamer', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

// JavaScript: roots through ctx.mcpReq.send, then an elicitation taken off ctx.mcpReq that names a root: two rounds.
server.registerTool('rename', { description: 'Rename the project folder' }, async (ctx) => {
  // Answers of earlier rounds come back in requestState, which the server verified before this runs.
  ctx.mcpReq.inputResponses = { ...ctx.mcpReq.requestState(), ...ctx.mcpReq.inputResponses };
  // Ask for every answer the handler needs before anything else: it runs again from the top with the client's answers.
  // A request this client cannot answer failed the original where it stood, so nothing after it is asked.
  const inputRequests = {};
  let answerable = clientDeclaresRoots(ctx, server.server);
  if (answerable && inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots') inputRequests.roots = inputRequired.listRoots();
  if (Object.keys(inputRequests).length > 0) return inputRequired({ inputRequests });
  const { roots } = await rootsFromAnswer(ctx);
  const { elicitInput } = ctx.mcpReq;
  // Asked where the handler makes it, in a round of its own: the answers so far travel along in signed requestState.
  if (clientDeclares(ctx, server.server, 'elicitation', 'form') && inputResponse(ctx.mcpReq.inputResponses, 'answer').kind !== 'elicit') {
    return inputRequired({ inputRequests: { answer: inputRequired.elicit({ message: `New name for ${roots[0]?.name ?? 'the project'}?`, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }) }, requestState: await requestStateCodec.mint(ctx.mcpReq.inputResponses ?? {}) });
  }
  const answer = await elicitationAnswer(ctx, 'answer');
  return { content: [{ type: 'text', text: answer.action === 'accept' ? String(answer.content?.name) : 'unchanged' }] };
});
