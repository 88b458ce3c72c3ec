// `--lifecycle per-request` on hooks that hand the roots answer to a fill imported from another
// module (yarn-virtuals-mcp's `import updateAllowedDirectoriesFromRoots from './update….js'`): the
// fill writes its own module's variable or a setter of a third module, and the tools read that state
// through helpers of other modules. Written the ways authors write it — a default or a named import,
// through a barrel, the answer's roots, destructured or cast, a `.then` callback, an arrow or a
// function declaration, JavaScript and TypeScript — the init hook becomes the per-request helper,
// the output type-checks against the real SDK and migrates to itself; what cannot be proven stays marked.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('imported-fill');

/** TypeScript annotations, or none for the JavaScript spelling. */
const ts = (js: boolean, text: string) => (js ? '' : text);

/** The sandbox in a module of its own: a setter and a getter. */
const ALLOWED = (js: boolean) => `let allowed${ts(js, ': string[]')} = [];
export function setAllowed(dirs${ts(js, ': readonly string[]')})${ts(js, ': void')} {
  allowed = [...dirs];
}
export function getAllowed()${ts(js, ': string[]')} {
  return [...allowed];
}
`;

/** Containment checks in another module, reading the sandbox through the getter; one walk calls itself. */
const CHECK = (js: boolean) => `import path from 'node:path';
import { getAllowed } from './allowed.js';
export function inside(p${ts(js, ': string')})${ts(js, ': boolean')} {
  return getAllowed().some((dir) => p === dir || p.startsWith(dir + path.sep));
}
export function depth(p${ts(js, ': string')}, n = 0)${ts(js, ': number')} {
  return p === path.dirname(p) || inside(p) ? n : depth(path.dirname(p), n + 1);
}
`;

/** The fill: file: URIs to directories, handed to the setter; logs otherwise. */
const UPDATE = (js: boolean, declare: (body: string) => string) => `import { fileURLToPath } from 'node:url';
${ts(js, "import type { Root } from '@modelcontextprotocol/server';\n")}import { setAllowed } from './allowed.js';
${declare(`  const dirs = roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri));
  if (dirs.length > 0) {
    setAllowed(dirs);
    console.error('allowed from roots', dirs.length);
  } else {
    console.error('no valid roots');
  }`)}
`;

const FUNCTION = (js: boolean) => (body: string) => `export async function updateFromRoots(roots${ts(js, ': readonly Root[]')})${ts(js, ': Promise<void>')} {
${body}
}`;
const DEFAULT = (js: boolean) => (body: string) => `export default async function updateFromRoots(roots${ts(js, ': readonly Root[]')}) {
${body}
}`;
const ARROW = (js: boolean) => (body: string) => `export const updateFromRoots = async (roots${ts(js, ': readonly Root[]')}) => {
${body}
};`;

const SERVER = (js: boolean, imports: string, init: string, refresh: string, extra = '') => `import path from 'node:path';
import { ${ts(js, 'type ListRootsResult, ')}McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { setAllowed } from './allowed.js';
import { depth, inside } from './check.js';
${imports}
setAllowed(process.env.START_DIR ? [path.resolve(process.env.START_DIR)] : []);
export const server = new McpServer({ name: 's', version: '1.0.0' });
server.server.oninitialized = async () => {
  if (server.server.getClientCapabilities()?.roots) {
${init}
  }
};
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
${refresh}
});
server.registerTool('inside', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({ content: [{ type: 'text', text: String(inside(path.resolve(p))) }] }));
server.registerTool('depth', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({ content: [{ type: 'text', text: String(depth(path.resolve(p))) }] }));
${extra}`;

const AWAIT_ROOTS = `    try {
      const response = await server.server.listRoots();
      if (response && 'roots' in response) await updateFromRoots(response.roots);
    } catch (error) {
      console.error('roots failed', error);
    }`;
const DESTRUCTURED = `  const { roots } = await server.server.listRoots();
  await updateFromRoots(roots);`;

interface Spelling {
  files: (js: boolean) => Record<string, string>;
}

const ext = (js: boolean) => (js ? 'js' : 'ts');

/** `text` with `from` replaced; a spelling whose edit found nothing would test the plain one again. */
function replaced(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the spelling's edit found no ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

const SPELLINGS: Record<string, Spelling> = {
  'a named import, the answer guarded and caught, the list_changed handler destructuring': {
    files: (js) => ({ [`update.${ext(js)}`]: UPDATE(js, FUNCTION(js)), [`server.${ext(js)}`]: SERVER(js, "import { updateFromRoots } from './update.js';", AWAIT_ROOTS, DESTRUCTURED) }),
  },
  'a default import through a barrel, the .then callback destructuring and returning the fill': {
    files: (js) => ({
      [`update.${ext(js)}`]: UPDATE(js, DEFAULT(js)),
      [`lib.${ext(js)}`]: "export { default as updateFromRoots } from './update.js';\n",
      [`server.${ext(js)}`]: SERVER(js, "import { updateFromRoots } from './lib.js';", '    await server.server.listRoots().then(({ roots }) => updateFromRoots(roots));', DESTRUCTURED),
    }),
  },
  'an exported arrow, a cast answer, and a fill the hook does not await': {
    files: (js) => ({
      [`update.${ext(js)}`]: UPDATE(js, ARROW(js)),
      [`server.${ext(js)}`]: SERVER(js, "import { updateFromRoots } from './update.js';", `    const answer = (await server.server.listRoots())${ts(js, ' as ListRootsResult')};
    updateFromRoots(answer.roots);`, DESTRUCTURED),
    }),
  },
  'a named function the init hook awaits fetches and hands the roots over': {
    files: (js) => ({
      [`update.${ext(js)}`]: UPDATE(js, FUNCTION(js)),
      [`server.${ext(js)}`]: replaced(
        replaced(SERVER(js, "import { updateFromRoots } from './update.js';", AWAIT_ROOTS, DESTRUCTURED), 'server.server.oninitialized = async () => {\n  if', 'const fillRoots = async () => {\n  if'),
        '  }\n};\nserver.server.setNotificationHandler',
        '  }\n};\nserver.server.oninitialized = async () => {\n  await fillRoots();\n};\nserver.server.setNotificationHandler',
      ),
    }),
  },
  'an async IIFE the init hook starts and does not wait for': {
    files: (js) => ({
      [`update.${ext(js)}`]: UPDATE(js, FUNCTION(js)),
      [`server.${ext(js)}`]: SERVER(js, "import { updateFromRoots } from './update.js';", `    void (async () => {
${AWAIT_ROOTS}
    })();`, DESTRUCTURED),
    }),
  },
};

describe('--lifecycle per-request replays a fill imported from another module', () => {
  const cases = Object.entries(SPELLINGS).flatMap(([name, s]) => [[`${name} (TypeScript)`, s, false] as const, [`${name} (JavaScript)`, s, true] as const]);
  it.each(cases)('%s: the init hook becomes the helper, the refresh goes, the output type-checks and migrates to itself', (name, spelling, js) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), { [`allowed.${ext(js)}`]: ALLOWED(js), [`check.${ext(js)}`]: CHECK(js), ...spelling.files(js) });
    const first = migrate(dir);
    expect(first.requests).toHaveLength(2);
    expect(first.requests.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    // Only the server file changes: the fill, the setter and the readers stay as they were.
    expect(Object.keys(first.changed)).toEqual([`server.${ext(js)}`]);
    const text = first.changed[`server.${ext(js)}`]!;
    expect(text).not.toMatch(/oninitialized|notifications\/roots\/list_changed|server\.server\.listRoots\(\)/);
    // The init hook, or the named function it awaits, is the helper each reading handler calls.
    const helper = text.includes('const fillRoots') ? 'fillRoots' : 'deriveRootsState';
    expect(text).toContain(`const ${helper} = async (ctx${ts(js, ': ServerContext')}) => {`);
    // Both tools read the sandbox through helpers of check.ts: both ask for roots and replay the fill.
    expect(text.split(`if (clientDeclaresRoots(ctx, server.server)) await ${helper}(ctx);`)).toHaveLength(3);
    // Work started in place is awaited now: the helper settles once the state is filled.
    expect(text).not.toMatch(/void \(async/);
    expect(text).toMatch(/await rootsFromAnswer\(ctx\)/);
    // The helper settles only once the fill has: its promise is awaited (or returned to the awaited chain).
    expect(text).toMatch(/await updateFromRoots\(|\.then\(\(\{ roots \}\) => updateFromRoots\(roots\)\)/);
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker on an imported fill it cannot prove', () => {
  const marked = (files: Record<string, string>, detail: RegExp) => {
    const dir = project('marked', { 'allowed.ts': ALLOWED(false), 'check.ts': CHECK(false), 'update.ts': UPDATE(false, FUNCTION(false)), ...files });
    const { requests, changed } = migrate(dir);
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.outcome).toBe('marked');
      expect(r.detail).toMatch(detail);
    }
    expect(changed['server.ts']).toMatch(/oninitialized/);
  };
  const server = (extra = '') => SERVER(false, "import { updateFromRoots } from './update.js';", AWAIT_ROOTS, DESTRUCTURED, extra);

  it('the fill is also called from another module (a reset it exports)', () => {
    marked({ 'server.ts': server(), 'reset.ts': "import { updateFromRoots } from './update.js';\nexport async function reset(): Promise<void> {\n  await updateFromRoots([]);\n}\n" }, /updateFromRoots\(\) is also called at line \d+ of .*reset\.ts/);
  });

  it('the setter is also called from another module (an admin tool widening the sandbox)', () => {
    marked({ 'server.ts': server(), 'admin.ts': "import { setAllowed } from './allowed.js';\nexport function widen(dir: string): void {\n  setAllowed([dir]);\n}\n" }, /setAllowed is also called at line \d+ of .*admin\.ts/);
  });

  it('the sandbox is read by a timer no request runs (its value there would change)', () => {
    marked({ 'server.ts': server("setInterval(() => console.error('depth', depth(process.cwd())), 60_000).unref();\n") }, /is read at line \d+ from/);
  });

  it('the sandbox itself is exported (its importers read the binding, not through a function)', () => {
    marked({ 'server.ts': server(), 'allowed.ts': ALLOWED(false).replace('let allowed', 'export let allowed') }, /allowed is exported from \.\/allowed\.ts, so its importers read it directly/);
  });

  it('the sandbox is read at module level of another module', () => {
    marked({ 'server.ts': server("import './report.js';\n"), 'report.ts': "import { getAllowed } from './allowed.js';\nconsole.error('allowed at start', getAllowed().length);\n" }, /no handler can be shown to reach: it runs at the top level of report\.ts \(line 2\)/);
  });

  // (Constants joined to the answer replay the same; a variable of the server may have changed since.)
  it('the fill is handed more than the answer (a list the server keeps)', () => {
    marked(
      {
        'server.ts': SERVER(false, "import { updateFromRoots } from './update.js';\nexport const pinned: Array<{ uri: string }> = [];", `    const response = await server.server.listRoots();
    await updateFromRoots([...response.roots, ...pinned]);`, DESTRUCTURED),
      },
      /updateFromRoots\(\) is given something besides the roots answer/,
    );
  });

  it('the fill also starts work of its own (a watcher), which a request would repeat', () => {
    marked(
      {
        'update.ts': `import { fileURLToPath } from 'node:url';
import type { Root } from '@modelcontextprotocol/server';
import { setAllowed } from './allowed.js';
function watch(dirs: string[]): void { void dirs; }
export async function updateFromRoots(roots: readonly Root[]): Promise<void> {
  const dirs = roots.map((root) => fileURLToPath(root.uri));
  setAllowed(dirs);
  watch(dirs);
}
`,
        'server.ts': server(),
      },
      /updateFromRoots\(\) does more than fill the roots state \(line \d+\)/,
    );
  });
});

describe('--lifecycle per-request on a file with another roots fetch besides the imported fill', () => {
  it('the fill\'s hooks are derived per request; the other fetch keeps its own marker', () => {
    const other = `server.server.setNotificationHandler('notifications/initialized', async () => {
  const { roots } = await server.server.listRoots();
  console.error('roots at start', roots.length);
});
`;
    const dir = project('mixed', { 'allowed.ts': ALLOWED(false), 'check.ts': CHECK(false), 'update.ts': UPDATE(false, FUNCTION(false)), 'server.ts': SERVER(false, "import { updateFromRoots } from './update.js';", AWAIT_ROOTS, DESTRUCTURED, other) });
    const { requests } = migrate(dir);
    expect(requests.map((r) => r.outcome).sort()).toEqual(['marked', 'rewritten', 'rewritten']);
    expect(requests.find((r) => r.outcome === 'marked')!.detail).not.toMatch(/updateFromRoots/);
  });
});

describe('--lifecycle per-request does not take any imported call of the hook for the fill', () => {
  it('a list the hook builds itself (`const found = []`, filled by push) is not the answer: the function it goes to is not followed', () => {
    const init = `    const { roots } = await server.server.listRoots();
    const found: string[] = [];
    for (const root of roots) found.push(root.uri);
    console.error('published', publish(found));`;
    const dir = project('not-a-fill', {
      'allowed.ts': ALLOWED(false),
      'check.ts': CHECK(false),
      'publish.ts': "import { setAllowed } from './allowed.js';\nexport function publish(uris: string[]): number {\n  setAllowed(uris);\n  return uris.length;\n}\n",
      'server.ts': SERVER(false, "import { publish } from './publish.js';", init, '  console.error(\'roots changed\');'),
    });
    const { requests } = migrate(dir);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.outcome).toBe('marked');
    expect(requests[0]!.detail).not.toMatch(/publish/);
  });
});
