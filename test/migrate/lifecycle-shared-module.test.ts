// `--lifecycle per-request` on roots state one module keeps for many (filesystem-mcp-ahmetshbz1): a setter and
// validatePath in a sandbox module behind a barrel, read by tool modules whose handlers sit in exported
// name→function maps that tools/call gathers and looks up; the start-up directories are set by another module
// before the handlers are installed. Written the ways authors write the dispatch — a namespace import and a
// const lookup, named imports under other names and a call in place, a cast lookup, the map re-exported through a
// barrel, methods, arrows and function expressions, TypeScript and JavaScript — tools/call asks for roots and
// replays the fill, the output type-checks and migrates to itself; a way into the handlers uproot cannot follow,
// or a write it cannot place before them, keeps the marker with why.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project } = perRequestProjects('shared-module');

/**
 * The folder migrated as the CLI does (from its own directory: a JavaScript server handed to the installer
 * is known by the module graph of the run), each server-side request's outcome and each changed file's text.
 */
async function migrate(dir: string) {
  const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: false, lifecycle: 'per-request' });
  expect(result.failures).toEqual([]);
  const requests = result.files.flatMap((f) => f.outcomes).filter((o) => o.site.kind === 'request' && o.site.side === 'server').map(({ outcome, detail }) => ({ outcome, detail }));
  const changed: Record<string, string> = {};
  for (const f of result.files) if (f.changed) changed[path.basename(f.absolute)] = readFileSync(f.absolute, 'utf8');
  return { requests, changed };
}

/** TypeScript annotations, or none for the JavaScript spelling. */
const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

const VALIDATION = (js: boolean) => `import path from 'node:path';
let allowed${ts(js, ': string[]')} = [];
export function setAllowedDirectories(dirs${ts(js, ': string[]')})${ts(js, ': void')} {
  allowed = dirs.map((d) => path.resolve(d));
}
export function getAllowedDirectories()${ts(js, ': string[]')} {
  return [...allowed];
}
export async function validatePath(p${ts(js, ': string')})${ts(js, ': Promise<string>')} {
  const absolute = path.resolve(p);
  if (!allowed.some((dir) => absolute === dir || absolute.startsWith(dir + path.sep))) throw new Error('Access denied: ' + p);
  return absolute;
}
`;

const FS = (js: boolean) => `import { readdir } from 'node:fs/promises';
import { validatePath } from './validation.js';
export async function listDirectory(dir${ts(js, ': string')})${ts(js, ': Promise<string[]>')} {
  return (await readdir(await validatePath(dir))).sort();
}
`;

const BARREL = "export * from './validation.js';\nexport * from './fsops.js';\n";

/** A tool module: its handlers by name, as `method`, `arrow` or `function` properties. */
const TOOLS = (js: boolean, form: 'method' | 'arrow' | 'function') => {
  const list = {
    method: `  async list(args${ts(js, ': Record<string, unknown>')}) {\n    return { content: [{ type: 'text'${ts(js, ' as const')}, text: (await listDirectory(String(args.dir))).join('\\n') }] };\n  },`,
    arrow: `  list: async (args${ts(js, ': Record<string, unknown>')}) => ({ content: [{ type: 'text'${ts(js, ' as const')}, text: (await listDirectory(String(args.dir))).join('\\n') }] }),`,
    function: `  list: async function (args${ts(js, ': Record<string, unknown>')}) {\n    return { content: [{ type: 'text'${ts(js, ' as const')}, text: (await listDirectory(String(args.dir))).join('\\n') }] };\n  },`,
  }[form];
  return `import { getAllowedDirectories, listDirectory } from './lib.js';
export const handlers = {
${list}
  allowed: async () => ({ content: [{ type: 'text'${ts(js, ' as const')}, text: String(getAllowedDirectories().length) }] }),
};
`;
};

interface Dispatch {
  imports: string;
  map: string;
  call: string;
}

const NAMESPACE_CONST: Dispatch = {
  imports: "import * as tools from './tools.js';",
  map: 'const handlerMap = { ...tools.handlers };',
  call: '    const fn = handlerMap[name as keyof typeof handlerMap];\n    if (!fn) throw new Error(`Unknown tool: ${name}`);\n    return await fn(args);',
};

/** `handlerMap[name]` typed for JavaScript too. */
const jsLookup = (js: boolean, text: string) => (js ? text.replace(' as keyof typeof handlerMap', '') : text);

const SETUP = (js: boolean, d: Dispatch, extra = '') => `import { fileURLToPath } from 'node:url';
${ts(js, "import type { Root, Server } from '@modelcontextprotocol/server';\n")}import { setAllowedDirectories } from './lib.js';
${d.imports}
export function installHandlers(server${ts(js, ': Server')}, allowedDirectories${ts(js, ': string[]')})${ts(js, ': void')} {
  setAllowedDirectories(allowedDirectories);
  ${d.map}
  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args = {} } = request.params;
    try {
${jsLookup(js, d.call)}
    } catch (error) {
      return { content: [{ type: 'text'${ts(js, ' as const')}, text: String(error) }], isError: true };
    }
  });
  async function update(roots${ts(js, ': Root[]')}) {
    const dirs = roots.map((root) => fileURLToPath(root.uri));
    if (dirs.length > 0) {
      allowedDirectories = dirs;
      setAllowedDirectories(allowedDirectories);
    } else {
      console.error('no valid roots');
    }
  }
  server.setNotificationHandler('notifications/roots/list_changed', async () => {
    try {
      const response = await server.listRoots();
      if (response && 'roots' in response) await update(response.roots);
    } catch (error) {
      console.error('roots failed', error);
    }
  });
  server.oninitialized = async () => {
    if (server.getClientCapabilities()?.roots) {
      try {
        const response = await server.listRoots();
        if (response && 'roots' in response) await update(response.roots);
      } catch (error) {
        console.error('roots failed', error);
      }
    } else {
      console.error('using start-up directories', allowedDirectories.length);
    }
  };
${extra}}
`;

const SERVER = (js: boolean, after = '') => `import { Server } from '@modelcontextprotocol/server';
import { installHandlers } from './setup.js';
import { setAllowedDirectories } from './lib.js';
const start = process.env.WORKSPACE_DIR ? [process.env.WORKSPACE_DIR] : [];
setAllowedDirectories(start);
export function createServer()${ts(js, ': Server')} {
  const server = new Server({ name: 's', version: '1.0.0' }, { capabilities: { tools: {} } });
  installHandlers(server, start);
${after}  return server;
}
`;

const base = (js: boolean) => ({ [`validation.${ext(js)}`]: VALIDATION(js), [`fsops.${ext(js)}`]: FS(js), [`lib.${ext(js)}`]: BARREL, [`server.${ext(js)}`]: SERVER(js) });

const SPELLINGS: Record<string, (js: boolean) => Record<string, string>> = {
  'a namespace import spread into a const map, the lookup held by a const and tested (methods)': (js) => ({
    ...base(js),
    [`tools.${ext(js)}`]: TOOLS(js, 'method'),
    [`setup.${ext(js)}`]: SETUP(js, NAMESPACE_CONST),
  }),
  'named imports under other names, `name in map` and a call in place (function expressions)': (js) => ({
    ...base(js),
    [`tools.${ext(js)}`]: TOOLS(js, 'function'),
    [`setup.${ext(js)}`]: SETUP(js, {
      imports: "import { handlers as toolHandlers } from './tools.js';",
      map: `const registry${ts(js, ': Record<string, (args: Record<string, unknown>) => Promise<{ content: Array<{ type: "text"; text: string }> }>>')} = { ...toolHandlers };`,
      call: `    if (!(name in registry)) throw new Error('Unknown tool: ' + name);\n    return await registry[name]${ts(js, '!')}(args);`,
    }),
  }),
  'the map re-exported through a barrel, looked up with a cast (arrows)': (js) => ({
    ...base(js),
    [`tools.${ext(js)}`]: TOOLS(js, 'arrow'),
    [`registry.${ext(js)}`]: "export { handlers as allHandlers } from './tools.js';\n",
    [`setup.${ext(js)}`]: SETUP(js, {
      imports: "import { allHandlers } from './registry.js';",
      map: `const handlerMap = { ...allHandlers }${ts(js, ' as Record<string, ((args: Record<string, unknown>) => Promise<{ content: Array<{ type: "text"; text: string }> }>) | undefined>')};`,
      call: `    const fn = handlerMap[name]${ts(js, ' as ((args: Record<string, unknown>) => Promise<{ content: Array<{ type: "text"; text: string }> }>) | undefined')};\n    if (fn === undefined) throw new Error('Unknown tool: ' + name);\n    return await fn(args);`,
    }),
  }),
};

describe('--lifecycle per-request derives roots state one module keeps for many, read through dispatch maps', () => {
  const cases = Object.entries(SPELLINGS).flatMap(([name, s]) => [[`${name} (TypeScript)`, s, false] as const, [`${name} (JavaScript)`, s, true] as const]);
  it.each(cases)('%s: tools/call asks for roots and replays the fill; only the handlers file changes', async (name, files, js) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), files(js));
    const first = await migrate(dir);
    expect(first.requests).toHaveLength(2);
    expect(first.requests.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(Object.keys(first.changed)).toEqual([`setup.${ext(js)}`]);
    const text = first.changed[`setup.${ext(js)}`]!;
    expect(text).not.toMatch(/oninitialized|notifications\/roots\/list_changed|server\.listRoots\(\)/);
    expect(text.match(/inputRequired\.listRoots\(\)/g)).toHaveLength(1);
    expect(text).toContain('if (clientDeclaresRoots(ctx, server)) await deriveRootsState(ctx);');
    if (!js) expect(typecheck(dir)).toEqual([]);
    expect((await migrate(dir)).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker where a way into the handlers or a write cannot be placed', () => {
  const marked = async (files: Record<string, string>, detail: RegExp) => {
    const dir = project('marked', { ...base(false), 'tools.ts': TOOLS(false, 'method'), ...files });
    const { requests, changed } = await migrate(dir);
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.outcome).not.toBe('rewritten');
      expect(r.detail).toMatch(detail);
    }
    expect(changed['setup.ts']).toMatch(/oninitialized/);
  };

  it('a timer also runs a handler of the map (no request to ask for roots there)', async () => {
    await marked({ 'setup.ts': SETUP(false, NAMESPACE_CONST, "  setInterval(() => void handlerMap.allowed(), 60_000).unref();\n") }, /read at line \d+ from .*no request to ask for roots/);
  });

  it('the map is handed to a function uproot does not follow', async () => {
    await marked({ 'setup.ts': SETUP(false, NAMESPACE_CONST, '  console.error(Object.keys(handlerMap));\n') }, /no handler can be shown to reach: allowed\(\) in tools\.ts is not called in its module, and no lookup uproot follows in an exported name→function map runs it/);
  });

  it('the gathered map is exported too (its importers may run a handler anywhere)', async () => {
    const exported = { ...NAMESPACE_CONST, imports: "import * as tools from './tools.js';\nconst handlerMap = { ...tools.handlers };\nexport { handlerMap };", map: '// gathered at module level' };
    await marked({ 'setup.ts': SETUP(false, exported) }, /no handler can be shown to reach: allowed\(\) in tools\.ts is not called in its module, and no lookup uproot follows in an exported name→function map runs it/);
  });

  it('another module sets the sandbox after the handlers are installed (a write no per-request fill replays)', async () => {
    await marked({ 'setup.ts': SETUP(false, NAMESPACE_CONST), 'server.ts': SERVER(false, '  setAllowedDirectories([process.cwd()]);\n') }, /setAllowedDirectories is also called at line \d+ of .*server\.ts/);
  });
});
