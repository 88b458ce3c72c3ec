// `--to mrtr` on a roots helper nothing calls (the template servers' exported `requestRoots(server)`): it is split the
// way a push-request helper is, a builder beside it returning the roots input request and the helper taking the
// client's answer as a new last parameter. Written the ways authors write it (function, arrow, JS, an identity-cast
// parser, an `export { }` list, a module another file imports for something else); held where a caller may exist
// that uproot cannot see (a file outside the run, a dynamic import, the package's published entry, a call in its own
// file) or where the answer's shape is the request's own (a checking schema, a class method).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planMrtrProject } from '../../transforms/mrtr.ts';
import { TMP_DIR } from '../e2e/harness/load.ts';
import { typecheck } from '../e2e/harness/typecheck.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A package inside the repository (so the SDK resolves for the type check), its own package.json bounding the caller search. */
function project(name: string, files: Record<string, string>, manifest: Record<string, unknown> = {}): string {
  mkdirSync(TMP_DIR, { recursive: true });
  const dir = mkdtempSync(path.join(TMP_DIR, `uncalled-${name}-p${process.pid}-`));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'uncalled', type: 'module', ...manifest }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Migrates the files under `src/` of `dir` as one run (other folders are outside it), writing what changes. */
function migrate(dir: string) {
  const src = path.join(dir, 'src');
  const files = readdirSync(src).filter((f) => /\.[jt]s$/.test(f)).sort().map((f) => ({ path: path.join(src, f), text: readFileSync(path.join(src, f), 'utf8') }));
  const { plans, failures } = planMrtrProject(files, {});
  expect([...failures.keys()]).toEqual([]);
  const changed: Record<string, string> = {};
  const requests: string[] = [];
  for (const f of files) {
    const plan = plans.get(f.path);
    if (!plan) continue;
    for (const o of plan.outcomes) if (o.site.kind === 'request') requests.push(`${path.basename(f.path)}:${o.site.line} ${o.outcome}${o.reason ? ` ${o.reason}` : ''}`);
    const text = applyEdits(f.text, plan.edits);
    if (text === f.text) continue;
    writeFileSync(f.path, text);
    changed[path.basename(f.path)] = text;
  }
  return { changed, requests };
}

const SERVER_TS = `import { McpServer } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
server.registerTool('hello', {}, async () => ({ content: [{ type: 'text', text: 'hi' }] }));
`;

const REWRITTEN: Record<string, { file: string; text: string; param: string }> = {
  'an exported async function asking through the low-level server': {
    file: 'roots.ts',
    text: `import type { McpServer } from '@modelcontextprotocol/server';

export async function requestRoots(server: McpServer): Promise<string[]> {
  if (!server.server.getClientCapabilities()?.roots) throw new Error('no roots');
  const response = await server.server.listRoots();
  return response.roots.map((root) => root.uri);
}
`,
    param: 'answered: () => Promise<ListRootsResult>',
  },
  'an exported arrow constant parsing with an identity cast (the template servers)': {
    file: 'roots.ts',
    text: `import type { McpServer } from '@modelcontextprotocol/server';

export interface RootsAnswer {
  roots: Array<{ uri: string; name?: string }>;
}

export const requestRoots = async (server: McpServer): Promise<RootsAnswer['roots']> => {
  const lowLevel = (server as any).server ?? server;
  const response = await lowLevel.request({ method: 'roots/list' }, { parse: (r: unknown) => r as RootsAnswer });
  return response.roots;
};
`,
    param: 'answered: () => Promise<RootsAnswer>',
  },
  'a function listed in an export { } clause, named answered already': {
    file: 'roots.ts',
    text: `import type { McpServer } from '@modelcontextprotocol/server';

async function listClientRoots(server: McpServer, answered = false): Promise<number> {
  const { roots } = await server.server.request({ method: 'roots/list', params: {} });
  return answered ? roots.length : 0;
}

export { listClientRoots };
`,
    param: 'answered = false, uprootAnswered?: () => Promise<ListRootsResult>',
  },
  'a .then on the request, and a cast answer in a second helper': {
    file: 'roots.ts',
    text: `import type { ListRootsResult, McpServer } from '@modelcontextprotocol/server';

export function rootUris(server: McpServer): Promise<string[]> {
  return server.server.listRoots().then((answer) => answer.roots.map((root) => root.uri));
}

export async function firstRoot(server: McpServer) {
  const answer = (await server.server.listRoots()) as ListRootsResult;
  return answer.roots[0];
}
`,
    param: 'answered: () => Promise<ListRootsResult>',
  },
  'a module the server imports for another function': {
    file: 'roots.ts',
    text: `import type { McpServer } from '@modelcontextprotocol/server';

export function rootsLabel(uri: string): string {
  return uri.replace('file://', '');
}

export async function requestRoots(server: McpServer) {
  return (await server.server.listRoots()).roots.map((root) => rootsLabel(root.uri));
}
`,
    param: 'answered: () => Promise<ListRootsResult>',
  },
};

describe('a roots helper nothing calls is split: builder beside it, answer as its last parameter', () => {
  it.each(Object.entries(REWRITTEN))('%s', (name, { file, text, param }) => {
    const server = name.includes('imports for another') ? `import { rootsLabel } from './roots.js';\n${SERVER_TS}console.error(rootsLabel('file:///x'));\n` : SERVER_TS;
    const dir = project(name.replace(/\W+/g, '-').slice(0, 20), { [`src/${file}`]: text, 'src/server.ts': server });
    const { changed, requests } = migrate(dir);
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r).toMatch(/^roots\.ts:\d+ rewritten$/);
    const out = changed['roots.ts']!;
    expect(out).toContain(param);
    // The push request is gone: only the builder's input request names roots/list.
    expect(out).not.toMatch(/server\.listRoots\(\)|'roots\/list'/);
    expect(out).toMatch(/export function \w+Roots\(\) \{\n  return inputRequired\.listRoots\(\);\n\}/);
    expect(out).toMatch(/import \{ inputRequired(, type ListRootsResult)? \} from '@modelcontextprotocol\/server';/);
    expect(changed['server.ts']).toBeUndefined();
    expect(typecheck(path.join(dir, 'src'))).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });

  it('re-exported by a barrel nothing imports: split', () => {
    const dir = project('barrel', { 'src/roots.ts': HELPER, 'src/index.ts': `export * from './roots.js';\n`, 'src/server.ts': SERVER_TS });
    const { changed, requests } = migrate(dir);
    expect(requests).toEqual(['roots.ts:4 rewritten']);
    expect(changed['roots.ts']).toContain('export async function requestRoots(server: McpServer, answered: () => Promise<ListRootsResult>)');
    expect(typecheck(path.join(dir, 'src'))).toEqual([]);
  });

  it('in JavaScript: no types, the same split', () => {
    const dir = project('js', {
      'src/roots.js': `import { McpServer } from '@modelcontextprotocol/server';\nconst mcp = new McpServer({ name: 's', version: '1.0.0' });\nexport async function requestRoots() {\n  const { roots } = await mcp.server.listRoots();\n  return roots;\n}\n`,
      'src/server.js': `import { McpServer } from '@modelcontextprotocol/server';\nexport const server = new McpServer({ name: 's', version: '1.0.0' });\n`,
    });
    const { changed, requests } = migrate(dir);
    expect(requests).toEqual(['roots.js:4 rewritten']);
    expect(changed['roots.js']).toBe(
      `import { McpServer, inputRequired } from '@modelcontextprotocol/server';\nconst mcp = new McpServer({ name: 's', version: '1.0.0' });\nexport async function requestRoots(answered) {\n  const { roots } = await answered();\n  return roots;\n}\n\n/** The roots request requestRoots() made: a handler migrated to multi round-trip requests asks it up front and hands requestRoots() the client's answer. */\nexport function requestRootsRoots() {\n  return inputRequired.listRoots();\n}\n`,
    );
  });
});

const HELPER = `import type { McpServer } from '@modelcontextprotocol/server';

export async function requestRoots(server: McpServer) {
  const { roots } = await server.server.listRoots();
  return roots;
}
`;

describe('held where a caller may exist that uproot cannot see, or the answer is the request’s own', () => {
  const held: Array<[string, Record<string, string>, Record<string, unknown>?]> = [
    ['a test outside the run imports it', { 'src/roots.ts': HELPER, 'test/roots.test.ts': `import { requestRoots } from '../src/roots.js';\nvoid requestRoots;\n` }],
    ['a file of the run loads it with import()', { 'src/roots.ts': HELPER, 'src/lazy.ts': `export const load = () => import('./roots.js');\n` }],
    ['it is the package’s published entry', { 'src/roots.ts': HELPER }, { main: 'dist/roots.js' }],
    ['a barrel the package publishes re-exports it', { 'src/roots.ts': HELPER, 'src/index.ts': `export { requestRoots } from './roots.js';\n` }, { main: './dist/index.js' }],
    ['a wildcard export publishes every module', { 'src/roots.ts': HELPER }, { exports: { './*': './dist/*.js' } }],
    ['its own file hands it to a timer', { 'src/roots.ts': `${HELPER}setTimeout(() => void requestRoots(undefined as never), 10);\n` }],
    [
      'a checking schema decides the answer’s shape',
      { 'src/roots.ts': `import type { McpServer } from '@modelcontextprotocol/server';\nimport * as z from 'zod/v4';\n\nexport async function requestRoots(server: McpServer) {\n  return server.server.request({ method: 'roots/list' }, z.object({ roots: z.array(z.object({ uri: z.string() })) }));\n}\n` },
    ],
    ['it asks twice', { 'src/roots.ts': HELPER.replace('const { roots } = await server.server.listRoots();\n  return roots;', 'const response = await server.server.listRoots();\n  const again = await server.server.listRoots();\n  return [...response.roots, ...again.roots];') }],
    ['a CommonJS module (the unused helper is not exported)', { 'src/roots.js': `const { McpServer } = require('@modelcontextprotocol/server');\nconst mcp = new McpServer({ name: 's', version: '1.0.0' });\nasync function requestRoots() {\n  return (await mcp.server.listRoots()).roots;\n}\nmodule.exports = { mcp };\n` }],
    [
      'a class method',
      { 'src/roots.ts': `import type { McpServer } from '@modelcontextprotocol/server';\n\nexport class Roots {\n  constructor(private server: McpServer) {}\n  async request() {\n    return (await this.server.server.listRoots()).roots;\n  }\n}\n` },
    ],
  ];
  it.each(held)('%s: marked as the chain was, nothing written', (name, files, manifest) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 20), { 'src/server.ts': SERVER_TS, ...files }, manifest);
    const { changed, requests } = migrate(dir);
    // A timer in its own file is a background use, the rest chains uproot cannot close.
    const reason = name.includes('timer') ? 'background' : 'unresolved-chain';
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r).toMatch(new RegExp(`^roots\\.[jt]s:\\d+ marked ${reason}$`));
    const out = changed['roots.ts'] ?? changed['roots.js']!;
    expect(out).toContain(`// uproot: [${reason}]`);
    expect(out).not.toContain('inputRequired');
  });
});

describe('the unresolved-chain reason page', () => {
  it('shows the split uproot writes: its ✅ block is the migrated ❌ block', () => {
    const page = readFileSync(path.resolve(import.meta.dirname, '../../docs/reasons/unresolved-chain.md'), 'utf8');
    const section = page.slice(page.indexOf('### `--to mrtr`: a helper nothing calls'));
    const [before, after] = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const dir = project('doc', { 'src/roots.ts': before!, 'src/server.ts': SERVER_TS });
    expect(migrate(dir).changed['roots.ts']).toBe(after);
    expect(typecheck(path.join(dir, 'src'))).toEqual([]);
  });
});
