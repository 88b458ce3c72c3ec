// pi-delegate-mcp's start-up fetch: a closure awaited after connect that is also handed to the tools' registration
// (`registerAllTools(server, { config, getRoots })`, every tool calling `ctx.getRoots()`). The marker stays
// lifecycle and names the hand-off, which is what a per-request form would have to change. Written as a shorthand
// property, a renamed property, a direct argument to a constructor, and in JavaScript.
import { describe, expect, it } from 'vitest';
import { migrate } from './mrtr-project-run.ts';

const V2 = `import { McpServer, StdioServerTransport } from '@modelcontextprotocol/server';\n`;

const START = (handOff: string, ts = true) => `${V2}import { registerTools, Tools } from './tools.js';
export async function start()${ts ? ': Promise<void>' : ''} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  let roots${ts ? ': string[]' : ''} = [];
  async function getRoots()${ts ? ': Promise<string[]>' : ''} {
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

const TOOLS = `import type { McpServer } from '@modelcontextprotocol/server';
export function registerTools(server: McpServer, ctx: { getRoots: () => Promise<string[]> }): void {
  server.registerTool('roots', {}, async () => ({ content: [{ type: 'text', text: (await ctx.getRoots()).join(',') }] }));
}
export class Tools {
  constructor(readonly fetchRoots: () => Promise<string[]>) {}
}
`;

const CASES: Array<[string, string, RegExp, boolean]> = [
  ['a shorthand property of the object the registration takes', 'registerTools(server, { getRoots });', /getRoots\(\) is also handed on as a value at line \d+ \(to registerTools\(\), as the property getRoots of an object\)/, true],
  ['a renamed property', 'registerTools(server, { getRoots: getRoots });', /\(to registerTools\(\), as the property getRoots of an object\)/, true],
  ['a constructor argument', 'void new Tools(getRoots);', /getRoots\(\) is also handed on as a value at line \d+ \(to new Tools\(\)\)/, true],
  ['a shorthand property, in JavaScript', 'registerTools(server, { getRoots });', /\(to registerTools\(\), as the property getRoots of an object\)/, false],
];

describe('a start-up fetch whose function is also handed on as a value', () => {
  it.each(CASES)('%s: marked lifecycle, naming the hand-off', (_name, handOff, detail, ts) => {
    const { outcomes } = migrate({ [`/p/server.${ts ? 'ts' : 'js'}`]: START(handOff, ts), '/p/tools.ts': TOOLS });
    const requests = outcomes.filter((o) => / request /.test(o));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/request marked lifecycle — the request runs after the server connects, in start\(\): 2026-07-28 has no session start to ask for roots at; /);
    expect(requests[0]).toMatch(detail);
    expect(requests[0]).toMatch(/a per-request form would have to pass each caller's request context through it$/);
  });
});
