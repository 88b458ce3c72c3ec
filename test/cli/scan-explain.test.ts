// `uproot scan --explain`: every line that mentions roots and holds no site is listed once, at a real
// roots mention, with the reason the matcher had; the default reports keep their shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scan } from '../../packages/uproot/src/api.ts';
import { CORPUS_DIR } from '../detection-corpus.ts';
import { offsetOf, removeTree, tempTree, uproot } from './helpers.ts';

interface Candidate {
  file: string;
  line: number;
  column: number;
  text: string;
  why: string;
}

interface Report {
  sites: Array<{ file: string; line: number; endLine: number; kind: string; rule: string }>;
  candidates?: Candidate[];
}

const files = {
  // A real site beside a receiver the matcher cannot prove: an any-typed field.
  'src/tools.ts': [
    "import { McpServer } from '@modelcontextprotocol/server';",
    "const server = new McpServer({ name: 'x', version: '1.0.0' });",
    "server.registerTool('count', { description: 'Count the roots' }, async (ctx) => {",
    "  const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });",
    "  return { content: [{ type: 'text', text: String(roots.length) }] };",
    '});',
    'export class Legacy {',
    '  private host: any;',
    '  constructor(options: any) {',
    '    this.host = options.host;',
    '  }',
    '  // previously: server.server.listRoots()',
    '  folders() {',
    '    return this.host.server.listRoots();',
    '  }',
    '}',
    "export const help = 'this server no longer sends roots/list';",
    '',
  ].join('\n'),
  // Another library's request with the roots/list method, with nothing that names MCP: never a site.
  'src/kb.js': ["import { KnowledgeBase } from 'kb-sdk';", "export const list = () => new KnowledgeBase().request({ method: 'roots/list' });", ''].join('\n'),
  // A hand-rolled client with no SDK that answers input requests itself.
  'src/raw-client.ts': [
    'export function answer(result: { inputRequests: Record<string, { method: string }> }) {',
    '  const inputResponses: Record<string, unknown> = {};',
    '  for (const [key, request] of Object.entries(result.inputRequests)) {',
    "    if (request.method === 'roots/list') inputResponses[key] = { roots: [] };",
    '  }',
    '  return inputResponses;',
    '}',
    '',
  ].join('\n'),
  // Imports something local that never reaches MCP.
  'src/local.ts': ["import { store } from './store.js';", 'export const threads = store.listRoots();', ''].join('\n'),
  'src/store.js': ['export const store = { listRoots: () => [] };', ''].join('\n'),
};

let dir: string;
beforeAll(() => {
  dir = tempTree(files);
});
afterAll(() => removeTree(dir));

async function scanJson(argv: string[], cwd: string): Promise<Report> {
  const run = await uproot(['scan', '--format', 'json', ...argv], cwd);
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.out) as Report;
}

const whyOf = (report: Report, file: string, line: number) => report.candidates?.find((c) => c.file === file && c.line === line)?.why;

describe('scan --explain', () => {
  it('keeps the default JSON shape: no candidates without --explain', async () => {
    const report = await scanJson(['src'], dir);
    expect(report).not.toHaveProperty('candidates');
    expect(report.sites.map((s) => `${s.file}:${s.line}`)).toEqual(['src/tools.ts:4']);
  });

  it('says why each unreported roots line was left out', async () => {
    const report = await scanJson(['src', '--explain'], dir);
    expect(report.sites.map((s) => `${s.file}:${s.line}`)).toEqual(['src/tools.ts:4']);
    expect(whyOf(report, 'src/tools.ts', 14)).toBe('receiver `this.host.server` is not an MCP value (an any-typed field)');
    expect(whyOf(report, 'src/tools.ts', 12)).toBe('inside a comment');
    expect(whyOf(report, 'src/tools.ts', 17)).toMatch(/^inside a string/);
    // A request method's literal is parsed wherever it is (a helper may be handed a handler's ctx): the receiver says why not.
    expect(whyOf(report, 'src/kb.js', 2)).toBe('receiver `new KnowledgeBase()` is not an MCP value');
    // A listRoots call is parsed wherever it is (an importer may pass the server in): its receiver says why not.
    expect(whyOf(report, 'src/local.ts', 2)).toMatch(/^receiver `store` is not an MCP value/);
    expect(whyOf(report, 'src/store.js', 1)).toMatch(/^the file was skipped by the pre-filter: it has no MCP import, no import to follow/);
    expect(whyOf(report, 'src/raw-client.ts', 4)).toBe('no MCP import reaches this file: a hand-rolled client with no SDK answers roots here');
    // The site's own line is a site, not a candidate.
    expect(whyOf(report, 'src/tools.ts', 4)).toBeUndefined();
  });

  it('points each candidate at a roots mention on its line, once per line', async () => {
    const report = await scanJson(['src', '--explain'], dir);
    expect(report.candidates!.length).toBeGreaterThan(5);
    const keys = report.candidates!.map((c) => `${c.file}:${c.line}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of report.candidates!) {
      const text = readFileSync(path.join(dir, c.file), 'utf8');
      const at = text.slice(offsetOf(text, c.line, c.column));
      expect(at, `${c.file}:${c.line}:${c.column}`).toMatch(/^(listRoots|roots\/list|roots\b)/);
      expect(text.split('\n')[c.line - 1]!.trim()).toContain(c.text.replace(/\.\.\.$/, ''));
    }
  });

  it('gives scripts the same candidates through the programmatic API', async () => {
    const cli = await scanJson(['src', '--explain'], dir);
    const api = await scan(['src'], { cwd: dir, explain: true });
    expect(api.candidates).toEqual(cli.candidates);
    expect(await scan(['src'], { cwd: dir })).not.toHaveProperty('candidates');
  });

  it('prints the candidates under their own heading in text', async () => {
    const run = await uproot(['scan', 'src', '--explain'], dir);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Not reported \(--explain\): \d+ lines mention roots but hold no site/);
    expect(run.out).toContain('  receiver `this.host.server` is not an MCP value (an any-typed field)\n      src/tools.ts:14:29  return this.host.server.listRoots();');
    const plain = await uproot(['scan', 'src'], dir);
    expect(plain.out).not.toContain('Not reported');
  });

  it('counts routine lines (comments, strings) under their reason in text, with examples, and lists each in JSON', async () => {
    const many = mkdtempSync(path.join(tmpdir(), 'uproot-explain-many-'));
    try {
      const comments = Array.from({ length: 7 }, (_, i) => `// step ${i}: roots/list used to be sent here`);
      writeFileSync(path.join(many, 'notes.ts'), ["import { McpServer } from '@modelcontextprotocol/server';", ...comments, 'export const s = new McpServer({ name: "x", version: "1" });', ''].join('\n'));
      const run = await uproot(['scan', '.', '--explain'], many);
      expect(run.out).toContain('  inside a comment: 7 lines\n      notes.ts:2:12  // step 0: roots/list used to be sent here');
      expect(run.out).toContain('… and 4 more');
      expect(run.out).not.toContain('notes.ts:6:');
      const report = await scanJson(['.', '--explain'], many);
      expect(report.candidates!.filter((c) => c.why === 'inside a comment')).toHaveLength(7);
    } finally {
      rmSync(many, { recursive: true, force: true });
    }
  });

  it('groups reasons that differ only in what they name under one heading, in text; JSON keeps each reason whole', async () => {
    const many = mkdtempSync(path.join(tmpdir(), 'uproot-explain-families-'));
    try {
      const schemas = ['ListRootsRequestSchema', 'ListRootsResultSchema', 'ListRootsRequestSchema'].map((name, i) => `export const ${name}${'_'.repeat(i)} = { method: 1 };`);
      writeFileSync(path.join(many, 'schemas.ts'), ["import { McpServer } from '@modelcontextprotocol/server';", ...schemas, 'export const t = new McpServer({ name: "y", version: "1" });', ''].join('\n'));
      writeFileSync(
        path.join(many, 'host.ts'),
        [
          "import { McpServer } from '@modelcontextprotocol/server';",
          "import { bridge } from './bridge';",
          'export const s = new McpServer({ name: "x", version: "1" });',
          'export function relay(peer: any) {',
          '  peer.listRoots();',
          '  bridge.listRoots();',
          '  const other = makePeer();',
          '  other.listRoots();',
          '}',
          'declare function makePeer(): unknown;',
          '',
        ].join('\n'),
      );
      writeFileSync(path.join(many, 'bridge.ts'), "export const bridge = { listRoots() { return []; } };\n");
      const run = await uproot(['scan', '.', '--explain'], many);
      const out = run.out;
      // One heading for the three untraced receivers, each reason under it with its line.
      expect(out).toContain('  receiver `…` is not an MCP value: 3 lines\n');
      expect(out).toContain('    receiver `peer` is not an MCP value (an any-typed parameter)\n      host.ts:5:8  peer.listRoots();');
      expect(out).toContain("    receiver `bridge` is not an MCP value (imported from './bridge', which exports no MCP value uproot can trace)\n      host.ts:6:10  bridge.listRoots();");
      expect(out).toContain('    receiver `other` is not an MCP value (a variable set from `makePeer()`, which uproot cannot trace to an MCP value)\n      host.ts:8:9  other.listRoots();');
      // Declarations are routine: counted under one heading that names what they declare, most frequent first.
      expect(out).toMatch(/ {2}declares `…` itself; only calls on an MCP value are sites: \d+ lines \(.*ListRootsRequestSchema/);
      expect(out).not.toContain('  declares `ListRootsResultSchema` itself');
      const report = await scanJson(['.', '--explain'], many);
      const whys = report.candidates!.map((c) => c.why);
      expect(whys).toContain('receiver `peer` is not an MCP value (an any-typed parameter)');
      expect(whys).toContain('declares `ListRootsResultSchema_` itself; only calls on an MCP value are sites');
      expect(whys.filter((w) => w.startsWith('declares `'))).toHaveLength(3);
    } finally {
      rmSync(many, { recursive: true, force: true });
    }
  });

  it('accounts for every listRoots / roots/list line of the detection corpus: a site or a candidate, never both', async () => {
    const repo = path.resolve(CORPUS_DIR, '..', '..', '..');
    const report = await scanJson([path.relative(repo, CORPUS_DIR), '--explain'], repo);
    const siteLines = new Set(report.sites.flatMap((s) => Array.from({ length: s.endLine - s.line + 1 }, (_, i) => `${s.file}:${s.line + i}`)));
    const candidateLines = new Set(report.candidates!.map((c) => `${c.file}:${c.line}`));
    for (const key of candidateLines) expect(siteLines.has(key), key).toBe(false);
    const corpusRel = path.relative(repo, CORPUS_DIR).split(path.sep).join('/');
    let checked = 0;
    for (const name of new Set([...report.sites, ...report.candidates!].map((x) => path.basename(x.file)))) {
      const lines = readFileSync(path.join(CORPUS_DIR, name), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!/listRoots|roots\/list/.test(line)) return;
        const key = `${corpusRel}/${name}:${i + 1}`;
        checked++;
        expect(siteLines.has(key) || candidateLines.has(key), key).toBe(true);
      });
    }
    expect(checked).toBeGreaterThan(50);
  });
});
