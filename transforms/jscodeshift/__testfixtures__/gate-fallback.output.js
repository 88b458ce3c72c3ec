import { McpServer, inputRequired, inputResponse, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import { fileURLToPath } from 'node:url';

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

export function createServer(configuredDir) {
  const server = new McpServer({ name: 'configs', version: '1.0.0' });
  server.registerTool('find-configs', { description: 'Find config directories' }, async (ctx) => {
    // Ask for roots before anything else: the handler runs again from the top with the client's answer.
    if (inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots' && clientDeclaresRoots(ctx, server.server)) {
      return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
    }
    let dirs = [configuredDir];
    if (clientDeclaresRoots(ctx, server.server)) {
      const { roots } = await rootsFromAnswer(ctx);
      dirs = roots.map((r) => fileURLToPath(r.uri));
    }
    return { content: [{ type: 'text', text: dirs.join('\n') }] };
  });
  return server;
}
