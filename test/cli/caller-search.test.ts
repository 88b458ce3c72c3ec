// The MRTR planner looks for a helper's callers in every file of the run, checking each file's bytes for
// the helper's name and its module's file name before decoding it. These runs hold a helper whose caller
// is in another file, beside files that hold only one of the words, with names in ASCII and beyond it (a
// check of the bytes read as latin1 would miss `raíces`: the words are looked for encoded as UTF-8).
import { afterEach, describe, expect, it } from 'vitest';
import { removeTree, tempTree, uproot } from './helpers.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) removeTree(dir);
  dir = undefined;
});

function project(helper: string, module: string): Record<string, string> {
  return {
    [`${module}.ts`]: [
      "import type { McpServer } from '@modelcontextprotocol/server';",
      '',
      `export async function ${helper}(server: McpServer): Promise<string[]> {`,
      '  const { roots } = await server.server.listRoots();',
      '  return roots.map((r) => r.uri);',
      '}',
      '',
    ].join('\n'),
    'server.ts': [
      "import { McpServer } from '@modelcontextprotocol/server';",
      `import { ${helper} } from './${module}.js';`,
      '',
      "const server = new McpServer({ name: 'x', version: '1.0.0' });",
      `server.registerTool('dirs', { description: 'The directories' }, async () => ({ content: [{ type: 'text', text: (await ${helper}(server)).join(',') }] }));`,
      '',
    ].join('\n'),
    // Files the search reads and drops: one names the helper but not its module, one the module but not the helper.
    'notes.ts': `export const note = '${helper} lists the folders';\n`,
    'paths.ts': `export const where = './${module}';\n`,
    'other.ts': "export const other = 'roots';\n",
  };
}

describe('the caller search across the files of a run', () => {
  for (const [helper, module] of [
    ['listFolders', 'folders'],
    ['carpetasDeRaíces', 'raíces'],
    ['listFolders', 'répertoires'],
    ['listerLesRépertoires', 'folders'],
  ] as const) {
    it(`traces ${helper} in ${module}.ts to its caller in server.ts: scan says rewrite, migrate rewrites it`, async () => {
      dir = tempTree(project(helper, module));
      const scan = await uproot(['scan', '.', '--format', 'json'], dir);
      const report = JSON.parse(scan.out) as { sites: Array<{ file: string; kind: string; action: string; reason?: string }> };
      expect(report.sites.map((s) => [s.file, s.kind, s.action, s.reason])).toEqual([[`${module}.ts`, 'request', 'rewrite', undefined]]);
      const migrate = await uproot(['migrate', '.', '--dry-run', '--format', 'json'], dir);
      const result = JSON.parse(migrate.out) as { summary: { rewritten: number; marked: number } };
      expect(result.summary).toMatchObject({ rewritten: 1, marked: 0 });
    });
  }
});
