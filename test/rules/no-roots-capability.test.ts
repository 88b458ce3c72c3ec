import { noRootsCapability } from '../../rules/no-roots-capability.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

// Capability sites are deprecated but work (clients keep answering 2025-era servers): report only.
const reportOnly = { note: '' };

javascriptTester.run('no-roots-capability (JavaScript)', noRootsCapability, {
  valid: [
    // A roots option on something that is not an MCP client.
    code`
      import { createIndexer } from 'code-indexer';
      export const indexer = createIndexer({ capabilities: { roots: ['src', 'test'] } });
    `,
    // An MCP client that declares other capabilities only.
    code`
      import { Client } from '@modelcontextprotocol/client';
      export const client = new Client({ name: 'editor', version: '1.0.0' }, { capabilities: { sampling: {} } });
    `,
    // Only text.
    code`
      export const help = 'declare capabilities: { roots: { listChanged: true } } to answer roots/list';
    `,
    // A hand-rolled JSON-RPC client with no SDK answering roots/list: nothing ties it to MCP.
    code`
      export function answer(result) {
        const inputResponses = {};
        for (const [key, request] of Object.entries(result.inputRequests)) {
          if (request.method === 'roots/list') inputResponses[key] = { roots: [] };
        }
        return inputResponses;
      }
    `,
  ],
  invalid: [
    {
      // v1 CommonJS client: the declaration and the roots/list answer.
      code: code`
        const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
        const { ListRootsRequestSchema } = require('@modelcontextprotocol/sdk/types.js');
        const client = new Client({ name: 'editor', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
        client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
      `,
      languageOptions: { parserOptions: { sourceType: 'commonjs' } },
      errors: [
        { messageId: 'capability', line: 3, column: 83, endLine: 3, endColumn: 111, data: reportOnly },
        { messageId: 'capability', line: 4, column: 26, endLine: 4, endColumn: 48, data: reportOnly },
      ],
    },
    {
      // A v2 server gating on the client's roots capability.
      code: code`
        import { McpServer } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        server.registerTool('where', { description: 'Show the working directories' }, async () => {
          if (server.server.getClientCapabilities()?.roots) {
            return { content: [{ type: 'text', text: 'ask the client' }] };
          }
          return { content: [{ type: 'text', text: process.cwd() }] };
        });
      `,
      errors: [{ messageId: 'capability', line: 4, column: 7, endLine: 4, endColumn: 51, data: reportOnly }],
    },
    {
      // A v2 client answering the server's embedded roots/list input requests itself (client-side MRTR).
      code: code`
        import { Client } from '@modelcontextprotocol/client';
        export const client = new Client({ name: 'cli', version: '2.0.0' });
        export function answer(result, folders) {
          const answers = {};
          for (const [key, { method }] of Object.entries(result.inputRequests)) {
            switch (method) {
              case 'roots/list':
                answers[key] = { roots: folders.map((f) => ({ uri: 'file://' + f })) };
                break;
            }
          }
          return answers;
        }
      `,
      errors: [{ messageId: 'capability', line: 7, column: 12, endLine: 7, endColumn: 24, data: reportOnly }],
    },
  ],
});

typescriptTester.run('no-roots-capability (TypeScript)', noRootsCapability, {
  valid: [
    // Other capabilities read from the client.
    code`
      import { McpServer } from '@modelcontextprotocol/server';
      declare const server: McpServer;
      export const canSample = Boolean(server.server.getClientCapabilities()?.sampling);
    `,
    // A low-level server answering roots/list itself (a bridge): not a client capability.
    code`
      import { Server } from '@modelcontextprotocol/sdk/server/index.js';
      import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
      declare const bridge: Server;
      bridge.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
    `,
    // A client from another module: without type information uproot does not guess from names.
    code`
      import { createClient } from './factory.js';
      createClient().setRequestHandler('roots/list', async () => ({ roots: [] }));
    `,
    // A server's test double of a retried request: the server's view of inputResponses, not a client answering.
    code`
      import type { ServerContext } from '@modelcontextprotocol/server';
      export const ctx = { mcpReq: { inputResponses: { roots: { roots: [] } } } } as unknown as ServerContext;
    `,
    // A server routing the requests it receives: not an input request of an input_required result.
    code`
      import type { Server } from '@modelcontextprotocol/server';
      export function route(server: Server, request: { method: string }) {
        return request.method === 'roots/list' ? 'upstream' : server;
      }
    `,
  ],
  invalid: [
    {
      // v2 client: declared at construction, answered by a handler.
      code: code`
        import { Client } from '@modelcontextprotocol/client';
        import { pathToFileURL } from 'node:url';
        const workspaceFolders: string[] = [process.cwd()];
        const client = new Client({ name: 'editor', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
        client.setRequestHandler('roots/list', async () => ({ roots: workspaceFolders.map((dir) => ({ uri: pathToFileURL(dir).href })) }));
      `,
      errors: [
        { messageId: 'capability', line: 4, column: 83, endLine: 4, endColumn: 111, data: reportOnly },
        { messageId: 'capability', line: 5, column: 26, endLine: 5, endColumn: 38, data: reportOnly },
      ],
    },
    {
      // v1 registerCapabilities before connect, and a server destructuring the capability.
      code: code`
        import { Client } from '@modelcontextprotocol/sdk/client/index.js';
        import { Server } from '@modelcontextprotocol/sdk/server/index.js';
        const client = new Client({ name: 'editor', version: '1.0.0' });
        client.registerCapabilities({ roots: {} });
        export function clientHasRoots(server: Server): boolean {
          const { roots } = server.getClientCapabilities() ?? {};
          return roots !== undefined;
        }
      `,
      errors: [
        { messageId: 'capability', line: 4, column: 31, endLine: 4, endColumn: 40, data: reportOnly },
        { messageId: 'capability', line: 6, column: 11, endLine: 6, endColumn: 16, data: reportOnly },
      ],
    },
    {
      // A retry that puts the roots answer into inputResponses by hand, and a filter on the input requests.
      code: code`
        import { CallToolResultSchema, type Client } from '@modelcontextprotocol/client';
        export async function retry(client: Client, state: string, result: { inputRequests: Record<string, { method: string }> }) {
          const asked = Object.values(result.inputRequests).some((r) => r.method === 'roots/list');
          return client.request({ method: 'tools/call', params: { name: 'scan', inputResponses: { roots: { roots: [] } }, requestState: state } }, CallToolResultSchema);
        }
      `,
      errors: [
        { messageId: 'capability', line: 3, column: 65, endLine: 3, endColumn: 90, data: reportOnly },
        { messageId: 'capability', line: 4, column: 91, endLine: 4, endColumn: 111, data: reportOnly },
      ],
    },
  ],
});

typedTester.run('no-roots-capability (TypeScript with types)', noRootsCapability, {
  valid: [
    // A same-named option on a non-MCP object stays valid with types.
    code`
      export const options = { capabilities: { roots: {} } };
    `,
  ],
  invalid: [
    {
      // Only the type checker knows what createServer() and createClient() return.
      code: code`
        import { createClient, createServer } from './factory.js';
        export const gated = createServer().server.getClientCapabilities()?.roots;
        createClient().setRequestHandler('roots/list', async () => ({ roots: [] }));
      `,
      errors: [
        { messageId: 'capability', line: 2, column: 22, endLine: 2, endColumn: 74, data: reportOnly },
        { messageId: 'capability', line: 3, column: 34, endLine: 3, endColumn: 46, data: reportOnly },
      ],
    },
    {
      // The SDK Client re-exported through the project's own barrel module: only types can tell.
      code: code`
        import { Client } from './sdk.js';
        const client = new Client({ name: 'editor', version: '1.0.0' }, { capabilities: { roots: {} } });
        client.setRequestHandler('roots/list', async () => ({ roots: [] }));
      `,
      errors: [
        { messageId: 'capability', line: 2, column: 83, endLine: 2, endColumn: 92, data: reportOnly },
        { messageId: 'capability', line: 3, column: 26, endLine: 3, endColumn: 38, data: reportOnly },
      ],
    },
  ],
});
