import { Server } from '@modelcontextprotocol/server';
import { CreateMessageResultSchema } from '@modelcontextprotocol/core';

const server = new Server({ name: 'summaries', version: '1.0.0' }, { capabilities: { tools: {} } });

// A low-level tools/call handler that samples with a raw request after reading the roots: left whole.
server.setRequestHandler('tools/call', async (request) => {
  // uproot: [push-request] held back by request({ method: 'sampling/createMessage' }) (line 9), which cannot move into the handler's inputRequests: its parameters use roots, which the handler computes first; asking it needs a second round, which uproot does not write yet; the handler also makes a push-style elicitation or sampling request that uproot cannot move into one inputRequired({ inputRequests }) result with its other requests; rewriting the rest alone would leave it failing on 2026-07-28 at that request, so the handler is left whole: move its requests into one inputRequired({ inputRequests }) result by hand (its roots request with them, or replaced by a directory parameter). See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/push-request.md
  const { roots } = await server.listRoots();
  const summary = await server.request(
    { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${roots.length} folders for ${request.params.name}` } }], maxTokens: 100 } },
    CreateMessageResultSchema,
  );
  return { content: [{ type: 'text', text: summary.content.type === 'text' ? summary.content.text : '' }] };
});
