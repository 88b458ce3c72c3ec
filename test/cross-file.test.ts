// Servers are often built in one file and given tools in another. Both front ends follow relative
// imports through the same module graph, so they find the same sites without type information.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../packages/eslint-plugin/src/index.ts';
import { main } from '../packages/uproot/src/cli.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-cross-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  path.join(dir, 'server.ts'),
  `import { McpServer } from '@modelcontextprotocol/server';
export const server = new McpServer({ name: 'notes', version: '1.0.0' });
export function makeServer() {
  return new McpServer({ name: 'other', version: '1.0.0' });
}
export default server;
`,
);
writeFileSync(
  path.join(dir, 'tools.ts'),
  `import mcp, { makeServer, server } from './server.js';
import { listRoots } from './not-mcp.js';

server.registerTool('count', {}, async () => ({ content: [{ type: 'text', text: String((await server.server.listRoots()).roots.length) }] }));
const other = makeServer();
other.registerTool('other', {}, async () => ({ content: [{ type: 'text', text: String((await other.server.listRoots()).roots.length) }] }));
mcp.server.oninitialized = async () => { await mcp.server.listRoots(); };
export const looksLikeIt = () => listRoots();
`,
);
writeFileSync(path.join(dir, 'not-mcp.ts'), `export async function listRoots(): Promise<string[]> { return []; }\n`);

describe('cross-file provenance', () => {
  it('scan and ESLint report the same sites in the file that only imports the server', async () => {
    let out = '';
    await main(['scan', '--format', 'json'], { out: (s) => (out += s), err: () => {}, cwd: dir });
    const scanned = (JSON.parse(out) as { sites: Array<{ file: string; line: number; column: number; rule: string }> }).sites.map((s) => `${s.file}:${s.line}:${s.column} ${s.rule}`);
    const text = readFileSync(path.join(dir, 'tools.ts'), 'utf8');
    const at = (snippet: string) => {
      const offset = text.indexOf(snippet);
      const before = text.slice(0, offset).split('\n');
      return `tools.ts:${before.length}:${before[before.length - 1]!.length + 1} uproot/no-roots-request`;
    };
    // The three push requests on servers from ./server.js; never the look-alike from ./not-mcp.js.
    expect(scanned).toEqual([at('server.server.listRoots()'), at('other.server.listRoots()'), at('mcp.server.listRoots()')]);

    const file = path.join(dir, 'tools.ts');
    const linter = new Linter({ configType: 'flat', cwd: dir });
    const messages = linter.verify(readFileSync(file, 'utf8'), [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, plugin.configs.strict] as never, { filename: file });
    expect(messages.map((m) => `tools.ts:${m.line}:${m.column} ${m.ruleId}`)).toEqual(scanned);
  });
});
