// `--lifecycle per-request` on roots kept per session (issue 20, point 2: a per-session map is storage like
// any other). The reference "everything" server's sync function — fill once per session, refresh on
// list_changed, read back with the caller's key — is written here the ways its copies are: an exported
// function declaration called from another module, through a barrel, an arrow with `.then`, a tool of the
// same file. Each handler that reads the map through it asks for roots and writes its own answer under its
// key; where no handler reads it, or another module reads the map itself, the marker says exactly that.
import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('session-map');

const ROOTS = `import { McpServer } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
const roots = new Map<string | undefined, string[]>();
export async function syncRoots(sessionId?: string) {
  const requestRoots = async () => {
    const response = await server.server.listRoots();
    roots.set(sessionId, response.roots.map((r) => r.uri));
  };
  if (!roots.has(sessionId)) {
    // Refresh when the client says its roots changed
    server.server.setNotificationHandler('notifications/roots/list_changed', requestRoots);
    await requestRoots();
  }
  return roots.get(sessionId);
}
`;
const START = (from: string) => `import { server, syncRoots } from '${from}';

let timer: ReturnType<typeof setTimeout> | undefined;
server.server.oninitialized = async () => {
  timer = setTimeout(() => void syncRoots(undefined), 350);
};
export const stop = () => clearTimeout(timer);
`;
const TOOL_FILE = (from: string) => `import { server, syncRoots } from '${from}';

server.registerTool('roots', {}, async (ctx) => ({ content: [{ type: 'text', text: ((await syncRoots(ctx.sessionId)) ?? []).join(',') }] }));
`;

/** Migrated, then migrated again: the outcomes of the first run, the files it wrote, and nothing left for the second. */
function migrateTwice(name: string, files: Record<string, string>) {
  const dir = project(name, files);
  const first = migrate(dir);
  expect(migrate(dir).changed).toEqual({});
  return first;
}

/** The shape every rewritten variant ends in: no guard, no refresh, no timer; the tool hands its ctx to the sync. */
function expectDerivedPerRequest(changed: Record<string, string>, roots: string, start: string | undefined, tool: string) {
  const sync = changed[roots]!;
  expect(sync).not.toMatch(/\.has\(sessionId\)/);
  expect(sync).not.toContain('setNotificationHandler');
  expect(sync).not.toContain('Refresh when the client says its roots changed');
  expect(sync).toContain('rootsFromAnswer(ctx');
  expect(sync).toMatch(/\.get\(sessionId\)/);
  if (start) expect(changed[start]).not.toContain('setTimeout(() =>');
  expect(changed[tool]).toContain("inputRequired({ inputRequests: { roots: inputRequired.listRoots() } })");
  expect(changed[tool]).toMatch(/syncRoots\(ctx\.sessionId, ctx\)/);
}

describe('a sync function keyed by the session its handlers pass is derived per request', () => {
  it('exported, called from a tool module and a start-up timer module', () => {
    const { changed, outcomes } = migrateTwice('direct', { 'roots.ts': ROOTS, 'start.ts': START('./roots.js'), 'tools.ts': TOOL_FILE('./roots.js') });
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(outcomes.find((o) => o.kind === 'request')?.detail).toContain("syncRoots() writes each request's own roots answer under its session's key");
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['list-changed', 'request']);
    expectDerivedPerRequest(changed, 'roots.ts', 'start.ts', 'tools.ts');
    // The timer's handle stays declared for the cleanup that clears it.
    expect(changed['start.ts']).toContain('clearTimeout(timer)');
  });

  it('imported through a barrel', () => {
    const { changed, outcomes } = migrateTwice('barrel', { 'roots.ts': ROOTS, 'utils.ts': `export * from './roots.js';\n`, 'start.ts': START('./utils.js'), 'tools.ts': TOOL_FILE('./utils.js') });
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expectDerivedPerRequest(changed, 'roots.ts', 'start.ts', 'tools.ts');
  });

  it('an exported arrow whose fill writes in the request\'s .then', () => {
    const arrow = ROOTS.replace('export async function syncRoots(sessionId?: string) {', 'export const syncRoots = async (sessionId?: string) => {')
      .replace(
        `    const response = await server.server.listRoots();
    roots.set(sessionId, response.roots.map((r) => r.uri));`,
        `    await server.server.listRoots().then((response) => {
      roots.set(sessionId, response.roots.map((r) => r.uri));
    });`,
      )
      .replace('  return roots.get(sessionId);\n}\n', '  return roots.get(sessionId);\n};\n');
    expect(arrow).not.toBe(ROOTS);
    const { changed, outcomes } = migrateTwice('then', { 'roots.ts': arrow, 'start.ts': START('./roots.js'), 'tools.ts': TOOL_FILE('./roots.js') });
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expectDerivedPerRequest(changed, 'roots.ts', 'start.ts', 'tools.ts');
  });

  it('JavaScript, one file: the tool of the same file calls it, a capability check compared with undefined gates it', () => {
    const js = ROOTS.replace('const roots = new Map<string | undefined, string[]>();', 'const roots = new Map();')
      .replace('export async function syncRoots(sessionId?: string) {', 'export async function syncRoots(sessionId) {\n  const caps = server.server.getClientCapabilities() ?? {};\n  if (caps.roots === undefined) return undefined;');
    expect(js).not.toBe(ROOTS);
    const { changed, outcomes } = migrateTwice('js', { 'server.js': `${js}${TOOL_FILE('./server.js').split('\n').slice(2).join('\n')}` });
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    // "not declared" stays a negation of the per-request check, never `clientDeclaresRoots(…) === undefined`.
    expect(changed['server.js']).toContain('if (!clientDeclaresRoots(ctx, server.server)) return undefined;');
    expect(changed['server.js']).not.toContain('getClientCapabilities() ?? {}');
    expectDerivedPerRequest(changed, 'server.js', undefined, 'server.js');
  });
});

describe('a per-session map the per-request form cannot take keeps a marker that says why', () => {
  it('filled only from a start-up timer: no handler reads it, so none can ask for roots in its place', () => {
    const { outcomes, changed } = migrateTwice('timer-only', { 'roots.ts': ROOTS, 'start.ts': START('./roots.js') });
    const request = outcomes.find((o) => o.kind === 'request')!;
    expect(request.outcome).toBe('marked');
    expect(request.detail).toMatch(/syncRoots\(\) is called only from start-up triggers 2026-07-28 never runs \(start\.ts:5\), so no tools\/call, prompts\/get or resources\/read handler reads roots/);
    expect(changed['start.ts']).toBeUndefined();
  });

  it('the map is exported and another module reads it itself', () => {
    const exported = ROOTS.replace('const roots = new Map', 'export const roots = new Map');
    const reader = `import { roots } from './roots.js';\nexport const count = () => roots.size;\n`;
    const { outcomes } = migrateTwice('exported-map', { 'roots.ts': exported, 'start.ts': START('./roots.js'), 'tools.ts': TOOL_FILE('./roots.js'), 'count.ts': reader });
    const request = outcomes.find((o) => o.kind === 'request')!;
    expect(request.outcome).toBe('marked');
    expect(request.detail).toContain('roots is exported and count.ts imports it, so it may read the map outside a request');
  });

  it('the same map, exported but imported by nobody: rewritten', () => {
    const exported = ROOTS.replace('const roots = new Map', 'export const roots = new Map');
    const { outcomes } = migrateTwice('exported-unread', { 'roots.ts': exported, 'start.ts': START('./roots.js'), 'tools.ts': TOOL_FILE('./roots.js') });
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
  });
});
