import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Tools registered by a class: the handler asks for roots, the class's own method elicits.
export class Workspace {
  private readonly mcp = new McpServer({ name: 'workspace', version: '1.0.0' });

  register(): void {
    this.mcp.registerTool('clean', { description: 'Clean the workspace', inputSchema: z.object({}) }, async () => {
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
