// MCP server and client files for the generated bench trees: one template per roots shape in
// docs/patterns.md, v1 (@modelcontextprotocol/sdk) and v2 (@modelcontextprotocol/server|client),
// TS and JS, ESM and CommonJS. A line that starts a site ends with «kind»; the generator strips
// the marker and records (file, line, kind). Fillers are MCP files with no roots site at all.

export interface TemplateVars {
  /** kebab-case project name */
  name: string;
  /** PascalCase project name */
  Name: string;
}

export interface McpTemplate {
  id: string;
  /** Path inside the MCP project. */
  file: string;
  sdk: 1 | 2;
  /** True when the template plants sites. */
  planted: boolean;
  render(v: TemplateVars): string;
}

export const mcpTemplates: McpTemplate[] = [
  {
    id: 'v1-tool-gated',
    file: 'src/tools/find-configs.ts',
    sdk: 1,
    planted: true,
    render: ({ name, Name }) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { searchFiles } from '../lib/search.js';

// A direct call in a tool handler, behind a capability gate, with a fallback.
export function register${Name}FindTool(server: McpServer): void {
  server.registerTool(
    'find-${name}-configs',
    { description: 'Find configuration files by name in the workspace', inputSchema: { name: z.string() } },
    async ({ name }) => {
      let dirs = [process.cwd()];
      if (server.server.getClientCapabilities()?.roots) { «capability»
        const { roots } = await server.server.listRoots(); «request»
        dirs = roots.filter((r) => r.uri.startsWith('file:')).map((r) => fileURLToPath(r.uri));
      }
      const found = await searchFiles(dirs, name);
      return { content: [{ type: 'text', text: found.join('\\n') || 'nothing found' }] };
    },
  );
}
`,
  },
  {
    id: 'v1-helper-chain',
    file: 'src/tools/notes.ts',
    sdk: 1,
    planted: true,
    render: ({ name }) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const server = new McpServer({ name: '${name}-notes', version: '1.4.2' });

// Two helpers down from the tool: the answer has to reach the leaf.
async function workspaceDirs(srv: McpServer): Promise<string[]> {
  const { roots } = await srv.server.listRoots(); «request»
  return roots.map((r) => fileURLToPath(r.uri));
}

async function isAllowed(srv: McpServer, p: string): Promise<boolean> {
  return (await workspaceDirs(srv)).some((d) => p.startsWith(d));
}

server.registerTool(
  'read-notes',
  { description: 'Read a notes file inside the workspace', inputSchema: { path: z.string() } },
  async ({ path }) => {
    if (!(await isAllowed(server, path))) {
      return { isError: true, content: [{ type: 'text', text: \`\${path} is outside the workspace\` }] };
    }
    return { content: [{ type: 'text', text: await readFile(path, 'utf8') }] };
  },
);

export { server };
`,
  },
  {
    id: 'v1-extra-send-request',
    file: 'src/server.mjs',
    sdk: 1,
    planted: true,
    render: ({ name }) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListRootsResultSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: '${name}', version: '0.9.0' });
let cached = null;

server.registerTool(
  'list-folders',
  { description: 'List the folders the user opened', inputSchema: { verbose: z.boolean().optional() } },
  async ({ verbose }, extra) => {
    const res = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema); «request»
    const lines = res.roots.map((r) => (verbose ? \`\${r.name ?? ''} \${r.uri}\` : r.uri));
    return { content: [{ type: 'text', text: lines.join('\\n') }] };
  },
);

server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => { «list-changed»
  cached = null;
});

export async function main() {
  await server.connect(new StdioServerTransport());
  return cached;
}
`,
  },
  {
    id: 'v1-low-level',
    file: 'src/low-level.ts',
    sdk: 1,
    planted: true,
    render: ({ name }) => `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListRootsResultSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const server = new Server({ name: '${name}-low', version: '2.0.1' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'workspace-size', description: 'Count files per workspace folder', inputSchema: { type: 'object', properties: {} } }],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name !== 'workspace-size') throw new Error(\`unknown tool \${request.params.name}\`);
  const first = await server.listRoots(); «request»
  const again = await server.request({ method: 'roots/list' }, ListRootsResultSchema, { timeout: 5000 }); «request»
  const count = first.roots.length + again.roots.length;
  return { content: [{ type: 'text', text: String(count) }] };
});
`,
  },
  {
    id: 'v1-lifecycle',
    file: 'src/sandbox.ts',
    sdk: 1,
    planted: true,
    render: () => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema, type Root } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';

let allowed: string[] = process.argv.slice(2);

function toDirs(roots: Root[]): string[] {
  return roots.filter((r) => r.uri.startsWith('file:')).map((r) => fileURLToPath(r.uri));
}

// Lifecycle fetch feeding global state: the roots are the sandbox.
export function installSandbox(server: McpServer): void {
  server.server.oninitialized = async () => {
    if (server.server.getClientCapabilities()?.roots) { «capability»
      allowed = toDirs((await server.server.listRoots()).roots); «request»
    }
  };
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => { «list-changed»
    allowed = toDirs((await server.server.listRoots()).roots); «request»
  });
}

export function allowedDirectories(): string[] {
  return allowed;
}
`,
  },
  {
    id: 'v1-class-extends-server',
    file: 'src/workspace-server.ts',
    sdk: 1,
    planted: true,
    render: ({ Name }) => `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { fileURLToPath } from 'node:url';

export class ${Name}WorkspaceServer extends Server {
  private lastDirs: string[] = [];

  async workspaceDirs(): Promise<string[]> {
    const result = await this.listRoots(); «request»
    const dirs = result.roots.map((r) => fileURLToPath(r.uri));
    return dirs.length ? dirs : this.lastDirs;
  }
}
`,
  },
  {
    id: 'v1-commonjs',
    file: 'lib/index.cjs',
    sdk: 1,
    planted: true,
    render: ({ name }) => `'use strict';
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { ListRootsResultSchema } = require('@modelcontextprotocol/sdk/types.js');
const { z } = require('zod');

const server = new McpServer({ name: '${name}-cjs', version: '1.0.0' });

server.registerTool(
  'pick-folder',
  { description: 'Pick one of the workspace folders', inputSchema: { index: z.number().int() } },
  async ({ index }, extra) => {
    const { roots } = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema); «request»
    return { content: [{ type: 'text', text: roots[index]?.uri ?? 'no such folder' }] };
  },
);

async function main() {
  await server.connect(new StdioServerTransport());
}

module.exports = { server, main };
`,
  },
  {
    id: 'v1-background',
    file: 'src/refresh.ts',
    sdk: 1,
    planted: true,
    render: () => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

let snapshot: string[] = [];

// Background refresh on a timer: not reached from any request.
export function startRefresh(server: McpServer): NodeJS.Timeout {
  return setInterval(async () => {
    const { roots } = await server.server.listRoots(); «request»
    snapshot = roots.map((r) => r.uri);
  }, 60_000);
}

export function currentSnapshot(): string[] {
  return snapshot;
}
`,
  },
  {
    id: 'v1-dynamic-import',
    file: 'src/probe.ts',
    sdk: 1,
    planted: true,
    render: () => `// The schemas come from a dynamic import: still an MCP roots request.
export async function probeRoots(transportServer: { request: (req: object, schema: unknown) => Promise<{ roots: { uri: string }[] }> }) {
  const { ListRootsResultSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const res = await transportServer.request({ method: 'roots/list' }, ListRootsResultSchema); «request»
  return res.roots.length;
}
`,
  },
  {
    id: 'v2-mcpreq-send',
    file: 'src/tools/search.ts',
    sdk: 2,
    planted: true,
    render: ({ name }) => `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

export const server = new McpServer({ name: '${name}-search', version: '3.1.0' });

server.registerTool(
  'search-workspace',
  { description: 'Search text in the workspace', inputSchema: z.object({ query: z.string() }) },
  async ({ query }, ctx) => {
    const res = await ctx.mcpReq.send({ method: 'roots/list' }); «request»
    const hits = res.roots.filter((r) => r.uri.includes(query));
    return { content: [{ type: 'text', text: hits.map((r) => r.uri).join('\\n') }] };
  },
);

server.registerTool(
  'count-roots',
  { description: 'How many folders are open', inputSchema: z.object({}) },
  async () => {
    const { roots } = await server.server.listRoots(); «request»
    return { content: [{ type: 'text', text: String(roots.length) }] };
  },
);
`,
  },
  {
    id: 'v2-mrtr',
    file: 'src/tools/open.ts',
    sdk: 2,
    planted: true,
    render: () => `import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import * as z from 'zod';

// Already multi round-trip: correct on 2026-07-28, but roots are still deprecated.
export function registerOpen(server: McpServer): void {
  server.registerTool(
    'open-project',
    { description: 'Open the project in the current workspace', inputSchema: z.object({ project: z.string() }) },
    async ({ project }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
      if (answer.kind !== 'roots') {
        return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }); «input-request»
      }
      const dir = answer.roots.find((r) => r.uri.endsWith('/' + project));
      return { content: [{ type: 'text', text: dir ? dir.uri : 'not open' }] };
    },
  );
}
`,
  },
  {
    id: 'v2-hand-built',
    file: 'src/rpc/tools-call.js',
    sdk: 2,
    planted: true,
    render: () => `// A server that speaks JSON-RPC itself and builds the input_required result by hand.
export function handleToolsCall(message, state) {
  const answered = message.params?.inputResponses?.r;
  if (!answered) {
    return {
      resultType: 'input_required',
      inputRequests: {
        r: { method: 'roots/list', params: {} }, «input-request»
      },
      requestState: state,
    };
  }
  return { content: [{ type: 'text', text: answered.roots.map((r) => r.uri).join('\\n') }] };
}
`,
  },
  {
    id: 'v2-low-level',
    file: 'src/low-level.mts',
    sdk: 2,
    planted: true,
    render: ({ name }) => `import { Server } from '@modelcontextprotocol/server';

export const server = new Server({ name: '${name}-v2-low', version: '0.2.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/call', async (request, ctx) => {
  const caps = server.getClientCapabilities();
  if (!caps?.roots) return { content: [{ type: 'text', text: process.cwd() }] }; «capability»
  const res = await ctx.mcpReq.send({ method: 'roots/list' }); «request»
  return { content: [{ type: 'text', text: \`\${request.params.name}: \${res.roots.length} roots\` }] };
});

server.setNotificationHandler('notifications/roots/list_changed', () => { «list-changed»
  console.error('roots changed');
});
`,
  },
  {
    id: 'v2-prompt-helper',
    file: 'src/prompts/review.ts',
    sdk: 2,
    planted: true,
    render: () => `import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod';

async function rootsOf(ctx: ServerContext): Promise<string[]> {
  const res = await ctx.mcpReq.send({ method: 'roots/list' }); «request»
  return res.roots.map((r) => r.uri);
}

export function registerReviewPrompt(server: McpServer): void {
  server.registerPrompt(
    'review-changes',
    { description: 'Review the changes in the open folders', argsSchema: z.object({ focus: z.string() }) },
    async ({ focus }, ctx) => {
      const dirs = await rootsOf(ctx);
      return { messages: [{ role: 'user', content: { type: 'text', text: \`Review \${focus} in \${dirs.join(', ')}\` } }] };
    },
  );
}
`,
  },
  {
    id: 'v1-client',
    file: 'src/client/host.ts',
    sdk: 1,
    planted: true,
    render: ({ name }) => `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';

const workspace: string[] = [process.cwd()];

export const client = new Client(
  { name: '${name}-host', version: '1.0.0' },
  { capabilities: { roots: { listChanged: true } } }, «capability»
);

client.setRequestHandler(ListRootsRequestSchema, async () => ({ «capability»
  roots: workspace.map((dir) => ({ uri: pathToFileURL(dir).href, name: dir })),
}));

export async function openFolder(dir: string): Promise<void> {
  workspace.push(dir);
  await client.sendRootsListChanged(); «list-changed»
}
`,
  },
  {
    id: 'v2-client',
    file: 'src/client/host.mjs',
    sdk: 2,
    planted: true,
    render: ({ name }) => `import { Client } from '@modelcontextprotocol/client';

const folders = new Set([process.cwd()]);
export const client = new Client({ name: '${name}-host', version: '2.0.0' });

client.registerCapabilities({ roots: { listChanged: true } }); «capability»
client.setRequestHandler('roots/list', async () => ({ «capability»
  roots: [...folders].map((dir) => ({ uri: 'file://' + dir })),
}));

export async function addFolder(dir) {
  folders.add(dir);
  await client.notification({ method: 'notifications/roots/list_changed' }); «list-changed»
}
`,
  },
];

/** MCP files with no roots site: entry points, servers that never touch roots, look-alikes. */
export const mcpFillers: McpTemplate[] = [
  {
    id: 'v1-entry',
    file: 'src/index.ts',
    sdk: 1,
    planted: false,
    render: ({ name }) => `#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: '${name}', version: '1.0.0' });

server.registerTool('echo', { description: 'Echo the input', inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}));

server.registerResource('readme', 'docs://readme', { mimeType: 'text/markdown' }, async (uri) => ({
  contents: [{ uri: uri.href, text: '# ${name}' }],
}));

await server.connect(new StdioServerTransport());
`,
  },
  {
    id: 'v2-no-roots',
    file: 'src/tools/time.ts',
    sdk: 2,
    planted: false,
    render: ({ name }) => `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

export function registerTime(server: McpServer): void {
  server.registerTool('now', { description: 'Current time in a zone', inputSchema: z.object({ zone: z.string() }) }, async ({ zone }, ctx) => {
    ctx.mcpReq.log?.('info', 'time for ${name} in ' + zone);
    return { content: [{ type: 'text', text: new Date().toLocaleString('en-US', { timeZone: zone }) }] };
  });
}
`,
  },
  {
    id: 'mcp-look-alikes',
    file: 'src/client/inspect.ts',
    sdk: 1,
    planted: false,
    render: () => `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListRootsResultSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

// A client asking a (test) server for roots/list is not the deprecated direction; strings are not sites.
export async function inspect(client: Client): Promise<number> {
  console.debug('sending roots/list to the server under test');
  console.debug('listening for', RootsListChangedNotificationSchema.shape.method.value);
  const res = await client.request({ method: 'roots/list' }, ListRootsResultSchema);
  return res.roots.length;
}
`,
  },
];
