import { mrtrRetry } from '../../rules/mrtr-retry.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

javascriptTester.run('mrtr-retry (JavaScript)', mrtrRetry, {
  valid: [
    // A hand-written loop: the original request again on a new id, answers under the server's keys, state echoed.
    code`
      let nextId = 1;
      export async function callTool(rpc, name, args, fulfil) {
        const request = { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } };
        let reply = await rpc(request);
        while (reply.result?.resultType === 'input_required') {
          const inputResponses = {};
          for (const [key, inputRequest] of Object.entries(reply.result.inputRequests ?? {})) inputResponses[key] = await fulfil(inputRequest);
          reply = await rpc({ ...request, id: nextId++, params: { ...request.params, inputResponses, requestState: reply.result.requestState } });
        }
        return reply.result;
      }
    `,
    // sdk-probes e-wire-requeststate.mjs E3: the SDK client assigns ids; same method, name and arguments.
    code`
      import { withInputRequired } from '@modelcontextprotocol/client';
      import { CallToolResultSchema } from '@modelcontextprotocol/core';
      export async function manual(client, roots) {
        const first = await client.request({ method: 'tools/call', params: { name: 'scan-roots', arguments: { pattern: 'front' } } }, withInputRequired(CallToolResultSchema), { allowInputRequired: true });
        return client.request(
          { method: 'tools/call', params: { name: 'scan-roots', arguments: { pattern: 'front' }, inputResponses: { roots: { roots } }, requestState: first.requestState } },
          withInputRequired(CallToolResultSchema),
          { allowInputRequired: true },
        );
      }
    `,
    // Answering exactly the key the code checked for.
    code`
      export async function listFiles(rpc, roots) {
        const request = { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'list-files', arguments: {} } };
        const reply = await rpc(request);
        if (reply.result.resultType === 'input_required' && reply.result.inputRequests.roots) {
          return rpc({ ...request, id: 'b', params: { ...request.params, inputResponses: { roots: { roots } }, requestState: reply.result.requestState } });
        }
        return reply;
      }
    `,
    // Fresh ids from a generator, with the same name and arguments.
    code`
      import { randomUUID } from 'node:crypto';
      export async function call(rpc, args, answers) {
        const reply = await rpc({ jsonrpc: '2.0', id: randomUUID(), method: 'tools/call', params: { name: 'search', arguments: args } });
        if (reply.result.resultType !== 'input_required') return reply.result;
        return rpc({ jsonrpc: '2.0', id: randomUUID(), method: 'tools/call', params: { name: 'search', arguments: args, inputResponses: answers, requestState: reply.result.requestState } });
      }
    `,
    // A proxy hands input_required back to its own client instead of retrying.
    code`
      export async function forward(upstream, request) {
        const result = await upstream.request({ method: 'tools/call', params: request.params });
        if (result.resultType === 'input_required') return result;
        return { ...result, _meta: { proxied: true } };
      }
    `,
  ],
  invalid: [
    {
      // Spreading the original JSON-RPC message keeps its id.
      code: code`
        export async function call(rpc, params, answer) {
          const request = { jsonrpc: '2.0', id: 1, method: 'tools/call', params };
          const reply = await rpc(request);
          if (reply.result.resultType !== 'input_required') return reply.result;
          return rpc({ ...request, params: { ...params, inputResponses: await answer(reply.result.inputRequests), requestState: reply.result.requestState } });
        }
      `,
      errors: [{ messageId: 'retryReusesId', line: 5, column: 16, endLine: 5, endColumn: 26, data: { how: 'it is spread from the original message' } }],
    },
    {
      // The same literal id.
      code: code`
        export async function call(rpc, answers) {
          const reply = await rpc({ jsonrpc: '2.0', id: 42, method: 'prompts/get', params: { name: 'review' } });
          if (reply.result.resultType === 'input_required') {
            return rpc({ jsonrpc: '2.0', id: 42, method: 'prompts/get', params: { name: 'review', inputResponses: answers, requestState: reply.result.requestState } });
          }
          return reply.result;
        }
      `,
      errors: [{ messageId: 'retryReusesId', line: 4, column: 34, endLine: 4, endColumn: 40, data: { how: 'the same id 42' } }],
    },
    {
      // Patching the original message and sending the same object again.
      code: code`
        export async function call(rpc, params, answers) {
          const message = { jsonrpc: '2.0', id: 9, method: 'tools/call', params };
          const reply = await rpc(message);
          if (reply.result.resultType === 'input_required') {
            message.params.inputResponses = answers;
            message.params.requestState = reply.result.requestState;
            return rpc(message);
          }
          return reply.result;
        }
      `,
      errors: [{ messageId: 'retryReusesId', line: 7, column: 16, endLine: 7, endColumn: 23, data: { how: 'the original message object is sent again' } }],
    },
    {
      // Retrying as a different method.
      code: code`
        export async function call(client, answers) {
          const first = await client.request({ method: 'prompts/get', params: { name: 'review' } }, undefined, { allowInputRequired: true });
          return client.request({ method: 'tools/call', params: { name: 'review', inputResponses: answers, requestState: first.requestState } });
        }
      `,
      errors: [{ messageId: 'retryChangesMethod', line: 3, column: 27, endLine: 3, endColumn: 47, data: { retry: 'tools/call', original: 'prompts/get' } }],
    },
    {
      // Retrying with other arguments.
      code: code`
        export async function call(client, answers) {
          const first = await client.request({ method: 'tools/call', params: { name: 'search', arguments: { query: 'draft', limit: 10 } } }, undefined, { allowInputRequired: true });
          if (first.resultType === 'input_required') {
            return client.request({ method: 'tools/call', params: { name: 'search', arguments: { query: 'draft', limit: 50 }, inputResponses: answers, requestState: first.requestState } });
          }
          return first;
        }
      `,
      errors: [
        {
          messageId: 'retryChangesParams',
          line: 4,
          column: 77,
          endLine: 4,
          endColumn: 117,
          data: { what: 'the arguments (limit changed from 10 to 50)', field: 'arguments' },
        },
      ],
    },
    {
      // Keyed by the input request's method instead of the server's key.
      code: code`
        export async function call(client, request, fulfil) {
          const first = await client.request(request, undefined, { allowInputRequired: true });
          if (first.resultType !== 'input_required') return first;
          const [entry] = Object.values(first.inputRequests);
          return client.request({ ...request, params: { ...request.params, inputResponses: { [entry.method]: await fulfil(entry) }, requestState: first.requestState } });
        }
      `,
      errors: [{ messageId: 'retryAnswersUnrequestedKey', line: 5, column: 87, endLine: 5, endColumn: 99, data: { key: 'the request method', detail: ' (inputRequests keys are names the server chose, not methods)' } }],
    },
  ],
});

typescriptTester.run('mrtr-retry (TypeScript)', mrtrRetry, {
  valid: [
    // A new request after input_required that is not a retry (no inputResponses, no requestState).
    code`
      export async function call(rpc: (m: object) => Promise<{ id: number; result: { resultType?: string } }>) {
        const reply = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } });
        if (reply.result.resultType === 'input_required') {
          await rpc({ jsonrpc: '2.0', id: 1, method: 'notifications/cancelled', params: { requestId: 1 } });
        }
        return reply;
      }
    `,
  ],
  invalid: [
    {
      // The response's id is the original request's id.
      code: code`
        type Reply = { id: number; result: { resultType?: string; requestState?: string; inputRequests?: Record<string, unknown> } };
        export async function call(rpc: (m: object) => Promise<Reply>, answers: object) {
          const reply = await rpc({ jsonrpc: '2.0', id: Date.now(), method: 'resources/read', params: { uri: 'notes://today' } });
          if (reply.result.resultType === 'input_required') {
            return rpc({ jsonrpc: '2.0', id: reply.id, method: 'resources/read', params: { uri: 'notes://today', inputResponses: answers, requestState: reply.result.requestState } });
          }
          return reply;
        }
      `,
      errors: [{ messageId: 'retryReusesId', line: 5, column: 34, endLine: 5, endColumn: 46, data: { how: "the response's id, which is the original request's" } }],
    },
    {
      // Answering a key the server did not ask for.
      code: code`
        import { isInputRequiredResult } from '@modelcontextprotocol/client';
        export async function call(send: (m: object) => Promise<unknown>, roots: { uri: string }[]) {
          const params = { name: 'list-files', arguments: {} };
          const result = await send({ method: 'tools/call', params });
          if (isInputRequiredResult(result) && result.inputRequests?.roots) {
            return send({ method: 'tools/call', params: { ...params, inputResponses: { workspace: { roots } }, requestState: result.requestState } });
          }
          return result;
        }
      `,
      errors: [{ messageId: 'retryAnswersUnrequestedKey', line: 6, column: 80, endLine: 6, endColumn: 89, data: { key: "'workspace'", detail: " (the code reads inputRequests 'roots')" } }],
    },
  ],
});

typedTester.run('mrtr-retry (TypeScript with types)', mrtrRetry, {
  valid: [
    code`
      import { withInputRequired } from '@modelcontextprotocol/client';
      import { CallToolResultSchema } from '@modelcontextprotocol/core';
      import { createClient } from './factory.js';
      const client = createClient();
      export async function run(roots: { uri: string }[]) {
        const params = { name: 'scan', arguments: { pattern: 'src' } };
        const first = await client.request({ method: 'tools/call', params }, withInputRequired(CallToolResultSchema), { allowInputRequired: true });
        if (first.resultType !== 'input_required') return first;
        return client.request({ method: 'tools/call', params: { ...params, inputResponses: { roots: { roots } }, requestState: first.requestState } }, withInputRequired(CallToolResultSchema), { allowInputRequired: true });
      }
    `,
  ],
  invalid: [
    {
      code: code`
        import { withInputRequired } from '@modelcontextprotocol/client';
        import { CallToolResultSchema } from '@modelcontextprotocol/core';
        import { createClient } from './factory.js';
        const client = createClient();
        export async function run(roots: { uri: string }[]) {
          const first = await client.request({ method: 'tools/call', params: { name: 'scan' } }, withInputRequired(CallToolResultSchema), { allowInputRequired: true });
          if (first.resultType !== 'input_required') return first;
          return client.request({ method: 'tools/call', params: { name: 'scan-all', inputResponses: { roots: { roots } }, requestState: first.requestState } }, withInputRequired(CallToolResultSchema), { allowInputRequired: true });
        }
      `,
      errors: [{ messageId: 'retryChangesParams', line: 8, column: 59, endLine: 8, endColumn: 75, data: { what: "the name ('scan' became 'scan-all')", field: 'name' } }],
    },
  ],
});
