// `--lifecycle per-request` on hooks that hand the roots request to an imported fill *as a function* (memvid-mcp's
// `initializeRoots(async () => server.server.listRoots())`, the fill running `await listRootsFn()`): the fill's one
// awaited call of the function is its fetch. Written the ways authors write it — the function as an arrow, a block
// returning the request, a function expression, a named const in the hook; the fill a function declaration, a
// default export behind a barrel, an exported arrow; the answer kept whole, destructured or taken in `.then`; the
// state module variables or the properties of one module object; TypeScript and JavaScript — the init hook becomes
// the per-request helper handing the fill this request's answer, the output type-checks against the real SDK and
// migrates to itself. What the fill does with the function besides running it once and waiting stays marked.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('fetcher-param');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');
const FETCH = (js: boolean) => ts(js, ': () => Promise<{ roots: Array<{ uri: string }> }>');

/** The fill's module: the roots in the properties of one module object, read by a containment check. */
const OBJECT = (js: boolean, fill = 'export async function initRoots', body = '    state.roots = (await fetch()).roots;') => `const state${ts(js, ': { roots: Array<{ uri: string }>; supported: boolean }')} = { roots: [], supported: false };
${fill}(fetch${FETCH(js)})${ts(js, ': Promise<void>')} {
  try {
${body}
    state.supported = true;
    log('info', 'roots loaded', state.roots.length);
  } catch {
    state.supported = false;
  }
}
function log(level${ts(js, ': string')}, ...args${ts(js, ': unknown[]')})${ts(js, ': void')} {
  console.error(level, ...args);
}
export function inside(p${ts(js, ': string')})${ts(js, ': boolean')} {
  return !state.supported || state.roots.some((root) => p.startsWith(root.uri.slice(7)));
}
`;

/** The fill's module: the roots in module variables. */
const VARIABLES = (js: boolean, fill: string, fetched: string) => `let allowed${ts(js, ': string[]')} = [];
let known = false;
${fill}
  try {
${fetched}
  } catch (error) {
    known = false;
    console.error('no roots', error);
  }
}${fill.startsWith('export const') ? ';' : ''}
export function inside(p${ts(js, ': string')})${ts(js, ': boolean')} {
  return !known || allowed.some((dir) => p === dir || p.startsWith(dir + '/'));
}
`;
const FILL_DESTRUCTURING = `    const { roots } = await fetch();
    allowed = roots.map((root) => root.uri.slice(7));
    known = true;`;
const FILL_THEN = `    await fetch().then(({ roots }) => {
      allowed = roots.map((root) => root.uri.slice(7));
      known = true;
    });`;

const SERVER = (js: boolean, from: string, init: string, refresh = 'await initRoots(() => server.server.listRoots());') => `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { initRoots, inside } from '${from}';
export const server = new McpServer({ name: 's', version: '1.0.0' });
server.server.oninitialized = async () => {
  console.error('initialized, asking for roots');
${init}
};
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  ${refresh}
});
server.registerTool('inside', { inputSchema: z.object({ p: z.string() }) }, async ({ p }${ts(js, ': { p: string }')}) => ({ content: [{ type: 'text', text: String(inside(p)) }] }));
`;

const SPELLINGS: Record<string, (js: boolean) => Record<string, string>> = {
  'an arrow returning the request, a module object': (js) => ({ [`state.${ext(js)}`]: OBJECT(js), [`server.${ext(js)}`]: SERVER(js, './state.js', '  await initRoots(async () => server.server.listRoots());') }),
  "an arrow's block returning the awaited request, a module object": (js) => ({
    [`state.${ext(js)}`]: OBJECT(js),
    [`server.${ext(js)}`]: SERVER(js, './state.js', '  await initRoots(async () => {\n    return await server.server.listRoots();\n  });'),
  }),
  'a function expression, the fill an exported arrow whose answer is cast': (js) => ({
    [`state.${ext(js)}`]: OBJECT(js, 'export const initRoots = async function ', `    const answer = (await fetch())${ts(js, ' as { roots: Array<{ uri: string }> }')};\n    state.roots = answer.roots;`).replace('\nfunction log', ';\nfunction log'),
    [`server.${ext(js)}`]: SERVER(js, './state.js', '  await initRoots(function () {\n    return server.server.listRoots();\n  });'),
  }),
  'a named fetcher declared in the hook, the fill destructuring into module variables': (js) => ({
    [`state.${ext(js)}`]: VARIABLES(js, `export async function initRoots(fetch${FETCH(js)})${ts(js, ': Promise<void>')} {`, FILL_DESTRUCTURING),
    [`server.${ext(js)}`]: SERVER(js, './state.js', '  const askRoots = async () => server.server.listRoots();\n  await initRoots(askRoots);'),
  }),
  'a function declaration fetcher in the hook, the fill a module object': (js) => ({
    [`state.${ext(js)}`]: OBJECT(js),
    [`server.${ext(js)}`]: SERVER(js, './state.js', '  async function askRoots() {\n    return server.server.listRoots();\n  }\n  await initRoots(askRoots);'),
  }),
  'a default export behind a barrel, the answer taken in .then': (js) => ({
    [`fill.${ext(js)}`]: VARIABLES(js, `export default async function initRoots(fetch${FETCH(js)}) {`, FILL_THEN),
    [`lib.${ext(js)}`]: "export { default as initRoots, inside } from './fill.js';\n",
    [`server.${ext(js)}`]: SERVER(js, './lib.js', '  await initRoots(() => server.server.listRoots());'),
  }),
  'an exported arrow fill destructuring into module variables, a function expression fetcher': (js) => ({
    [`state.${ext(js)}`]: VARIABLES(js, `export const initRoots = async (fetch${FETCH(js)}) => {`, FILL_DESTRUCTURING),
    [`server.${ext(js)}`]: SERVER(js, './state.js', '  await initRoots(async function () {\n    return server.server.listRoots();\n  });'),
  }),
};

describe('--lifecycle per-request follows the roots request handed to an imported fill as a function', () => {
  const cases = Object.entries(SPELLINGS).flatMap(([name, files]) => [[`${name} (TypeScript)`, files, false] as const, [`${name} (JavaScript)`, files, true] as const]);
  it.each(cases)('%s: the init hook becomes the helper handing the fill the answer, the refresh goes', (name, files, js) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), files(js));
    const first = migrate(dir);
    expect(first.requests).toEqual([
      { outcome: 'rewritten', detail: expect.stringMatching(/one client per process/) },
      { outcome: 'rewritten', detail: expect.stringMatching(/one client per process/) },
    ]);
    // Only the server file changes: the fill and the state stay as they were.
    expect(Object.keys(first.changed)).toEqual([`server.${ext(js)}`]);
    const text = first.changed[`server.${ext(js)}`]!;
    expect(text).not.toMatch(/oninitialized|notifications\/roots\/list_changed|server\.server\.listRoots\(\)/);
    expect(text).toContain(`const deriveRootsState = async (ctx${ts(js, ': ServerContext')}) => {`);
    // The function handed to the fill now returns this request's answer; the fill is still handed it.
    expect(text).toMatch(/(=>|return( await)?) rootsFromAnswer\(ctx\)/);
    expect(text).toMatch(/await initRoots\(/);
    // Each fill catches its own fetch's failure, the path a client without roots took: the helper runs for every client.
    expect(text).toMatch(/\n\s+await deriveRootsState\(ctx\);/);
    expect(text).not.toContain('if (clientDeclaresRoots(ctx, server.server)) await deriveRootsState(ctx);');
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request on a fill that lets its fetch fail', () => {
  it('a client without roots never ran the fill past its fetch: the helper runs only for a client that declares roots', () => {
    const fill = `let allowed: string[] = [];
export async function initRoots(fetch${FETCH(false)}): Promise<void> {
  const { roots } = await fetch();
  allowed = roots.map((root) => root.uri.slice(7));
}
export function inside(p: string): boolean {
  return allowed.length === 0 || allowed.some((dir) => p.startsWith(dir));
}
`;
    const dir = project('uncaught', { 'state.ts': fill, 'server.ts': SERVER(false, './state.js', '  try {\n    await initRoots(async () => server.server.listRoots());\n  } catch (error) {\n    console.error(error);\n  }') });
    const first = migrate(dir);
    expect(first.requests.map((r) => r.outcome)).toEqual(['rewritten', 'rewritten']);
    expect(first.changed['server.ts']).toContain('if (clientDeclaresRoots(ctx, server.server)) await deriveRootsState(ctx);');
    expect(typecheck(dir)).toEqual([]);
  });
});

describe('--lifecycle per-request keeps the marker on a fill that does more with the function than run it once', () => {
  const marked = (state: string, detail: RegExp, server = SERVER(false, './state.js', '  await initRoots(async () => server.server.listRoots());'), sites = 2) => {
    const dir = project('marked', { 'state.ts': state, 'server.ts': server });
    const { requests, changed } = migrate(dir);
    expect(requests).toHaveLength(sites);
    for (const r of requests) {
      expect(r.outcome).toBe('marked');
      expect(r.detail).toMatch(detail);
    }
    expect(changed['server.ts']).toMatch(/oninitialized/);
  };

  it('runs it twice (a retry): per request the answer comes once', () => {
    marked(OBJECT(false, 'export async function initRoots', '    state.roots = (await fetch().catch(() => fetch())).roots;'), /initRoots\(\) is handed the roots request as a function and runs it 2 times \(lines \d+, \d+\)/);
  });

  it('keeps it for later', () => {
    marked(OBJECT(false).replace('export async function initRoots(fetch: () => Promise<{ roots: Array<{ uri: string }> }>): Promise<void> {', 'let again: unknown;\nexport async function initRoots(fetch: () => Promise<{ roots: Array<{ uri: string }> }>): Promise<void> {\n  again = fetch;'), /initRoots\(\) is handed the roots request as a function and keeps it or hands it on \(line \d+\)/);
  });

  it('runs it in a timer callback', () => {
    marked(VARIABLES(false, 'export async function initRoots(fetch: () => Promise<{ roots: Array<{ uri: string }> }>): Promise<void> {', "    setTimeout(async () => {\n      allowed = (await fetch()).roots.map((r) => r.uri);\n    }, 10);\n    known = true;"), /initRoots\(\) is handed the roots request as a function and runs it inside a callback \(line \d+\)/);
  });

  it('does not wait for its answer', () => {
    marked(VARIABLES(false, 'export async function initRoots(fetch: () => Promise<{ roots: Array<{ uri: string }> }>): Promise<void> {', '    void fetch().then(({ roots }) => {\n      allowed = roots.map((r) => r.uri);\n    });\n    known = true;'), /initRoots\(\) is handed the roots request as a function and does not wait for its answer \(line \d+\)/);
  });

  it('runs it with arguments', () => {
    marked(OBJECT(false, 'export async function initRoots', '    state.roots = (await (fetch as (n: number) => Promise<{ roots: Array<{ uri: string }> }>)(1)).roots;'), /keeps it or hands it on|with arguments/);
  });

  it('hands the answer to something besides the state (a publisher)', () => {
    marked(OBJECT(false, 'export async function initRoots', '    const answer = await fetch();\n    publish(answer.roots);\n    state.roots = answer.roots;').replace('function log', 'function publish(roots: unknown[]): void {\n  void roots;\n}\nfunction log'), /initRoots\(\) does more than fill the roots state \(line \d+\)/);
  });

  it('the fetcher the init hook hands over is declared at module level, outside the hook', () => {
    marked(OBJECT(false), /declared outside the hook handing it over/, SERVER(false, './state.js', '  await initRoots(askRoots);').replace('server.server.oninitialized', 'async function askRoots() {\n  return server.server.listRoots();\n}\nserver.server.oninitialized'));
  });

  it('a second fill refreshes the state on list_changed (memvid-mcp: initializeRoots() and handleRootsChanged()): each site says which', () => {
    const state = OBJECT(false) + `export async function refreshRoots(fetch${FETCH(false)}): Promise<void> {
  if (!state.supported) return;
  try {
    state.roots = (await fetch()).roots;
  } catch {
    log('warning', 'refresh failed');
  }
}
`;
    const dir = project('two-fills', { 'state.ts': state, 'server.ts': SERVER(false, './state.js', '  await initRoots(async () => server.server.listRoots());', 'await refreshRoots(() => server.server.listRoots());').replace('import { initRoots, inside }', 'import { initRoots, inside, refreshRoots }') });
    const { requests } = migrate(dir);
    expect(requests).toEqual([
      { outcome: 'marked', detail: expect.stringMatching(/^state is also written at line \d+ of \.\/state\.ts, by refreshRoots\(\)$/) },
      { outcome: 'marked', detail: expect.stringMatching(/^the roots request is handed to refreshRoots\(\) as a function \(line \d+\), a second fill beside initRoots\(\)/) },
    ]);
  });

  it('the hook calls a function named log without a level first (no logger by its call)', () => {
    const server = SERVER(false, './state.js', "  log(server);\n  await initRoots(async () => server.server.listRoots());").replace("export const server", "function log(value: unknown): void {\n  void value;\n}\nexport const server");
    const dir = project('not-a-log', { 'state.ts': OBJECT(false), 'server.ts': server });
    const { requests } = migrate(dir);
    expect(requests[0]).toEqual({ outcome: 'marked', detail: expect.stringMatching(/the hook does more than fetch roots/) });
  });

  it('the state object is handed on whole', () => {
    marked(OBJECT(false) + 'export function snapshot(): object {\n  return state;\n}\n', /state is handed on whole at line \d+ of \.\/state\.ts/);
  });

  it('a property of the state object is written elsewhere too', () => {
    marked(OBJECT(false) + 'export function forget(): void {\n  state.roots = [];\n}\n', /state is also written at line \d+ of \.\/state\.ts/);
  });
});
