import { mrtrNonempty } from '../../rules/mrtr-nonempty.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

const builder = { consequence: 'inputRequired() throws a TypeError here; add an input request or a requestState.' };
const literal = { consequence: 'The SDK answers -32603 for it, and a client has nothing to fulfil and no state to echo; add an input request or a requestState.' };

javascriptTester.run('mrtr-nonempty (JavaScript)', mrtrNonempty, {
  valid: [
    // An input request, or only a requestState (a pause the client resumes by retrying).
    code`
      import { inputRequired } from '@modelcontextprotocol/server';
      export const ask = () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      export const pause = (state) => inputRequired({ requestState: state });
      export const both = (state) => inputRequired({ inputRequests: {}, requestState: state });
    `,
    // Entries added through a spread or a variable the rule cannot see into: no guess.
    code`
      import { inputRequired } from '@modelcontextprotocol/server';
      export const forward = (spec) => inputRequired({ ...spec });
      export const ask = (requests) => inputRequired({ inputRequests: requests });
    `,
    // A hand-built result with its input request in a local (handbuilt-input-required.mjs in the detection corpus).
    code`
      export function callPrompt(params) {
        if (params.inputResponses?.folders) return { messages: [] };
        const inputRequests = { folders: { method: 'roots/list' } };
        return { resultType: 'input_required', inputRequests };
      }
    `,
    // A deliberately malformed result handed to a client under test is not an answer.
    code`
      import { expect, it } from 'vitest';
      it('rejects an empty input_required result', async () => {
        await expect(client.accept({ resultType: 'input_required' })).rejects.toThrow();
      });
    `,
  ],
  invalid: [
    {
      // inputRequired({}) throws: "requires at least one of inputRequests (with at least one entry) or requestState".
      code: code`
        import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'x', version: '1.0.0' });
        server.registerTool('confirm', { description: 'Confirm' }, async (ctx) => {
          const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
          if (answer.kind === 'missing') return inputRequired({});
          return { content: [{ type: 'text', text: answer.kind }] };
        });
      `,
      errors: [{ messageId: 'emptyInputRequired', line: 5, column: 41, endLine: 5, endColumn: 58, data: { detail: '', ...builder } }],
    },
    {
      // An empty inputRequests map is no input request at all.
      code: code`
        import { inputRequired } from '@modelcontextprotocol/server';
        export function later() {
          return inputRequired({ inputRequests: {} });
        }
      `,
      errors: [{ messageId: 'emptyInputRequired', line: 3, column: 10, endLine: 3, endColumn: 46, data: { detail: ' (inputRequests is empty)', ...builder } }],
    },
    {
      // A hand-rolled server: requestState: undefined is dropped by JSON.stringify.
      code: code`
        export function callTool(params, capabilities) {
          if (!params.inputResponses && capabilities.roots) {
            return { resultType: 'input_required', requestState: undefined };
          }
          return { content: [] };
        }
      `,
      errors: [{ messageId: 'emptyInputRequired', line: 3, column: 12, endLine: 3, endColumn: 69, data: { detail: '', ...literal } }],
    },
  ],
});

typescriptTester.run('mrtr-nonempty (TypeScript)', mrtrNonempty, {
  valid: [
    // The builder's helpers are not results.
    code`
      import { inputRequired } from '@modelcontextprotocol/server';
      export const roots = inputRequired.listRoots();
      export const confirm = inputRequired.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } });
    `,
    // A look-alike from another module.
    code`
      import { inputRequired } from './validation.js';
      export const rule = inputRequired({});
    `,
  ],
  invalid: [
    {
      // No argument at all (a TypeError before the SDK could even check).
      code: code`
        import * as mcp from '@modelcontextprotocol/server';
        export function pause(): mcp.InputRequiredResult {
          return mcp.inputRequired(undefined as never);
        }
      `,
      errors: [{ messageId: 'emptyInputRequired', line: 3, column: 10, endLine: 3, endColumn: 47, data: { detail: '', ...builder } }],
    },
    {
      // A hand-built result in a JSON-RPC response.
      code: code`
        export function answer(id: number) {
          return JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'input_required' as const, inputRequests: {} } });
        }
      `,
      errors: [{ messageId: 'emptyInputRequired', line: 2, column: 55, endLine: 2, endColumn: 115, data: { detail: ' (inputRequests is empty)', ...literal } }],
    },
  ],
});

typedTester.run('mrtr-nonempty (TypeScript with types)', mrtrNonempty, {
  valid: [
    code`
      import { inputRequired, type InputRequiredResult } from '@modelcontextprotocol/server';
      export function ask(state: string): InputRequiredResult {
        return inputRequired({ inputRequests: { roots: inputRequired.listRoots() }, requestState: state });
      }
    `,
  ],
  invalid: [
    {
      code: code`
        import { inputRequired, type InputRequiredResult } from '@modelcontextprotocol/server';
        import { createServer } from './factory.js';
        const server = createServer();
        server.registerPrompt('p', { description: 'Prompt' }, async (): Promise<InputRequiredResult> => inputRequired({ requestState: undefined }));
      `,
      errors: [{ messageId: 'emptyInputRequired', line: 4, column: 97, endLine: 4, endColumn: 139, data: { detail: '', ...builder } }],
    },
  ],
});
