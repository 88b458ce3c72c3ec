// `--lifecycle per-request` on a named function that fetches the roots for its triggers with an argument of theirs
// (code-tools-mcp: `sync('initialized')` from oninitialized, `sync('list_changed')` from the refresh, a label only
// its logs show), handing the answer to a fill imported from another module whose result it keeps for its logs, the
// fill writing through a setter that keeps several variables the getters refill from configuration when empty.
// Written the ways authors write it — a function declaration or an arrow, the result destructured or kept whole, a
// sync or an async fill, a handler destructuring its ctx, JavaScript and TypeScript — the function becomes the
// per-request helper called with the init hook's arguments, the output type-checks and migrates to itself; a
// parameter that decides more than a log, a writer a tool reaches, or a result used for more keeps the marker.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('fetcher-args');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

/** The state: two variables and a cache, set together, refilled from configuration by the getters when empty. */
const WORKSPACE = (js: boolean) => `import path from 'node:path';
let primary${ts(js, ': string | null')} = null;
let all${ts(js, ': string[] | null')} = null;
let real${ts(js, ': Map<string, string> | null')} = null;
function fromConfig()${ts(js, ': string[]')} {
  return (process.env.WORK_DIRS ?? process.cwd()).split(path.delimiter).map((d) => path.resolve(d));
}
export function getRoots()${ts(js, ': readonly string[]')} {
  if (!all) {
    const roots = fromConfig();
    all = roots;
    primary = roots[0] ?? null;
    real = null;
  }
  return all;
}
export function getPrimary()${ts(js, ': string')} {
  if (primary === null) {
    const roots = fromConfig();
    primary = roots[0] ?? process.cwd();
    all = roots;
    real = null;
  }
  return primary;
}
export function realOf(dir${ts(js, ': string')})${ts(js, ': string')} {
  if (!real) real = new Map();
  return real.get(dir) ?? dir;
}
export function setRoots(roots${ts(js, ': readonly string[]')})${ts(js, ': void')} {
  all = roots.map((r) => path.resolve(r));
  primary = all[0] ?? null;
  real = null;
}
export function setRoot(root${ts(js, ': string')})${ts(js, ': void')} {
  primary = path.resolve(root);
  all = [primary];
  real = null;
}
`;

/** The fill: file: URIs to directories, handed to the setter when there are any; says what it did. */
const APPLY = (js: boolean, async = false) => `import { fileURLToPath } from 'node:url';
import { setRoots } from './workspace.js';
export ${async ? 'async ' : ''}function applyRoots(roots${ts(js, ': ReadonlyArray<{ uri: string }>')}) {
  const dirs = roots.filter((r) => r.uri.startsWith('file://')).map((r) => fileURLToPath(r.uri));
  if (dirs.length === 0) return { applied: false, dirs, invalid: roots.length };
  setRoots(dirs);
  return { applied: true, dirs, invalid: roots.length - dirs.length };
}
`;

/** A test of the fill and the setter: it drives the module itself and serves no client. */
const APPLY_TEST = `import { applyRoots } from './apply.js';
import { setRoot } from './workspace.js';
setRoot('/tmp');
void applyRoots([{ uri: 'file:///tmp' }]);
`;

type Fetcher = (js: boolean) => string;

const DECLARATION: Fetcher = (js) => `async function sync(reason${ts(js, ": 'initialized' | 'list_changed'")})${ts(js, ': Promise<void>')} {
  const caps = server.server.getClientCapabilities();
  if (!caps?.roots) return;
  try {
    const list = await server.server.listRoots();
    const { applied, dirs, invalid } = applyRoots(list.roots ?? []);
    if (invalid > 0) console.error(\`[roots] ignoring \${invalid} root(s) (\${reason})\`);
    if (!applied) {
      console.error(\`[roots] none usable (\${reason}); keeping \${getRoots().join(',')}\`);
      return;
    }
    console.error(\`[roots] applied \${dirs.length} (\${reason})\`);
  } catch (error) {
    console.error(\`[roots] failed (\${reason})\`, error);
  }
}`;

/** An arrow, the result kept whole, the fill awaited, the gate inline. */
const ARROW_WHOLE: Fetcher = (js) => `const sync = async (label${ts(js, ': string')})${ts(js, ': Promise<void>')} => {
  if (!server.server.getClientCapabilities()?.roots) return;
  try {
    const { roots } = await server.server.listRoots();
    const result = await applyRoots(roots);
    if (!result.applied) {
      console.error('[roots] none usable', label);
      return;
    }
    console.error('[roots] applied', result.dirs.length, label);
  } catch (error) {
    console.error('[roots] failed', label, error);
  }
};`;

const SERVER = (js: boolean, fetcher: string, ctxTool = '') => `import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { applyRoots } from './apply.js';
import { getPrimary, getRoots, realOf } from './workspace.js';
export const server = new McpServer({ name: 's', version: '1.0.0' });
${fetcher}
server.server.oninitialized = () => {
  void sync('initialized');
};
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  await sync('list_changed');
});
server.registerTool('roots', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: getRoots().join(',') }] }));
server.registerTool('primary', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({ content: [{ type: 'text', text: realOf(path.join(getPrimary(), p)) }] }));
${ctxTool}`;

/** A tool destructuring its ctx (the SDK's per-request argument): named so the entry can ask, then destructured again. */
const CTX_TOOL = `server.registerTool('abortable', { inputSchema: z.object({}) }, async (_args, { mcpReq }) => ({ content: [{ type: 'text', text: \`\${mcpReq.signal.aborted} \${getRoots().length}\` }] }));
`;

const SPELLINGS: Record<string, { fetcher: Fetcher; asyncFill?: boolean; ctxTool?: boolean }> = {
  'a function declaration labelling its logs, the result destructured': { fetcher: DECLARATION },
  'an arrow, the result kept whole from an async fill, a tool destructuring its ctx': { fetcher: ARROW_WHOLE, asyncFill: true, ctxTool: true },
};

describe('--lifecycle per-request replays a fetcher with its init hook\'s arguments', () => {
  const cases = Object.entries(SPELLINGS).flatMap(([name, s]) => [[`${name} (TypeScript)`, s, false] as const, [`${name} (JavaScript)`, s, true] as const]);
  it.each(cases)('%s: the fetcher becomes the helper, the hooks go, the output type-checks and migrates to itself', (name, s, js) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), {
      [`workspace.${ext(js)}`]: WORKSPACE(js),
      [`apply.${ext(js)}`]: APPLY(js, s.asyncFill),
      [`apply.test.${ext(js)}`]: APPLY_TEST,
      [`server.${ext(js)}`]: SERVER(js, s.fetcher(js), s.ctxTool ? CTX_TOOL : ''),
    });
    const first = migrate(dir);
    expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.any(String) }]);
    expect(Object.keys(first.changed)).toEqual([`server.${ext(js)}`]);
    const text = first.changed[`server.${ext(js)}`]!;
    expect(text).not.toMatch(/oninitialized|notifications\/roots\/list_changed|server\.server\.listRoots\(\)|sync\('list_changed'\)/);
    // Every reading tool replays the init hook's call, its argument first, ctx after it.
    const tools = s.ctxTool ? 3 : 2;
    expect(text.split("if (clientDeclaresRoots(ctx, server.server)) await sync('initialized', ctx);")).toHaveLength(tools + 1);
    if (s.ctxTool) expect(text).toMatch(/async \(_args, ctx\)[^\n]*\{[\s\S]*?const \{ mcpReq \} = ctx;/);
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker on a fetcher or a state it cannot replay', () => {
  const marked = (server: string, detail: RegExp, extra: Record<string, string> = {}) => {
    const dir = project('marked', { 'workspace.ts': WORKSPACE(false), 'apply.ts': APPLY(false), ...extra, 'server.ts': server });
    const { requests, changed } = migrate(dir);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.outcome).toBe('marked');
    expect(requests[0]!.detail).toMatch(detail);
    expect(changed['server.ts']).toMatch(/oninitialized/);
  };

  it('the argument decides more than a log (the refresh skips the fill)', () => {
    const fetcher = DECLARATION(false).replace('  const caps =', "  if (reason === 'list_changed' && getRoots().length > 1) return;\n  const caps =");
    marked(SERVER(false, fetcher), /sync\(\) with parameters: its triggers pass it different arguments, which decide more than what it logs/);
  });

  it('a trigger passes a value of its own scope, not a constant', () => {
    const server = SERVER(false, DECLARATION(false)).replace("void sync('initialized');", "const why = 'initialized' as const;\n  void sync(why);");
    marked(server, /a trigger passes it something other than a constant/);
  });

  it('a tool sets the workspace itself (a writer the next request would overwrite)', () => {
    const tool = "import { setRoot } from './workspace.js';\nserver.registerTool('cd', { inputSchema: z.object({ d: z.string() }) }, async ({ d }) => { setRoot(d); return { content: [] }; });\n";
    marked(SERVER(false, DECLARATION(false), tool), /(primary|all) is also written at line \d+ of \.\/workspace\.ts/);
  });

  it('the fill\'s result decides what the fetcher returns', () => {
    const fetcher = DECLARATION(false).replace('Promise<void>', 'Promise<boolean>').replace('      return;\n    }', '      return false;\n    }').replace("console.error(`[roots] applied ${dirs.length} (${reason})`);", "console.error(`[roots] applied ${dirs.length} (${reason})`);\n    return applied;").replace("console.error(`[roots] failed (${reason})`, error);", "console.error(`[roots] failed (${reason})`, error);\n    return false;").replace('if (!caps?.roots) return;', 'if (!caps?.roots) return false;');
    marked(SERVER(false, fetcher), /the result of applyRoots\(\) is used at line \d+, which a per-request helper would not keep/);
  });
});
