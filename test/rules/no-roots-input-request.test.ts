import { noRootsInputRequest } from '../../rules/no-roots-input-request.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

// Input requests are deprecated but work: nothing for `uproot migrate --to mrtr` to do, so no note.
const reportOnly = { note: '' };

javascriptTester.run('no-roots-input-request (JavaScript)', noRootsInputRequest, {
  valid: [
    // A local object that happens to be called inputRequired.
    code`
      const inputRequired = { listRoots: () => ['docs'] };
      export const dirs = inputRequired.listRoots();
    `,
    // A roots/list-shaped object that is not inside inputRequests.
    code`
      export function logRequest(logger) {
        logger.debug({ method: 'roots/list', elapsedMs: 12 });
      }
    `,
    // Other input requests under a key called roots.
    code`
      export const result = {
        resultType: 'input_required',
        inputRequests: { roots: { method: 'elicitation/create', params: { message: 'Which folder?' } } },
      };
    `,
  ],
  invalid: [
    {
      // v2 MRTR tool in JavaScript.
      code: code`
        import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        server.registerTool('list-roots', { description: 'List the workspace roots' }, async (ctx) => {
          const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
          if (answer.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
          return { content: [{ type: 'text', text: answer.roots.map((root) => root.uri).join('\\n') }] };
        });
      `,
      errors: [{ messageId: 'input-request', line: 5, column: 79, endLine: 5, endColumn: 104, data: reportOnly }],
    },
    {
      // A server speaking JSON-RPC itself, no SDK: the hand-built interim result.
      code: code`
        export function callTool(params) {
          if (!params.inputResponses?.roots) {
            return { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' } } };
          }
          return { content: [{ type: 'text', text: JSON.stringify(params.inputResponses.roots) }] };
        }
      `,
      errors: [{ messageId: 'input-request', line: 3, column: 68, endLine: 3, endColumn: 92, data: reportOnly }],
    },
  ],
});

typescriptTester.run('no-roots-input-request (TypeScript)', noRootsInputRequest, {
  valid: [
    // The push request is uproot/no-roots-request's, not this rule's.
    code`
      import { McpServer } from '@modelcontextprotocol/server';
      declare const server: McpServer;
      export const pushed = await server.server.listRoots();
    `,
    // A builder from a module that is not MCP.
    code`
      import { inputRequired } from './my-mrtr.js';
      export const ask = inputRequired.listRoots();
    `,
    // Text and types only.
    code`
      type RootsInput = { inputRequests: { roots: { method: 'roots/list' } } };
      export const help: string = "inputRequests: { roots: { method: 'roots/list' } }";
      export type { RootsInput };
    `,
  ],
  invalid: [
    {
      // A prompt asking through a namespace import.
      code: code`
        import * as mcp from '@modelcontextprotocol/server';
        import * as z from 'zod/v4';
        const server = new mcp.McpServer({ name: 'review', version: '1.0.0' });
        server.registerPrompt('review', { argsSchema: z.object({ focus: z.string() }) }, async ({ focus }, ctx) => {
          const answer = mcp.inputResponse(ctx.mcpReq.inputResponses, 'roots');
          if (answer.kind !== 'roots') {
            return mcp.inputRequired({ inputRequests: { roots: mcp.inputRequired.listRoots() } });
          }
          return { messages: [{ role: 'user', content: { type: 'text', text: \`Review \${focus} in \${answer.roots[0]?.uri}\` } }] };
        });
      `,
      errors: [{ messageId: 'input-request', line: 7, column: 56, endLine: 7, endColumn: 85, data: reportOnly }],
    },
    {
      // Input requests collected in a variable first; the wire shape from a hand-rolled server.
      code: code`
        const inputRequests = {
          roots: { method: 'roots/list', params: {} },
        } as const;
        export const interim = { resultType: 'input_required' as const, inputRequests };
      `,
      errors: [{ messageId: 'input-request', line: 2, column: 10, endLine: 2, endColumn: 46, data: reportOnly }],
    },
  ],
});

typedTester.run('no-roots-input-request (TypeScript with types)', noRootsInputRequest, {
  valid: [
    // Type information does not turn a same-named method into MCP.
    code`
      import { knowledgeBase } from './factory.js';
      export const folders = await knowledgeBase.listRoots();
    `,
  ],
  invalid: [
    {
      // The SDK builder re-exported through the project's own barrel module: only types can tell.
      code: code`
        import { inputRequired } from './sdk.js';
        export const askForRoots = () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      `,
      errors: [{ messageId: 'input-request', line: 2, column: 74, endLine: 2, endColumn: 99, data: reportOnly }],
    },
    {
      // The syntax path still works when types are present.
      code: code`
        import { inputRequired } from '@modelcontextprotocol/server';
        export const askForRoots = () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      `,
      errors: [{ messageId: 'input-request', line: 2, column: 74, endLine: 2, endColumn: 99, data: reportOnly }],
    },
  ],
});
