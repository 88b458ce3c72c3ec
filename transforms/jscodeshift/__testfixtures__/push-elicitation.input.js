import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'renamer', version: '1.0.0' });

// JavaScript: roots through ctx.mcpReq.send, then an elicitation taken off ctx.mcpReq that names a root: two rounds.
server.registerTool('rename', { description: 'Rename the project folder' }, async (ctx) => {
  const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
  const { elicitInput } = ctx.mcpReq;
  const answer = await elicitInput({ message: `New name for ${roots[0]?.name ?? 'the project'}?`, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
  return { content: [{ type: 'text', text: answer.action === 'accept' ? String(answer.content?.name) : 'unchanged' }] };
});
