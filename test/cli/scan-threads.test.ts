// `uproot scan` hands the matching to a worker thread on runs of POOL_MIN_FILES files or more
// (the built bin only: a worker cannot load the sources). The report must be the one the main thread
// alone writes, byte for byte: here the real bin (main + matcher worker, seen in its CPU profiles)
// against the sources in-process (main thread only), on the detection and MRTR corpora, three large
// candidates and filler.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findMrtrProblems, findRootsSites, parseSource } from '../../packages/core/src/index.ts';
import { POOL_MIN_FILES } from '../../packages/uproot/src/worker/match-pool.ts';
import { WARM_UP_SOURCE, WARM_UP_SYNTAX, WARM_UP_SYNTAX_FILE } from '../../packages/uproot/src/worker/match-warm-up.ts';
import { bin, removeTree, tempTree, uproot, writeTree } from './helpers.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const tree = tempTree();
cpSync(path.join(FIXTURES, 'detection'), path.join(tree, 'detection'), { recursive: true });
cpSync(path.join(FIXTURES, 'mrtr-rules/corpus'), path.join(tree, 'mrtr'), { recursive: true });
// A file that fails to parse, between the others: failures keep file order too.
writeTree(tree, 'detection/m-broken.ts', "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nserver.server.listRoots(\n");
// Large candidates too: the worker takes every kept file, whatever its size.
const server = readdirSync(path.join(FIXTURES, 'detection')).find((f) => f.endsWith('.ts') && readFileSync(path.join(FIXTURES, 'detection', f), 'utf8').includes('listRoots()'))!;
for (let i = 0; i < 3; i++) writeTree(tree, `a-big/server${i}.ts`, readFileSync(path.join(FIXTURES, 'detection', server), 'utf8') + `\n/* ${'padding '.repeat(20_000)}*/\n`);
// Files whose only way to MCP is a relative import (the matcher follows it, on the worker), and a look-alike
// whose imports never reach MCP.
writeTree(tree, 'reach/sdk.ts', "export { Client } from '@modelcontextprotocol/sdk/client/index.js';\n");
writeTree(tree, 'reach/barrel.ts', "export * from './sdk.js';\n");
writeTree(tree, 'reach/client.ts', "import { Client } from './barrel.js';\nexport const client = new Client({ name: 'c', version: '1' }, {\n  capabilities: { roots: { listChanged: true } },\n});\n");
writeTree(tree, 'reach/plain.ts', "export class Client { constructor(_info: object, _options: object) {} }\n");
writeTree(tree, 'reach/look-alike.ts', "import { Client } from './plain.js';\nexport const client = new Client({ name: 'c' }, {\n  capabilities: { roots: { listChanged: true } },\n});\n");
// A helper whose caller is in another file: only the refine pass's caller search (over the bytes the main thread
// kept, in slabs the worker touched) finds the handler that makes its request rewritable.
writeTree(tree, 'chain/folders.ts', "import type { McpServer } from '@modelcontextprotocol/server';\nexport async function listFolders(server: McpServer): Promise<string[]> {\n  const { roots } = await server.server.listRoots();\n  return roots.map((r) => r.uri);\n}\n");
writeTree(tree, 'chain/server.ts', "import { McpServer } from '@modelcontextprotocol/server';\nimport { listFolders } from './folders.js';\nconst server = new McpServer({ name: 'x', version: '1.0.0' });\nserver.registerTool('dirs', { description: 'The directories' }, async () => ({ content: [{ type: 'text', text: (await listFolders(server)).join(',') }] }));\n");
for (let i = 0; i < POOL_MIN_FILES; i++) writeTree(tree, `filler/f${String(i).padStart(3, '0')}.ts`, `export const value${i} = ${i};\n`);
const profiles = mkdtempSync(path.join(os.tmpdir(), 'uproot-threads-prof-'));

afterAll(() => {
  removeTree(tree);
  removeTree(profiles);
});

function binScan(args: string[], profileDir?: string): string {
  const r = spawnSync(process.execPath, [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-interval', '100'] : []), bin, 'scan', '.', '--format', 'json', '--types', 'off', ...args], { cwd: tree, encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  expect(r.status, r.stderr).toBe(2); // sites found and one file failed
  return r.stdout;
}

describe('scan with a matcher worker', () => {
  it('reports what the main thread alone reports, and the worker did run', async () => {
    const threaded = binScan([], profiles);
    // One CPU profile per thread: the main thread and the matcher worker, which did match files.
    const threads = readdirSync(profiles)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => new Set((JSON.parse(readFileSync(path.join(profiles, f), 'utf8')) as { nodes: { callFrame: { functionName: string } }[] }).nodes.map((n) => n.callFrame.functionName)));
    expect(threads).toHaveLength(2);
    const worker = threads.find((names) => !names.has('runScan'));
    // The worker matches every kept file: roots sites and the MRTR checks alike.
    expect(worker?.has('findRootsSites')).toBe(true);
    expect(worker?.has('findMrtrProblems')).toBe(true);
    const alone = await uproot(['scan', '.', '--format', 'json', '--types', 'off'], tree);
    expect(threaded).toBe(alone.out);
    const report = JSON.parse(threaded) as { summary: { files: number; sites: number; problems: number; failures: number } };
    expect(report.summary.files).toBeGreaterThan(POOL_MIN_FILES);
    expect(report.summary.sites).toBeGreaterThan(100);
    expect(report.summary.problems).toBeGreaterThan(5);
    expect(report.summary.failures).toBe(1);
    const reached = (report as unknown as { sites: { file: string; line: number; kind: string }[] }).sites.filter((s) => s.file.startsWith('reach/'));
    expect(reached.map((s) => `${s.file}:${s.line} ${s.kind}`)).toEqual(['reach/client.ts:3 capability']);
    const chained = (report as unknown as { sites: { file: string; kind: string; action: string }[] }).sites.filter((s) => s.file.startsWith('chain/'));
    expect(chained.map((s) => `${s.file} ${s.kind} ${s.action}`)).toEqual(['chain/folders.ts request rewrite']);
  });

  it('with --explain too (the candidates list keeps file order)', async () => {
    const threaded = binScan(['--explain']);
    const alone = await uproot(['scan', '.', '--format', 'json', '--types', 'off', '--explain'], tree);
    expect(threaded).toBe(alone.out);
    expect((JSON.parse(threaded) as { candidates: unknown[] }).candidates.length).toBeGreaterThan(20);
  });

  it('keeps walk order in its report when it reads the files whose path names MCP first, and the refine pass reads from disk what it did not keep', async () => {
    // scan.ts reads `mcp` paths first, so the worker matches them while the rest are read; nothing here names both a
    // roots request and MCP in one file, so the bytes are kept only from the worker's first answer holding a request
    // (run-bytes.ts): the fillers read before it are not kept, and the refine pass's caller search reads them again.
    const files: Record<string, string> = {
      // Walked last, read first: a helper with no MCP import of its own, whose receiver only its caller proves.
      'zz-mcp/folders.js': 'export async function listFolders(server) {\n  const { roots } = await server.server.listRoots();\n  return roots.map((r) => r.uri);\n}\n',
      'zz-mcp/server.js': "import { McpServer } from '@modelcontextprotocol/server';\nimport { listFolders } from './folders.js';\nconst server = new McpServer({ name: 'x', version: '1.0.0' });\nserver.registerTool('dirs', { description: 'The directories' }, async () => ({ content: [{ type: 'text', text: (await listFolders(server)).join(',') }] }));\n",
      'a-first/client.ts': "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nexport const client = new Client({ name: 'c', version: '1' }, { capabilities: { roots: { listChanged: true } } });\n",
    };
    for (let i = 0; i < POOL_MIN_FILES; i++) files[`m-filler/f${String(i).padStart(3, '0')}.ts`] = `export const value${i} = ${i};\n`;
    const ordered = tempTree(files);
    try {
      const r = spawnSync(process.execPath, [bin, 'scan', '.', '--format', 'json', '--types', 'off'], { cwd: ordered, encoding: 'utf8', timeout: 60_000 });
      if (r.error) throw r.error;
      expect(r.status, r.stderr).toBe(0);
      const alone = await uproot(['scan', '.', '--format', 'json', '--types', 'off'], ordered);
      expect(r.stdout).toBe(alone.out);
      const sites = (JSON.parse(r.stdout) as { sites: { file: string; kind: string; action: string }[] }).sites;
      expect(sites.map((s) => `${s.file} ${s.kind} ${s.action}`)).toEqual(['a-first/client.ts capability report', 'zz-mcp/folders.js request rewrite']);
    } finally {
      removeTree(ordered);
    }
  });

  it('closes the worker it started before the walk when the directory turns out small', () => {
    // The worker starts before the files are counted; one left running would keep the process alive past the timeout.
    const listing = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.server.oninitialized = async () => {\n  await server.server.listRoots();\n};\n";
    const small = tempTree({ 'src/server.ts': listing, 'src/other.ts': 'export const x = 1;\n' });
    try {
      const r = spawnSync(process.execPath, [bin, 'scan', '.', '--format', 'json', '--types', 'off'], { cwd: small, encoding: 'utf8', timeout: 60_000 });
      if (r.error) throw r.error;
      expect(r.status, r.stderr).toBe(0);
      const { summary } = JSON.parse(r.stdout) as { summary: { files: number; sites: number } };
      expect(summary.files).toBe(2);
      expect(summary.sites).toBeGreaterThan(0);
    } finally {
      removeTree(small);
    }
  });

  it('ends the worker the bin started before the CLI loaded when the run does not use it', () => {
    // bin/uproot.js starts it on `scan`; a single file, a usage error and --help never adopt it, and an
    // unadopted worker must neither keep the process alive nor change what is printed.
    const listing = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.server.oninitialized = async () => {\n  await server.server.listRoots();\n};\n";
    const small = tempTree({ 'src/server.ts': listing });
    try {
      const run = (args: string[]) => spawnSync(process.execPath, [bin, 'scan', ...args], { cwd: small, encoding: 'utf8', timeout: 30_000 });
      const one = run(['src/server.ts', '--format', 'json', '--types', 'off']);
      if (one.error) throw one.error;
      expect(one.status, one.stderr).toBe(0);
      expect((JSON.parse(one.stdout) as { summary: { sites: number } }).summary.sites).toBeGreaterThan(0);
      const usage = run(['--format', 'yaml']);
      if (usage.error) throw usage.error;
      expect(usage.status).toBe(2);
      const help = run(['--help']);
      if (help.error) throw help.error;
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('Usage: uproot scan');
    } finally {
      removeTree(small);
    }
  });

  it('warms up on a source that takes the finder and the MRTR checks through their paths', () => {
    // The worker matches it while it waits for its first job; a source nothing matched in would warm nothing up.
    const file = '/nonexistent/warm-up.ts';
    const { ast, scopeManager } = parseSource(WARM_UP_SOURCE, file);
    const kinds = new Set(findRootsSites({ ast, text: WARM_UP_SOURCE, scopeManager, file }).map((s) => s.kind));
    expect([...kinds].sort()).toEqual(['capability', 'input-request', 'list-changed', 'request']);
    expect(findMrtrProblems({ ast, text: WARM_UP_SOURCE, scopeManager }).length).toBeGreaterThan(0);
  });

  it('warms the parser up on a peer of plain JavaScript that holds no site', () => {
    // Parse errors would warm up only the error path; a site would mean the warm-up is a look-alike the tests should see.
    const { ast, scopeManager } = parseSource(WARM_UP_SYNTAX, WARM_UP_SYNTAX_FILE);
    expect(findRootsSites({ ast, text: WARM_UP_SYNTAX, scopeManager, file: WARM_UP_SYNTAX_FILE })).toEqual([]);
    expect(findMrtrProblems({ ast, text: WARM_UP_SYNTAX, scopeManager })).toEqual([]);
    const kinds = new Set<string>();
    walk(ast, (n) => kinds.add(n.type));
    for (const kind of ['ClassDeclaration', 'PropertyDefinition', 'PrivateIdentifier', 'SwitchStatement', 'LabeledStatement', 'ForOfStatement', 'TryStatement', 'YieldExpression', 'ChainExpression', 'TemplateLiteral']) expect(kinds, kind).toContain(kind);
  });
});

function walk(node: unknown, visit: (n: { type: string }) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  const n = node as { type?: unknown };
  if (typeof n.type === 'string') visit(n as { type: string });
  for (const [key, value] of Object.entries(node)) if (key !== 'parent' && key !== 'loc' && key !== 'range') walk(value, visit);
}
