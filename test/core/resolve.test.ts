// Module resolution the project configures, piece by piece, on small trees written to a temp folder:
// what the module graph and the scan pre-filter follow.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectResolver } from '../../packages/core/src/resolve/project-resolver.ts';
import { stripJsonComments } from '../../packages/core/src/resolve/config-files.ts';
import { subpathTargets } from '../../packages/core/src/resolve/package-json.ts';
import { McpReach } from '../../packages/core/src/prefilter-reach.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'uproot-resolve-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe('tsconfig', () => {
  it('reads comments and trailing commas, and keeps // inside strings', () => {
    expect(JSON.parse(stripJsonComments('{ /* a */ "u": "http://x", // b\n "p": [1, 2,], }'))).toEqual({ u: 'http://x', p: [1, 2] });
  });

  it('takes paths from a config extended by package name (a workspace package), relative to that config', () => {
    const dir = tree('extends-package', {
      'package.json': '{ "workspaces": ["packages/*", "tooling/*"] }',
      'tooling/tsconfig/package.json': '{ "name": "@acme/tsconfig" }',
      'tooling/tsconfig/base.json': '{ "compilerOptions": { "paths": { "@app/*": ["../../packages/app/src/*"] } } }',
      'packages/app/package.json': '{ "name": "@acme/app" }',
      'packages/app/tsconfig.json': '{ "extends": "@acme/tsconfig/base.json" }',
      'packages/app/src/mcp/server.ts': 'export {};',
      'packages/app/src/tools/a.ts': 'export {};',
    });
    const resolver = new ProjectResolver();
    expect(resolver.resolve(path.join(dir, 'packages/app/src/tools/a.ts'), '@app/mcp/server.js')).toBe(path.join(dir, 'packages/app/src/mcp/server.ts'));
  });

  it('prefers the longest pattern, and an exact one over any pattern', () => {
    const dir = tree('longest', {
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"], "@/mcp/*": ["./mcp/*"], "@/mcp": ["./mcp/index.ts"] } } }',
      'src/mcp/x.ts': '',
      'mcp/x.ts': '',
      'mcp/index.ts': '',
      'src/a.ts': '',
    });
    const resolver = new ProjectResolver();
    const from = path.join(dir, 'src/a.ts');
    expect(resolver.resolve(from, '@/mcp/x')).toBe(path.join(dir, 'mcp/x.ts'));
    expect(resolver.resolve(from, '@/mcp')).toBe(path.join(dir, 'mcp/index.ts'));
  });

  it('uses the paths of a referenced config when the solution config has none (Vite layout)', () => {
    const dir = tree('references', {
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }, { "path": "./tsconfig.node.json" }] }',
      'tsconfig.app.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./src/*"] } } }',
      'tsconfig.node.json': '{ "compilerOptions": {} }',
      'src/lib/mcp.ts': '',
      'src/main.ts': '',
    });
    expect(new ProjectResolver().resolve(path.join(dir, 'src/main.ts'), '@/lib/mcp')).toBe(path.join(dir, 'src/lib/mcp.ts'));
  });

  it('never resolves MCP packages, Node built-ins, URLs or unknown packages', () => {
    const dir = tree('bare', { 'tsconfig.json': '{ "compilerOptions": { "baseUrl": "." } }', 'a.ts': '', 'zod.ts': '' });
    const resolver = new ProjectResolver();
    const from = path.join(dir, 'a.ts');
    for (const spec of ['@modelcontextprotocol/sdk/server/mcp.js', '@modelcontextprotocol/server', 'node:fs', 'https://x.test/a.js', 'react']) {
      expect(resolver.resolve(from, spec)).toBeUndefined();
    }
    // baseUrl does make a same-named project file win, as TypeScript does.
    expect(resolver.resolve(from, 'zod')).toBe(path.join(dir, 'zod.ts'));
  });
});

describe('package.json', () => {
  it('picks source-like conditions first and fills `*` patterns', () => {
    const exports = { '.': { import: './dist/index.js', types: './dist/index.d.ts' }, './tools/*': { default: './dist/tools/*.js' } };
    expect(subpathTargets(exports, '.')).toEqual(['./dist/index.d.ts', './dist/index.js']);
    expect(subpathTargets(exports, './tools/roots')).toEqual(['./dist/tools/roots.js']);
    expect(subpathTargets('./main.js', '.')).toEqual(['./main.js']);
    expect(subpathTargets({ import: './esm.js' }, './other')).toEqual([]);
  });

  it('resolves #imports and pnpm workspace packages to their sources, not their missing build', () => {
    const dir = tree('pnpm', {
      'pnpm-workspace.yaml': "packages:\n  - 'libs/**'\n  - \"!libs/ignored\"\n",
      'libs/group/mcp/package.json': '{ "name": "@acme/mcp", "exports": { "./server": { "types": "./build/types/server.d.ts", "import": "./build/esm/server.js" } } }',
      'libs/group/mcp/src/server.ts': '',
      'libs/ignored/package.json': '{ "name": "@acme/ignored", "main": "index.js" }',
      'libs/ignored/index.js': '',
      'apps/app/package.json': '{ "name": "app", "imports": { "#roots/*": "./dist/roots/*.js", "#mcp": "@acme/mcp/server" } }',
      'apps/app/src/roots/list.ts': '',
      'apps/app/src/main.ts': '',
    });
    const resolver = new ProjectResolver();
    const from = path.join(dir, 'apps/app/src/main.ts');
    expect(resolver.resolve(from, '@acme/mcp/server')).toBe(path.join(dir, 'libs/group/mcp/src/server.ts'));
    expect(resolver.resolve(from, '#mcp')).toBe(path.join(dir, 'libs/group/mcp/src/server.ts'));
    expect(resolver.resolve(from, '#roots/list')).toBe(path.join(dir, 'apps/app/src/roots/list.ts'));
    expect(resolver.resolve(from, '@acme/ignored')).toBeUndefined();
  });
});

describe('scan pre-filter reach', () => {
  it('follows aliases to a module naming MCP at any depth, survives cycles, and stays false for look-alikes', () => {
    const dir = tree('reach', {
      'tsconfig.json': '{ "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }',
      'src/a.ts': "export * from '~/b';",
      'src/b.ts': "export * from './c.js'; export * from './a.js';",
      'src/c.ts': "export * from '#d';",
      'package.json': '{ "imports": { "#d": "./src/d.ts" } }',
      'src/d.ts': "export * from './e.js';",
      'src/e.ts': "export * from './f.js';",
      'src/f.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      'src/loop1.ts': "export * from './loop2.js';",
      'src/loop2.ts': "export * from '~/loop1';",
    });
    const reach = new McpReach();
    expect(reach.reaches("import { McpServer } from '~/a';", path.join(dir, 'src/tools.ts'))).toBe(true);
    expect(reach.reaches("import { listRoots } from '~/loop1';", path.join(dir, 'src/other.ts'))).toBe(false);
  });
});

describe('module graph through barrels', () => {
  it('finds an SDK export behind a barrel of many `export *` lines and a chain of barrels', async () => {
    const { ModuleGraph } = await import('../../packages/core/src/module-graph.ts');
    const files: Record<string, string> = {};
    const stars: string[] = [];
    for (let i = 0; i < 30; i++) {
      files[`src/util/u${i}.ts`] = `export const u${i} = ${i};\n`;
      stars.push(`export * from './util/u${i}.js';`);
    }
    files['src/chain/c0.ts'] = "export * from './c1.js';";
    files['src/chain/c1.ts'] = "export * from './c2.js';";
    files['src/chain/c2.ts'] = "export { Server as LowLevel } from '@modelcontextprotocol/sdk/server/index.js';";
    files['src/index.ts'] = [...stars, "export * from './chain/c0.js';"].join('\n');
    const dir = tree('wide-barrel', files);
    const graph = new ModuleGraph();
    const from = path.join(dir, 'src/main.ts');
    expect(graph.exportValue(from, './index.js', 'LowLevel')).toEqual({ kind: 'server-class', sdk: 1 });
    expect(graph.exportType(from, './index.js', 'LowLevel')).toEqual({ kind: 'server', sdk: 1 });
    expect(graph.exportValue(from, './index.js', 'u3')).toBeUndefined();
    expect(graph.exportValue(from, './index.js', 'Missing')).toBeUndefined();
  });
});

describe('module graph in a long-running process', () => {
  // An ESLint server keeps one graph for hours: a file created or edited after the first look must count.
  it('sees a caller added, then changed, after the first question', async () => {
    const { ModuleGraph } = await import('../../packages/core/src/module-graph.ts');
    const dir = tree('long-running', {
      'package.json': '{ "name": "long-running", "type": "module" }',
      'src/roots.ts': [
        "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'export function attach(server: any) {',
        '  return server;',
        '}',
      ].join('\n'),
    });
    const graph = new ModuleGraph();
    const file = path.join(dir, 'src/roots.ts');
    // A file of the package that did not name the function when first searched, and is then edited to call it.
    const other = path.join(dir, 'src/other.ts');
    writeFileSync(other, "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'x', version: '1' });\n");
    expect(graph.callerArgumentValue(file, 'attach', undefined, 0)).toBeUndefined();
    writeFileSync(other, "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { attach } from './roots.js';\nexport const server = attach(new McpServer({ name: 'x', version: '1' }));\n");
    expect(graph.callerArgumentValue(file, 'attach', undefined, 0)).toEqual({ kind: 'mcp-server', sdk: 1 });
    rmSync(other);
    expect(graph.callerArgumentValue(file, 'attach', undefined, 0)).toBeUndefined();
    const caller = path.join(dir, 'src/index.ts');
    writeFileSync(caller, "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { attach } from './roots.js';\nattach(new McpServer({ name: 'x', version: '1' }));\n");
    expect(graph.callerArgumentValue(file, 'attach', undefined, 0)).toEqual({ kind: 'mcp-server', sdk: 1 });
    writeFileSync(caller, "import { attach } from './roots.js';\nattach({ listRoots: async () => ({ roots: [] }) });\n");
    expect(graph.callerArgumentValue(file, 'attach', undefined, 0)).toBeUndefined();
  });

  it('reads a module again once it starts passing on an SDK export', async () => {
    const { ModuleGraph } = await import('../../packages/core/src/module-graph.ts');
    const dir = tree('gains-export', { 'src/server.ts': 'export const version = 1;\n' });
    const graph = new ModuleGraph();
    const from = path.join(dir, 'src/main.ts');
    expect(graph.exportValue(from, './server.js', 'Server')).toBeUndefined();
    writeFileSync(path.join(dir, 'src/server.ts'), "export const version = 2;\nexport { Server } from '@modelcontextprotocol/sdk/server/index.js';\n");
    expect(graph.exportValue(from, './server.js', 'Server')).toEqual({ kind: 'server-class', sdk: 1 });
  });
});
