// `--lifecycle per-request` on a fill function handed the roots answer (the reference filesystem
// server's `updateAllowedDirectoriesFromRoots(response.roots)`): written the ways authors write it —
// the answer's roots or the whole answer, a `.then` callback, a cast, a hoisted declaration below
// the hooks, a named function the hook awaits — the init hook (or that function) becomes the per-request helper that replays the fill,
// type-checks against the real SDK and migrates to itself; what a request must not repeat stays marked.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('answer-fill');

const HEAD = `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer, type ListRootsResult, type Root } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
let allowed: string[] = process.env.START_DIR ? [path.resolve(process.env.START_DIR)] : [];
`;

const TOOL = `server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join(',') }] }));
`;

const INIT = (body: string) => `server.server.oninitialized = async () => {
  if (server.server.getClientCapabilities()?.roots) {
${body}
  } else {
    console.error('no roots: keeping', allowed);
  }
};
`;

const REFRESH = (body: string) => `server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
${body}
});
`;

const FILL_ROOTS = `async function updateFromRoots(roots: Root[]) {
  const dirs = roots.map((root) => fileURLToPath(root.uri));
  if (dirs.length > 0) allowed = dirs;
  else console.error('no valid roots');
}
`;

const SPELLINGS: Record<string, string> = {
  'a named function the init hook awaits asks and hands the roots over': `${HEAD}${FILL_ROOTS}${REFRESH(`  const response = await server.server.listRoots();
  await updateFromRoots(response.roots);`)}const fillRoots = async () => {
  if (!server.server.getClientCapabilities()?.roots) return;
  const response = await server.server.listRoots();
  await updateFromRoots(response.roots);
};
server.server.oninitialized = async () => {
  await fillRoots();
};
${TOOL}`,
  'the answer\'s roots, guarded and caught (the reference server)': `${HEAD}${FILL_ROOTS}${REFRESH(`  try {
    const response = await server.server.listRoots();
    if (response && 'roots' in response) await updateFromRoots(response.roots);
  } catch (error) {
    console.error('refresh failed', error);
  }`)}${INIT(`    try {
      const response = await server.server.listRoots();
      if (response && 'roots' in response) {
        await updateFromRoots(response.roots);
      } else {
        console.error('no roots set');
      }
    } catch (error) {
      console.error('roots failed', error);
    }`)}${TOOL}`,
  'the whole answer, a const arrow fill': `${HEAD}const adopt = async (answer: ListRootsResult) => {
  const dirs = answer.roots.map((root) => fileURLToPath(root.uri));
  if (dirs.length > 0) allowed = dirs;
};
${REFRESH(`  await adopt(await server.server.listRoots());`)}${INIT(`    const answer = await server.server.listRoots();
    await adopt(answer);`)}${TOOL}`,
  'a .then callback destructuring the roots': `${HEAD}${FILL_ROOTS}${REFRESH(`  await server.server.listRoots().then(async ({ roots }) => {
    await updateFromRoots(roots);
  });`)}${INIT(`    await server.server.listRoots().then(async ({ roots }) => {
      await updateFromRoots(roots);
    });`)}${TOOL}`,
  'a cast answer and a synchronous fill declared below the hooks': `${HEAD}${REFRESH(`  const response = (await server.server.listRoots()) as ListRootsResult;
  applyRoots(response.roots);`)}${INIT(`    const response = (await server.server.listRoots()) as ListRootsResult;
    applyRoots(response.roots);`)}${TOOL}function applyRoots(roots: Root[]): void {
  allowed = roots.map((root) => fileURLToPath(root.uri));
}
`,
};

describe('--lifecycle per-request replays a fill handed the roots answer', () => {
  it.each(Object.entries(SPELLINGS))('%s: the init hook becomes the helper, the refresh goes, the output type-checks and migrates to itself', (name, source) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), { 'server.ts': source });
    const first = migrate(dir);
    expect(first.outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(first.outcomes.filter((o) => o.kind === 'request')).toHaveLength(2);
    const text = first.changed['server.ts']!;
    expect(text).not.toMatch(/oninitialized|notifications\/roots\/list_changed|server\.server\.listRoots\(\)/);
    // The init hook, or the named function it awaits, is the helper each reading handler calls.
    const helper = text.includes('const fillRoots') ? 'fillRoots' : 'deriveRootsState';
    expect(text).toContain(`const ${helper} = async (ctx: ServerContext) => {`);
    expect(text).toContain(`if (clientDeclaresRoots(ctx, server.server)) await ${helper}(ctx);`);
    // The fill stays, called only from the helper, with the MRTR answer.
    expect(text).toMatch(/await rootsFromAnswer\(ctx\)/);
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker on a fill a request must not replay', () => {
  const marked = (source: string, detail: RegExp) => {
    const dir = project('marked', { 'server.ts': source });
    const { outcomes } = migrate(dir);
    const requests = outcomes.filter((o) => o.kind === 'request');
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) {
      expect(r.outcome).toBe('marked');
      expect(r.detail).toMatch(detail);
    }
  };

  it('a fill that also starts work of its own (a watcher) would start it on every call', () => {
    marked(
      `${HEAD}function watch(dirs: string[]): void { void dirs; }
async function updateFromRoots(roots: Root[]) {
  allowed = roots.map((root) => fileURLToPath(root.uri));
  watch(allowed);
}
${INIT(`    const response = await server.server.listRoots();
    await updateFromRoots(response.roots);`)}${TOOL}`,
      /updateFromRoots\(\) does more than fill the roots state \(line \d+\)/,
    );
  });

  it('a fill handed more than the answer', () => {
    marked(
      `${HEAD}const extra: string[] = [];
async function updateFromRoots(roots: Root[], more: string[]) {
  allowed = [...roots.map((root) => fileURLToPath(root.uri)), ...more];
}
${INIT(`    const response = await server.server.listRoots();
    await updateFromRoots(response.roots, extra);`)}${TOOL}`,
      /updateFromRoots\(\) is given something besides the roots answer/,
    );
  });

  it('a fill also run from code that is not a hook (a reload the module exports)', () => {
    marked(
      `${HEAD}${FILL_ROOTS}${INIT(`    const response = await server.server.listRoots();
    await updateFromRoots(response.roots);`)}${TOOL}export function reload(): void {
  void updateFromRoots([]);
}
`,
      /allowed is filled by updateFromRoots\(\), which is called at line \d+ by reload\(\), which is exported, and its callers in other modules are not followed, so there is no one place/,
    );
  });

  it('the state is also read by code no request runs (a health route): its value there would change', () => {
    marked(
      `${HEAD}${FILL_ROOTS}${INIT(`    const response = await server.server.listRoots();
    await updateFromRoots(response.roots);`)}${TOOL}export const health = () => ({ directories: allowed.length });
`,
      /allowed is read at line \d+ from/,
    );
  });
});
