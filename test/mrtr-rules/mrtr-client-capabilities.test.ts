import { mrtrClientCapabilities } from '../../rules/mrtr-client-capabilities.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

const envelope = { where: ' (the request _meta envelope)' };

javascriptTester.run('mrtr-client-capabilities (JavaScript)', mrtrClientCapabilities, {
  valid: [
    // The SDK gates inputRequired(...) against each request's capabilities itself (-32021 / the shim's refusal).
    code`
      import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
      const server = new McpServer({ name: 'x', version: '1.0.0' });
      server.registerTool('show-roots', { description: 'Show' }, async (ctx) => {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'roots');
        if (view.kind === 'roots') return { content: [{ type: 'text', text: view.roots.map((r) => r.uri).join('\\n') }] };
        return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      });
    `,
    // So does a hand-built result returned through the SDK.
    code`
      import { Server } from '@modelcontextprotocol/server';
      const server = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler('tools/call', (request) =>
        request.params.inputResponses ? { content: [] } : { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' } } },
      );
    `,
    // A hand-rolled server that reads the request's client capabilities before asking.
    code`
      export function callTool(params) {
        const capabilities = params._meta?.['io.modelcontextprotocol/clientCapabilities'] ?? {};
        if (!params.inputResponses?.roots) {
          if (!capabilities.roots) return { error: { code: -32021, message: 'roots required' } };
          return { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' } } };
        }
        return { content: [] };
      }
    `,
    // Through a helper that checks.
    code`
      const declares = (params, name) => Boolean(params._meta?.['io.modelcontextprotocol/clientCapabilities']?.[name]);
      export function dispatch(msg) {
        if (msg.method === 'tools/call') {
          if (!declares(msg.params, 'sampling')) return { error: { code: -32021 } };
          return { resultType: 'input_required', inputRequests: { s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 100 } } } };
        }
      }
    `,
    // The check happens before dispatch, in the code that calls the dispatcher.
    code`
      function callTool(params) {
        if (!params.inputResponses?.roots) return { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' } } };
        return { content: [] };
      }
      function dispatch(msg) {
        if (msg.method === 'tools/call') return callTool(msg.params);
        return {};
      }
      export function handle(msg) {
        const declared = msg.params?._meta?.['io.modelcontextprotocol/clientCapabilities'];
        if (msg.method === 'tools/call' && !declared?.roots) return { error: { code: -32021, message: 'roots required' } };
        return { result: dispatch(msg) };
      }
    `,
    // roots: {} in the envelope, and listChanged on a Client that stays on 2025 (the default 'legacy' negotiation).
    code`
      import { Client } from '@modelcontextprotocol/client';
      export const meta = { 'io.modelcontextprotocol/clientCapabilities': { roots: {} } };
      export const legacy = new Client({ name: 'c', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
      export const pinnedOld = new Client({ name: 'c', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } }, versionNegotiation: { mode: { pin: '2025-11-25' } } });
    `,
  ],
  invalid: [
    {
      // A hand-rolled server asks every client for roots (detection corpus: handbuilt-input-required.mjs).
      code: code`
        function callTool(params) {
          const answer = params.inputResponses?.roots;
          if (!answer) {
            return { resultType: 'input_required', inputRequests: { r: { method: 'roots/list', params: {} } } };
          }
          return { resultType: 'complete', content: [{ type: 'text', text: answer.roots.map((r) => r.uri).join('\\n') }] };
        }
        export function dispatch(msg) {
          if (msg.method === 'tools/call') return callTool(msg.params);
          return { tools: [] };
        }
      `,
      errors: [{ messageId: 'ungatedInputRequest', line: 4, column: 44, endLine: 4, endColumn: 102, data: { kinds: 'roots (roots/list)' } }],
    },
    {
      // Two kinds in one result, one report.
      code: code`
        export function handle(request) {
          switch (request.method) {
            case 'prompts/get':
              return {
                resultType: 'input_required',
                inputRequests: {
                  folder: { method: 'roots/list' },
                  topic: { method: 'elicitation/create', params: { message: 'Topic?', requestedSchema: { type: 'object', properties: {} } } },
                },
              };
            default:
              return {};
          }
        }
      `,
      errors: [{ messageId: 'ungatedInputRequest', line: 6, column: 9, endLine: 9, endColumn: 10, data: { kinds: 'roots (roots/list) and elicitation (elicitation/create)' } }],
    },
    {
      // listChanged in a hand-built 2026-07-28 envelope.
      code: code`
        export function envelope(info) {
          return {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': info,
            'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: true } },
          };
        }
      `,
      errors: [{ messageId: 'rootsListChanged', line: 5, column: 62, endLine: 5, endColumn: 79, data: envelope }],
    },
    {
      // A Client pinned to 2026-07-28 sends its capabilities in every request's envelope, listChanged included.
      code: code`
        import { Client } from '@modelcontextprotocol/client';
        const capabilities = { roots: { listChanged: true }, sampling: {} };
        export const client = new Client({ name: 'ide', version: '1.0.0' }, { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } });
      `,
      errors: [{ messageId: 'rootsListChanged', line: 2, column: 33, endLine: 2, endColumn: 50, data: { where: ' (a Client with versionNegotiation pinned to 2026-07-28)' } }],
    },
  ],
});

typescriptTester.run('mrtr-client-capabilities (TypeScript)', mrtrClientCapabilities, {
  valid: [
    // A low-level SDK handler registered in another file: the SDK gates what it returns.
    code`
      import type { CallToolRequest } from '@modelcontextprotocol/server';
      export async function callTool(request: CallToolRequest) {
        if (!request.params.inputResponses) return { resultType: 'input_required' as const, inputRequests: { roots: { method: 'roots/list' as const } } };
        return { content: [] };
      }
    `,
    // A v1 client has no 2026-07-28 era.
    code`
      import { Client } from '@modelcontextprotocol/sdk/client/index.js';
      export const client = new Client({ name: 'c', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
    `,
  ],
  invalid: [
    {
      // registerCapabilities on a Client that negotiates 'auto' (2026-07-28 when the server speaks it).
      code: code`
        import { Client } from '@modelcontextprotocol/client';
        const client = new Client({ name: 'ide', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
        client.registerCapabilities({ roots: { listChanged: true } });
      `,
      errors: [{ messageId: 'rootsListChanged', line: 3, column: 40, endLine: 3, endColumn: 57, data: { where: " (registered on a Client with versionNegotiation mode 'auto')" } }],
    },
    {
      // A request _meta written through CLIENT_CAPABILITIES_META_KEY.
      code: code`
        import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/client';
        export function withCapabilities(meta: Record<string, unknown>) {
          meta[CLIENT_CAPABILITIES_META_KEY] = { roots: { listChanged: false } };
          return meta;
        }
      `,
      errors: [{ messageId: 'rootsListChanged', line: 3, column: 51, endLine: 3, endColumn: 69, data: envelope }],
    },
    {
      // A hand-rolled dispatcher that borrows the SDK's builder: nothing gates it.
      code: code`
        import { inputRequired } from '@modelcontextprotocol/server';
        export function dispatch(msg: { method: string; params: { inputResponses?: Record<string, unknown> } }) {
          if (msg.method === 'tools/call' && !msg.params.inputResponses) {
            return inputRequired({ inputRequests: { sample: inputRequired.createMessage({ messages: [], maxTokens: 50 }) } });
          }
          return { content: [] };
        }
      `,
      errors: [{ messageId: 'ungatedInputRequest', line: 4, column: 28, endLine: 4, endColumn: 115, data: { kinds: 'sampling (sampling/createMessage)' } }],
    },
  ],
});

typedTester.run('mrtr-client-capabilities (TypeScript with types)', mrtrClientCapabilities, {
  valid: [
    code`
      import { createClient } from './factory.js';
      const client = createClient();
      client.registerCapabilities({ roots: {} });
    `,
  ],
  invalid: [
    {
      code: code`
        import type { Client } from '@modelcontextprotocol/client';
        export function send(client: Client) {
          return client.request({
            method: 'tools/call',
            params: { name: 'scan', _meta: { 'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: true } } } },
          });
        }
      `,
      errors: [{ messageId: 'rootsListChanged', line: 5, column: 95, endLine: 5, endColumn: 112, data: envelope }],
    },
  ],
});
