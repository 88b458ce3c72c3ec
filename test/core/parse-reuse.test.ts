// scan matches a file with the parse the module graph already made of it (while it followed another
// scanned file's imports), and only when the text is the very text that parse was made of.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleGraph, parseForRun } from '../../packages/core/src/module-graph.ts';
import { parseSource } from '../../packages/core/src/parse.ts';
import { findRootsSites } from '../../packages/core/src/sites.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-parse-reuse-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: 'x', version: '1.0.0' });
export async function folders() {
  return (await server.server.listRoots()).roots;
}
`;
const TOOLS = `import { server } from './server.js';
server.registerTool('t', {}, async () => ({ content: [{ type: 'text', text: String((await server.server.listRoots()).roots.length) }] }));
`;

function project(name: string): { dir: string; server: string; tools: string } {
  const dir = path.join(temp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(dir, 'server.ts'), SERVER);
  writeFileSync(path.join(dir, 'tools.ts'), TOOLS);
  return { dir, server: path.join(dir, 'server.ts'), tools: path.join(dir, 'tools.ts') };
}

describe('parse reuse between the module graph and matching', () => {
  it('hands out the graph’s own parse of an imported file, for exactly its text', () => {
    const { server, tools } = project('graph');
    const graph = new ModuleGraph();
    expect(graph.parsedText(server, SERVER)).toBeUndefined();
    // Following tools.ts's import loads server.ts into the graph.
    expect(graph.exportValue(tools, './server.js', 'server')).toMatchObject({ kind: 'mcp-server' });
    const reused = graph.parsedText(server, readFileSync(server, 'utf8'));
    expect(reused).toBeDefined();
    expect(graph.parsedText(server, readFileSync(server, 'utf8'))!.ast).toBe(reused!.ast);
    // Another text of the same file (an editor buffer, a stripped BOM) is parsed anew.
    expect(graph.parsedText(server, SERVER + '\n')).toBeUndefined();
    expect(graph.parsedText(tools, TOOLS)).toBeUndefined();
  });

  it('finds the same sites on the reused parse as on a fresh one', () => {
    const { dir, server, tools } = project('sites');
    const sitesOf = (parsed: ReturnType<typeof parseSource>, file: string, text: string) =>
      findRootsSites({ ast: parsed.ast, text, scopeManager: parsed.scopeManager, file, cwd: dir }).map((s) => [s.kind, s.range, s.action]);
    const toolsText = readFileSync(tools, 'utf8');
    const serverText = readFileSync(server, 'utf8');
    const first = sitesOf(parseForRun(toolsText, tools, dir), tools, toolsText);
    const fresh = parseSource(serverText, server);
    const reused = parseForRun(serverText, server, dir);
    expect(reused.ast).not.toBe(fresh.ast);
    // The graph of this run made the reused one while it matched tools.ts.
    expect(parseForRun(serverText, server, dir).ast).toBe(reused.ast);
    expect(first.length).toBeGreaterThan(0);
    expect(sitesOf(reused, server, serverText)).toEqual(sitesOf(fresh, server, serverText));
    expect(sitesOf(reused, server, serverText).length).toBeGreaterThan(0);
  });

  it('parses a file once when the graph loads it both as any module and as one that may export MCP values', () => {
    const { server, tools } = project('twice');
    const text = readFileSync(server, 'utf8');
    // As an MCP module first (a value imported from it), then as any module (a type or node looked up in it).
    const graph = new ModuleGraph();
    expect(graph.exportValue(tools, './server.js', 'server')).toMatchObject({ kind: 'mcp-server' });
    const plain = graph.parsedText(server, text)!.ast;
    expect(graph.moduleAt(tools, './server.js')!.program).toBe(plain);
    // The other order.
    const other = new ModuleGraph();
    const any = other.moduleAt(tools, './server.js')!.program;
    expect(other.exportValue(tools, './server.js', 'server')).toMatchObject({ kind: 'mcp-server' });
    expect(other.parsedText(server, text)!.ast).toBe(any);
    // Each load keeps its own provenance, and the value is what a fresh graph finds.
    expect(other.moduleAt(tools, './server.js')!.prov).not.toBe(graph.moduleAt(tools, './server.js')!.prov);
    expect(other.exportValue(tools, './server.js', 'server')).toEqual(new ModuleGraph().exportValue(tools, './server.js', 'server'));
  });

  it('still tells a module that cannot export MCP values apart when it was first loaded as any module', () => {
    const { dir, tools } = project('plain-data');
    const data = path.join(dir, 'data.ts');
    writeFileSync(data, 'export const server = 1;\n');
    const graph = new ModuleGraph();
    expect(graph.moduleAt(tools, './data.js')!.program.body).toHaveLength(1);
    expect(graph.exportValue(tools, './data.js', 'server')).toBeUndefined();
    // A file changed since (another mtime or size) is read again, not taken from the other entry.
    writeFileSync(data, "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'x', version: '1' });\n");
    expect(graph.exportValue(tools, './data.js', 'server')).toMatchObject({ kind: 'mcp-server' });
  });
});
