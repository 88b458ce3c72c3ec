// `--lifecycle per-request` on roots state that code outside any MCP request also reads (issue 20: tasksync's
// `/health` route reporting `allowedDirectories.length`, server-filesystem-http's consent page listing them).
// A read that only shows the value — in a non-MCP callback's response or a log line — sees "the latest roots"
// before and after, refreshed at another moment, which the report says; written the ways authors write it
// (inline route, named route function, `res.status().json`, a local HTML string, a `.then` callback, JS), the
// state is rewritten. A read whose value decides something (which tools exist, another state, a function's
// result, a mutation) keeps the marker.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('shown-reads');

// A stand-in for an HTTP framework (express-like): the route callbacks are called by it, never by MCP.
const ROUTER = `type Res = { json(body: unknown): void; send(body: string): void; status(code: number): Res; type(t: string): Res };
const routes = new Map<string, (req: unknown, res: Res) => void>();
function get(route: string, handler: (req: unknown, res: Res) => void): void {
  routes.set(route, handler);
}
`;

const HEAD = `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer, type Root } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
let allowed: string[] = process.env.START_DIR ? [path.resolve(process.env.START_DIR)] : [];
${ROUTER}
async function updateFromRoots(roots: Root[]) {
  const dirs = roots.map((root) => fileURLToPath(root.uri));
  if (dirs.length > 0) allowed = dirs;
  else console.error('no valid roots');
}
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  const response = await server.server.listRoots();
  await updateFromRoots(response.roots);
});
server.server.oninitialized = async () => {
  if (server.server.getClientCapabilities()?.roots) {
    const response = await server.server.listRoots();
    await updateFromRoots(response.roots);
  } else {
    console.error('no roots: keeping', allowed);
  }
};
server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join(',') }] }));
`;

const SHOWN: Record<string, string> = {
  'an inline health route reports the count': `${HEAD}get('/health', (_req, res) => {
  res.json({ status: 'ok', allowed: allowed.length });
});
`,
  'a named route function, handed to the router only': `${HEAD}function health(_req: unknown, res: Res): void {
  res.status(200).json({ directories: [...allowed], count: allowed.length });
}
get('/health', health);
`,
  'a consent page built in a local HTML string, sent by a chained response call': `${HEAD}get('/authorize', (_req, res) => {
  const html = \`<div class="dirs">\${allowed.join(', ') || 'Configured by MCP client'}</div>\`;
  res.type('html').send(html);
});
`,
  'a route registered once a promise settles (.then), its response call voided': `${HEAD}export const ready = Promise.resolve().then(() => {
  get('/health', (_req, res) => void res.json({ count: allowed.length }));
});
`,
  'a route of a factory the module exports, with a cast and JSON.stringify': `${HEAD}export function routesFor(prefix: string): void {
  get(\`\${prefix}/health\`, (_req, res) => res.send(JSON.stringify({ allowed: allowed as string[] })));
}
`,
};

describe('--lifecycle per-request rewrites state that code outside MCP only shows', () => {
  it.each(Object.entries(SHOWN))('%s: the state is derived per request, the report names the read and its new timing', (name, source) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), { 'server.ts': source });
    const first = migrate(dir);
    expect(first.requests).toHaveLength(2);
    expect(first.requests.filter((r) => r.outcome !== 'rewritten')).toEqual([]);
    // The report gives the line of the outside read and says its value now follows the handlers' calls.
    const line = HEAD.split('\n').length - 1 + source.slice(HEAD.length).split('\n').findIndex((l) => /\ballowed\b/.test(l)) + 1;
    for (const r of first.requests) expect(r.detail).toMatch(new RegExp(`outside any MCP request at line ${line}\\b.*latest handler call`));
    const text = first.changed['server.ts']!;
    expect(text).not.toMatch(/oninitialized|server\.server\.listRoots\(\)/);
    expect(text).toContain('await deriveRootsState(ctx)');
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });

  it('the same route in JavaScript', () => {
    const js = `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
let allowed = process.env.START_DIR ? [path.resolve(process.env.START_DIR)] : [];
const routes = new Map();
function get(route, handler) {
  routes.set(route, handler);
}
async function updateFromRoots(roots) {
  const dirs = roots.map((root) => fileURLToPath(root.uri));
  if (dirs.length > 0) allowed = dirs;
}
server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  const response = await server.server.listRoots();
  await updateFromRoots(response.roots);
});
server.server.oninitialized = async () => {
  if (server.server.getClientCapabilities()?.roots) {
    const response = await server.server.listRoots();
    await updateFromRoots(response.roots);
  }
};
server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join(',') }] }));
get('/health', function (_req, res) {
  res.json({ allowed: allowed.length });
});
`;
    const dir = project('js', { 'server.js': js });
    const first = migrate(dir);
    expect(first.requests.map((r) => r.outcome)).toEqual(['rewritten', 'rewritten']);
    expect(first.requests[0]!.detail).toMatch(/outside any MCP request at line 27\b/);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker where the outside read decides something', () => {
  /** `stop`: the line of the tail where the read's value stops being only shown, named by the marker. */
  const marked = (name: string, tail: string, stop?: number) => {
    const dir = project(name, { 'server.ts': `${HEAD}${tail}` });
    const { requests, changed } = migrate(dir);
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.outcome).toBe('marked');
      expect(r.detail).toMatch(/allowed is read at line \d+ from/);
      const line = HEAD.split('\n').length - 1 + (stop ?? 0);
      if (stop) expect(r.detail).toMatch(new RegExp(`its value reaches line ${line} for more than a log line or the response`));
      else expect(r.detail).not.toMatch(/its value reaches/);
    }
    expect(changed['server.ts'] ?? '').not.toContain('deriveRootsState');
  };

  it('a route that decides which tools exist', () => {
    marked('tools', `get('/reload', (_req, res) => {
  if (allowed.length > 0) server.registerTool('extra', {}, async () => ({ content: [] }));
  res.send('ok');
});
`, 2);
  });

  it('a route that copies the roots into other state another request reads', () => {
    marked('copy', `let snapshot: string[] = [];
get('/snapshot', (_req, res) => {
  snapshot = allowed;
  res.json(snapshot);
});
server.registerTool('snapshot', {}, async () => ({ content: [{ type: 'text', text: snapshot.join(',') }] }));
`, 3);
  });

  it('a route that hands the roots to a function of its own (which may keep them)', () => {
    marked('helper', `const seen: string[][] = [];
function remember(dirs: string[]): number {
  seen.push(dirs);
  return dirs.length;
}
get('/health', (_req, res) => {
  res.json({ count: remember(allowed) });
});
`, 7);
  });

  it('a route that changes the state through a mutating method', () => {
    marked('mutate', `get('/health', (_req, res) => {
  res.json({ last: allowed.pop() });
});
`, 2);
  });

  it('a function the module exports returns it to callers uproot cannot see', () => {
    marked('exported', `export function health(_req: unknown, res: Res): void {
  res.json({ count: allowed.length });
}
`);
  });

  it('a response object the route did not receive (a module-level one) is not its caller’s', () => {
    marked('module-res', `const sink: Res = { json() {}, send() {}, status() { return sink; }, type() { return sink; } };
get('/health', () => {
  sink.json({ count: allowed.length });
});
`, 3);
  });
});
