// `--lifecycle per-request` where the tools that read the roots state are registered by another module than the
// fill (filesystem-context-mcp-server): server.ts fills a sandbox kept behind a setter from its hooks, through a
// function they share, and hands its server to a registering function of a tool module — imported by name, through
// a barrel that re-exports it (and hands it on to a function of its own file), as an anonymous default export, or as
// a class's `register(server)` run on an instance held in a const — in TypeScript and JavaScript. Each tool asks for roots, imports the fill from server.ts and
// replays it; the output type-checks and migrates to itself. A server the tools are not shown to share with the
// hooks, a fill the tool module cannot import, a read outside a handler keep the marker with why.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('tools-module');

/** TypeScript annotations, or none for the JavaScript spelling. */
const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');
/** How a JavaScript module says its parameter is an McpServer (TypeScript annotates it). */
const jsdoc = (js: boolean) => (js ? "/** @param {import('@modelcontextprotocol/server').McpServer} server */\n" : '');

const SANDBOX = (js: boolean) => `import path from 'node:path';
let allowed${ts(js, ': string[]')} = [];
export function setAllowed(dirs${ts(js, ': string[]')})${ts(js, ': void')} {
  allowed = [...dirs];
}
export function isAllowed(candidate${ts(js, ': string')})${ts(js, ': boolean')} {
  const resolved = path.resolve(candidate);
  return allowed.some((dir) => resolved === dir || resolved.startsWith(dir + path.sep));
}
export function allowedCount()${ts(js, ': number')} {
  return allowed.length;
}
`;

/** The registrations, on `server`; `extra` goes inside the registering function. */
const REGISTRATIONS = (js: boolean, extra = '') => `  server.registerTool('check', { description: 'Whether a path is allowed', inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({
    content: [{ type: 'text'${ts(js, ' as const')}, text: isAllowed(p) ? 'allowed' : 'denied' }],
  }));
  server.registerTool('count', { description: 'How many directories are allowed' }, async () => ({
    content: [{ type: 'text'${ts(js, ' as const')}, text: String(allowedCount()) }],
  }));
${extra}`;

const TOOL_IMPORTS = (js: boolean) => `${ts(js, "import type { McpServer } from '@modelcontextprotocol/server';\n")}import * as z from 'zod/v4';
import { allowedCount, isAllowed } from './sandbox.js';
`;

/** A tool module exporting `registerTools(server)`. */
const NAMED_TOOLS = (js: boolean, extra = '', name = 'registerTools') => `${TOOL_IMPORTS(js)}
${jsdoc(js)}export function ${name}(server${ts(js, ': McpServer')})${ts(js, ': void')} {
${REGISTRATIONS(js, extra)}}
`;

/** server.ts: the fill the hooks share, handed the server; `register` is how it hands its server to the tools. */
const SERVER = (js: boolean, imports: string, register: string) => `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { setAllowed } from './sandbox.js';
${imports}
async function refreshRoots(server${ts(js, ': McpServer')})${ts(js, ': Promise<void>')} {
  if (server.server.getClientCapabilities()?.roots) {
    const { roots } = await server.server.listRoots();
    setAllowed(roots.map((root) => fileURLToPath(root.uri)));
  }
}

export function createServer()${ts(js, ': McpServer')} {
  const server = new McpServer({ name: 'sandbox', version: '1.0.0' });
  server.server.oninitialized = () => {
    void refreshRoots(server);
  };
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    await refreshRoots(server);
  });
  ${register}
  return server;
}
`;

interface Spelling {
  files: (js: boolean) => Record<string, string>;
  /** The files whose handlers ask (each has two). */
  asking: string[];
}

const SPELLINGS: Record<string, Spelling> = {
  'a registering function imported by name and called with the server': {
    files: (js) => ({ [`tools.${ext(js)}`]: NAMED_TOOLS(js), [`server.${ext(js)}`]: SERVER(js, "import { registerTools } from './tools.js';", 'registerTools(server);') }),
    asking: ['tools'],
  },
  'a barrel re-exporting it, which hands the server on to a function of its own file': {
    files: (js) => ({
      [`register.${ext(js)}`]: `${TOOL_IMPORTS(js)}
${jsdoc(js)}function registerSandboxTools(server${ts(js, ': McpServer')})${ts(js, ': void')} {
${REGISTRATIONS(js)}}
${jsdoc(js)}export function registerAllTools(server${ts(js, ': McpServer')})${ts(js, ': void')} {
  registerSandboxTools(server);
}
`,
      [`tools.${ext(js)}`]: "export * from './register.js';\n",
      [`server.${ext(js)}`]: SERVER(js, "import { registerAllTools as installTools } from './tools.js';", 'installTools(server);'),
    }),
    asking: ['register'],
  },
  'an anonymous default export, imported under a name of its own': {
    files: (js) => ({
      [`tools.${ext(js)}`]: `${TOOL_IMPORTS(js)}
${jsdoc(js)}export default function (server${ts(js, ': McpServer')})${ts(js, ': void')} {
${REGISTRATIONS(js)}}
`,
      [`server.${ext(js)}`]: SERVER(js, "import addTools from './tools.js';", 'addTools(server);'),
    }),
    asking: ['tools'],
  },
  'a class whose register(server) an instance held in a const runs': {
    files: (js) => ({ [`tools.${ext(js)}`]: CLASS_TOOLS(js), [`server.${ext(js)}`]: SERVER(js, "import { SandboxTools } from './tools.js';", 'const tools = new SandboxTools();\n  tools.register(server);') }),
    asking: ['tools'],
  },
};

/** A tool module exporting a class whose `register(server)` registers the tools. */
function CLASS_TOOLS(js: boolean): string {
  const body = REGISTRATIONS(js).replace(/^/gm, '  ').replace(/^  $/gm, '');
  return `${TOOL_IMPORTS(js)}
export class SandboxTools {
  ${jsdoc(js).replace('\n', '\n  ')}register(server${ts(js, ': McpServer')})${ts(js, ': void')} {
${body}  }
}
`;
}

describe('--lifecycle per-request derives the state in tools another module registers on the fill\'s server', () => {
  const cases = Object.entries(SPELLINGS).flatMap(([name, s]) => [[`${name} (TypeScript)`, s, false] as const, [`${name} (JavaScript)`, s, true] as const]);
  it.each(cases)('%s: each tool asks for roots and replays the fill it imports', (name, spelling, js) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), { [`sandbox.${ext(js)}`]: SANDBOX(js), ...spelling.files(js) });
    const first = migrate(dir);
    expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.stringContaining('one client per process') }]);
    expect(Object.keys(first.changed).sort()).toEqual([`server.${ext(js)}`, ...spelling.asking.map((f) => `${f}.${ext(js)}`)].sort());
    const server = first.changed[`server.${ext(js)}`]!;
    expect(server).not.toMatch(/oninitialized|notifications\/roots\/list_changed|\.listRoots\(\)/);
    expect(server).toContain(`export async function refreshRoots(server${ts(js, ': McpServer')}, ctx${ts(js, ': ServerContext')})`);
    for (const f of spelling.asking) {
      const text = first.changed[`${f}.${ext(js)}`]!;
      expect(text.match(/inputRequired\.listRoots\(\)/g)).toHaveLength(2);
      expect(text).toContain("import { refreshRoots } from './server.js';");
      expect(text.match(/if \(clientDeclaresRoots\(ctx, server\.server\)\) await refreshRoots\(server, ctx\);/g)).toHaveLength(2);
    }
    if (!js) expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request with the server at the top of its module and a fill without parameters', () => {
  const SERVER_AT_TOP = (js: boolean) => `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { setAllowed } from './sandbox.js';
import { registerTools } from './tools.js';
const server = new McpServer({ name: 'sandbox', version: '1.0.0' });
async function loadRoots()${ts(js, ': Promise<void>')} {
  const result = await server.server.listRoots();
  setAllowed(result.roots.map((root) => fileURLToPath(root.uri)));
}
server.server.oninitialized = () => {
  if (server.server.getClientCapabilities()?.roots) void loadRoots();
};
registerTools(server);
export function createServer()${ts(js, ': McpServer')} {
  return server;
}
`;
  it.each([false, true])('the tools import loadRoots and call it with ctx alone (JavaScript: %s)', (js) => {
    const dir = project('top-level', { [`sandbox.${ext(js)}`]: SANDBOX(js), [`tools.${ext(js)}`]: NAMED_TOOLS(js), [`server.${ext(js)}`]: SERVER_AT_TOP(js) });
    const first = migrate(dir);
    expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.stringContaining('one client per process') }]);
    expect(first.changed[`server.${ext(js)}`]).toContain(`export async function loadRoots(ctx${ts(js, ': ServerContext')})`);
    expect(first.changed[`server.${ext(js)}`]).not.toMatch(/oninitialized|\.listRoots\(\)/);
    const tools = first.changed[`tools.${ext(js)}`]!;
    expect(tools).toContain("import { loadRoots } from './server.js';");
    expect(tools.match(/if \(clientDeclaresRoots\(ctx, server\.server\)\) await loadRoots\(ctx\);/g)).toHaveLength(2);
    if (!js) expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request and top-level await in the fill\'s module (an import cycle back to it from the tools)', () => {
  /** server.ts with `await` at its top level: `before` the declarations below it, or after all of them. */
  const withAwait = (js: boolean, where: 'first' | 'last') => {
    const text = SERVER(js, "import { readFile } from 'node:fs/promises';\nimport { registerTools } from './tools.js';", 'registerTools(server);');
    const wait = "const instructions = await readFile(new URL('./instructions.md', import.meta.url), 'utf8').catch(() => '');\n";
    const late = `const started${ts(js, ': number')} = Date.now();\n`;
    return where === 'first' ? text.replace('\nasync function refreshRoots', `\n${wait}${late}async function refreshRoots`) : text.replace('\nasync function refreshRoots', `\n${late}${wait}async function refreshRoots`).concat('export { instructions, started };\n');
  };

  it.each([false, true])('awaiting after every declaration, the tools still import the fill (JavaScript: %s)', (js) => {
    const dir = project('await-last', { [`sandbox.${ext(js)}`]: SANDBOX(js), [`tools.${ext(js)}`]: NAMED_TOOLS(js), [`server.${ext(js)}`]: withAwait(js, 'last') });
    const first = migrate(dir);
    expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.stringContaining('one client per process') }]);
    expect(first.changed[`tools.${ext(js)}`]).toContain("import { refreshRoots } from './server.js';");
    expect(migrate(dir).changed).toEqual({});
  });

  it('awaiting before a declaration keeps the marker, naming both lines', () => {
    const dir = project('await-first', { 'sandbox.ts': SANDBOX(false), 'tools.ts': NAMED_TOOLS(false), 'server.ts': withAwait(false, 'first') });
    const { requests, changed } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(/that module awaits at its top level \(line 6\) before it declares started \(line 7\): a request served while it waits could run refreshRoots\(\) before the module is initialized/) }]);
    expect(changed['tools.ts']).toBeUndefined();
  });
});

describe('--lifecycle per-request keeps the marker where tools of another module cannot derive the state', () => {
  const marked = (files: Record<string, string>, detail: RegExp) => {
    const dir = project('marked', { 'sandbox.ts': SANDBOX(false), ...files });
    const { requests, changed } = migrate(dir);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.outcome).toBe('marked');
    expect(requests[0]!.detail).toMatch(detail);
    expect(changed['server.ts']).toMatch(/oninitialized/);
    expect(changed['tools.ts']).toBeUndefined();
  };

  it('the tools are also registered on a server another module makes, which no hook fills the roots from', () => {
    marked(
      {
        'tools.ts': NAMED_TOOLS(false),
        'server.ts': SERVER(false, "import { registerTools } from './tools.js';", 'registerTools(server);'),
        'http.ts': "import { McpServer } from '@modelcontextprotocol/server';\nimport { registerTools } from './tools.js';\nexport const httpServer = new McpServer({ name: 'http', version: '1.0.0' });\nregisterTools(httpServer);\n",
      },
      /registered in tools\.ts at line \d+ on a server \(httpServer\) that http\.ts holds itself, not one handed to the function registering the tools, not shown to be the one server\.ts asks for roots/,
    );
  });

  it('a register() of the tool class is also called on a value uproot cannot tell from an instance', () => {
    marked(
      {
        'tools.ts': CLASS_TOOLS(false),
        'server.ts': SERVER(false, "import { SandboxTools } from './tools.js';", 'new SandboxTools().register(server);'),
        'http.ts': "import type { McpServer } from '@modelcontextprotocol/server';\nimport { SandboxTools } from './tools.js';\nexport function install(registry: { register(s: McpServer): void }, s: McpServer): void {\n  registry.register(s);\n}\nexport const made = SandboxTools;\n",
      },
      /handed to register\(\): register\(\) is called at line 4 of http\.ts on a value uproot cannot tell from a SandboxTools/,
    );
  });

  it('the fill is the initialization hook itself, inside createServer(), which the tool module cannot import', () => {
    const inline = `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { setAllowed } from './sandbox.js';
import { registerTools } from './tools.js';
export function createServer(): McpServer {
  const server = new McpServer({ name: 'sandbox', version: '1.0.0' });
  server.server.oninitialized = async () => {
    setAllowed((await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri)));
  };
  registerTools(server);
  return server;
}
`;
    marked({ 'tools.ts': NAMED_TOOLS(false), 'server.ts': inline }, /registered in tools\.ts \(line \d+\), which would import the per-request fill, but the roots are filled by a hook inside a function of server\.ts/);
  });

  it('the tool module has a refreshRoots of its own', () => {
    const own = `${NAMED_TOOLS(false)}export function refreshRoots(): void {}\n`;
    marked({ 'tools.ts': own, 'server.ts': SERVER(false, "import { registerTools } from './tools.js';", 'registerTools(server);') }, /the name refreshRoots of the fill function is taken/);
  });

  it('a timer the registering function starts reads the state too (no request to ask for roots there)', () => {
    const timer = NAMED_TOOLS(false, "  setInterval(() => console.error('allowed', allowedCount()), 60_000).unref();\n");
    marked({ 'tools.ts': timer, 'server.ts': SERVER(false, "import { registerTools } from './tools.js';", 'registerTools(server);') }, /is read at line \d+ from other, which has no request to ask for roots/);
  });

  it('a JavaScript tool module whose parameter nothing says is an McpServer (its registrations are not known as MCP)', () => {
    const dir = project('untyped', { 'sandbox.js': SANDBOX(true), 'tools.js': NAMED_TOOLS(true).replace(/\/\*\* @param[^\n]*\n/, ''), 'server.js': SERVER(true, "import { registerTools } from './tools.js';", 'registerTools(server);') });
    const { requests } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(/read at line \d+ from other, which has no request to ask for roots/) }]);
  });
});

describe('--lifecycle per-request with a bounded fill whose tools another module registers', () => {
  // The fill waits at most 5 s (`timeout-control` before): split by era in the fill, and only a 2026-07-28 request is
  // asked at the entry of each tool in the other module (a 2025-era connection is asked by the bounded request itself).
  const BOUNDED = (js: boolean) =>
    SERVER(js, "import { registerTools } from './tools.js';", 'registerTools(server);').replace('server.server.listRoots()', 'server.server.listRoots(undefined, { timeout: 5_000 })');

  it.each([false, true])('the fill keeps its bounded request for 2025-era connections; the tools ask 2026-07-28 requests only (JavaScript: %s)', (js) => {
    const dir = project('bounded', { [`sandbox.${ext(js)}`]: SANDBOX(js), [`tools.${ext(js)}`]: NAMED_TOOLS(js), [`server.${ext(js)}`]: BOUNDED(js) });
    const first = migrate(dir);
    expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.stringContaining('one client per process') }]);
    const server = first.changed[`server.${ext(js)}`]!;
    expect(server).not.toMatch(/oninitialized|notifications\/roots\/list_changed/);
    expect(server).toMatch(/ctx\.mcpReq\.envelope && PROTOCOL_VERSION_META_KEY in ctx\.mcpReq\.envelope\s*\?\s*rootsFromAnswer\(ctx\)\s*:\s*server\.server\.listRoots\(undefined, \{ timeout: 5_000 \}\)/);
    const tools = first.changed[`tools.${ext(js)}`]!;
    expect(tools.match(/if \(ctx\.mcpReq\.envelope && PROTOCOL_VERSION_META_KEY in ctx\.mcpReq\.envelope && inputResponse\(ctx\.mcpReq\.inputResponses, 'roots'\)\.kind !== 'roots'/g)).toHaveLength(2);
    expect(tools).toContain("import { refreshRoots } from './server.js';");
    if (!js) expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});
