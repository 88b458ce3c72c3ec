// An MRTR prompt without arguments: the callback gets ctx only, and gains the arguments in front.
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';

export function register(server: McpServer): void {
  server.registerPrompt('summarise-workspace', { description: 'Summarise the workspace' }, async (ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
    if (answer.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          roots: inputRequired.listRoots(),
        },
      });
    }
    const count = answer.kind === 'roots' ? answer.roots.length : 0;
    return { messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${count} folders` } }] };
  });
}
