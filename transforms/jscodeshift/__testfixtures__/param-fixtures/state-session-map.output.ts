// Roots kept per session: one server process, several clients. uproot cannot keep the sessions apart, so it marks them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'sessions', version: '1.0.0' });
const rootsBySession = new Map<string, string[]>();

server.server.oninitialized = async () => {
  const session = server.server.transport?.sessionId ?? 'stdio';
  // uproot: [lifecycle] the roots are kept per session in rootsBySession; one process can serve several clients, which configuration or one parameter cannot tell apart; roots are requested outside any request (initialization, startup or after connect); 2026-07-28 has no initialize, so there is no request to attach a multi round-trip to. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/lifecycle.md
  rootsBySession.set(session, (await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri)));
};

server.registerTool('base', {}, async (ctx) => ({ content: [{ type: 'text', text: path.resolve(rootsBySession.get(ctx.sessionId ?? 'stdio')?.[0] ?? '.') }] }));

export default server;
