import { mrtrAllowedMethods } from '../../rules/mrtr-allowed-methods.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

const sdk = 'the SDK answers -32603 Internal error instead.';
const handRolled = 'a client has no way to fulfil it and retry the request.';
const noResult = 'nothing receives it, since a notification or lifecycle hook has no result.';

javascriptTester.run('mrtr-allowed-methods (JavaScript)', mrtrAllowedMethods, {
  valid: [
    // The three methods that may ask: a tool, a prompt and a resource read (sdk-probes g-input-required-kinds.mjs).
    code`
      import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
      const rootsOr = (ctx, done) => {
        const v = inputResponse(ctx.mcpReq.inputResponses, 'roots');
        return v.kind === 'roots' ? done(v.roots) : inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      };
      export function build() {
        const server = new McpServer({ name: 'kinds', version: '1.0.0' });
        server.registerPrompt('review', { description: 'Review' }, (ctx) => rootsOr(ctx, (roots) => ({ messages: [] })));
        server.registerResource('workspace', 'workspace://roots', { mimeType: 'text/plain' }, (uri, ctx) => rootsOr(ctx, (roots) => ({ contents: [] })));
        server.registerTool('show', { description: 'Show' }, (ctx) => rootsOr(ctx, (roots) => ({ content: [] })));
        return server;
      }
    `,
    // Low-level handlers for the capable methods, by string and by schema constant.
    code`
      import { Server, inputRequired } from '@modelcontextprotocol/server';
      import { ReadResourceRequestSchema } from '@modelcontextprotocol/core';
      const server = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {}, resources: {} } });
      server.setRequestHandler('tools/call', () => inputRequired({ requestState: 'step-1' }));
      server.setRequestHandler('prompts/get', async (request) => inputRequired({ requestState: 'step-1' }));
      server.setRequestHandler(ReadResourceRequestSchema.shape.method.value, () => inputRequired({ requestState: 'step-1' }));
    `,
    // A list handler that lists; the input_required result inside it is never returned.
    code`
      import { Server, inputRequired } from '@modelcontextprotocol/server';
      const server = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {} } });
      const pending = [];
      server.setRequestHandler('tools/list', () => {
        pending.push(inputRequired({ requestState: 'later' }));
        return { tools: [] };
      });
    `,
    // A look-alike builder from another module in a list handler of something that is not an MCP server.
    code`
      import { inputRequired } from './forms.js';
      import { Router } from 'express';
      const router = Router();
      router.setRequestHandler('tools/list', () => inputRequired({ requestState: 'x' }));
    `,
    // Hand-rolled dispatch: only the tools/call branch asks.
    code`
      export function dispatch(msg, capabilities) {
        switch (msg.method) {
          case 'tools/list':
            return { tools: [] };
          case 'tools/call':
            return { resultType: 'input_required', requestState: 'x' };
          default:
            return {};
        }
      }
    `,
  ],
  invalid: [
    {
      // sdk-probes g-input-required-kinds.mjs: the server answered -32603 for this one.
      code: code`
        import { createMcpHandler, inputRequired, Server } from '@modelcontextprotocol/server';
        export const lowHandler = createMcpHandler(() => {
          const s = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { resources: {} } });
          s.setRequestHandler('resources/list', () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }));
          return s;
        });
      `,
      errors: [{ messageId: 'notInputRequiredCapable', line: 4, column: 47, endLine: 4, endColumn: 117, data: { handler: 'The resources/list handler', consequence: sdk } }],
    },
    {
      // A ResourceTemplate's list callback answers resources/list.
      code: code`
        import { McpServer, ResourceTemplate, inputRequired, inputResponse } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        const files = new ResourceTemplate('file:///{path}', {
          list: async (ctx) => {
            const roots = inputResponse(ctx.mcpReq.inputResponses, 'roots');
            if (roots.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
            return { resources: roots.roots.map((r) => ({ uri: r.uri, name: r.name ?? r.uri })) };
          },
        });
        server.registerResource('files', files, { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, text: '' }] }));
      `,
      errors: [
        {
          messageId: 'notInputRequiredCapable',
          line: 6,
          column: 40,
          endLine: 6,
          endColumn: 110,
          data: { handler: 'The list callback of this ResourceTemplate (resources/list)', consequence: sdk },
        },
      ],
    },
    {
      // Through a helper: the tool is fine, the prompts/list handler is not.
      code: code`
        import { McpServer, inputRequired } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'x', version: '1.0.0' });
        function askForRoots() {
          return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
        }
        server.registerTool('scan', { description: 'Scan' }, async () => askForRoots());
        server.server.setRequestHandler('prompts/list', async () => askForRoots());
      `,
      errors: [{ messageId: 'notInputRequiredCapable', line: 4, column: 10, endLine: 4, endColumn: 80, data: { handler: 'The prompts/list handler', consequence: sdk } }],
    },
    {
      // Roots fetched at initialization: 2026-07-28 has no initialize, and a hook has no result.
      code: code`
        import { McpServer, inputRequired } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'x', version: '1.0.0' });
        server.server.oninitialized = () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      `,
      errors: [{ messageId: 'notInputRequiredCapable', line: 3, column: 37, endLine: 3, endColumn: 107, data: { handler: 'The oninitialized hook', consequence: noResult } }],
    },
    {
      // Hand-rolled server: a hand-built result in the completion/complete branch.
      code: code`
        export function dispatch(msg) {
          if (msg.method === 'completion/complete') {
            return { resultType: 'input_required', requestState: 'pick-a-folder' };
          }
          return { completion: { values: [] } };
        }
      `,
      errors: [{ messageId: 'notInputRequiredCapable', line: 3, column: 12, endLine: 3, endColumn: 75, data: { handler: 'The hand-rolled completion/complete branch', consequence: handRolled } }],
    },
  ],
});

typescriptTester.run('mrtr-allowed-methods (TypeScript)', mrtrAllowedMethods, {
  valid: [
    // Without type information a server made in another module cannot be traced: no guess, no report.
    code`
      import { inputRequired } from '@modelcontextprotocol/server';
      import { createServer } from './factory.js';
      const server = createServer();
      server.server.setRequestHandler('tools/list', () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }));
    `,
    // mcp-roots-reference.md §7 (A).
    code`
      import { McpServer, inputRequired, inputResponse, type CallToolResult, type InputRequiredResult } from '@modelcontextprotocol/server';
      import * as z from 'zod/v4';
      declare const server: McpServer;
      server.registerTool('list-files', { description: 'List', inputSchema: z.object({}) }, async (_args, ctx): Promise<CallToolResult | InputRequiredResult> => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
        if (answer.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
        return { content: [{ type: 'text', text: answer.roots.map((r) => r.uri).join('\\n') }] };
      });
    `,
    // A resource template's read callback may ask; its list callback here does not.
    code`
      import { McpServer, ResourceTemplate, inputRequired } from '@modelcontextprotocol/server';
      declare const server: McpServer;
      server.registerResource(
        'notes',
        new ResourceTemplate('notes://{id}', { list: async () => ({ resources: [] }) }),
        { mimeType: 'text/plain' },
        async (uri) => inputRequired({ requestState: uri.href }),
      );
    `,
  ],
  invalid: [
    {
      // A notification handler has no result at all.
      code: code`
        import { McpServer, inputRequired } from '@modelcontextprotocol/server';
        declare const server: McpServer;
        server.server.setNotificationHandler('notifications/initialized', () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }) as never);
      `,
      errors: [
        {
          messageId: 'notInputRequiredCapable',
          line: 3,
          column: 73,
          endLine: 3,
          endColumn: 143,
          data: { handler: 'The notifications/initialized notification handler', consequence: noResult },
        },
      ],
    },
    {
      // A completable() argument's completion callback answers completion/complete.
      code: code`
        import { McpServer, completable, inputRequired } from '@modelcontextprotocol/server';
        import * as z from 'zod/v4';
        declare const server: McpServer;
        server.registerPrompt(
          'review',
          { argsSchema: z.object({ folder: completable(z.string(), async () => inputRequired({ requestState: 'choose' }) as never) }) },
          async ({ folder }) => ({ messages: [{ role: 'user', content: { type: 'text', text: folder } }] }),
        );
      `,
      errors: [
        { messageId: 'notInputRequiredCapable', line: 6, column: 72, endLine: 6, endColumn: 113, data: { handler: 'The completable() callback (completion/complete)', consequence: sdk } },
      ],
    },
  ],
});

typedTester.run('mrtr-allowed-methods (TypeScript with types)', mrtrAllowedMethods, {
  valid: [
    // Type information shows this `server` is a local router, not MCP.
    code`
      import { inputRequired } from '@modelcontextprotocol/server';
      import { router } from './factory.js';
      router.server.setRequestHandler('tools/list', () => inputRequired({ requestState: 'x' }));
    `,
  ],
  invalid: [
    {
      // Only the type checker knows createServer() returns an McpServer.
      code: code`
        import { inputRequired } from '@modelcontextprotocol/server';
        import { createServer } from './factory.js';
        const server = createServer();
        server.server.setRequestHandler('tools/list', () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }));
      `,
      errors: [{ messageId: 'notInputRequiredCapable', line: 4, column: 53, endLine: 4, endColumn: 123, data: { handler: 'The tools/list handler', consequence: sdk } }],
    },
  ],
});
