// `--lifecycle per-request` when the function that fetches the roots is handed the server it asks
// (`refreshRoots(server.server)`, as repocontext does), falls back to another writer of the state's
// module (`useCwdIfEmpty()`: the working directory when the state is empty) for a client without
// roots, an empty answer or a failure, and the tools read the state through getters of other
// modules. Written the ways authors write it — a function declaration, a const arrow, a function
// expression; the fall-back imported directly or through a barrel; start-up fall-back at module level
// or ahead of the connect; the answer awaited, destructured or cast; JavaScript and TypeScript — the
// fetch function becomes the per-request helper, the output type-checks and migrates to itself; what
// cannot be proven stays marked, saying why.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('receiver-fill');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

/** The state's module: a setter, the fall-back writer, a getter. */
const ROOTS = (js: boolean, fallback = `export function useCwdIfEmpty()${ts(js, ': void')} {
  if (workspace.length === 0) {
    const cwd = process.cwd();
    workspace = [cwd];
    console.error('no roots; using the working directory');
  }
}`) => `import { fileURLToPath } from 'node:url';
let workspace${ts(js, ': string[]')} = [];
export function useRoots(uris${ts(js, ': readonly string[]')})${ts(js, ': void')} {
  workspace = uris.filter((uri) => uri.startsWith('file://')).map((uri) => fileURLToPath(uri));
}
${fallback}
export function workspaceDirs()${ts(js, ': string[]')} {
  return [...workspace];
}
`;

/** Readers in a module of their own, one calling the other. */
const CHECK = (js: boolean, from = './roots.js') => `import path from 'node:path';
import { workspaceDirs } from '${from}';
export function inside(p${ts(js, ': string')})${ts(js, ': boolean')} {
  return workspaceDirs().some((dir) => p === dir || p.startsWith(dir + path.sep));
}
export function describeWorkspace()${ts(js, ': string')} {
  return workspaceDirs().length + ' directories, ' + (inside(process.cwd()) ? 'with' : 'without') + ' the working directory';
}
`;

const BODY = (server: string, answer: string, js: boolean) => `  try {
    if (!${server}.getClientCapabilities()?.roots) {
      useCwdIfEmpty();
      return;
    }
${answer}
    if (uris.length > 0) {
      useRoots(uris);
    } else {
      useCwdIfEmpty();
    }
  } catch (error) {
    log('warning', 'could not read roots: ' + String(error));
    useCwdIfEmpty();
  }${ts(js, '')}`;

const AWAITED = (server: string) => `    const result = await ${server}.listRoots();
    const uris = result.roots.map((root) => root.uri);`;
const DESTRUCTURED = (server: string) => `    const { roots } = await ${server}.listRoots();
    const uris = roots.map((root) => root.uri);`;
const CAST = (server: string, js: boolean) => `    const answer = (await ${server}.listRoots())${ts(js, ' as ListRootsResult')};
    const uris = answer.roots.map((root) => root.uri);`;

const LOG = (js: boolean) => `function log(level${ts(js, ": 'info' | 'warning'")}, message${ts(js, ': string')})${ts(js, ': void')} {
  console.error('[' + level + '] ' + message);
}`;

const TOOLS = `  server.registerTool('inside', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({ content: [{ type: 'text', text: String(inside(path.resolve(p))) }] }));
  server.registerTool('workspace', { description: 'What the workspace holds' }, async () => ({ content: [{ type: 'text', text: describeWorkspace() }] }));`;

interface Spelling {
  files: (js: boolean) => Record<string, string>;
}

const SPELLINGS: Record<string, Spelling> = {
  'a function declaration handed mcp.server, start-up fall-back between the hook installs and the connect': {
    files: (js) => ({
      [`roots.${ext(js)}`]: ROOTS(js),
      [`check.${ext(js)}`]: CHECK(js),
      [`server.${ext(js)}`]: `import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';
import { useCwdIfEmpty, useRoots } from './roots.js';
import { describeWorkspace, inside } from './check.js';
${LOG(js)}
export async function main()${ts(js, ': Promise<void>')} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
${TOOLS}
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    log('info', 'roots changed');
    await refreshRoots(server.server);
  });
  useCwdIfEmpty();
  server.server.oninitialized = async () => {
    await refreshRoots(server.server);
  };
  await server.connect(new StdioServerTransport());
}
async function refreshRoots(server${ts(js, ": McpServer['server']")})${ts(js, ': Promise<void>')} {
${BODY('server', AWAITED('server'), js)}
}
`,
    }),
  },
  'a const arrow handed the server, the fall-back through a barrel, the answer destructured, start-up at module level': {
    files: (js) => ({
      [`roots.${ext(js)}`]: ROOTS(js),
      [`lib.${ext(js)}`]: "export { useCwdIfEmpty, useRoots, workspaceDirs } from './roots.js';\n",
      [`check.${ext(js)}`]: CHECK(js, './lib.js'),
      [`server.${ext(js)}`]: `import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { useCwdIfEmpty, useRoots } from './lib.js';
import { describeWorkspace, inside } from './check.js';
${LOG(js)}
const refresh = async (srv${ts(js, ": McpServer['server']")}) => {
${BODY('srv', DESTRUCTURED('srv'), js)}
};
useCwdIfEmpty();
export const server = new McpServer({ name: 's', version: '1.0.0' });
${TOOLS.replace(/^ {2}/gm, '')}
server.server.oninitialized = async () => {
  await refresh(server.server);
};
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  await refresh(server.server);
});
`,
    }),
  },
  'a function expression handed a low-level Server, a cast answer, a createServer factory': {
    files: (js) => ({
      [`roots.${ext(js)}`]: ROOTS(js),
      [`check.${ext(js)}`]: CHECK(js),
      [`server.${ext(js)}`]: `import path from 'node:path';
import { ${ts(js, 'type ListRootsResult, ')}McpServer, ${ts(js, 'type ')}Server } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { useCwdIfEmpty, useRoots } from './roots.js';
import { describeWorkspace, inside } from './check.js';
${LOG(js)}
${ts(js, '// A type naming a reader runs nothing: its callers are still followed.\ntype Check = typeof inside;\nexport const checks: Check[] = [];\n')}const syncRoots = async function (low${ts(js, ': Server')}) {
${BODY('low', CAST('low', js), js)}
};
useCwdIfEmpty();
export function createServer()${ts(js, ': McpServer')} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  const low = server.server;
${TOOLS}
  low.oninitialized = async () => {
    await syncRoots(low);
  };
  low.setNotificationHandler('notifications/roots/list_changed', async () => {
    await syncRoots(low);
  });
  return server;
}
`,
    }),
  },
};

describe('--lifecycle per-request on a fetch function handed the server, with a fall-back writer', () => {
  const cases = Object.entries(SPELLINGS).flatMap(([name, s]) => [[`${name} (TypeScript)`, s, false] as const, [`${name} (JavaScript)`, s, true] as const]);
  it.each(cases)('%s: the fetch function is the helper, the hooks go, the output type-checks and migrates to itself', (name, spelling, js) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), spelling.files(js));
    const first = migrate(dir);
    expect(first.requests).toHaveLength(1);
    expect(first.requests.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    // Only the server file changes: the state's module, the barrel and the readers stay as they were.
    expect(Object.keys(first.changed)).toEqual([`server.${ext(js)}`]);
    const text = first.changed[`server.${ext(js)}`]!;
    expect(text).not.toMatch(/oninitialized|notifications\/roots\/list_changed|(server|srv|low)\.listRoots\(/);
    // The fetch function takes ctx after the server it is handed, and both tools (readers through check.ts) run it
    // for every client: its own fall-back is the path a client without roots took.
    const helper = /async function refreshRoots|const refresh = async|const syncRoots = async function/.exec(text)![0];
    const name2 = helper.includes('refreshRoots') ? 'refreshRoots' : helper.includes('syncRoots') ? 'syncRoots' : 'refresh';
    const server = name2 === 'syncRoots' ? 'low' : 'server.server';
    expect(text.split(`await ${name2}(${server}, ctx);`)).toHaveLength(3);
    expect(text).toMatch(/clientDeclaresRoots\(ctx, (server|srv|low)\)/);
    expect(text).toMatch(/await rootsFromAnswer\(ctx\)/);
    // The start-up fall-back stays where it was.
    expect(text).toMatch(/\n\s*useCwdIfEmpty\(\);\n/);
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker on a fetch function or fall-back it cannot prove', () => {
  const base = SPELLINGS['a const arrow handed the server, the fall-back through a barrel, the answer destructured, start-up at module level']!.files(false);
  const marked = (files: Record<string, string>, detail: RegExp) => {
    const dir = project('marked', { ...base, ...files });
    const { requests, changed } = migrate(dir);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.outcome).toBe('marked');
    expect(requests[0]!.detail).toMatch(detail);
    expect(changed['server.ts']).toMatch(/oninitialized/);
  };

  it('the fall-back writer is also called from another module (a reset the tools may run)', () => {
    marked({ 'reset.ts': "import { useCwdIfEmpty } from './roots.js';\nexport function reset(): void {\n  useCwdIfEmpty();\n}\n" }, /useCwdIfEmpty\(\) writes the roots state too and is also called at line 3 of reset\.ts, which no per-request helper replays/);
  });

  it('the fall-back writer does more than write the state (it starts a watcher)', () => {
    marked({ 'roots.ts': ROOTS(false, "function watch(dirs: string[]): void { void dirs; }\nexport function useCwdIfEmpty(): void {\n  workspace = [process.cwd()];\n  watch(workspace);\n}") }, /the hook does more than fetch roots/);
  });

  it('the two triggers hand the fetch function different servers', () => {
    marked({ 'server.ts': base['server.ts']!.replace("server.server.setNotificationHandler('notifications/roots/list_changed', async () => {\n  await refresh(server.server);", "const other = new McpServer({ name: 'o', version: '1.0.0' });\nserver.server.setNotificationHandler('notifications/roots/list_changed', async () => {\n  await refresh(other.server);") }, /given something besides the roots answer/);
  });

  it('the server handed over is used for more than asking (a log message sent to the client)', () => {
    marked({ 'server.ts': base['server.ts']!.replace("    const { roots } = await srv.listRoots();", "    await srv.sendLoggingMessage({ level: 'info', data: 'asking for roots' });\n    const { roots } = await srv.listRoots();") }, /whose parameter srv, the server it asks the roots through, is also used at line \d+ for more than asking/);
  });
});
