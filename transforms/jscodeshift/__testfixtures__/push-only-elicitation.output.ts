import { McpServer, inputRequired, inputResponse, type InputRequiredResult, type InputRequest, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type ElicitResult, type ServerContext, type CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

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

const server = new McpServer({ name: 'deployer', version: '1.0.0' });

// No roots: an elicitation alone moves into an inputRequired round, its decline path kept.
server.registerTool('deploy', { description: 'Deploy a service', inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx): Promise<CallToolResult | InputRequiredResult> => {
  // Ask for every answer the handler needs before anything else: it runs again from the top with the client's answers.
  // A request this client cannot answer failed the original where it stood, so nothing after it is asked.
  const inputRequests: Record<string, InputRequest> = {};
  let answerable = clientDeclares(ctx, server.server, 'elicitation', 'form');
  if (answerable && inputResponse(ctx.mcpReq.inputResponses, 'deploy_target').kind !== 'elicit') inputRequests.deploy_target = inputRequired.elicit({ message: `Where should ${service} go?`, requestedSchema: { type: 'object', properties: { env: { type: 'string' } } } });
  if (Object.keys(inputRequests).length > 0) return inputRequired({ inputRequests });
  const deployTarget = await elicitationAnswer(ctx, 'deploy_target');
  if (deployTarget.action !== 'accept') return { content: [{ type: 'text', text: 'not deployed' }] };
  return { content: [{ type: 'text', text: `deployed ${service} to ${String(deployTarget.content?.env)}` }] };
});
