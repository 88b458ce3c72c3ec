// scan drops most files on one pass for a few words, before either text pre-filter runs: that pass
// may only drop a file both text pre-filters would drop too. Swept over every fixture and every
// installed MCP package file, then pinned word by word.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mayContainMrtrProblems } from '../../packages/core/src/mrtr/prefilter.ts';
import { mayMatter } from '../../packages/core/src/prefilter-words.ts';
import { mayContainRootsSites } from '../../packages/core/src/prefilter.ts';
import { MCP_PACKAGES, sourceFiles } from './source-tree.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const textKeeps = (text: string) => mayContainRootsSites(text) || mayContainMrtrProblems(text);

describe('mayMatter', () => {
  it('keeps every fixture and installed MCP package file that a text pre-filter keeps', () => {
    const dirs = [path.join(REPO, 'test/fixtures'), ...MCP_PACKAGES.map((p) => path.join(REPO, 'node_modules', p))];
    const dropped: string[] = [];
    let kept = 0;
    let droppedByBoth = 0;
    for (const file of dirs.flatMap((dir) => sourceFiles(dir, { declarations: true }))) {
      const text = readFileSync(file, 'utf8');
      if (textKeeps(text)) {
        kept++;
        if (!mayMatter(text)) dropped.push(path.relative(REPO, file));
      } else if (!mayMatter(text)) droppedByBoth++;
    }
    expect(dropped).toEqual([]);
    // The sweep means something only if it saw files of both kinds.
    expect(kept).toBeGreaterThan(200);
    expect(droppedByBoth).toBeGreaterThan(200);
  }, 120_000);

  it('keeps each word a text check needs, alone on a line or inside other words', () => {
    const texts = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'; await server.server.listRoots();",
      "const r = { resultType: 'input_required' };",
      'return inputRequired({ inputRequests: {} });',
      'const s = { requestState: "x" };',
      "const caps = { 'roots': { listChanged: true } };",
      "import { RootsListChangedNotificationSchema } from './schemas.js';",
    ];
    for (const text of texts) {
      expect(textKeeps(text), text).toBe(true);
      expect(mayMatter(text), text).toBe(true);
      expect(mayMatter(`/* é 🌱 */${text}`), text).toBe(true);
    }
  });

  it('drops a file that names none of them, whatever else it says', () => {
    for (const text of ['export const input = 1; // listChanged: true', "import { McpServer } from '@modelcontextprotocol/server'; server.registerTool('t', {}, () => ({ content: [] })); // ç", '']) {
      expect(textKeeps(text), text).toBe(false);
      expect(mayMatter(text), text).toBe(false);
    }
  });
});
