import { reasonMessages } from '@uproot/core';
import { noRootsRequest } from '../../rules/no-roots-request.ts';
import { helpersBlock } from '../../transforms/mrtr/helpers-block.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

// The message ends with what `uproot migrate` would do at the site.
const rewrite = { note: ' uproot migrate can rewrite this site.' };
const needsPerson = (reason: keyof typeof reasonMessages) => ({ note: ` Needs a person [${reason}]: ${reasonMessages[reason]}.` });

/**
 * A file after the MRTR suggestion: the merged import, the planner's helper block (its wording is the planner
 * tests' business), then the rewritten code this test spells out.
 */
function migrated(importLine: string, typescript: boolean, rest: string): string {
  return `${importLine}\n\n${helpersBlock(typescript, '\n', '  ')}\n\n${rest}`;
}
const TS_IMPORT =
  "import { McpServer, inputRequired, inputResponse, type InputRequiredResult, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type ListRootsResult, type ServerContext, type CallToolResult } from '@modelcontextprotocol/server';";

javascriptTester.run('no-roots-request (JavaScript)', noRootsRequest, {
  valid: [
    // Another library's listRoots(): not MCP.
    code`
      import { openVault } from 'notes-vault';
      const vault = openVault('~/notes');
      export const folders = await vault.listRoots();
    `,
    // A client asking a server for roots/list is not the deprecated server-to-client direction.
    code`
      import { Client } from '@modelcontextprotocol/client';
      const client = new Client({ name: 'bridge', version: '1.0.0' });
      export const answer = await client.request({ method: 'roots/list' });
    `,
    // Only text.
    code`
      console.log("server.listRoots() sends { method: 'roots/list' }");
    `,
  ],
  invalid: [
    {
      // v1 CommonJS, deprecated tool() overload without a params shape: extra is the only argument.
      code: code`
        const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        server.tool('list-roots', async () => {
          const { roots } = await server.server.listRoots();
          return { content: [{ type: 'text', text: roots.map((r) => r.uri).join('\\n') }] };
        });
      `,
      languageOptions: { parserOptions: { sourceType: 'commonjs' } },
      errors: [{ messageId: 'request', line: 4, column: 27, endLine: 4, endColumn: 52, data: needsPerson('v1-sdk') }],
    },
    {
      // v2 ESM JavaScript: registerTool without an input schema passes ctx first.
      code: code`
        import { McpServer } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        server.registerTool('list-roots', { description: 'List the workspace roots' }, async (ctx) => {
          const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
          return { content: [{ type: 'text', text: roots.map((r) => r.uri).join('\\n') }] };
        });
      `,
      errors: [
        {
          messageId: 'request',
          line: 4,
          column: 27,
          endLine: 4,
          endColumn: 68,
          data: rewrite,
          suggestions: [
            {
              messageId: 'migrateToMrtr',
              output: migrated(
                "import { McpServer, inputRequired, inputResponse, CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';",
                false,
                code`
                  const server = new McpServer({ name: 'files', version: '1.0.0' });
                  server.registerTool('list-roots', { description: 'List the workspace roots' }, async (ctx) => {
                    // Ask for roots before anything else: the handler runs again from the top with the client's answer.
                    if (inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots' && clientDeclaresRoots(ctx, server.server)) {
                      return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
                    }
                    const { roots } = await rootsFromAnswer(ctx);
                    return { content: [{ type: 'text', text: roots.map((r) => r.uri).join('\\n') }] };
                  });
                `,
              ),
            },
          ],
        },
      ],
    },
    {
      // v1 low-level Server: the raw request form with the SDK's result schema, in a tools/call handler.
      code: code`
        import { Server } from '@modelcontextprotocol/sdk/server/index.js';
        import { CallToolRequestSchema, ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
        const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { tools: {} } });
        server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
          const { roots } = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
          return { content: [{ type: 'text', text: String(roots.length) }] };
        });
      `,
      errors: [{ messageId: 'request', line: 5, column: 27, endLine: 5, endColumn: 93, data: needsPerson('v1-sdk') }],
    },
  ],
});

typescriptTester.run('no-roots-request (TypeScript)', noRootsRequest, {
  valid: [
    // A local class with a method of the same name.
    code`
      class Workspace {
        async listRoots(): Promise<string[]> {
          return ['src', 'test'];
        }
      }
      export const dirs = await new Workspace().listRoots();
    `,
    // A client (v1) asking a server: the client side of roots/list is not the deprecated direction.
    code`
      import { Client } from '@modelcontextprotocol/sdk/client/index.js';
      import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
      declare const client: Client;
      export const answer = await client.request({ method: 'roots/list' }, ListRootsResultSchema);
    `,
    // The MRTR form is an input request (uproot/no-roots-input-request), not a push request.
    code`
      import { inputRequired } from '@modelcontextprotocol/server';
      export const ask = () => inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
    `,
    // The schema's method literal read as data.
    code`
      import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
      export const method: string = ListRootsRequestSchema.shape.method.value;
    `,
    // A server from another module: without type information uproot does not guess from names.
    code`
      import { createServer } from './factory.js';
      export const roots = await createServer().server.listRoots();
    `,
    // The 2025-era leg of uproot's era split of a bounded fill (migrate --lifecycle per-request): it never runs on 2026-07-28.
    code`
      import { McpServer, PROTOCOL_VERSION_META_KEY, type ServerContext, type ListRootsResult } from '@modelcontextprotocol/server';
      declare function rootsFromAnswer(ctx: ServerContext): Promise<ListRootsResult>;
      const server = new McpServer({ name: 'files', version: '1.0.0' });
      export async function fill(ctx: ServerContext): Promise<number> {
        const answer = await (ctx.mcpReq.envelope && PROTOCOL_VERSION_META_KEY in ctx.mcpReq.envelope ? rootsFromAnswer(ctx) : server.server.listRoots({}, { timeout: 5000 }));
        return answer.roots.length;
      }
    `,
  ],
  invalid: [
    {
      // A helper chain the codemod can follow: tool → workspaceDirs → listRoots().
      code: code`
        import { McpServer } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'notes', version: '1.0.0' });
        async function workspaceDirs(mcp: McpServer): Promise<string[]> {
          const { roots } = await mcp.server.listRoots();
          return roots.map((root) => root.uri);
        }
        server.registerTool('list-dirs', { description: 'List the workspace directories' }, async () => ({
          content: [{ type: 'text', text: (await workspaceDirs(server)).join('\\n') }],
        }));
      `,
      errors: [
        {
          messageId: 'request',
          line: 4,
          column: 27,
          endLine: 4,
          endColumn: 49,
          data: rewrite,
          suggestions: [
            {
              // ctx is threaded into the helper; the handler asks first, the helper reads the answer.
              messageId: 'migrateToMrtr',
              output: migrated(
                TS_IMPORT,
                true,
                code`
                  const server = new McpServer({ name: 'notes', version: '1.0.0' });
                  async function workspaceDirs(mcp: McpServer, ctx: ServerContext): Promise<string[]> {
                    const { roots } = await rootsFromAnswer(ctx);
                    return roots.map((root) => root.uri);
                  }
                  server.registerTool('list-dirs', { description: 'List the workspace directories' }, async (ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
                    // Ask for roots before anything else: the handler runs again from the top with the client's answer.
                    if (inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots' && clientDeclaresRoots(ctx, server.server)) {
                      return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
                    }
                    return ({
                    content: [{ type: 'text', text: (await workspaceDirs(server, ctx)).join('\\n') }],
                  });
                  });
                `,
              ),
            },
          ],
        },
      ],
    },
    {
      // Fetched once at initialization: 2026-07-28 has no initialize.
      code: code`
        import { McpServer } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        let allowed: string[] = [];
        server.server.oninitialized = async () => {
          if (!server.server.getClientCapabilities()?.roots) return;
          const { roots } = await server.server.listRoots();
          allowed = roots.map((root) => root.uri);
        };
      `,
      errors: [{ messageId: 'request', line: 6, column: 27, endLine: 6, endColumn: 52, data: needsPerson('lifecycle') }],
    },
    {
      // A timeout has no multi round-trip counterpart.
      code: code`
        import { McpServer } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        server.registerTool('scan', { description: 'Scan the workspace' }, async () => {
          const { roots } = await server.server.listRoots(undefined, { timeout: 5_000 });
          return { content: [{ type: 'text', text: \`\${roots.length} roots\` }] };
        });
      `,
      errors: [{ messageId: 'request', line: 4, column: 27, endLine: 4, endColumn: 81, data: needsPerson('timeout-control') }],
    },
    {
      // The push request in the 2026-07-28 branch of the same test is no era split: it throws there.
      code: code`
        import { McpServer, PROTOCOL_VERSION_META_KEY, type ServerContext } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        export async function fill(ctx: ServerContext) {
          return ctx.mcpReq.envelope && PROTOCOL_VERSION_META_KEY in ctx.mcpReq.envelope ? server.server.listRoots({}, { timeout: 5000 }) : undefined;
        }
      `,
      errors: [{ messageId: 'request', line: 4, column: 84, endLine: 4, endColumn: 130, data: needsPerson('unresolved-chain') }],
    },
    {
      // this.listRoots() in a low-level Server subclass, and the raw request form: two sites.
      code: code`
        import { Server } from '@modelcontextprotocol/server';
        export class WorkspaceServer extends Server {
          async workspace() {
            const pushed = await this.listRoots();
            const raw = await this.request({ method: 'roots/list' });
            return [...pushed.roots, ...raw.roots];
          }
        }
      `,
      errors: [
        { messageId: 'request', line: 4, column: 26, endLine: 4, endColumn: 42, data: needsPerson('unresolved-chain') },
        { messageId: 'request', line: 5, column: 23, endLine: 5, endColumn: 61, data: needsPerson('unresolved-chain') },
      ],
    },
  ],
});

typedTester.run('no-roots-request (TypeScript with types)', noRootsRequest, {
  valid: [
    // Type information confirms this listRoots() belongs to a class that is not MCP.
    code`
      import { knowledgeBase } from './factory.js';
      export const folders = await knowledgeBase.listRoots();
    `,
    // Same shape as McpServer, declared locally: structure alone does not make it MCP.
    code`
      interface Host {
        server: { listRoots(): Promise<{ roots: { uri: string }[] }> };
      }
      export async function dirs(host: Host) {
        return (await host.server.listRoots()).roots;
      }
    `,
  ],
  invalid: [
    {
      // Only the type checker knows createServer() returns an McpServer (declared in factory.ts).
      code: code`
        import { createServer } from './factory.js';
        const server = createServer();
        export async function dirs() {
          const { roots } = await server.server.listRoots();
          return roots;
        }
      `,
      errors: [{ messageId: 'request', line: 4, column: 27, endLine: 4, endColumn: 52, data: needsPerson('unresolved-chain') }],
    },
    {
      // A local alias of the SDK type: the annotation's name is not McpServer, its type is.
      code: code`
        import type { McpServer } from '@modelcontextprotocol/server';
        type Host = McpServer;
        export async function dirs(host: Host) {
          return (await host.server.listRoots()).roots;
        }
      `,
      errors: [{ messageId: 'request', line: 4, column: 17, endLine: 4, endColumn: 40, data: needsPerson('unresolved-chain') }],
    },
    {
      // The syntax path still works when types are present.
      code: code`
        import { McpServer } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        server.registerTool('list-roots', { description: 'List the workspace roots' }, async (ctx) => {
          const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
          return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\\n') }] };
        });
      `,
      errors: [
        {
          messageId: 'request',
          line: 4,
          column: 27,
          endLine: 4,
          endColumn: 68,
          data: rewrite,
          suggestions: [
            {
              messageId: 'migrateToMrtr',
              output: migrated(
                TS_IMPORT,
                true,
                code`
                  const server = new McpServer({ name: 'files', version: '1.0.0' });
                  server.registerTool('list-roots', { description: 'List the workspace roots' }, async (ctx): Promise<CallToolResult | InputRequiredResult> => {
                    // Ask for roots before anything else: the handler runs again from the top with the client's answer.
                    if (inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots' && clientDeclaresRoots(ctx, server.server)) {
                      return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
                    }
                    const { roots } = await rootsFromAnswer(ctx);
                    return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\\n') }] };
                  });
                `,
              ),
            },
          ],
        },
      ],
    },
  ],
});
