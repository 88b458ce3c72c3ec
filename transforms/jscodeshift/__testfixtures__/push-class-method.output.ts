import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Tools registered by a class: the handler asks for roots, the class's own method elicits.
export class Workspace {
  private readonly mcp = new McpServer({ name: 'workspace', version: '1.0.0' });

  register(): void {
    this.mcp.registerTool('clean', { description: 'Clean the workspace', inputSchema: z.object({}) }, async () => {
      // uproot: [push-request] held back by elicitInput() in confirm() (line 17), which cannot move into the handler's inputRequests: it is asked conditionally or inside a nested block (or after something else its statement does), and asking it at the entry would ask a client the original never asked; the handler also makes a push-style elicitation or sampling request that uproot cannot move into one inputRequired({ inputRequests }) result with its other requests; rewriting the rest alone would leave it failing on 2026-07-28 at that request, so the handler is left whole: move its requests into one inputRequired({ inputRequests }) result by hand (its roots request with them, or replaced by a directory parameter). See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/push-request.md
      const { roots } = await this.mcp.server.listRoots();
      if (!(await this.confirm(`Clean ${roots.length} folders?`))) return { content: [{ type: 'text', text: 'kept' }] };
      return { content: [{ type: 'text', text: 'cleaned' }] };
    });
  }

  private async confirm(message: string): Promise<boolean> {
    const answer = await this.mcp.server.elicitInput({ message, requestedSchema: { type: 'object', properties: {} } });
    return answer.action === 'accept';
  }
}
