// Two spellings of roots state real servers use (issue 20), each written several ways:
// - an ungated request whose failure the code catches (an exported first-use cache, a refresh with a
//   logging catch): a client without roots failed the request and the catch was its path, so roots
//   from configuration fail the same way when unset and the same catch runs;
// - the answer handed to a helper that checks its shape before returning its roots (`typeof`,
//   `'roots' in`, a zod schema of `roots` alone): that helper reads only the roots.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';

const root = mkdtempSync(path.join(tmpdir(), 'uproot-caught-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

async function migrate(files: Record<string, string>) {
  const dir = path.join(root, String(count++));
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: true });
  expect(result.failures).toEqual([]);
  const sites = migrateReport(result).files.flatMap((f) => f.sites).filter((s) => s.side === 'server' && s.kind === 'request');
  return {
    requests: sites.map((s) => [s.outcome, s.reason].filter(Boolean).join(':')),
    details: sites.map((s) => s.detail ?? ''),
    added: result.files.map((f) => f.diff ?? '').join('\n').split('\n').filter((l) => l.startsWith('+')).join('\n'),
  };
}

/** Rewritten, with no request to the client left in what was added, and the catch still there to take the failure. */
async function expectCaughtRewrite(files: Record<string, string>) {
  const out = await migrate(files);
  expect(out.requests, out.details.join('\n')).toEqual(['rewritten']);
  expect(out.details[0]).toMatch(/the same catch runs/);
  expect(out.added).not.toMatch(/listRoots\(|'roots\/list'/);
  expect(out.added).toMatch(/rootsConfigured\('[A-Z_]+_ROOTS'\) \? (Promise\.resolve\()?configuredRoots\('[A-Z_]+_ROOTS'\)\)? : Promise\.reject\(new Error\(/);
  return out;
}

const V1_SERVER = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
`;
const TOOL_FILE = (imports: string, read: string) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
${imports}
export const mcp = new McpServer({ name: 'notes', version: '1' });
mcp.registerTool('in_roots', { inputSchema: { file: z.string() } }, async ({ file }) => {
  const dirs = await ${read};
  return { content: [{ type: 'text', text: String(dirs.some((d) => file.startsWith(d))) }] };
});
`;

describe('an ungated roots request whose failure the code catches', () => {
  it('an exported first-use cache with a TTL, an empty catch, a cast on the receiver (TypeScript, v1 Server)', async () => {
    await expectCaughtRewrite({
      'roots.ts': `${V1_SERVER}let cached: string[] | null = null;
let at = 0;
export async function fetchRoots(server: Server): Promise<string[]> {
  if (cached && Date.now() - at < 60_000) return cached;
  try {
    const res: any = await (server as any).request({ method: 'roots/list', params: {} }, ListRootsRequestSchema);
    cached = Array.isArray(res?.roots) ? res.roots.map((r: { uri: string }) => r.uri) : [];
  } catch {
    cached = [];
  }
  at = Date.now();
  return cached ?? [];
}
`,
      'tools.ts': TOOL_FILE("import { fetchRoots } from './roots.js';", 'fetchRoots(mcp.server)'),
    });
  });

  it('a refresh whose catch only logs the error, `(await …) as T` (JavaScript, v2 McpServer)', async () => {
    await expectCaughtRewrite({
      'roots.js': `import { fileURLToPath } from 'node:url';
export let dirs = [];
export const refresh = async (mcp) => {
  try {
    const answer = await mcp.server.listRoots();
    dirs = answer.roots.map((r) => fileURLToPath(r.uri));
  } catch (err) {
    console.error('roots unavailable:', err instanceof Error ? err.message : String(err));
    dirs = [];
  }
  return dirs;
};
`,
      'server.js': `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { refresh } from './roots.js';
const mcp = new McpServer({ name: 'notes', version: '1' });
mcp.registerTool('in_roots', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  const list = await refresh(mcp);
  return { content: [{ type: 'text', text: String(list.some((d) => file.startsWith(d))) }] };
});
`,
    });
  });

  it('a .then chain ending in .catch, a class field cache read by a tool (TypeScript, v2)', async () => {
    const out = await expectCaughtRewrite({
      'server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
class Workspace {
  private dirs?: Promise<string[]>;
  constructor(private readonly mcp: McpServer) {}
  current(): Promise<string[]> {
    this.dirs ??= this.mcp.server
      .listRoots()
      .then(({ roots }) => roots.map((r) => r.uri))
      .catch(() => []);
    return this.dirs;
  }
}
const mcp = new McpServer({ name: 'notes', version: '1' });
const workspace = new Workspace(mcp);
mcp.registerTool('in_roots', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  const dirs = await workspace.current();
  return { content: [{ type: 'text', text: String(dirs.some((d) => file.startsWith(d))) }] };
});
`,
    });
    expect(out.added).toContain('Promise.resolve(configuredRoots(');
  });

  it('.then with a rejection handler that logs through a logger object (JavaScript, v1)', async () => {
    await expectCaughtRewrite({
      'roots.js': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
export const server = new Server({ name: 'notes', version: '1' }, { capabilities: { tools: {} } });
export let dirs = [];
const logger = { warn: (...args) => console.error(...args) };
export function load() {
  return server.listRoots().then((answer) => { dirs = answer.roots.map((r) => r.uri); }, (e) => logger.warn('no roots', e));
}
`,
    });
  });

  it('a catch that uses the error beyond logging keeps the marker, with a reason', async () => {
    const out = await migrate({
      'roots.ts': `${V1_SERVER}export async function fetchRoots(server: Server): Promise<string[]> {
  try {
    const res = await server.request({ method: 'roots/list' }, ListRootsRequestSchema);
    return res.roots.map((r) => r.uri);
  } catch (error) {
    if (String(error).includes('-32601')) return [];
    throw error;
  }
}
`,
    });
    expect(out.requests).toEqual(['marked:unresolved-chain']);
    expect(out.details[0]).toMatch(/fetchRoots\(\) is exported and nothing in this file calls it/);
  });

  it('no catch at all keeps the marker, and an unexported helper nothing calls says so', async () => {
    const out = await migrate({
      'roots.ts': `${V1_SERVER}async function fetchRoots(server: Server): Promise<string[]> {
  const res = await server.request({ method: 'roots/list' }, ListRootsRequestSchema);
  return res.roots.map((r) => r.uri);
}
void fetchRoots;
`,
    });
    expect(out.requests).toHaveLength(1);
    expect(out.requests[0]).toMatch(/^marked:/);
    expect(out.details[0]).not.toBe('');
  });
});

const TIMER = (imports: string, helper: string, call = 'extractRoots') => `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
${imports}
const server = new McpServer({ name: 'e', version: '1' });
const perSession = new Map<string, string[]>();
${helper}
setTimeout(async () => {
  if (server.server.getClientCapabilities()?.roots) {
    const rootsResult = await server.server.listRoots();
    perSession.set('s', ${call}(rootsResult));
  }
}, 1000);
server.registerTool('read', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  const ok = (perSession.get('s') ?? []).some((d) => file.startsWith(d));
  return { content: [{ type: 'text', text: String(ok) }], ...(ok ? {} : { isError: true }) };
});
`;

describe('the answer handed to a helper that checks its shape and returns its roots', () => {
  const rewritten = async (files: Record<string, string>) => {
    const out = await migrate(files);
    expect(out.requests, out.details.join('\n')).toEqual(['rewritten']);
    expect(out.added).not.toMatch(/listRoots\(/);
  };

  it("typeof, !== null, 'roots' in and a cast, a function declaration in the same file", async () => {
    await rewritten({
      'e.ts': TIMER('', `function extractRoots(value: unknown): string[] {
  const raw = typeof value === 'object' && value !== null && 'roots' in value ? (value as { roots?: unknown }).roots : undefined;
  return Array.isArray(raw) ? raw.filter((r) => typeof r?.uri === 'string').map((r) => r.uri) : [];
}`),
    });
  });

  it('a zod schema of roots alone, safeParse, in another file', async () => {
    await rewritten({
      'roots.ts': `import { z } from 'zod';
const RootsResponse = z.object({ roots: z.array(z.object({ uri: z.string(), name: z.string().optional() })).optional() });
export function extractRoots(value: unknown): string[] {
  const parsed = RootsResponse.safeParse(value);
  if (!parsed.success || !parsed.data.roots) return [];
  return parsed.data.roots.map((r) => r.uri);
}
`,
      'e.ts': TIMER("import { extractRoots } from './roots.js';", ''),
    });
  });

  it('an arrow that tests truthiness and parses with a zod/v4 namespace schema', async () => {
    await rewritten({
      'e.ts': TIMER('', `const Answer = z.object({ roots: z.array(z.object({ uri: z.string() })) });
const toDirs = (answer: unknown): string[] => (answer ? Answer.parse(answer).roots.map((r) => r.uri) : []);`, 'toDirs'),
    });
  });

  it('a schema that keeps other keys, or names another key, keeps the marker', async () => {
    for (const schema of ['z.object({ roots: z.array(z.any()) }).passthrough()', 'z.object({ roots: z.array(z.any()), _meta: z.any() })']) {
      const out = await migrate({
        'e.ts': TIMER('', `const Answer = ${schema};
function extractRoots(value: unknown): string[] {
  const parsed = Answer.safeParse(value);
  return parsed.success ? parsed.data.roots.map((r: { uri: string }) => r.uri) : [];
}`),
      });
      expect(out.requests[0], schema).toMatch(/^marked:/);
      expect(out.details[0]).toMatch(/rootsResult is used at line \d+/);
    }
  });

  it('a helper that also reads the answer as a whole keeps the marker', async () => {
    const out = await migrate({
      'e.ts': TIMER('', `function extractRoots(value: unknown): string[] {
  if (typeof value === 'object' && value !== null && 'roots' in value) return (value as { roots: Array<{ uri: string }> }).roots.map((r) => r.uri);
  console.error(JSON.stringify(value));
  return [];
}`),
    });
    expect(out.requests[0]).toMatch(/^marked:/);
  });
});

describe('a roots check kept in a local that is later asked for listChanged', () => {
  // The substituted check is a capability-shaped `{}`: a local holding it answers listChanged false from then on.
  const PER_SESSION = (gate: string, inner: string, ts = true) => `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
const server = new McpServer({ name: 'b', version: '1' });
const perSession = new Map${ts ? '<string, string[]>' : ''}();
setTimeout(async () => {
  ${gate}
  if (r) {
    const { roots } = await server.server.listRoots();
    perSession.set('s', roots.map((x) => x.uri));
    ${inner}
  }
}, 1000);
server.registerTool('read', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  return { content: [{ type: 'text', text: String((perSession.get('s') ?? []).some((d) => file.startsWith(d))) }] };
});
`;
  const spellings: Array<[string, string, string, boolean]> = [
    ['an alias of caps?.roots read with a dot (TypeScript)', 'const caps = server.server.getClientCapabilities();\n  const r = caps?.roots;', "if (r.listChanged) console.error('refreshes on change');", true],
    ['a non-null alias read through a cast', 'const r = server.server.getClientCapabilities()?.roots!;', "if ((r as { listChanged?: boolean }).listChanged) console.error('refreshes');", true],
    ['an alias destructured for listChanged (JavaScript)', 'const r = server.server.getClientCapabilities()?.roots;', "const { listChanged } = r;\n    if (listChanged) console.error('refreshes');", false],
    ['an alias handed to a function that may read listChanged', 'const r = server.server.getClientCapabilities()?.roots;', "report(r);\n    function report(c: unknown) { console.error(JSON.stringify(c)); }", true],
  ];
  for (const [name, gate, inner, ts] of spellings) {
    it(`${name} keeps the request marked, naming the read, and the check as it was`, async () => {
      const out = await migrate({ [ts ? 'b.ts' : 'b.js']: PER_SESSION(gate, inner, ts) });
      expect(out.requests[0]).toMatch(/^marked:/);
      expect(out.details[0]).toMatch(/kept in a local that is read for listChanged \(or handed on\) at line 1[01]/);
      expect(out.added).not.toMatch(/rootsConfigured\(/);
    });
  }

  it('an alias only tested for truthiness is still substituted', async () => {
    const out = await migrate({ 'b.ts': PER_SESSION('const r = server.server.getClientCapabilities()?.roots;', "console.error('loaded');") });
    expect(out.requests).toEqual(['rewritten']);
    expect(out.added).toMatch(/const r = rootsConfigured\('B_ROOTS'\);/);
  });
});

describe('the request returned from a function handed to a helper that awaits and catches it', () => {
  const STATE_JS = `export const state = { roots: [], ready: false };
export async function initializeRoots(listRootsFn) {
  try {
    const result = await listRootsFn();
    state.roots = result.roots || [];
  } catch (error) {
    console.error('client without roots:', error);
    state.roots = [];
  }
  state.ready = true;
}
`;
  const V1_TOOL = `mcp.registerTool('inside', { inputSchema: { file: z.string() } }, async ({ file }) => {
  const ok = state.roots.some((r) => file.startsWith(new URL(r.uri).pathname));
  return { content: [{ type: 'text', text: String(ok) }], ...(ok ? {} : { isError: true }) };
});
`;

  it('an async arrow with a block body in the hook, the helper in another file (JavaScript, v1)', async () => {
    await expectCaughtRewrite({
      'roots.js': STATE_JS,
      'server.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { initializeRoots, state } from './roots.js';
const mcp = new McpServer({ name: 'notes', version: '1' });
mcp.server.oninitialized = async () => {
  await initializeRoots(async () => {
    return mcp.server.listRoots();
  });
};
${V1_TOOL}`,
    });
  });

  it('a concise arrow to a same-file function declaration, destructured answer (TypeScript, v1)', async () => {
    await expectCaughtRewrite({
      'server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const state = { roots: [] as Array<{ uri: string }> };
async function load(fetchRoots: () => Promise<{ roots: Array<{ uri: string }> }>): Promise<void> {
  try {
    const { roots } = await fetchRoots();
    state.roots = roots;
  } catch {
    state.roots = [];
  }
}
const mcp = new McpServer({ name: 'notes', version: '1' });
mcp.server.oninitialized = () => void load(() => mcp.server.listRoots());
${V1_TOOL}`,
    });
  });

  it('a function expression to an arrow helper in a v2 startup timer, `(await fn()) as T`', async () => {
    await expectCaughtRewrite({
      'server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
let dirs: string[] = [];
const refresh = async (ask: () => Promise<unknown>) => {
  try {
    const answer = (await ask()) as { roots: Array<{ uri: string }> };
    dirs = answer.roots.map((r) => r.uri);
  } catch (e) {
    console.warn('no roots', e);
  }
};
const mcp = new McpServer({ name: 'notes', version: '1' });
setTimeout(() => void refresh(function () { return mcp.server.listRoots(); }), 100);
mcp.registerTool('inside', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  return { content: [{ type: 'text', text: String(dirs.some((d) => file.startsWith(d))) }] };
});
`,
    });
  });

  it('a helper that keeps the function, or calls it without a catch, keeps the marker', async () => {
    const server = (helper: string) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const state = { roots: [] as Array<{ uri: string }>, fetch: undefined as undefined | (() => Promise<{ roots: Array<{ uri: string }> }>) };
${helper}
const mcp = new McpServer({ name: 'notes', version: '1' });
mcp.server.oninitialized = async () => {
  await load(() => mcp.server.listRoots());
};
export { state };
`;
    const kept = await migrate({ 'a.ts': server(`async function load(fn: () => Promise<{ roots: Array<{ uri: string }> }>) {\n  state.fetch = fn;\n  try { state.roots = (await fn()).roots; } catch { state.roots = []; }\n}`) });
    expect(kept.requests[0]).toMatch(/^marked:/);
    expect(kept.details[0]).toMatch(/load\(\) does more with the function than call it/);
    const uncaught = await migrate({ 'b.ts': server(`async function load(fn: () => Promise<{ roots: Array<{ uri: string }> }>) {\n  state.roots = (await fn()).roots;\n}`) });
    expect(uncaught.requests[0]).toMatch(/^marked:/);
    expect(uncaught.added).not.toMatch(/configuredRoots\(/);
  });
});

describe('a list_changed refresh installed under the client\'s listChanged check, inside a roots check', () => {
  // The refresh also re-derives other state and tells the client: it is kept, and only its fetch changes.
  // JavaScript has no parameter types to tell an McpServer by: there the server is the module's own.
  const SYNC = (install: string, ts = true) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
export let skills${ts ? ': string[]' : ''} = [];
${ts ? '' : "const server = new McpServer({ name: 's', version: '1' });\n"}function watch(${ts ? 'server: McpServer' : ''}) {
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    try {
      const { roots } = await server.server.listRoots();
      skills = roots.map((r) => r.uri + '/skills');
      await server.server.notification({ method: 'notifications/resources/list_changed' });
    } catch (error) {
      console.error('refresh failed', error);
    }
  });
}
export async function sync(${ts ? 'server: McpServer' : ''}) {
  const caps = server.server.getClientCapabilities();
  ${install}
}
`;
  const requests = async (file: string, text: string) => {
    const out = await migrate({ [file]: text });
    return out;
  };

  it('if (caps?.roots) { fetch; if (caps.roots.listChanged) watch() } (TypeScript)', async () => {
    const out = await requests('a.ts', SYNC(`if (caps?.roots) {
    const { roots } = await server.server.listRoots();
    skills = roots.map((r) => r.uri);
    if (caps.roots.listChanged) watch(server);
  }`));
    expect(out.requests, out.details.join('\n')).toEqual(['rewritten', 'rewritten']);
    expect(out.details[0]).toMatch(/list_changed check that installs this refresh is kept/);
    expect(out.added).toMatch(/if \(caps\?\.roots\?\.listChanged\) watch\(server\);/);
    expect(out.added).not.toMatch(/listRoots\(/);
  });

  it('the listChanged check an && expression inside the roots check, the server the module\'s own (JavaScript)', async () => {
    const out = await requests('a.js', SYNC(`if (server.server.getClientCapabilities()?.roots) {
    const { roots } = await server.server.listRoots();
    skills = roots.map((r) => r.uri);
    caps.roots.listChanged && watch();
  }`, false));
    expect(out.requests, out.details.join('\n')).toEqual(['rewritten', 'rewritten']);
  });

  it('a listChanged check no roots check encloses keeps the refresh marked', async () => {
    const out = await requests('a.ts', SYNC(`if (caps?.roots) {
    const { roots } = await server.server.listRoots();
    skills = roots.map((r) => r.uri);
  }
  if (caps?.roots?.listChanged) watch(server);`));
    expect(out.requests[0]).toMatch(/^marked:/);
    expect(out.details[0]).toMatch(/gated on the client's list_changed support/);
  });
});
