// scan drops most files on their bytes, before decoding them: the byte check may only drop a file that
// both text pre-filters would drop too. Swept over every fixture and every installed MCP package file,
// then pinned word by word, with multi-byte UTF-8 around the words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mayContainMrtrProblems } from '../../packages/core/src/mrtr/prefilter.ts';
import { mayMatterBytes } from '../../packages/core/src/prefilter-bytes.ts';
import { mayContainRootsSites } from '../../packages/core/src/prefilter.ts';
import { MCP_PACKAGES, sourceFiles } from './source-tree.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const textKeeps = (text: string) => mayContainRootsSites(text) || mayContainMrtrProblems(text);
const bytesOf = (text: string) => Buffer.from(text, 'utf8');

describe('mayMatterBytes', () => {
  it('keeps every fixture and installed MCP package file that a text pre-filter keeps', () => {
    const dirs = [path.join(REPO, 'test/fixtures'), ...MCP_PACKAGES.map((p) => path.join(REPO, 'node_modules', p))];
    const dropped: string[] = [];
    let kept = 0;
    let droppedByBoth = 0;
    for (const file of dirs.flatMap((dir) => sourceFiles(dir, { declarations: true }))) {
      const bytes = readFileSync(file);
      const text = bytes.toString('utf8');
      if (textKeeps(text)) {
        kept++;
        if (!mayMatterBytes(bytes)) dropped.push(path.relative(REPO, file));
      } else if (!mayMatterBytes(bytes)) droppedByBoth++;
    }
    expect(dropped).toEqual([]);
    // The sweep means something only if it saw files of both kinds.
    expect(kept).toBeGreaterThan(200);
    expect(droppedByBoth).toBeGreaterThan(200);
  }, 120_000);

  it('keeps each word a text check needs, between multi-byte characters', () => {
    const texts = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'; /* é */ await server.server.listRoots();",
      "const r = { resultType: 'input_required' }; // 🌱",
      'return inputRequired({ inputRequests: {} }); // ü',
      'const s = { requestState: "x" }; // 日本',
      "const caps = { 'roots': { listChanged: true } }; // ñ",
    ];
    for (const text of texts) {
      expect(textKeeps(text), text).toBe(true);
      expect(mayMatterBytes(bytesOf(text)), text).toBe(true);
      // A plain Uint8Array (not a Buffer) reads the same.
      expect(mayMatterBytes(new Uint8Array(bytesOf('\u00e9' + text))), text).toBe(true);
    }
  });

  it('drops a file that names none of them, whatever else it says', () => {
    for (const text of ['export const input = 1; // listChanged: true', "import { McpServer } from '@modelcontextprotocol/server'; server.registerTool('t', {}, () => ({ content: [] })); // ç", '']) {
      expect(textKeeps(text), text).toBe(false);
      expect(mayMatterBytes(bytesOf(text)), text).toBe(false);
    }
  });
});
