// `migrate --to param` where roots state cannot be retired: the state stays and its source becomes
// the server's configuration (transforms/param/state/configured-source.ts). Each shape is written
// here from the real servers of issue 11 (a per-session map, a closure refreshed on list_changed, a
// fill on first use), run by the real runner on a copy inside the repository so the SDK resolves,
// type-checked against the real SDK, and migrated again to prove a second run changes nothing. The
// shapes whose roots reach the package's users, or whose fetch depends on list_changed, stay marked.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { TMP_DIR } from '../e2e/harness/load.ts';
import { typecheck } from '../e2e/harness/typecheck.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function write(name: string, files: Record<string, string>): string {
  mkdirSync(TMP_DIR, { recursive: true });
  const dir = mkdtempSync(path.join(TMP_DIR, `${name}-p${process.pid}-`));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

async function migrate(dir: string) {
  const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: false });
  expect(result.failures).toEqual([]);
  const outcomes = result.files.flatMap((f) => f.outcomes.map((o) => ({ file: f.file, line: o.site.line, kind: o.site.kind, outcome: o.outcome, reason: o.reason, detail: o.detail, configure: o.configure })));
  return { changed: result.files.filter((f) => f.changed).map((f) => f.file).sort(), outcomes };
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

const SESSION_ROOTS = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Root, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

export const roots: Map<string | undefined, Root[]> = new Map();

export const syncRoots = async (server: McpServer, sessionId?: string) => {
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const clientSupportsRoots: boolean = clientCapabilities?.roots !== undefined;
  if (clientSupportsRoots) {
    const requestRoots = async () => {
      try {
        const response = await server.server.listRoots();
        if (response && 'roots' in response) roots.set(sessionId, response.roots);
      } catch (error) {
        console.error('roots/list failed', error);
      }
    };
    if (!roots.has(sessionId)) {
      // Refresh when the client says its roots changed
      server.server.setNotificationHandler(RootsListChangedNotificationSchema, requestRoots);
      await requestRoots();
    }
    return roots.get(sessionId);
  }
};
`;

const SESSION_TOOL = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { syncRoots } from './roots.js';

export const registerRootsTool = (server: McpServer) => {
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const clientSupportsRoots: boolean = clientCapabilities.roots !== undefined;
  if (clientSupportsRoots) {
    server.registerTool('get-roots-list', { description: 'List the roots' }, async (extra) => {
      const current = await syncRoots(server, extra.sessionId);
      return { content: [{ type: 'text', text: (current ?? []).map((r) => r.uri).join('\\n') || 'no roots' }] };
    });
  }
};
`;

const SESSION_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { syncRoots } from './roots.js';
import { registerRootsTool } from './tool.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'everything', version: '1.0.0' });
  server.server.oninitialized = async () => {
    registerRootsTool(server);
    const sessionId = server.server.transport?.sessionId;
    setTimeout(() => syncRoots(server, sessionId), 350);
  };
  return server;
}
`;

// The jscodeshift fixture pair's input is the same closure shape; its first line (a comment) is not part of it here.
const CLOSURE_V1_TS = readFileSync(path.join(import.meta.dirname, '../../transforms/jscodeshift/__testfixtures__/param-fixtures/source-closure.input.ts'), 'utf8').replace(/^\/\/.*\n/, '');

const ON_USE_V2_JS = `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { getRoots, setRoots } from './dirs.js';

let rootsFetched = false;

async function fetchRoots(server) {
  if (rootsFetched) return;
  rootsFetched = true;
  try {
    const capabilities = server.server.getClientCapabilities();
    if (capabilities?.roots) {
      const result = await server.server.listRoots();
      const dirs = result.roots.map((r) => r.uri).filter((u) => u.startsWith('file://')).map((u) => fileURLToPath(u));
      if (dirs.length > 0 && getRoots().length === 0) setRoots(dirs);
    }
  } catch {
    // no roots: the working directory
  }
}

export function createServer() {
  const server = new McpServer({ name: '@acme/tasks', version: '1.0.0' });
  server.registerTool('where', { description: 'Where files are looked up' }, async () => {
    await fetchRoots(server);
    return { content: [{ type: 'text', text: getRoots().join(',') || process.cwd() }] };
  });
  return server;
}
`;

const DIRS_JS = `let roots = [];
export function getRoots() {
  return roots;
}
export function setRoots(dirs) {
  roots = dirs;
}
`;

// v1: the SDK speaks only 2025 revisions, so oninitialized always runs (on v2 this shape stays marked).
const THEN_V1_TS = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const sessions = new Map<string | undefined, string[]>();

export function createServer(): McpServer {
  const server = new McpServer({ name: 'sessions', version: '1.0.0' });
  server.server.oninitialized = () => {
    const id = server.server.transport?.sessionId;
    if (server.server.getClientCapabilities()?.roots) {
      server.server
        .listRoots()
        .then((answer) => sessions.set(id, answer.roots.map((r) => r.uri)))
        .catch(() => sessions.set(id, []));
    }
  };
  server.registerTool('dirs', { description: 'The directories' }, async (extra) => ({ content: [{ type: 'text', text: (sessions.get(extra.sessionId) ?? []).join(',') }] }));
  return server;
}
`;

describe('--to param takes roots from configuration where the state stays', () => {
  it.each([
    ['session-map-v1-ts', { 'roots.ts': SESSION_ROOTS, 'tool.ts': SESSION_TOOL, 'server.ts': SESSION_SERVER }, ['roots.ts', 'tool.ts', 'uproot-roots.ts']],
    ['closure-v1-ts', { 'server.ts': CLOSURE_V1_TS }, ['server.ts']],
    ['on-use-v2-js', { 'server.js': ON_USE_V2_JS, 'dirs.js': DIRS_JS }, ['server.js']],
    ['then-v1-ts', { 'server.ts': THEN_V1_TS }, ['server.ts']],
  ])('%s: every server site rewritten, the output as reviewed, type-checked, and a second run changes nothing', async (name, files, changed) => {
    const dir = write(name, files);
    expect(typecheck(dir)).toEqual([]);
    const first = await migrate(dir);
    expect(first.outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(first.changed).toEqual(changed);
    for (const file of changed) await expect(read(dir, file)).toMatchFileSnapshot(`./__snapshots__/configured-source/${name}/${file}.snap`);
    const request = first.outcomes.find((o) => o.kind === 'request')!;
    expect(request.detail).toMatch(/^the trust boundary moved: the roots now come from the [A-Z_]+_ROOTS environment variable \(directories separated by the platform path delimiter.*shared by every session of the process; set [A-Z_]+_ROOTS/);
    expect(request.configure).toMatchObject({ args: false, param: null });
    const all = Object.keys(files).concat(changed).map((f) => read(dir, f)).join('\n');
    expect(all).not.toMatch(/listRoots\(|roots\/list'|RootsListChangedNotificationSchema|getClientCapabilities/);
    expect(typecheck(dir)).toEqual([]);
    expect((await migrate(dir)).changed).toEqual([]);
  });

  it('the variable is named after the server and shared by the request and its checks', async () => {
    const dir = write('closure-names', { 'server.ts': CLOSURE_V1_TS });
    const { outcomes } = await migrate(dir);
    expect(new Set(outcomes.map((o) => o.configure?.env))).toEqual(new Set(['BROWSER_TOOLS_ROOTS']));
    const text = read(dir, 'server.ts');
    expect(text).toContain("const roots = configuredRoots('BROWSER_TOOLS_ROOTS');");
    expect(text).toContain("if (rootsConfigured('BROWSER_TOOLS_ROOTS')) {\n      void updateRoots();\n    } else {");
    // The timeout only bounded the client round-trip: the parameter stays, unused, for its callers.
    expect(text).toContain('const updateRoots = async (_timeout?: number) => {');
  });

  it('a scoped generic server name keeps its scope, and a file that does not build the server takes the run\'s one name', async () => {
    const scoped = write('closure-scoped', { 'server.ts': CLOSURE_V1_TS.replace(/name: '[^']+'/, "name: '@acme/mcp'") });
    expect(new Set((await migrate(scoped)).outcomes.map((o) => o.configure?.env))).toEqual(new Set(['ACME_MCP_ROOTS']));
    // session-map: roots.ts and tool.ts hold no `new McpServer`; server.ts names it.
    const session = write('session-named', { 'roots.ts': SESSION_ROOTS, 'tool.ts': SESSION_TOOL, 'server.ts': SESSION_SERVER });
    const envs = new Set((await migrate(session)).outcomes.filter((o) => o.configure).map((o) => o.configure!.env));
    expect(envs.size).toBe(1);
    expect([...envs][0]).not.toBe('MCP_ROOTS');
  });

  it('a check in a file without a request follows only when the run leaves no request to the client', async () => {
    const dir = write('session-tool-only', { 'tool.ts': SESSION_TOOL, 'server.ts': SESSION_SERVER.replace("import { syncRoots } from './roots.js';\n", '').replace('    setTimeout(() => syncRoots(server, sessionId), 350);\n', '    void sessionId;\n').replace("import { registerRootsTool } from './tool.js';", "import { registerRootsTool } from './tool.js';\nimport { roots } from './other.js';\nvoid roots;"), 'other.ts': `export const roots = 1;\n` });
    const { outcomes, changed } = await migrate(dir);
    expect(changed).toEqual([]);
    expect(outcomes.filter((o) => o.kind === 'capability').map((o) => o.outcome)).toEqual(['reported']);
  });

  it('a check in a file without a request stays while another request is left to the client', async () => {
    const ungated = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nlet dirs: string[] = [];\nexport function watch(server: McpServer) {\n  server.server.oninitialized = async () => {\n    dirs = (await server.server.listRoots()).roots.map((r) => r.uri);\n  };\n  return () => dirs;\n}\n`;
    const dir = write('session-with-ungated', { 'roots.ts': SESSION_ROOTS, 'tool.ts': SESSION_TOOL, 'server.ts': SESSION_SERVER, 'watch.ts': ungated });
    const { outcomes, changed } = await migrate(dir);
    expect(outcomes.filter((o) => o.kind === 'request').map((o) => [o.file.split('/').pop(), o.outcome])).toEqual([
      ['roots.ts', 'rewritten'],
      ['watch.ts', 'marked'],
    ]);
    expect(outcomes.filter((o) => o.file.endsWith('tool.ts')).map((o) => o.outcome)).toEqual(['reported']);
    expect(changed.some((f) => f.endsWith('tool.ts'))).toBe(false);
  });
});

const SERVER_V1 = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n`;

describe('roots from configuration stays out where the roots are not the server\'s own', () => {
  it.each([
    [
      'an exported class hands them to its users through a public getter',
      `${SERVER_V1}export class Session {
  #roots: Array<{ uri: string }> = [];
  constructor(private readonly server: McpServer) {}
  get roots() {
    return this.#roots;
  }
  async connect() {
    if (this.server.server.getClientCapabilities()?.roots) {
      const roots = await this.server.server.listRoots();
      this.#roots = roots?.roots || [];
    }
  }
}
`,
      /roots from configuration cannot replace them either: the roots reach code outside the package \(Session's public getter roots returns them/,
    ],
    [
      'an exported class returns them from a public method',
      `${SERVER_V1}export class Framework {
  #roots: Array<{ uri: string }> = [];
  constructor(private readonly server: McpServer) {
    server.server.oninitialized = async () => {
      this.#roots = await this.listRoots();
    };
  }
  public async listRoots(): Promise<Array<{ uri: string }>> {
    if (!this.server.server.getClientCapabilities()?.roots) return [];
    const result = await this.server.server.listRoots();
    return result.roots;
  }
}
`,
      /Framework's public listRoots\(\) returns them to the package's users/,
    ],
    [
      'an exported base class returns them to its subclasses from a protected method',
      `${SERVER_V1}export abstract class BaseTool {
  protected server?: McpServer;
  protected async getRoots(): Promise<Array<{ uri: string }>> {
    if (!this.server?.server.getClientCapabilities()?.roots) return [];
    const result = await this.server.server.listRoots();
    return result.roots;
  }
}
`,
      /BaseTool's protected getRoots\(\) returns them to the package's users/,
    ],
    [
      'an event carries them to the package\'s users',
      `${SERVER_V1}import { EventEmitter } from 'node:events';
export function watch(server: McpServer, events: EventEmitter) {
  server.server.oninitialized = () => {
    if (server.server.getClientCapabilities()?.roots) {
      server.server.listRoots().then((answer) => events.emit('rootsChanged', { roots: answer.roots }));
    }
  };
}
`,
      /they are emitted as an event to the package's users/,
    ],
    [
      'a callback from the options receives them',
      `${SERVER_V1}export function watch(server: McpServer, options: { onRoots: (roots: unknown) => void }) {
  server.server.oninitialized = async () => {
    if (server.server.getClientCapabilities()?.roots) {
      const answer = await server.server.listRoots();
      options.onRoots(answer.roots);
    }
  };
}
`,
      /passed to a callback the package's user supplied/,
    ],
    [
      'the fetch is gated on list_changed support',
      `${SERVER_V1}let dirs: string[] = [];
export function watch(server: McpServer) {
  server.server.oninitialized = async () => {
    if (server.server.getClientCapabilities()?.roots?.listChanged) {
      dirs = (await server.server.listRoots()).roots.map((r) => r.uri);
    }
  };
  return () => dirs;
}
`,
      /gated on the client's list_changed support \(roots.listChanged\)/,
    ],
    [
      'the answer is used whole',
      `${SERVER_V1}const answers: unknown[] = [];
export function watch(server: McpServer) {
  server.server.oninitialized = async () => {
    if (server.server.getClientCapabilities()?.roots) {
      const answer = await server.server.listRoots();
      answers.push(answer);
    }
  };
  return () => answers;
}
`,
      /the answer answer is used at line \d+ in a way a configured \{ roots \} value cannot replace/,
    ],
    [
      'a v2 fetch runs only from oninitialized and the list_changed handler, which a 2026-07-28 connection never runs',
      `import { McpServer } from '@modelcontextprotocol/server';
let dirs: string[] = [];
async function load(server: McpServer) {
  if (!server.server.getClientCapabilities()?.roots) return;
  dirs = (await server.server.listRoots()).roots.map((r) => r.uri);
}
export function watch(server: McpServer) {
  server.server.oninitialized = () => {
    setTimeout(() => void load(server), 10);
  };
  server.server.setNotificationHandler('notifications/roots/list_changed', () => load(server));
  return () => dirs;
}
`,
      /roots from configuration cannot replace them either: the roots are fetched only from oninitialized/,
    ],
    [
      'the request is not gated on the capability',
      `${SERVER_V1}let dirs: string[] = [];
export function watch(server: McpServer) {
  server.server.oninitialized = async () => {
    dirs = (await server.server.listRoots()).roots.map((r) => r.uri);
  };
  return () => dirs;
}
`,
      // Not a shape this applies to: the original marker's detail, with nothing about configuration.
      /^(?:(?!roots from configuration)[\s\S])+$/,
    ],
  ])('%s: the request keeps its marker, saying why', async (_name, source, why) => {
    const dir = write('configured-negative', { 'server.ts': source });
    const { outcomes } = await migrate(dir);
    const requests = outcomes.filter((o) => o.kind === 'request');
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.outcome).toBe('marked');
    expect(requests.map((r) => r.detail).join('\n')).toMatch(why);
    expect(read(dir, 'server.ts')).not.toMatch(/configuredRoots|rootsConfigured/);
  });
});
