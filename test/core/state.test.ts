// The roots-state analysis: for each fetch, the state it feeds (module variable, class field, a
// setter in another module, a per-session map, a lazily filled cache), the handlers that read it,
// and the role of those reads (sandbox: containment checks; workspace: a base directory).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSource } from '../../packages/core/src/parse.ts';
import { findRootsSites } from '../../packages/core/src/sites.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'uproot-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sitesOf(files: Record<string, string>, entry: string) {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const file = path.join(dir, entry);
  const text = files[entry]!;
  const { ast, scopeManager } = parseSource(text, file);
  return findRootsSites({ ast, text, scopeManager, file }).filter((s) => s.kind === 'request');
}

const V2 = `import { McpServer } from '@modelcontextprotocol/server';\nimport { fileURLToPath } from 'node:url';\nimport path from 'node:path';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

describe('roots state', () => {
  it('a module variable read by a validatePath helper is a sandbox', () => {
    const sites = sitesOf({ 'a.ts': `${V2}let allowed: string[] = [];
server.server.oninitialized = async () => { allowed = (await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri)); };
function validatePath(p: string) { if (!allowed.some((d) => p.startsWith(d))) throw new Error('denied'); return p; }
server.registerTool('read', {}, async () => ({ content: [{ type: 'text', text: validatePath('/x') }] }));
` }, 'a.ts');
    expect(sites).toHaveLength(1);
    expect(sites[0]!.reason).toBe('lifecycle');
    expect(sites[0]!.consumers).toEqual([{ handler: 'tool', name: 'read', via: ['validatePath'] }]);
    expect(sites[0]!.role).toBe('sandbox');
  });

  it('a variable that tools resolve paths against is a workspace, followed through a destructured local', () => {
    const sites = sitesOf({ 'b.ts': `${V2}let root: string | undefined;
server.server.oninitialized = async () => { const { roots } = await server.server.listRoots(); root = fileURLToPath(roots[0]!.uri); };
server.registerTool('read', {}, async () => ({ content: [{ type: 'text', text: path.join(root ?? '.', 'x') }] }));
` }, 'b.ts');
    expect(sites[0]!.consumers).toEqual([{ handler: 'tool', name: 'read', via: [] }]);
    expect(sites[0]!.role).toBe('workspace');
  });

  it('a class field read by a tool method', () => {
    const sites = sitesOf({ 'c.ts': `import { McpServer } from '@modelcontextprotocol/server';
class App {
  roots: string[] = [];
  server = new McpServer({ name: 's', version: '1' });
  constructor() {
    this.server.server.oninitialized = async () => { this.roots = (await this.server.server.listRoots()).roots.map((r) => r.uri); };
    this.server.registerTool('where', {}, async () => ({ content: [{ type: 'text', text: this.roots.join(',') }] }));
  }
}
` }, 'c.ts');
    expect(sites[0]!.consumers).toEqual([{ handler: 'tool', name: 'where', via: [] }]);
    expect(sites[0]!.role).toBe('workspace');
  });

  it('a setter in another module: its reads there reach this file\'s tools through the module\'s exports', () => {
    const sites = sitesOf({
      'paths.ts': `let allowed: string[] = [];\nexport function setAllowedDirectories(dirs: string[]) { allowed = dirs; }\nexport function isPathWithinAllowed(p: string) { return allowed.some((d) => p.startsWith(d)); }\n`,
      'd.ts': `${V2}import { setAllowedDirectories, isPathWithinAllowed } from './paths.js';
server.server.oninitialized = async () => { setAllowedDirectories((await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri))); };
server.registerTool('check', {}, async () => ({ content: [{ type: 'text', text: String(isPathWithinAllowed('/x')) }] }));
`,
    }, 'd.ts');
    expect(sites[0]!.consumers).toEqual([{ handler: 'tool', name: 'check', via: ['isPathWithinAllowed'] }]);
    expect(sites[0]!.role).toBe('sandbox');
  });

  it('a setter behind a re-export barrel is followed to the module that declares it', () => {
    const sites = sitesOf({
      'dirs.ts': `let allowed: string[] = [];\nexport function setAllowedDirectories(dirs: string[]) { allowed = dirs; }\nexport function isPathWithinAllowed(p: string) { return allowed.some((d) => p.startsWith(d)); }\n`,
      'barrel.ts': `export { setAllowedDirectories, isPathWithinAllowed } from './dirs.js';\n`,
      'g.ts': `${V2}import { setAllowedDirectories, isPathWithinAllowed } from './barrel.js';
server.server.oninitialized = async () => { setAllowedDirectories((await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri))); };
server.registerTool('check', {}, async () => ({ content: [{ type: 'text', text: String(isPathWithinAllowed('/x')) }] }));
`,
    }, 'g.ts');
    expect(sites[0]!.consumers).toEqual([{ handler: 'tool', name: 'check', via: ['isPathWithinAllowed'] }]);
    expect(sites[0]!.role).toBe('sandbox');
  });

  it('a setter that stores a value computed from its parameter (`dirs.map(…)`) is still a setter', () => {
    const sites = sitesOf({
      'norm.ts': `import path from 'node:path';\nlet allowed: string[] = [];\nexport function setAllowed(dirs: string[]) { allowed = dirs.map((d) => path.resolve(d)); }\nexport function isAllowed(p: string) { return allowed.some((d) => p.startsWith(d)); }\n`,
      'h.ts': `${V2}import { setAllowed, isAllowed } from './norm.js';
server.server.oninitialized = async () => { setAllowed((await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri))); };
server.registerTool('check', {}, async () => ({ content: [{ type: 'text', text: String(isAllowed('/x')) }] }));
`,
    }, 'h.ts');
    expect(sites[0]!.consumers).toEqual([{ handler: 'tool', name: 'check', via: ['isAllowed'] }]);
    expect(sites[0]!.role).toBe('sandbox');
  });

  it('a per-session map and a lazily filled cache', () => {
    const sites = sitesOf({ 'e.ts': `${V2}const bySession = new Map<string, string[]>();
let cache: string[] | undefined;
async function roots() { if (!cache) cache = (await server.server.listRoots()).roots.map((r) => r.uri); return cache; }
server.server.oninitialized = async () => { bySession.set('s', (await server.server.listRoots()).roots.map((r) => r.uri)); };
server.registerTool('a', {}, async () => ({ content: [{ type: 'text', text: (await roots()).join() }] }));
server.registerTool('b', {}, async () => ({ content: [{ type: 'text', text: path.resolve(bySession.get('s')![0]!) }] }));
` }, 'e.ts');
    const [lazy, session] = sites;
    expect(lazy!.reason).toBe('shared-state');
    expect(lazy!.consumers).toEqual([{ handler: 'tool', name: 'a', via: ['roots'] }]);
    expect(session!.consumers).toEqual([{ handler: 'tool', name: 'b', via: [] }]);
    expect(session!.role).toBe('workspace');
  });

  it('roots nobody reads have no consumers and no role', () => {
    const sites = sitesOf({ 'f.ts': `${V2}let seen = 0;\nserver.server.oninitialized = async () => { seen = (await server.server.listRoots()).roots.length; };\n` }, 'f.ts');
    expect(sites[0]!.consumers).toEqual([]);
    expect(sites[0]!.role).toBeUndefined();
  });
});
