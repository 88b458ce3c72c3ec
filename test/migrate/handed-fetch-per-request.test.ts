// `--lifecycle per-request` on a fetching function run once after connect and handed on as a value to the tools that
// call it (pi-delegate-mcp: `registerAllTools(server, { config, getRoots })`, each tool calling `ctx.getRoots()`
// through a helper that takes the object). The value is followed to every call, ctx is threaded there, the declared
// function types take it too, and the start-up call goes. Written the ways authors hand a function on — a shorthand
// or renamed property, a destructured parameter, a plain argument awaited with `.then`, a constructor's private field,
// an object held in a variable first, through a barrel — in TypeScript and JavaScript: the output type-checks and
// migrates to itself. A use the follower cannot see to its end, or a start-up answer someone else reads, stays marked.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('handed-fetch');

const t = (js: boolean, text: string) => (js ? '' : text);

/** The server: the fetcher keeps the last non-empty answer, hands itself on (`handOff`), and runs once after connect. */
const SERVER = (js: boolean, handOff: string, from = './tools.js', imported = 'registerTools') => `import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { ${imported} } from '${from}';
export async function start()${t(js, ': Promise<void>')} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  let roots${t(js, ': string[]')} = [];
  async function getRoots()${t(js, ': Promise<string[]>')} {
    try {
      const result = await server.server.listRoots();
      if (result.roots.length) roots = result.roots.map((r) => r.uri);
    } catch {
      // a client without roots: keep what we had
    }
    return roots;
  }
  ${handOff}
  await server.connect(new StdioServerTransport());
  await getRoots();
}
`;

/** The tools take an object holding the fetcher, and read it through a helper given the object. */
const HOLDER_TOOLS = (js: boolean) => `${t(js, "import type { McpServer } from '@modelcontextprotocol/server';\n")}import * as z from 'zod/v4';
${t(js, 'export interface ToolContext {\n  label: string;\n  getRoots: () => string[] | Promise<string[]>;\n}\n')}async function rootsOf(ctx${t(js, ': ToolContext')})${t(js, ': Promise<string[]>')} {
  return Promise.resolve(ctx.getRoots());
}
${js ? "/** @param {import('@modelcontextprotocol/server').McpServer} server */\n" : ''}export function registerTools(server${t(js, ': McpServer')}, ctx${t(js, ': ToolContext')})${t(js, ': void')} {
  server.registerTool('roots', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: \`\${ctx.label}: \${(await rootsOf(ctx)).join(',')}\` }] }));
  server.registerTool('label', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: ctx.label }] }));
}
`;

/** The tools destructure the fetcher from the object they are given, and call it with `.then`. */
const DESTRUCTURED_TOOLS = (js: boolean) => `${t(js, "import type { McpServer } from '@modelcontextprotocol/server';\n")}import * as z from 'zod/v4';
${t(js, 'type Deps = { label: string; getRoots(): Promise<string[]> };\n')}${js ? "/** @param {import('@modelcontextprotocol/server').McpServer} server */\n" : ''}export function registerTools(server${t(js, ': McpServer')}, { label, getRoots }${t(js, ': Deps')})${t(js, ': void')} {
  server.registerTool('roots', { inputSchema: z.object({}) }, () => getRoots().then((roots) => ({ content: [{ type: 'text'${t(js, ' as const')}, text: \`\${label}: \${roots.join(',')}\` }] })));
}
`;

/** The tools take the fetcher itself as an argument. */
const ARGUMENT_TOOLS = (js: boolean) => `${t(js, "import type { McpServer } from '@modelcontextprotocol/server';\n")}import * as z from 'zod/v4';
${js ? "/** @param {import('@modelcontextprotocol/server').McpServer} server */\n" : ''}export function registerTools(server${t(js, ': McpServer')}, listDirs${t(js, ': () => Promise<string[]>')})${t(js, ': void')} {
  server.registerTool('roots', { inputSchema: z.object({}) }, async () => {
    const pending = listDirs();
    return { content: [{ type: 'text', text: (await pending).join(',') }] };
  });
}
`;

/** A class keeps the fetcher in a private field; the registration calls its method. */
const CLASS_TOOLS = `import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
export class Tools {
  constructor(private readonly fetchRoots: () => Promise<string[]>) {}
  async handle(): Promise<{ content: Array<{ type: 'text'; text: string }> }> {
    const roots = await this.fetchRoots();
    return { content: [{ type: 'text', text: roots.join(',') }] };
  }
}
export function registerTools(server: McpServer, fetchRoots: () => Promise<string[]>): void {
  const tools = new Tools(fetchRoots);
  server.registerTool('roots', { inputSchema: z.object({}) }, async () => tools.handle());
}
`;

const CASES: Array<[string, { js: boolean; handOff: string; tools: string; barrel?: boolean }]> = [
  ['a shorthand property, read through a helper given the object (TypeScript)', { js: false, handOff: "registerTools(server, { label: 'dirs', getRoots });", tools: HOLDER_TOOLS(false) }],
  ['a shorthand property, read through a helper given the object (JavaScript)', { js: true, handOff: "registerTools(server, { label: 'dirs', getRoots });", tools: HOLDER_TOOLS(true) }],
  ['an object held in a variable first, renamed property, through a barrel', { js: false, handOff: "const deps = { label: 'dirs', getRoots: getRoots };\n  registerTools(server, deps);", tools: HOLDER_TOOLS(false), barrel: true }],
  ['a destructured parameter with a method signature, a handler that is not async returning .then (TypeScript)', { js: false, handOff: "registerTools(server, { label: 'dirs', getRoots });", tools: DESTRUCTURED_TOOLS(false) }],
  ['a destructured parameter, a handler that is not async returning .then (JavaScript)', { js: true, handOff: "registerTools(server, { label: 'dirs', getRoots });", tools: DESTRUCTURED_TOOLS(true) }],
  ['a plain argument, its promise awaited later (TypeScript)', { js: false, handOff: 'registerTools(server, getRoots);', tools: ARGUMENT_TOOLS(false) }],
  ['a plain argument, its promise awaited later (JavaScript)', { js: true, handOff: 'registerTools(server, getRoots);', tools: ARGUMENT_TOOLS(true) }],
  ["a constructor's private field, called in a method", { js: false, handOff: 'registerTools(server, getRoots);', tools: CLASS_TOOLS }],
];

describe('--lifecycle per-request follows a fetcher handed on as a value to its calls', () => {
  it.each(CASES)('%s: ctx is threaded to each call, the start-up call goes, the output type-checks and migrates to itself', (_name, c) => {
    const ext = c.js ? 'js' : 'ts';
    const files: Record<string, string> = { [`server.${ext}`]: SERVER(c.js, c.handOff, c.barrel ? './index.js' : './tools.js'), [`tools.${ext}`]: c.tools };
    if (c.barrel) files[`index.${ext}`] = "export { registerTools } from './tools.js';\n";
    const dir = project(_name.replace(/\W+/g, '-').slice(0, 20), files);
    const first = migrate(dir);
    expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.stringMatching(/the start-up call of getRoots\(\) after connect is retired .*it filled roots, which only getRoots\(\) reads after its own request/) }]);
    const server = first.changed[`server.${ext}`]!;
    expect(server).not.toMatch(/listRoots\(\)|await getRoots\(\);/);
    expect(server).toMatch(c.js ? /async function getRoots\(ctx\) \{/ : /async function getRoots\(ctx: ServerContext\): Promise<string\[\]> \{/);
    expect(server).toContain('await rootsFromAnswer(ctx)');
    const tools = first.changed[`tools.${ext}`]!;
    // The handler that reaches the fetcher asks first; one that does not is left as it was.
    expect(tools).toMatch(/return inputRequired\(\{ inputRequests: \{ roots: inputRequired\.listRoots\(\) \} \}\);/);
    if (c.tools.includes("'label'")) expect(tools).toContain("server.registerTool('label', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: ctx.label }] }));");
    if (!c.js) expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker where the handed-on value or the start-up answer cannot be followed', () => {
  const marked = (handOff: string, tools: string, detail: RegExp, server = SERVER(false, handOff)) => {
    const dir = project('marked', { 'server.ts': server, 'tools.ts': tools });
    const { requests, changed } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(detail) }]);
    expect(changed['server.ts']).toMatch(/await getRoots\(\);\n\}/);
    expect(changed['tools.ts']).toBeUndefined();
  };

  it('the object is stored where uproot cannot see its calls', () => {
    const tools = HOLDER_TOOLS(false).replace('export function registerTools(server: McpServer, ctx: ToolContext): void {', 'export const registry: ToolContext[] = [];\nexport function registerTools(server: McpServer, ctx: ToolContext): void {\n  registry.push(ctx);');
    marked("registerTools(server, { label: 'dirs', getRoots });", tools, /getRoots\(\) is handed on as a value and is handed to registry\.push\(\), which uproot cannot find \(line 12 of tools\.ts\), so uproot cannot find every call to pass the request's ctx through/);
  });

  it("a constructor's public field, which code outside the class may call", () => {
    marked('registerTools(server, getRoots);', CLASS_TOOLS.replace('private readonly fetchRoots', 'readonly fetchRoots'), /is kept in the field fetchRoots, which code outside the class may call/);
  });

  it('the start-up call keeps its answer', () => {
    const server = SERVER(false, "registerTools(server, { label: 'dirs', getRoots });").replace('  await getRoots();\n', "  const first = await getRoots();\n  console.error('roots', first.length);\n");
    const dir = project('kept', { 'server.ts': server, 'tools.ts': HOLDER_TOOLS(false) });
    const { requests } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(/the start-up call of getRoots\(\) after connect \(line 18\) keeps its result/) }]);
  });

  it('the state the start-up call fills is read outside the fetcher', () => {
    const server = SERVER(false, "registerTools(server, { label: 'dirs', getRoots });").replace('  await getRoots();\n', "  await getRoots();\n  setInterval(() => console.error(roots.length), 1000).unref();\n");
    const dir = project('read', { 'server.ts': server, 'tools.ts': HOLDER_TOOLS(false) });
    const { requests } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(/fills state read outside getRoots\(\) \(roots is read at line 19\)/) }]);
  });
  it('on SDK v1 the marker says v1-sdk and what the upgrade would allow', () => {
    const server = SERVER(false, "registerTools(server, { label: 'dirs', getRoots });")
      .replace("import { McpServer } from '@modelcontextprotocol/server';", "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';")
      .replace("import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';", "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';");
    const tools = HOLDER_TOOLS(false).replace("import type { McpServer } from '@modelcontextprotocol/server';", "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';");
    const dir = project('v1', { 'server.ts': server, 'tools.ts': tools });
    const { requests, changed } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: 'once the SDK is v2, each handler that reaches getRoots() can ask for roots per request and its start-up call after connect can go' }]);
    expect(changed['tools.ts']).toBeUndefined();
  });
});
