import { Server } from '@modelcontextprotocol/server';
import { CreateMessageResultSchema } from '@modelcontextprotocol/core';

const server = new Server({ name: 'summaries', version: '1.0.0' }, { capabilities: { tools: {} } });

// A low-level tools/call handler that samples with a raw request about the roots: two rounds, roots carried.
server.setRequestHandler('tools/call', async (request) => {
  const { roots } = await server.listRoots();
  const summary = await server.request(
    { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${roots.length} folders for ${request.params.name}` } }], maxTokens: 100 } },
    CreateMessageResultSchema,
  );
  return { content: [{ type: 'text', text: summary.content.type === 'text' ? summary.content.text : '' }] };
});
