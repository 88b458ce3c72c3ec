// `--lifecycle per-request` keeps its marker where a fill runs from something that is not a trigger,
// or where roots are kept per session; the marker's detail says which use or which key, with its line
// (issue 20: the real servers' markers said only "somewhere other than a hook"). Each shape is written
// the ways real authors write it: a function declaration, an arrow, a class method, JavaScript.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planMrtrProject } from '../../transforms/mrtr.ts';
import { TMP_DIR } from '../e2e/harness/load.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The server-side roots request outcomes of one per-request run over `files`. */
function requests(files: Record<string, string>) {
  mkdirSync(TMP_DIR, { recursive: true });
  const dir = mkdtempSync(path.join(TMP_DIR, `marker-detail-p${process.pid}-`));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  const sources = readdirSync(dir).sort().map((f) => ({ path: path.join(dir, f), text: readFileSync(path.join(dir, f), 'utf8') }));
  const { plans, failures } = planMrtrProject(sources, { lifecycle: 'per-request' });
  expect([...failures.keys()]).toEqual([]);
  const out = [...plans.values()].flatMap((p) => p.outcomes).filter((o) => o.site.kind === 'request' && o.site.side === 'server');
  expect(out.length).toBeGreaterThan(0);
  return out;
}

/** The line of the first line of `text` holding `needle` (1-based). */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

const HEAD = `import { McpServer } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
let allowed: string[] = [];
`;
const HEAD_JS = HEAD.replace('let allowed: string[] = [];', 'let allowed = [];');
const TOOL = `server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join(',') }] }));
`;
const REFRESH_FN = `async function refresh() {
  if (!server.server.getClientCapabilities()?.roots) return;
  const { roots } = await server.server.listRoots();
  allowed = roots.map((r) => r.uri);
}
server.server.oninitialized = async () => {
  await refresh();
};
`;
const REFRESH_ARROW = REFRESH_FN.replace('async function refresh() {', 'const refresh = async () => {').replace('allowed = roots.map((r) => r.uri);\n}', 'allowed = roots.map((r) => r.uri);\n};');

/** A list_changed handler that debounces the refresh through a timer whose handle it keeps. */
const DEBOUNCE = (timer: string) => `server.server.setNotificationHandler('notifications/roots/list_changed', () => {
  if (handle) clearTimeout(handle);
  ${timer}
});
`;

describe('a fill run by a timer whose handle is kept (a debounce): retired with its handler, or the marker names the other use', () => {
  const cases: Record<string, { file: string; text: string; handle: string }> = {
    'function declaration, arrow callback, module variable handle': {
      file: 'server.ts',
      text: `${HEAD}let handle: ReturnType<typeof setTimeout> | undefined;\n${REFRESH_FN}${DEBOUNCE('handle = setTimeout(() => { void refresh(); }, 100);')}${TOOL}`,
      handle: 'handle',
    },
    'arrow fill handed to the timer itself': {
      file: 'server.ts',
      text: `${HEAD}let handle: ReturnType<typeof setTimeout> | undefined;\n${REFRESH_ARROW}${DEBOUNCE('handle = setTimeout(refresh, 100);')}${TOOL}`,
      handle: 'handle',
    },
    'JavaScript, .unref() chained on the kept timer': {
      file: 'server.js',
      text: `${HEAD_JS}let handle;\n${REFRESH_FN}${DEBOUNCE('handle = setTimeout(() => refresh(), 100).unref();')}${TOOL}`,
      handle: 'handle',
    },
    'a class keeping the handle in a field': {
      file: 'server.ts',
      text: `import { McpServer } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
class Roots {
  private allowed: string[] = [];
  private handle: ReturnType<typeof setTimeout> | undefined;
  register(): void {
    server.server.oninitialized = async () => {
      await this.refresh();
    };
    server.server.setNotificationHandler('notifications/roots/list_changed', () => {
      if (this.handle) clearTimeout(this.handle);
      this.handle = setTimeout(() => void this.refresh(), 100);
    });
    server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: this.allowed.join(',') }] }));
  }
  private async refresh(): Promise<void> {
    if (!server.server.getClientCapabilities()?.roots) return;
    const { roots } = await server.server.listRoots();
    this.allowed = roots.map((r) => r.uri);
  }
}
new Roots().register();
`,
      handle: 'this.handle',
    },
  };
  // A handle only the list_changed handler uses is its debounce, retired with it (lifecycle-debounce.test.ts).
  it.each(Object.entries(cases))('%s, the handle only the handler uses: rewritten', (_, { file, text }) => {
    for (const o of requests({ [file]: text })) expect(o.outcome).toBe('rewritten');
  });
  // A shutdown clearTimeout of the handle does nothing once the handler that assigned it goes: it goes with it.
  it.each(Object.entries(cases))('%s, the handle also cleared at shutdown: rewritten, the clear gone', (_, { file, text, handle }) => {
    const stop = withStop(file, text, handle, 'void', `clearTimeout(${handle});`);
    for (const o of requests({ [file]: stop })) expect(o.outcome).toBe('rewritten');
  });
  // Read anywhere else (stop() answers whether a refresh was pending), it is more than a debounce: the marker names that use.
  it.each(Object.entries(cases))('%s, the handle also read at shutdown: marked, naming the use', (_, { file, text, handle }) => {
    const stop = withStop(file, text, handle, 'boolean', `return ${handle} !== undefined;`);
    const line = lineOf(stop, 'setTimeout(');
    const use = lineOf(stop, 'stop()') + 1;
    for (const o of requests({ [file]: stop })) {
      expect(o.outcome).toBe('marked');
      expect(o.detail).toContain(`is filled by refresh(), which runs from a timer at line ${line} in the list_changed handler, whose handle ${handle} is also used at line ${use} in stop()`);
    }
  });
});

/** The source with a `stop()` (a method of the class keeping the handle in a field, else an exported function) whose body is `body`. */
function withStop(file: string, text: string, handle: string, type: string, body: string): string {
  const returns = file.endsWith('.ts') ? `: ${type}` : '';
  const stop = handle.startsWith('this.') ? text.replace('  register(): void {', `  stop()${returns} {\n    ${body}\n  }\n  register(): void {`) : `${text}export function stop()${returns} {\n  ${body}\n}\n`;
  expect(stop).not.toBe(text);
  return stop;
}

describe('a fill reached through a function handed on as a value names the hand-over', () => {
  const RUNNER = `class ToolRunner {
  constructor(private readonly before: () => Promise<void>) {}
  async run(): Promise<string> {
    await this.before();
    return allowed.join(',');
  }
}
`;
  const TOOL_RUNNER = `server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: await runner.run() }] }));
`;
  const ENSURE_FN = `async function ensureReady(): Promise<void> {
  if (allowed.length === 0) await refresh();
}
`;
  const ENSURE_ARROW = `const ensureReady = async (): Promise<void> => {
  if (allowed.length === 0) await refresh();
};
`;
  const cases: Record<string, { text: string; to: string }> = {
    'a function declaration handed to a constructor': { text: `${HEAD}${REFRESH_FN}${RUNNER}${ENSURE_FN}const runner = new ToolRunner(ensureReady);\n${TOOL_RUNNER}`, to: 'new ToolRunner' },
    'an arrow handed to a constructor': { text: `${HEAD}${REFRESH_ARROW}${RUNNER}${ENSURE_ARROW}const runner = new ToolRunner(ensureReady);\n${TOOL_RUNNER}`, to: 'new ToolRunner' },
    'a function declaration handed to a factory': {
      text: `${HEAD}${REFRESH_FN}${ENSURE_FN}function makeRunner(before: () => Promise<void>) {
  return { run: async () => { await before(); return allowed.join(','); } };
}
const runner = makeRunner(ensureReady);
${TOOL_RUNNER}`,
      to: 'makeRunner',
    },
  };
  it.each(Object.entries(cases))('%s', (_, { text, to }) => {
    const called = lineOf(text, 'if (allowed.length === 0) await refresh();');
    const handed = lineOf(text, `(ensureReady)`);
    for (const o of requests({ 'server.ts': text })) {
      expect(o.outcome).toBe('marked');
      expect(o.detail).toContain(`is called at line ${called} by ensureReady(), which is handed on as a value at line ${handed} (to ${to})`);
    }
  });
});

describe('roots kept per session name the key the fill writes under and the keys its readers use', () => {
  // The reference "everything" server's shape: a sync function keyed by the session it is given.
  const SYNC = (key: string) => `const roots = new Map<string | undefined, string[]>();
export const syncRoots = async (sessionId?: string) => {
  if (!server.server.getClientCapabilities()?.roots) return undefined;
  const requestRoots = async () => {
    const response = await server.server.listRoots();
    roots.set(${key}, response.roots.map((r) => r.uri));
  };
  if (!roots.has(sessionId)) {
    server.server.setNotificationHandler('notifications/roots/list_changed', requestRoots);
    await requestRoots();
  }
  return roots.get(sessionId);
};
`;
  const BASE = `import { McpServer } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
`;
  it('a sync function exported for other modules: the key is its parameter, the fill is reached through it', () => {
    const text = `${BASE}${SYNC('sessionId')}`;
    for (const o of requests({ 'roots.ts': text })) {
      expect(o.outcome).toBe('marked');
      expect(o.detail).toContain(
        `the roots are kept per session in roots, keyed by sessionId (a parameter of syncRoots()) and read with sessionId (line ${lineOf(text, 'roots.has(')}); requestRoots(), which fills it, is called at line ${lineOf(text, 'await requestRoots()')} by syncRoots(), which is exported, and its callers in other modules are not followed`,
      );
    }
  });

  it('JavaScript, a function declaration keyed by a module constant', () => {
    const text = `${BASE}const KEY = 'default';
const roots = new Map();
server.server.oninitialized = async () => {
  await fill();
};
async function fill() {
  const response = await server.server.listRoots();
  roots.set(KEY, response.roots.map((r) => r.uri));
}
server.registerTool('roots', {}, async (ctx) => ({ content: [{ type: 'text', text: (roots.get(ctx.sessionId) ?? []).join(',') }] }));
`;
    for (const o of requests({ 'server.js': text })) {
      expect(o.outcome).toBe('marked');
      expect(o.detail).toContain(`the roots are kept per session in roots, keyed by KEY (line ${lineOf(text, "const KEY")}) and read with ctx.sessionId (line ${lineOf(text, 'roots.get(')})`);
    }
  });
});

// A sync function its handlers call with their own session (same file, another module, a barrel, `.then`) is
// rewritten now: lifecycle-session-map.test.ts.
