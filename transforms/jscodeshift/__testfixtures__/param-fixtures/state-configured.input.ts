// The sandbox already comes from the command line; roots only replaced it. Retiring them keeps what a client without roots got.
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'files', version: '1.0.0' });
let allowedDirectories: string[] = process.argv.slice(2);

// Takes the client's roots over the command line.
function useRoots(uris: string[]) {
  allowedDirectories = uris.map((uri) => fileURLToPath(uri));
}

server.server.oninitialized = async () => {
  if (server.server.getClientCapabilities()?.roots) {
    const { roots } = await server.server.listRoots();
    useRoots(roots.map((root) => root.uri));
  } else if (allowedDirectories.length === 0) {
    throw new Error('Pass the allowed directories on the command line.');
  }
};

server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowedDirectories.filter((dir) => dir.startsWith('/')).join('\n') }] }));

export default server;
