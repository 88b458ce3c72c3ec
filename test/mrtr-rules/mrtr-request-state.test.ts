import { mrtrRequestState } from '../../rules/mrtr-request-state.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

javascriptTester.run('mrtr-request-state (JavaScript)', mrtrRequestState, {
  valid: [
    // sdk-probes e-wire-requeststate.mjs: the state is minted by the SDK's HMAC codec and verified by the server.
    code`
      import { McpServer, createRequestStateCodec, inputRequired, inputResponse } from '@modelcontextprotocol/server';
      import * as z from 'zod/v4';
      const codec = createRequestStateCodec({ key: new Uint8Array(32).fill(7), ttlSeconds: 300 });
      export function buildServer() {
        const server = new McpServer({ name: 'roots-state', version: '1.0.0' }, { requestState: { verify: codec.verify } });
        server.registerTool('scan-roots', { inputSchema: z.object({ pattern: z.string() }) }, async ({ pattern }, ctx) => {
          const state = ctx.mcpReq.requestState();
          const view = inputResponse(ctx.mcpReq.inputResponses, 'roots');
          if (view.kind !== 'roots') {
            return inputRequired({ inputRequests: { roots: inputRequired.listRoots() }, requestState: await codec.mint({ step: 'awaiting-roots', pattern }) });
          }
          return { content: [{ type: 'text', text: \`\${state?.pattern}: \${view.roots.length}\` }] };
        });
        return server;
      }
    `,
    // An unsigned state that the handler never decodes (it only tells the first round from the retry).
    code`
      import { McpServer, inputRequired } from '@modelcontextprotocol/server';
      const server = new McpServer({ name: 'x', version: '1.0.0' });
      server.registerTool('two-step', { description: 'Two steps' }, async (ctx) => {
        if (ctx.mcpReq.requestState() === undefined) return inputRequired({ requestState: JSON.stringify({ at: Date.now() }) });
        return { content: [{ type: 'text', text: 'done' }] };
      });
    `,
    // Decoded for a log line only.
    code`
      import { McpServer, inputRequired } from '@modelcontextprotocol/server';
      const server = new McpServer({ name: 'x', version: '1.0.0' });
      server.registerTool('traced', { description: 'Traced' }, async (ctx) => {
        const raw = ctx.mcpReq.requestState();
        if (raw) {
          console.debug('retry of', JSON.parse(raw));
          return { content: [{ type: 'text', text: 'done' }] };
        }
        return inputRequired({ requestState: JSON.stringify({ at: Date.now() }) });
      });
    `,
    // A hand-rolled server that signs its state (an HMAC in the template) and verifies it before decoding.
    code`
      import { createHmac } from 'node:crypto';
      const mac = (body) => createHmac('sha256', process.env.KEY).update(body).digest('base64url');
      export function callTool(params) {
        if (params.requestState) {
          const [body, tag] = params.requestState.split('.');
          if (tag !== mac(body)) throw new Error('invalid requestState');
          return { content: [{ type: 'text', text: JSON.parse(atob(body)).step }] };
        }
        const body = btoa(JSON.stringify({ step: 'confirm' }));
        return { resultType: 'input_required', requestState: \`\${body}.\${mac(body)}\` };
      }
    `,
    // A client that inspects, stores and logs the state without touching it.
    code`
      export async function call(client, request, store) {
        const first = await client.request(request, undefined, { allowInputRequired: true });
        if (first.requestState && first.requestState.length > 4096) console.warn(\`large state: \${first.requestState.length}\`);
        if (first.requestState?.startsWith('v1.')) store.set(request.params.name, first.requestState);
        return first;
      }
    `,
    // sdk-probes e-wire-requeststate.mjs E3: a manual retry that echoes the state it received.
    code`
      import { Client, withInputRequired } from '@modelcontextprotocol/client';
      import { CallToolResultSchema } from '@modelcontextprotocol/core';
      export async function manual(client, roots) {
        const first = await client.request({ method: 'tools/call', params: { name: 'scan-roots', arguments: { pattern: 'front' } } }, withInputRequired(CallToolResultSchema), { allowInputRequired: true });
        console.log(\`state \${first.requestState}\`);
        return client.request(
          { method: 'tools/call', params: { name: 'scan-roots', arguments: { pattern: 'front' }, inputResponses: { roots: { roots } }, requestState: first.requestState } },
          withInputRequired(CallToolResultSchema),
          { allowInputRequired: true },
        );
      }
    `,
    // sdk-probes e-wire-requeststate.mjs E4: a tamper test sends a state nobody issued, with no result to echo.
    code`
      import { withInputRequired } from '@modelcontextprotocol/client';
      import { CallToolResultSchema } from '@modelcontextprotocol/core';
      export async function tamper(client, roots) {
        return client.request(
          { method: 'tools/call', params: { name: 'scan-roots', arguments: {}, inputResponses: { roots: { roots } }, requestState: 'v1.tampered.x' } },
          withInputRequired(CallToolResultSchema),
          { allowInputRequired: true },
        );
      }
    `,
  ],
  invalid: [
    {
      // A hand-rolled server that trusts a base64 state on the retry: anyone can claim to be an admin.
      code: code`
        export function callTool(params) {
          if (params.requestState) {
            const { user, admin } = JSON.parse(atob(params.requestState));
            return { content: [{ type: 'text', text: admin ? \`deleted \${user}'s files\` : 'not allowed' }] };
          }
          return { resultType: 'input_required', requestState: btoa(JSON.stringify({ user: params.arguments.user, admin: false })) };
        }
      `,
      errors: [{ messageId: 'unprotectedRequestState', line: 6, column: 42, endLine: 6, endColumn: 123, data: { encoding: 'btoa()', line: '3' } }],
    },
    {
      // A client that looks inside the server's state.
      code: code`
        export async function call(client, request) {
          const first = await client.request(request, undefined, { allowInputRequired: true });
          const { step } = JSON.parse(first.requestState);
          return step;
        }
      `,
      errors: [{ messageId: 'clientDecodesRequestState', line: 3, column: 20, endLine: 3, endColumn: 50, data: { action: 'parses (JSON.parse)', subject: 'first' } }],
    },
    {
      // A client that spreads the state into the retry: an object of its characters, not the string it got.
      code: code`
        export async function call(rpc, request, answers) {
          const reply = await rpc(request);
          if (reply.result.resultType !== 'input_required') return reply.result;
          return rpc({ ...request, id: 2, params: { ...request.params, inputResponses: answers, requestState: { ...reply.result.requestState } } });
        }
      `,
      errors: [{ messageId: 'clientDecodesRequestState', line: 4, column: 105, endLine: 4, endColumn: 133, data: { action: 'spreads (...)', subject: 'reply.result' } }],
    },
    {
      // Held in a local first, then spread into an array (to peek at its parts).
      code: code`
        export async function call(client, request) {
          const first = await client.request(request, undefined, { allowInputRequired: true });
          const state = first.requestState;
          return [...state].length;
        }
      `,
      errors: [{ messageId: 'clientDecodesRequestState', line: 4, column: 11, endLine: 4, endColumn: 19, data: { action: 'spreads (...)', subject: 'first' } }],
    },
    {
      // A client that retries with a state of its own.
      code: code`
        export async function call(rpc, request, answers) {
          const reply = await rpc(request);
          if (reply.result.resultType !== 'input_required') return reply.result;
          return rpc({ ...request, id: request.id + 1, params: { ...request.params, inputResponses: answers, requestState: \`resume:\${request.params.name}\` } });
        }
      `,
      errors: [{ messageId: 'clientInventsRequestState', line: 4, column: 116, endLine: 4, endColumn: 147, data: { value: 'a template literal', subject: 'reply.result' } }],
    },
  ],
});

typescriptTester.run('mrtr-request-state (TypeScript)', mrtrRequestState, {
  valid: [
    // A proxy forwards params (with requestState) upstream untouched, and passes results down untouched.
    code`
      import { Client, withInputRequired } from '@modelcontextprotocol/client';
      import { CallToolResultSchema } from '@modelcontextprotocol/core';
      import { Server } from '@modelcontextprotocol/server';
      export function proxy(upstream: Client): Server {
        const server = new Server({ name: 'proxy', version: '1.0.0' }, { capabilities: { tools: {} } });
        server.setRequestHandler('tools/call', async (request) =>
          upstream.request({ method: 'tools/call', params: request.params }, withInputRequired(CallToolResultSchema), { allowInputRequired: true }),
        );
        return server;
      }
    `,
  ],
  invalid: [
    {
      // Typed SDK client code taking the state apart with Array.from, and copying it into an object.
      code: code`
        import type { Client } from '@modelcontextprotocol/client';
        import { CallToolResultSchema } from '@modelcontextprotocol/core';
        export async function peek(client: Client) {
          const first = await client.request({ method: 'tools/call', params: { name: 'steps', arguments: {} } }, CallToolResultSchema, { allowInputRequired: true });
          const chars: string[] = Array.from(first.requestState as string);
          const copy = Object.assign({}, first.requestState);
          return [chars.length, copy];
        }
      `,
      errors: [
        { messageId: 'clientDecodesRequestState', line: 5, column: 27, endLine: 5, endColumn: 67, data: { action: 'spreads (Array.from)', subject: 'first' } },
        { messageId: 'clientDecodesRequestState', line: 6, column: 16, endLine: 6, endColumn: 53, data: { action: 'spreads (Object.assign)', subject: 'first' } },
      ],
    },
    {
      // The file already has a codec: the suggestion mints and verifies with it.
      code: code`
        import { McpServer, createRequestStateCodec, inputRequired, inputResponse } from '@modelcontextprotocol/server';
        import * as z from 'zod/v4';
        const codec = createRequestStateCodec({ key: new TextEncoder().encode(process.env.STATE_KEY ?? '') });
        export const server = new McpServer({ name: 'wizard', version: '1.0.0' });
        server.registerTool('wizard', { inputSchema: z.object({ pattern: z.string() }) }, async ({ pattern }, ctx) => {
          const raw = ctx.mcpReq.requestState<string>();
          const state = raw ? JSON.parse(raw) : undefined;
          if (state?.approved) return { content: [{ type: 'text', text: \`approved \${state.pattern}\` }] };
          const view = inputResponse(ctx.mcpReq.inputResponses, 'roots');
          if (view.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() }, requestState: JSON.stringify({ pattern, approved: false }) });
          return { content: [{ type: 'text', text: pattern }] };
        });
      `,
      errors: [
        {
          messageId: 'unprotectedRequestState',
          line: 10,
          column: 106,
          endLine: 10,
          endColumn: 164,
          data: { encoding: 'JSON.stringify', line: '7' },
          suggestions: [
            {
              messageId: 'useRequestStateCodec',
              data: { codec: 'codec', ctx: 'ctx' },
              output: code`
                import { McpServer, createRequestStateCodec, inputRequired, inputResponse } from '@modelcontextprotocol/server';
                import * as z from 'zod/v4';
                const codec = createRequestStateCodec({ key: new TextEncoder().encode(process.env.STATE_KEY ?? '') });
                export const server = new McpServer({ name: 'wizard', version: '1.0.0' });
                server.registerTool('wizard', { inputSchema: z.object({ pattern: z.string() }) }, async ({ pattern }, ctx) => {
                  const raw = ctx.mcpReq.requestState<string>();
                  const state = raw ? await codec.verify(raw, ctx) : undefined;
                  if (state?.approved) return { content: [{ type: 'text', text: \`approved \${state.pattern}\` }] };
                  const view = inputResponse(ctx.mcpReq.inputResponses, 'roots');
                  if (view.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() }, requestState: await codec.mint({ pattern, approved: false }, ctx) });
                  return { content: [{ type: 'text', text: pattern }] };
                });
              `,
            },
          ],
        },
      ],
    },
    {
      // No codec in the file: a key needs a decision, so the rule only reports.
      code: code`
        import { McpServer, inputRequired } from '@modelcontextprotocol/server';
        declare const server: McpServer;
        server.registerPrompt('plan', { description: 'Plan' }, async (ctx) => {
          const state = ctx.mcpReq.requestState<string>();
          if (state) {
            const [step, folder] = state.split(':');
            return { messages: [{ role: 'user', content: { type: 'text', text: \`\${step} in \${folder}\` } }] };
          }
          const folder = process.cwd();
          return inputRequired({ requestState: 'review:' + folder });
        });
      `,
      errors: [{ messageId: 'unprotectedRequestState', line: 10, column: 26, endLine: 10, endColumn: 58, data: { encoding: 'string concatenation', line: '6' } }],
    },
    {
      // Rewriting the received state before echoing it.
      code: code`
        import { isInputRequiredResult } from '@modelcontextprotocol/client';
        export async function call(send: (m: object) => Promise<unknown>, params: { name: string }, answers: object) {
          const result = await send({ method: 'tools/call', params });
          if (isInputRequiredResult(result)) {
            return send({ method: 'tools/call', params: { ...params, inputResponses: answers, requestState: result.requestState?.trim() } });
          }
          return result;
        }
      `,
      errors: [{ messageId: 'clientDecodesRequestState', line: 5, column: 101, endLine: 5, endColumn: 128, data: { action: 'rewrites (.trim())', subject: 'result' } }],
    },
  ],
});

typedTester.run('mrtr-request-state (TypeScript with types)', mrtrRequestState, {
  valid: [
    code`
      import { createRequestStateCodec, inputRequired } from '@modelcontextprotocol/server';
      import { createServer } from './factory.js';
      const codec = createRequestStateCodec<{ step: number }>({ key: new Uint8Array(32) });
      const server = createServer();
      server.registerTool('steps', { description: 'Steps' }, async (ctx) => {
        const raw = ctx.mcpReq.requestState<string>();
        const state = raw ? await codec.verify(raw, ctx) : { step: 0 };
        return state.step > 2 ? { content: [] } : inputRequired({ requestState: await codec.mint({ step: state.step + 1 }, ctx) });
      });
    `,
  ],
  invalid: [
    {
      code: code`
        import { inputRequired } from '@modelcontextprotocol/server';
        import { createServer } from './factory.js';
        const server = createServer();
        server.registerTool('steps', { description: 'Steps' }, async (ctx) => {
          const raw = ctx.mcpReq.requestState<string>();
          const state: { step: number } = raw ? JSON.parse(Buffer.from(raw, 'base64url').toString()) : { step: 0 };
          const next = Buffer.from(JSON.stringify({ step: state.step + 1 })).toString('base64url');
          return state.step > 2 ? { content: [] } : inputRequired({ requestState: next });
        });
      `,
      errors: [{ messageId: 'unprotectedRequestState', line: 8, column: 61, endLine: 8, endColumn: 79, data: { encoding: "Buffer.from(...).toString('base64url')", line: '6' } }],
    },
  ],
});
