import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'renamer', version: '1.0.0' });

// JavaScript: roots through ctx.mcpReq.send, then an elicitation taken off ctx.mcpReq.
server.registerTool('rename', { description: 'Rename the project folder' }, async (ctx) => {
  // uproot: [push-request] held back by elicitInput() (line 9), which cannot move into the handler's inputRequests: its parameters use roots, which the handler computes first; asking it needs a second round, which uproot does not write yet; the handler also makes a push-style elicitation or sampling request that uproot cannot move into one inputRequired({ inputRequests }) result with its other requests; rewriting the rest alone would leave it failing on 2026-07-28 at that request, so the handler is left whole: move its requests into one inputRequired({ inputRequests }) result by hand (its roots request with them, or replaced by a directory parameter). See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/push-request.md
  const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
  const { elicitInput } = ctx.mcpReq;
  const answer = await elicitInput({ message: `New name for ${roots[0]?.name ?? 'the project'}?`, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
  return { content: [{ type: 'text', text: answer.action === 'accept' ? String(answer.content?.name) : 'unchanged' }] };
});
