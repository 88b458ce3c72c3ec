// A CommonJS v1 server.
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { z } = require('zod');
const path = require('path');

const server = new McpServer({ name: 'cjs', version: '1.0.0' });

server.registerTool('first-root', { inputSchema: { label: z.string() } }, async ({ label }) => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: `${label}: ${path.basename(roots[0].uri)}` }] };
});

module.exports = { server };
