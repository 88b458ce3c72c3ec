// When a roots request cannot be moved, its marker names the reach that can never ask per request (a list handler, a
// timer) rather than whichever chain uproot met first and could not close. Real servers spell this as a class whose
// `*/list` handlers and a test accessor call the same helper (backlog-md), or a timer in the init hook calling an
// exported helper from another file (skilljack-mcp); here each is written as a class, plain functions, JS, and
// across files, with the untraceable caller before and after the list handler.
import { describe, expect, it } from 'vitest';
import { migrate } from './mrtr-project-run.ts';

const V2 = `import { McpServer } from '@modelcontextprotocol/server';\n`;

const SHAPES: Record<string, string> = {
  'a class: prompts/get, prompts/list and a test accessor await the same method': `${V2}
export class Prompts {
  mcp = new McpServer({ name: 's', version: '1.0.0' });
  constructor() {
    this.mcp.server.setRequestHandler('prompts/get', async (request, extra) => this.getPrompt(request.params.name, extra));
    this.mcp.server.setRequestHandler('prompts/list', async (_request, extra) => this.listPrompts(extra));
  }
  get testInterface() {
    return { getPrompt: (name: string) => this.getPrompt(name) };
  }
  private async ensureRoots(extra?: { mcpReq: { send: Function } }) {
    if (!extra) return;
    await this.mcp.server.listRoots();
  }
  async getPrompt(name: string, extra?: { mcpReq: { send: Function } }) {
    await this.ensureRoots(extra);
    return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: name } }] };
  }
  async listPrompts(extra?: { mcpReq: { send: Function } }) {
    await this.ensureRoots(extra);
    return { prompts: [] };
  }
}
`,
  'plain functions: the untraceable caller comes first': `${V2}
const server = new McpServer({ name: 's', version: '1.0.0' });
async function ensureRoots() {
  await server.server.listRoots();
}
async function getPrompt(name: string) {
  await ensureRoots();
  return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: name } }] };
}
export const forTests = { getPrompt: (name: string) => getPrompt(name) };
server.server.setRequestHandler('prompts/get', async (request) => getPrompt(request.params.name));
server.server.setRequestHandler('tools/list', async () => {
  await ensureRoots();
  return { tools: [] };
});
`,
  'plain functions in JavaScript: the list handler comes first': `${V2}
const server = new McpServer({ name: 's', version: '1.0.0' });
const ensureRoots = async () => {
  await server.server.listRoots();
};
server.server.setRequestHandler('resources/list', async () => {
  await ensureRoots();
  return { resources: [] };
});
const getPrompt = async (name) => {
  await ensureRoots();
  return { messages: [{ role: 'user', content: { type: 'text', text: name } }] };
};
export const forTests = { getPrompt: (name) => getPrompt(name) };
`,
};

describe('a request some list handler reaches is marked list-handler, however the other callers are spelled', () => {
  for (const [name, text] of Object.entries(SHAPES)) {
    it(name, () => {
      const file = name.includes('JavaScript') ? '/p/server.js' : '/p/server.ts';
      const { outcomes } = migrate({ [file]: text });
      const request = outcomes.filter((o) => / request /.test(o));
      expect(request).toEqual([expect.stringMatching(/^server\.[jt]s:\d+ request marked list-handler( — reached from (prompts|tools|resources)\/list)?$/)]);
    });
  }
});

describe('a v1 request an exported helper makes, called from a timer in another file', () => {
  const helper = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export async function syncSkills(server: McpServer) {
  const { roots } = await server.server.listRoots();
  return roots.length;
}
`;
  const index = (call: string) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { syncSkills } from './skills.js';
const server = new McpServer({ name: 's', version: '1.0.0' });
server.server.oninitialized = async () => {
  ${call}
};
`;
  it.each([
    ['setTimeout with an arrow', 'setTimeout(() => { void syncSkills(server); }, 0);'],
    ['setTimeout with .then', 'setTimeout(() => syncSkills(server).then((n) => console.error(n)), 0);'],
    ['setImmediate', 'setImmediate(async () => { await syncSkills(server); });'],
  ])('%s: marked background (the timer), not an unresolved chain', (_name, call) => {
    const { outcomes } = migrate({ '/p/skills.ts': helper, '/p/index.ts': index(call) });
    expect(outcomes.filter((o) => / request /.test(o))).toEqual([expect.stringMatching(/^skills\.ts:3 request marked background — reached from set(Timeout|Immediate)$/)]);
  });
});
