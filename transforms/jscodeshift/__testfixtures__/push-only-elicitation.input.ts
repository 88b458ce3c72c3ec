import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'deployer', version: '1.0.0' });

// No roots: an elicitation alone moves into an inputRequired round, its decline path kept.
server.registerTool('deploy', { description: 'Deploy a service', inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
  const deployTarget = await ctx.mcpReq.elicitInput({ message: `Where should ${service} go?`, requestedSchema: { type: 'object', properties: { env: { type: 'string' } } } });
  if (deployTarget.action !== 'accept') return { content: [{ type: 'text', text: 'not deployed' }] };
  return { content: [{ type: 'text', text: `deployed ${service} to ${String(deployTarget.content?.env)}` }] };
});
