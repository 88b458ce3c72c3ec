// A roots request that runs after `await server.connect(…)` in the function that starts the server (or in a helper
// that function then calls) is a start-up fetch: its marker says lifecycle, not that no caller could be traced.
// Real servers spell it as a closure the start function awaits after connecting (pi-delegate-mcp) and a session
// class whose connect() method fetches roots right after its server connects (fastmcp); here also a JS helper with
// `.then`, and a helper in another file. A connect that comes later, or that is not an MCP server's, changes nothing.
import { describe, expect, it } from 'vitest';
import { migrate } from './mrtr-project-run.ts';

const V2 = `import { McpServer, Server, StdioServerTransport } from '@modelcontextprotocol/server';\n`;

const LIFECYCLE: Record<string, Record<string, string>> = {
  'a closure the start function awaits after connecting, also handed to a tool': {
    '/p/server.ts': `${V2}
export async function start(): Promise<void> {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  let roots: string[] = [];
  async function getRoots(): Promise<string[]> {
    try {
      roots = (await server.server.listRoots()).roots.map((root) => root.uri);
    } catch {
      // keep the last roots
    }
    return roots;
  }
  server.registerTool('roots', {}, async () => ({ content: [{ type: 'text', text: (await getRoots()).join(',') }] }));
  await server.connect(new StdioServerTransport());
  await getRoots();
}
`,
  },
  'a session class whose connect() fetches roots once its server connected': {
    '/p/session.ts': `${V2}
export class Session {
  roots: Array<{ uri: string }> = [];
  constructor(private readonly server: Server) {}
  async connect(transport: StdioServerTransport) {
    await this.server.connect(transport);
    const answer = await this.server.listRoots();
    this.roots = answer.roots;
  }
}
`,
  },
  'a JavaScript helper the start function calls with .then after connecting': {
    '/p/server.js': `${V2}
const server = new McpServer({ name: 's', version: '1.0.0' });
let allowed = [];
function refreshRoots() {
  return server.server.listRoots().then((answer) => answer.roots);
}
export async function main() {
  await server.connect(new StdioServerTransport());
  refreshRoots().then((roots) => {
    allowed = roots;
  });
}
export const current = () => allowed;
`,
  },
  'a helper in another file the start function awaits after connecting': {
    '/p/roots.ts': `import type { McpServer } from '@modelcontextprotocol/server';
export async function fetchRoots(server: McpServer) {
  return (await server.server.listRoots()).roots;
}
`,
    '/p/index.ts': `${V2}import { fetchRoots } from './roots.js';
export async function main() {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  await server.connect(new StdioServerTransport());
  console.error(await fetchRoots(server));
}
`,
  },
};

describe('a roots request after the server connects is marked lifecycle', () => {
  for (const [name, files] of Object.entries(LIFECYCLE)) {
    it(name, () => {
      const { outcomes } = migrate(files);
      const requests = outcomes.filter((o) => / request /.test(o));
      // An exported class's public field hands the roots to the package's users: that marker names the framework API instead.
      const detail = name.startsWith('a session class')
        ? /Session's public field roots holds them for the package's users; .* the framework needs that per-call API first$/
        : /the request runs after the server connects, in \w+\(\): 2026-07-28 has no session start to ask for roots at$/;
      expect(requests).toEqual([expect.stringMatching(new RegExp(`^\\w+\\.[jt]s:\\d+ request marked lifecycle — ${detail.source}`))]);
    });
  }
});

describe('what is not after a connect keeps its reason', () => {
  const cases: Array<[string, string]> = [
    ['the fetch comes before the connect', `await fetchRoots(server);\n  await server.connect(new StdioServerTransport());`],
    ['the connect is a database’s', `await db.connect();\n  await fetchRoots(server);`],
  ];
  it.each(cases)('%s', (_name, body) => {
    const files = {
      '/p/roots.ts': LIFECYCLE['a helper in another file the start function awaits after connecting']!['/p/roots.ts']!,
      '/p/index.ts': `${V2}import { fetchRoots } from './roots.js';
const db = { connect: async () => {} };
export async function main() {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  ${body}
}
`,
    };
    const { outcomes } = migrate(files);
    expect(outcomes.filter((o) => / request /.test(o))).toEqual([expect.stringMatching(/^roots\.ts:3 request marked unresolved-chain/)]);
  });
});
