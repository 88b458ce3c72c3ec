// Two `--lifecycle per-request` markers that must stay, each saying exactly why: a hook that hands
// the roots request to a fill of its own module as a function (memvid-mcp's `initializeRoots(async () =>
// server.server.listRoots())`, its fill imported, is rewritten: lifecycle-fetcher-param.test.ts), written as an arrow's expression body, an arrow's `return` and a
// function expression, in TypeScript and JavaScript; and a state only the list_changed handler fills
// (mcp-essentials-windows), whose tools saw the start value until the client's first change.
import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('fill-details');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

const STATE = (js: boolean) => `const state${ts(js, ': { roots: Array<{ uri: string }>; supported: boolean }')} = { roots: [], supported: false };
export async function initRoots(fetch${ts(js, ': () => Promise<{ roots: Array<{ uri: string }> }>')})${ts(js, ': Promise<void>')} {
  try {
    state.roots = (await fetch()).roots;
    state.supported = true;
  } catch {
    state.supported = false;
  }
}
export function inside(p${ts(js, ': string')})${ts(js, ': boolean')} {
  return !state.supported || state.roots.some((root) => p.startsWith(root.uri.slice(7)));
}
`;

// The fill in the server's own module: the per-request planners follow a handed fetcher into an imported fill
// only (fetcher-param.ts; lifecycle-fetcher-param.test.ts), so here the marker stays.
const SERVER = (js: boolean, thunk: string) => `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
${STATE(js).replace('export async function initRoots', 'async function initRoots').replace('export function inside', 'function inside')}export const server = new McpServer({ name: 's', version: '1.0.0' });
server.server.oninitialized = async () => {
  await initRoots(${thunk});
};
server.registerTool('inside', { inputSchema: z.object({ p: z.string() }) }, async ({ p }${ts(js, ': { p: string }')}) => ({ content: [{ type: 'text', text: String(inside(p)) }] }));
`;

const THUNKS: Record<string, string> = {
  'an arrow returning the request': 'async () => server.server.listRoots()',
  "an arrow's block returning the awaited request": 'async () => {\n    return await server.server.listRoots();\n  }',
  'a function expression': 'function () {\n    return server.server.listRoots();\n  }',
};

describe('--lifecycle per-request says why a fetch handed to a fill as a function stays marked', () => {
  const cases = Object.entries(THUNKS).flatMap(([name, thunk]) => [[`${name} (TypeScript)`, thunk, false] as const, [`${name} (JavaScript)`, thunk, true] as const]);
  it.each(cases)('%s', (name, thunk, js) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), { [`state.${ext(js)}`]: STATE(js), [`server.${ext(js)}`]: SERVER(js, thunk) });
    const { requests } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(/^the roots request is handed to initRoots\(\) as a function \(line 17\), which runs it and keeps the answer itself/) }]);
  });

  it('a request the hook awaits itself keeps the general detail (the function shape alone names a fill)', () => {
    const dir = project('not-handed', { 'state.ts': STATE(false), 'server.ts': SERVER(false, 'async () => server.server.listRoots()').replace('await initRoots(async () => server.server.listRoots());', "const { roots } = await server.server.listRoots();\n  console.error(roots.length);") });
    const { requests } = migrate(dir);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.detail ?? '').not.toMatch(/as a function/);
  });
});

describe('--lifecycle per-request says why a state only the list_changed handler fills stays marked', () => {
  it.each([false, true])('a setter of another module, refreshed on list_changed only (JavaScript: %s)', (js) => {
    const dir = project('refresh-only', {
      [`roots.${ext(js)}`]: `let current${ts(js, ': string[]')} = [];\nexport function updateRoots(uris${ts(js, ': string[]')})${ts(js, ': void')} {\n  current = uris;\n}\nexport function allowed(p${ts(js, ': string')})${ts(js, ': boolean')} {\n  return current.length === 0 || current.some((u) => p.startsWith(u));\n}\n`,
      [`server.${ext(js)}`]: `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { allowed, updateRoots } from './roots.js';
export const server = new McpServer({ name: 's', version: '1.0.0' });
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  try {
    const response = await server.server.listRoots();
    updateRoots(response.roots.map((r) => r.uri));
  } catch (error) {
    console.error('roots failed', error);
  }
});
server.registerTool('allowed', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({ content: [{ type: 'text', text: String(allowed(p)) }] }));
`,
    });
    const { requests } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(/updateRoots is filled by no initialization hook: until the client's first notifications\/roots\/list_changed the tools saw its start value/) }]);
  });
});

describe('--lifecycle per-request says why roots handed to a method of a passed-in object stay marked', () => {
  const server = (js: boolean, wire: string) => `import { McpServer } from '@modelcontextprotocol/server';
export const server = new McpServer({ name: 's', version: '1.0.0' });
${ts(js, 'interface Control { setRoot(uri: string): void; store: { set(uris: string[]): void } }\n')}${wire}
`;
  const WIRES: Record<string, { text: (js: boolean) => string; sink: string }> = {
    'a function declaration whose arrow fetches and awaits (hunch)': {
      text: (js) => `export function wireRoots(control${ts(js, ': Control')})${ts(js, ': void')} {
  const sync = async () => {
    const { roots } = await server.server.listRoots();
    if (roots.length === 1) control.setRoot(roots[0]!.uri);
  };
  server.server.oninitialized = () => {
    void sync();
  };
}`.replace(js ? '!' : '\u0000', ''),
      sink: 'control\\.setRoot\\(\\) \\(line \\d+\\), a method of an object wireRoots\\(\\) is given',
    },
    'a function expression answering in .then': {
      text: (js) => `export const wireRoots = function (ctl${ts(js, ': Control')}) {
  server.server.oninitialized = async () => {
    await server.server.listRoots().then((answer) => ctl.setRoot(answer.roots[0]?.uri ?? ''));
  };
};`,
      sink: 'ctl\\.setRoot\\(\\) \\(line \\d+\\), a method of an object wireRoots\\(\\) is given',
    },
    'an arrow handing every root to a field of its parameter': {
      text: (js) => `export const wireRoots = (deps${ts(js, ': Control')}) => {
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    const response = await server.server.listRoots();
    deps.store.set(response.roots.map((root) => root.uri));
  });
};`,
      sink: 'deps\\.store\\.set\\(\\) \\(line \\d+\\), a method of an object wireRoots\\(\\) is given',
    },
  };
  const cases = Object.entries(WIRES).flatMap(([name, w]) => [[`${name} (TypeScript)`, w, false] as const, [`${name} (JavaScript)`, w, true] as const]);
  it.each(cases)('%s', (name, wire, js) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), { [`server.${ext(js)}`]: server(js, wire.text(js)) });
    const { requests } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(new RegExp(`^the roots answer is handed to ${wire.sink}`)) }]);
  });
});
