// Roots state spelled the ways real servers spell it (issue 20): each spelling is written several
// ways an author would (arrow or function, JS or TS, module variable or class field, another
// file), and `--to param` must retire it (or keep a precise marker) while scan reports the same role.
// One model decides both: the roots request is a source, its value is followed to the state, and
// the readers in handlers decide the role.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../packages/uproot/src/api.ts';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';

const root = mkdtempSync(path.join(tmpdir(), 'uproot-spellings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

interface Outcome {
  /** Per server-side site in line order: `kind:outcome[:reason]`. */
  sites: string[];
  /** Scan's role of each request site. */
  roles: Array<string | undefined>;
  /** The migrated files' text, joined. */
  after: string;
  details: string[];
}

async function migrate(files: Record<string, string>): Promise<Outcome> {
  const dir = path.join(root, String(count++));
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const scanned = await scan([dir], { cwd: dir });
  const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: true });
  expect(result.failures).toEqual([]);
  const sites = migrateReport(result).files.flatMap((f) => f.sites.map((s) => ({ ...s, file: f.file }))).filter((s) => s.side === 'server');
  return {
    sites: sites.map((s) => [s.kind, s.outcome, s.reason].filter(Boolean).join(':')),
    roles: scanned.sites.filter((s) => s.kind === 'request').map((s) => s.role),
    after: result.files.map((f) => f.diff ?? '').join('\n'),
    details: sites.map((s) => s.detail ?? ''),
  };
}

/** Every server site rewritten, no roots request left, and the role as scan reports it. */
async function expectRetired(files: Record<string, string>, role: 'sandbox' | 'workspace') {
  const out = await migrate(files);
  expect(out.sites.length, 'sites').toBeGreaterThan(0);
  expect(out.sites.every((s) => s.endsWith(':rewritten')), `${out.sites.join(', ')}\n${out.details.join('\n')}`).toBe(true);
  expect(out.roles.length).toBeGreaterThan(0);
  for (const r of out.roles) expect(r).toBe(role);
  expect(out.after.split('\n').filter((l) => l.startsWith('+')).join('\n')).not.toMatch(/listRoots\(|'roots\/list'/);
  return out;
}

const V2 = `import { McpServer } from '@modelcontextprotocol/server';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/v4';
`;
const V1 = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
`;
/** A tool that refuses paths outside `allowed` (a sandbox reader). */
const SANDBOX_TOOL = (v = 'allowed') => `
server.registerTool('read', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  const target = path.resolve(file);
  if (!${v}.some((d) => target.startsWith(d + path.sep))) return { content: [{ type: 'text', text: 'outside' }], isError: true };
  return { content: [{ type: 'text', text: await readFile(target, 'utf8') }] };
});
`;

describe('an async IIFE the hook starts', () => {
  it('arrow IIFE under void, TypeScript module variable', async () => {
    await expectRetired({ 'a.ts': `${V2}const server = new McpServer({ name: 'a', version: '1' });
let allowed: string[] = [];
server.server.oninitialized = () => {
  void (async () => {
    const { roots } = await server.server.listRoots();
    allowed = roots.map((r) => fileURLToPath(r.uri));
  })();
};
${SANDBOX_TOOL()}` }, 'sandbox');
  });

  it('function-expression IIFE with a logging .catch, JavaScript, v1', async () => {
    const out = await expectRetired({ 'b.js': `${V1}const server = new McpServer({ name: 'b', version: '1' });
let allowed = [];
server.server.oninitialized = function () {
  (async function load() {
    const result = await server.server.listRoots();
    allowed = result.roots.map((r) => fileURLToPath(r.uri));
  })().catch((e) => console.error(e));
};
${SANDBOX_TOOL()}` }, 'sandbox');
    expect(out.after).toContain('-  (async function load() {');
  });

  it('an IIFE in a class constructor filling a field read as a workspace', async () => {
    await expectRetired({ 'c.ts': `${V2}class Files {
  readonly mcp = new McpServer({ name: 'c', version: '1' });
  private base?: string;
  constructor() {
    this.mcp.server.oninitialized = async () => {
      await (async () => {
        const listed = await this.mcp.server.listRoots();
        this.base = listed.roots[0] ? fileURLToPath(listed.roots[0].uri) : undefined;
      })();
    };
    this.mcp.registerTool('ls', { inputSchema: z.object({}) }, async () => {
      if (!this.base) return { content: [{ type: 'text', text: 'no workspace' }], isError: true };
      return { content: [{ type: 'text', text: (await readdir(this.base)).join(',') }] };
    });
  }
}
export const files = new Files();
` }, 'workspace');
  });

  it('an IIFE that also does other work keeps its marker', async () => {
    const out = await migrate({ 'd.ts': `${V2}const server = new McpServer({ name: 'd', version: '1' });
let allowed: string[] = [];
let loadedAt = 0;
server.server.oninitialized = () => {
  void (async () => {
    const { roots } = await server.server.listRoots();
    allowed = roots.map((r) => fileURLToPath(r.uri));
    loadedAt = Date.now();
  })();
};
${SANDBOX_TOOL()}
server.registerTool('age', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: String(loadedAt) }] }));
` });
    expect(out.sites).toEqual(['request:marked:lifecycle']);
    expect(out.details[0]).toMatch(/the hook does more than fetch roots/);
  });
});

describe('a workspace read through a class getter', () => {
  const tools = (read: string) => `
    this.mcp.registerTool('cat', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => ({ content: [{ type: 'text', text: await readFile(path.join(${read}, file), 'utf8') }] }));
    this.mcp.registerTool('ls', { inputSchema: z.object({}) }, async () => {
      const names = await readdir(${read});
      return { content: [{ type: 'text', text: names.join(',') }] };
    });`;

  it('a TypeScript getter that refuses, read by two tools', async () => {
    const out = await expectRetired({ 'a.ts': `${V2}class Project {
  readonly mcp = new McpServer({ name: 'a', version: '1' });
  private dir?: string;
  constructor() {
    this.mcp.server.oninitialized = async () => {
      const { roots } = await this.mcp.server.listRoots();
      this.dir = roots[0] ? fileURLToPath(roots[0].uri) : undefined;
    };${tools('this.workspace')}
  }
  private get workspace(): string {
    if (!this.dir) throw new Error('no workspace');
    return this.dir;
  }
}
export const project = new Project();
` }, 'workspace');
    expect(out.sites).toEqual(['request:rewritten']);
  });

  it('a JavaScript getter with a fallback, v1', async () => {
    await expectRetired({ 'b.js': `${V1}class Project {
  mcp = new McpServer({ name: 'b', version: '1' });
  dir;
  constructor() {
    this.mcp.server.oninitialized = async () => {
      const listed = await this.mcp.server.listRoots();
      this.dir = listed.roots.length ? fileURLToPath(listed.roots[0].uri) : undefined;
    };${tools('this.root')}
  }
  get root() {
    return this.dir ?? process.cwd();
  }
}
export const project = new Project();
` }, 'workspace');
  });

  it('a getter that only returns the field, read in a helper method', async () => {
    await expectRetired({ 'c.ts': `${V2}class Project {
  readonly mcp = new McpServer({ name: 'c', version: '1' });
  private dir: string | undefined;
  constructor() {
    this.mcp.server.oninitialized = async () => {
      const { roots } = await this.mcp.server.listRoots();
      this.dir = roots[0] ? fileURLToPath(roots[0].uri) : undefined;
    };${tools('this.resolveBase()')}
  }
  get base(): string | undefined {
    return this.dir;
  }
  private resolveBase(): string {
    return this.base ?? '.';
  }
}
export const project = new Project();
` }, 'workspace');
  });

  it('a getter used as a sandbox is one', async () => {
    await expectRetired({ 'd.ts': `${V2}class Guard {
  readonly mcp = new McpServer({ name: 'd', version: '1' });
  private dirs: string[] = [];
  constructor() {
    this.mcp.server.oninitialized = async () => {
      const { roots } = await this.mcp.server.listRoots();
      this.dirs = roots.map((r) => fileURLToPath(r.uri));
    };
    this.mcp.registerTool('read', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
      const target = path.resolve(file);
      if (!this.allowedDirs.some((d) => target.startsWith(d + path.sep))) return { content: [{ type: 'text', text: 'outside' }], isError: true };
      return { content: [{ type: 'text', text: await readFile(target, 'utf8') }] };
    });
  }
  get allowedDirs(): string[] {
    return this.dirs;
  }
}
export const guard = new Guard();
` }, 'sandbox');
  });
});

describe('the answer destructured in a .then callback', () => {
  it('an arrow taking { roots }, TypeScript', async () => {
    await expectRetired({ 'a.ts': `${V2}const server = new McpServer({ name: 'a', version: '1' });
let allowed: string[] = [];
server.server.oninitialized = () => {
  server.server.listRoots().then(({ roots }) => {
    allowed = roots.map((r) => fileURLToPath(r.uri));
  });
};
${SANDBOX_TOOL()}` }, 'sandbox');
  });

  it('a function taking { roots: list } with a logging .catch, JavaScript, v1', async () => {
    await expectRetired({ 'b.js': `${V1}const server = new McpServer({ name: 'b', version: '1' });
let allowed = [];
server.server.oninitialized = function () {
  void server.server.listRoots().then(function ({ roots: list }) {
    allowed = list.map((r) => fileURLToPath(r.uri));
  }).catch((error) => console.error('roots', error));
};
${SANDBOX_TOOL()}` }, 'sandbox');
  });

  it('the whole answer as the parameter, a concise arrow into a class field', async () => {
    await expectRetired({ 'c.ts': `${V2}class Files {
  readonly mcp = new McpServer({ name: 'c', version: '1' });
  private base?: string;
  constructor() {
    this.mcp.server.oninitialized = () => {
      this.mcp.server.listRoots().then((answer) => (this.base = answer.roots[0] ? fileURLToPath(answer.roots[0].uri) : undefined));
    };
    this.mcp.registerTool('ls', { inputSchema: z.object({}) }, async () => {
      if (!this.base) return { content: [{ type: 'text', text: 'no workspace' }], isError: true };
      return { content: [{ type: 'text', text: (await readdir(this.base)).join(',') }] };
    });
  }
}
export const files = new Files();
` }, 'workspace');
  });

  it('a callback that takes more than the roots keeps its marker', async () => {
    const out = await migrate({ 'd.ts': `${V2}const server = new McpServer({ name: 'd', version: '1' });
let allowed: string[] = [];
const seen: unknown[] = [];
server.server.oninitialized = () => {
  server.server.listRoots().then(({ roots, _meta }) => {
    allowed = roots.map((r) => fileURLToPath(r.uri));
    seen.push(_meta);
  });
};
${SANDBOX_TOOL()}` });
    expect(out.sites).toEqual(['request:marked:lifecycle']);
  });
});

describe('casts around the answer', () => {
  const SCHEMA = `import { ListRootsResultSchema } from '@modelcontextprotocol/core';\ninterface RootsResponse { roots: Array<{ uri: string; name?: string }> }\n`;
  it('`await server.request(…) as T` in a startup timer', async () => {
    await expectRetired({ 'a.ts': `${V2}${SCHEMA}const server = new McpServer({ name: 'a', version: '1' });
let allowed: string[] = [];
setTimeout(async () => {
  const response = await server.server.request({ method: 'roots/list' }, ListRootsResultSchema) as RootsResponse;
  allowed = response.roots.map((r) => fileURLToPath(r.uri));
}, 0);
${SANDBOX_TOOL()}` }, 'sandbox');
  });

  it('destructured through `as`, in the hook', async () => {
    await expectRetired({ 'b.ts': `${V2}${SCHEMA}const server = new McpServer({ name: 'b', version: '1' });
let allowed: string[] = [];
server.server.oninitialized = async () => {
  const { roots } = (await server.server.listRoots()) as RootsResponse;
  allowed = roots.map((r) => fileURLToPath(r.uri));
};
${SANDBOX_TOOL()}` }, 'sandbox');
  });

  it('`satisfies` and `!` on the bound answer, a workspace field', async () => {
    await expectRetired({ 'c.ts': `${V2}${SCHEMA}class Files {
  readonly mcp = new McpServer({ name: 'c', version: '1' });
  private base?: string;
  constructor() {
    this.mcp.server.oninitialized = async () => {
      const listed = (await this.mcp.server.listRoots()) satisfies RootsResponse;
      this.base = listed!.roots[0] ? fileURLToPath(listed!.roots[0].uri) : undefined;
    };
    this.mcp.registerTool('ls', { inputSchema: z.object({}) }, async () => {
      if (!this.base) return { content: [{ type: 'text', text: 'no workspace' }], isError: true };
      return { content: [{ type: 'text', text: (await readdir(this.base)).join(',') }] };
    });
  }
}
export const files = new Files();
` }, 'workspace');
  });

  it('a cast on the request inside the await', async () => {
    await expectRetired({ 'd.ts': `${V2}${SCHEMA}const server = new McpServer({ name: 'd', version: '1' });
let allowed: string[] = [];
server.server.oninitialized = async () => {
  const response = await (server.server.request({ method: 'roots/list' }, ListRootsResultSchema) as Promise<RootsResponse>);
  allowed = response.roots.map((r) => fileURLToPath(r.uri));
};
${SANDBOX_TOOL()}` }, 'sandbox');
  });

  it('a cast answer kept per session takes its roots from configuration', async () => {
    const out = await migrate({ 'e.ts': `${V2}${SCHEMA}const server = new McpServer({ name: 'e', version: '1' });
const perSession = new Map<string, string[]>();
setTimeout(async () => {
  if (server.server.getClientCapabilities()?.roots) {
    const response = (await server.server.request({ method: 'roots/list' }, ListRootsResultSchema)) as RootsResponse;
    perSession.set('s', response!.roots.map((r) => fileURLToPath(r.uri)));
  }
}, 1000);
${SANDBOX_TOOL("(perSession.get('s') ?? [])")}` });
    expect(out.sites, out.details.join('\n')).toEqual(['capability:rewritten', 'request:rewritten']);
    expect(out.details[1]).toMatch(/E_ROOTS/);
  });
});

describe('a helper that takes the answer and returns its roots', () => {
  const HELPER = `export function extractRoots(result: { roots: Array<{ uri: string }> }): string[] {
  return result.roots.map((r) => fileURLToPath(r.uri));
}
`;
  it('a same-file function declaration', async () => {
    const out = await expectRetired({ 'a.ts': `${V2}const server = new McpServer({ name: 'a', version: '1' });
let allowed: string[] = [];
${HELPER.replace('export ', '')}server.server.oninitialized = async () => {
  const rootsResult = await server.server.listRoots();
  allowed = extractRoots(rootsResult);
};
${SANDBOX_TOOL()}` }, 'sandbox');
    expect(out.after).toContain("allowed = extractRoots((configuredRoots('A_ALLOWED_DIRS')));");
  });

  it('an arrow helper in another file behind a barrel, the request inline, JavaScript', async () => {
    const out = await expectRetired({
      'roots-util.js': `import { fileURLToPath } from 'node:url';\nexport const rootsToDirs = ({ roots }) => roots.map((r) => fileURLToPath(r.uri));\n`,
      'util.js': `export { rootsToDirs } from './roots-util.js';\n`,
      'b.js': `${V1}import { rootsToDirs } from './util.js';
const server = new McpServer({ name: 'b', version: '1' });
let allowed = [];
server.server.oninitialized = async () => {
  allowed = rootsToDirs(await server.server.listRoots());
};
${SANDBOX_TOOL()}`,
    }, 'sandbox');
    expect(out.after).toContain("allowed = rootsToDirs(configuredRoots('B_ALLOWED_DIRS'));");
  });

  it('an imported helper whose result is a workspace in a class field', async () => {
    await expectRetired({
      'roots.ts': `import { fileURLToPath } from 'node:url';\n${HELPER}`,
      'c.ts': `${V2}import { extractRoots } from './roots.js';
class Files {
  readonly mcp = new McpServer({ name: 'c', version: '1' });
  private base?: string;
  constructor() {
    this.mcp.server.oninitialized = async () => {
      const answer = await this.mcp.server.listRoots();
      this.base = extractRoots(answer)[0];
    };
    this.mcp.registerTool('ls', { inputSchema: z.object({}) }, async () => {
      if (!this.base) return { content: [{ type: 'text', text: 'no workspace' }], isError: true };
      return { content: [{ type: 'text', text: (await readdir(this.base)).join(',') }] };
    });
  }
}
export const files = new Files();
`,
    }, 'workspace');
  });

  it('a helper that reads more than the roots keeps the state marked, naming why', async () => {
    const out = await migrate({ 'd.ts': `${V2}const server = new McpServer({ name: 'd', version: '1' });
let allowed: string[] = [];
function extractRoots(result: { roots: Array<{ uri: string }>; _meta?: object }): string[] {
  if (result._meta) console.error('meta');
  return result.roots.map((r) => fileURLToPath(r.uri));
}
server.server.oninitialized = async () => {
  const rootsResult = await server.server.listRoots();
  allowed = extractRoots(rootsResult);
};
${SANDBOX_TOOL()}` });
    expect(out.sites).toEqual(['request:marked:lifecycle']);
    expect(out.details[0]).toMatch(/the answer is used whole at line \d+, not only for its roots/);
  });

  it('a helper the answer reaches in a kept per-session state takes its roots from configuration', async () => {
    const out = await migrate({
      'roots.ts': `import { fileURLToPath } from 'node:url';\n${HELPER}`,
      'e.ts': `${V2}import { extractRoots } from './roots.js';
const server = new McpServer({ name: 'e', version: '1' });
const perSession = new Map<string, string[]>();
setTimeout(async () => {
  if (server.server.getClientCapabilities()?.roots) {
    const rootsResult = await server.server.listRoots();
    perSession.set('s', extractRoots(rootsResult));
  }
}, 1000);
${SANDBOX_TOOL("(perSession.get('s') ?? [])")}`,
    });
    expect(out.sites, out.details.join('\n')).toEqual(['capability:rewritten', 'request:rewritten']);
  });
});

describe('a fill promise kept and awaited later', () => {
  it('`ready = refreshAllowed()` in the hook, `await ready` in the tool, TypeScript', async () => {
    const out = await expectRetired({ 'a.ts': `${V2}const server = new McpServer({ name: 'a', version: '1' });
let allowed: string[] = [];
let ready: Promise<void> = Promise.resolve();
async function refreshAllowed(): Promise<void> {
  const { roots } = await server.server.listRoots();
  allowed = roots.map((r) => fileURLToPath(r.uri));
}
server.server.oninitialized = () => {
  ready = refreshAllowed();
};
server.registerTool('read', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  await ready;
  const target = path.resolve(file);
  if (!allowed.some((d) => target.startsWith(d + path.sep))) return { content: [{ type: 'text', text: 'outside' }], isError: true };
  return { content: [{ type: 'text', text: await readFile(target, 'utf8') }] };
});
` }, 'sandbox');
    expect(out.after).toContain('-  await ready;');
    expect(out.after).toContain('-let ready: Promise<void> = Promise.resolve();');
  });

  it('the list_changed handler stores the refresh and waits on it, JavaScript, v1', async () => {
    const out = await expectRetired({ 'b.js': `${V1}const server = new McpServer({ name: 'b', version: '1' });
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
let allowed = [];
let rootsLoaded;
const update = async () => {
  const result = await server.server.listRoots();
  allowed = result.roots.map((r) => fileURLToPath(r.uri));
};
server.server.oninitialized = async () => {
  rootsLoaded = update();
  await rootsLoaded;
};
server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  rootsLoaded = update();
  await rootsLoaded;
});
server.tool('read', { file: z.string() }, async ({ file }) => {
  await rootsLoaded;
  const target = path.resolve(file);
  if (!allowed.some((d) => target.startsWith(d + path.sep))) return { content: [{ type: 'text', text: 'outside' }], isError: true };
  return { content: [{ type: 'text', text: await readFile(target, 'utf8') }] };
});
` }, 'sandbox');
    expect(out.sites).toEqual(['request:rewritten', 'list-changed:rewritten']);
    expect(out.after).not.toMatch(/^\+.*rootsLoaded/m);
  });

  it("the promise of the request's own .then chain, a workspace", async () => {
    await expectRetired({ 'c.ts': `${V2}const server = new McpServer({ name: 'c', version: '1' });
let base: string | undefined;
let loading: Promise<void> | undefined;
server.server.oninitialized = () => {
  loading = server.server.listRoots().then(({ roots }) => {
    base = roots[0] ? fileURLToPath(roots[0].uri) : undefined;
  });
};
server.registerTool('ls', { inputSchema: z.object({}) }, async () => {
  await loading;
  if (!base) return { content: [{ type: 'text', text: 'no workspace' }], isError: true };
  return { content: [{ type: 'text', text: (await readdir(base)).join(',') }] };
});
` }, 'workspace');
  });

  it('a promise a tool also assigns keeps the marker, naming the line', async () => {
    const out = await migrate({ 'd.ts': `${V2}const server = new McpServer({ name: 'd', version: '1' });
let allowed: string[] = [];
let ready: Promise<void> = Promise.resolve();
async function refreshAllowed(): Promise<void> {
  const { roots } = await server.server.listRoots();
  allowed = roots.map((r) => fileURLToPath(r.uri));
}
server.server.oninitialized = () => {
  ready = refreshAllowed();
};
server.registerTool('reload', { inputSchema: z.object({}) }, async () => {
  ready = Promise.resolve();
  await ready;
  return { content: [{ type: 'text', text: 'ok' }] };
});
${SANDBOX_TOOL()}` });
    expect(out.sites[0]).toMatch(/^request:marked:/);
    expect(out.details[0]).toMatch(/ready is also assigned outside the hooks being retired \(line \d+\)/);
  });
});

describe('a named fill function shared by several triggers', () => {
  it('hook, list_changed handler and setInterval(refresh) by reference', async () => {
    const out = await expectRetired({ 'a.ts': `${V2}const server = new McpServer({ name: 'a', version: '1' });
let allowed: string[] = [];
async function refresh(): Promise<void> {
  const { roots } = await server.server.listRoots();
  allowed = roots.map((r) => fileURLToPath(r.uri));
}
server.server.oninitialized = async () => {
  await refresh();
};
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  await refresh();
});
setInterval(refresh, 60_000).unref();
${SANDBOX_TOOL()}` }, 'sandbox');
    expect(out.sites).toEqual(['request:rewritten', 'list-changed:rewritten']);
    expect(out.after).toContain('-setInterval(refresh, 60_000).unref();');
  });

  it('an arrow fill called from concise hooks and a timer callback, JavaScript, v1', async () => {
    await expectRetired({ 'b.js': `${V1}import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'b', version: '1' });
let allowed = [];
const loadRoots = async () => {
  const listed = await server.server.listRoots();
  allowed = listed.roots.map((r) => fileURLToPath(r.uri));
};
server.server.oninitialized = () => loadRoots();
server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => loadRoots());
setInterval(() => {
  void loadRoots();
}, 30_000);
${SANDBOX_TOOL()}` }, 'sandbox');
  });

  it('a method of a class filling a workspace field from the hook and a timer', async () => {
    await expectRetired({ 'c.ts': `${V2}class Files {
  readonly mcp = new McpServer({ name: 'c', version: '1' });
  private base?: string;
  constructor() {
    const sync = async () => {
      const { roots } = await this.mcp.server.listRoots();
      this.base = roots[0] ? fileURLToPath(roots[0].uri) : undefined;
    };
    this.mcp.server.oninitialized = async () => {
      await sync();
    };
    setInterval(sync, 10_000).unref();
    this.mcp.registerTool('ls', { inputSchema: z.object({}) }, async () => {
      if (!this.base) return { content: [{ type: 'text', text: 'no workspace' }], isError: true };
      return { content: [{ type: 'text', text: (await readdir(this.base)).join(',') }] };
    });
  }
}
export const files = new Files();
` }, 'workspace');
  });

  it('a fill function that does other work keeps the marker', async () => {
    const out = await migrate({ 'd.ts': `${V2}const server = new McpServer({ name: 'd', version: '1' });
let allowed: string[] = [];
let refreshedAt = 0;
async function refresh(): Promise<void> {
  const { roots } = await server.server.listRoots();
  allowed = roots.map((r) => fileURLToPath(r.uri));
  refreshedAt = Date.now();
}
server.server.oninitialized = async () => {
  await refresh();
};
setInterval(refresh, 60_000);
${SANDBOX_TOOL()}
server.registerTool('age', { inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: String(refreshedAt) }] }));
` });
    expect(out.sites[0]).toMatch(/^request:marked:/);
    expect(out.details[0]).toMatch(/does more than fetch roots/);
  });

  it('a timer whose handle is kept keeps the marker', async () => {
    const out = await migrate({ 'e.ts': `${V2}const server = new McpServer({ name: 'e', version: '1' });
let allowed: string[] = [];
async function refresh(): Promise<void> {
  const { roots } = await server.server.listRoots();
  allowed = roots.map((r) => fileURLToPath(r.uri));
}
server.server.oninitialized = async () => {
  await refresh();
};
export const timer = setInterval(refresh, 60_000);
${SANDBOX_TOOL()}` });
    expect(out.sites[0]).toMatch(/^request:marked:/);
    expect(out.details[0]).toMatch(/filled outside a lifecycle hook/);
  });
});

describe('fill functions reached through each other', () => {
  it('a fill registered by name as the list_changed handler, and a fill calling a fill', async () => {
    const out = await expectRetired({ 'a.ts': `${V2}const server = new McpServer({ name: 'a', version: '1' });
let allowed: string[] = [];
async function refresh(): Promise<void> {
  const { roots } = await server.server.listRoots();
  allowed = roots.map((r) => fileURLToPath(r.uri));
}
const start = async () => {
  await refresh();
};
server.server.oninitialized = async () => {
  await start();
};
server.server.setNotificationHandler('notifications/roots/list_changed', refresh);
${SANDBOX_TOOL()}` }, 'sandbox');
    expect(out.sites).toEqual(['request:rewritten', 'list-changed:rewritten']);
    expect(out.after).toContain('-const start = async () => {');
  });

  it('an IIFE in the hook that calls the fill', async () => {
    await expectRetired({ 'b.ts': `${V2}const server = new McpServer({ name: 'b', version: '1' });
let allowed: string[] = [];
async function refresh(): Promise<void> {
  const { roots } = await server.server.listRoots();
  allowed = roots.map((r) => fileURLToPath(r.uri));
}
server.server.oninitialized = () => {
  void (async () => {
    await refresh();
  })();
};
${SANDBOX_TOOL()}` }, 'sandbox');
  });
});

describe('a list_changed handler that fetches the roots again into the state the hook fills', () => {
  // The reference filesystem server's shape (v1, the hook's fetch gated, a shared function that checks
  // the directories and stores them): the hook's request takes its roots from configuration, and the
  // handler, which could only ask for the same directories again, goes with its own request.
  const LOW = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { realpath, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
`;
  const LOW_TOOL = (v: string) => `server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const target = path.resolve(String(request.params.arguments?.file));
  if (!${v}.some((d) => target.startsWith(d + path.sep))) return { content: [{ type: 'text', text: 'outside' }], isError: true };
  return { content: [{ type: 'text', text: await readFile(target, 'utf8') }] };
});
`;
  const expectRefetchGone = (out: Outcome) => {
    const i = out.sites.indexOf('list-changed:rewritten');
    expect(i, out.sites.join(', ')).toBeGreaterThanOrEqual(0);
    expect(out.details[i]).toMatch(/fetched the roots again/);
  };

  it('a guarded answer handed to a shared checking function, try/catch, low-level Server, TypeScript', async () => {
    const out = await expectRetired({ 'a.ts': `${LOW}let sandbox: string[] = process.argv.slice(2);
const server = new Server({ name: 'box', version: '1' }, { capabilities: { tools: {} } });
async function adoptRoots(list: Array<{ uri: string }>): Promise<void> {
  const dirs = await Promise.all(list.map((r) => realpath(fileURLToPath(r.uri))));
  if (dirs.length > 0) {
    sandbox = dirs;
    console.error(\`sandbox: \${dirs.length} directories\`);
  } else console.error('the client listed no usable roots');
}
server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  try {
    const answer = await server.listRoots();
    if (answer && 'roots' in answer) await adoptRoots(answer.roots);
  } catch (err) {
    console.error('could not refresh the roots:', err instanceof Error ? err.message : String(err));
  }
});
server.oninitialized = async () => {
  if (server.getClientCapabilities()?.roots) {
    try {
      const answer = await server.listRoots();
      if (answer && 'roots' in answer) await adoptRoots(answer.roots);
    } catch (err) {
      console.error('no roots at start:', err);
    }
  } else if (sandbox.length === 0) {
    throw new Error('start the server with directories, or use a client that lists roots');
  }
};
${LOW_TOOL('sandbox')}` }, 'sandbox');
    expectRefetchGone(out);
  });

  it('destructured roots, a logger object, McpServer, JavaScript', async () => {
    const out = await expectRetired({ 'b.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
const log = { warn: (...a) => console.error(...a), info: (...a) => console.error(...a) };
const server = new McpServer({ name: 'b', version: '1' });
let allowed = process.env.B_DIRS ? process.env.B_DIRS.split(path.delimiter) : [];
function useRoots(roots) {
  const next = roots.map((r) => fileURLToPath(r.uri));
  if (next.length) allowed = next;
  log.info('roots in use', next.length);
}
server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  try {
    const { roots } = await server.server.listRoots();
    useRoots(roots);
  } catch (e) {
    log.warn('roots refresh failed', e);
  }
});
server.server.oninitialized = async () => {
  const caps = server.server.getClientCapabilities();
  if (!caps?.roots) return;
  const { roots } = await server.server.listRoots();
  useRoots(roots);
};
${SANDBOX_TOOL()}` }, 'sandbox');
    expectRefetchGone(out);
  });

  it('a class whose method stores the directories, the handler returning early on an empty list', async () => {
    // Scan gives this field no role yet (the state is filled through an awaited method), so only the rewrite is checked.
    const out = await migrate({ 'c.ts': `${LOW}class Box {
  private dirs: string[] = [];
  readonly server = new Server({ name: 'c', version: '1' }, { capabilities: { tools: {} } });
  constructor() {
    this.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      const reply = await this.server.listRoots();
      if (!reply.roots.length) return;
      await this.take(reply.roots);
    });
    this.server.oninitialized = async () => {
      if (!this.server.getClientCapabilities()?.roots) return;
      const reply = await this.server.listRoots();
      await this.take(reply.roots);
    };
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const target = path.resolve(String(request.params.arguments?.file));
      if (!this.dirs.some((d) => target.startsWith(d + path.sep))) return { content: [{ type: 'text', text: 'outside' }], isError: true };
      return { content: [{ type: 'text', text: await readFile(target, 'utf8') }] };
    });
  }
  async take(list: Array<{ uri: string }>) {
    this.dirs = await Promise.all(list.map((r) => realpath(fileURLToPath(r.uri))));
  }
}
export const box = new Box();
` });
    expect(out.sites.every((x) => x.endsWith(':rewritten')), `${out.sites.join(', ')}\n${out.details.join('\n')}`).toBe(true);
    expect(out.after.split('\n').filter((l) => l.startsWith('+')).join('\n')).not.toMatch(/listRoots\(/);
    expectRefetchGone(out);
  });

  it('the answer kept whole and read twice, the fill an arrow in a const', async () => {
    const out = await expectRetired({ 'd.ts': `${LOW}let roots: string[] = [];
const server = new Server({ name: 'd', version: '1' }, { capabilities: { tools: {} } });
const remember = async (list: Array<{ uri: string }>, source: string) => {
  roots = list.map((r) => fileURLToPath(r.uri));
  console.info(source, roots.length);
};
server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  const result = await server.listRoots();
  if (typeof result === 'object' && result !== null) await remember(result.roots, 'changed');
});
server.oninitialized = () => {
  if (server.getClientCapabilities()?.roots) {
    void server.listRoots().then((result) => remember(result.roots, 'start'));
  }
};
${LOW_TOOL('roots')}` }, 'sandbox');
    expectRefetchGone(out);
  });

  it('the fill a default export of another module, JavaScript', async () => {
    // Scan gives state behind an imported fill and a getter no role yet, so only the rewrite is checked.
    const out = await migrate({
      'dirs.js': `let current = [];\nexport const currentDirs = () => current;\nexport function setDirs(list) {\n  current = [...list];\n}\n`,
      'apply-roots.js': `import { fileURLToPath } from 'node:url';\nimport { setDirs } from './dirs.js';\nexport default async function applyRoots(roots) {\n  setDirs(roots.map((r) => fileURLToPath(r.uri)));\n}\n`,
      'f.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import applyRoots from './apply-roots.js';
import { currentDirs } from './dirs.js';
const server = new McpServer({ name: 'f', version: '1' });
server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  try {
    const reply = await server.server.listRoots();
    if (reply && 'roots' in reply) {
      await applyRoots(reply.roots);
    }
  } catch (error) {
    console.error('roots refresh failed:', String(error));
  }
});
server.server.oninitialized = async () => {
  if (server.server.getClientCapabilities()?.roots) {
    const reply = await server.server.listRoots();
    await applyRoots(reply.roots);
  }
};
${SANDBOX_TOOL('currentDirs()')}`,
    });
    expect(out.sites.every((x) => x.endsWith(':rewritten')), `${out.sites.join(', ')}\n${out.details.join('\n')}`).toBe(true);
    expect(out.after.split('\n').filter((l) => l.startsWith('+')).join('\n')).not.toMatch(/listRoots\(/);
    expectRefetchGone(out);
  });

  it('a handler that also tells the client its tools changed keeps its marker', async () => {
    const out = await migrate({ 'e.ts': `${LOW}let sandbox: string[] = [];
const server = new Server({ name: 'e', version: '1' }, { capabilities: { tools: { listChanged: true } } });
async function adoptRoots(list: Array<{ uri: string }>): Promise<void> {
  sandbox = await Promise.all(list.map((r) => realpath(fileURLToPath(r.uri))));
}
server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  const answer = await server.listRoots();
  await adoptRoots(answer.roots);
  await server.sendToolListChanged();
});
server.oninitialized = async () => {
  if (server.getClientCapabilities()?.roots) await adoptRoots((await server.listRoots()).roots);
};
${LOW_TOOL('sandbox')}` });
    expect(out.sites.filter((s) => s.startsWith('request:')), out.details.join('\n')).toContain('request:rewritten');
    expect(out.sites.some((s) => s.startsWith('request:marked')), out.sites.join(', ')).toBe(true);
  });
});
