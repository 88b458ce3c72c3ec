// `uproot migrate --to param [--param-name]` through the CLI's main(): files are written, the JSON
// report carries the trust-boundary detail, and a second run has nothing left to change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTree, tempTree, uproot } from '../cli/helpers.ts';

const server = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
export const server = new McpServer({ name: 's', version: '1' });
server.registerTool('t', { inputSchema: z.object({ a: z.string() }) }, async ({ a }) => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: a + roots.length }] };
});
`;

let dir: string | undefined;
afterEach(() => {
  if (dir) removeTree(dir);
  dir = undefined;
});

describe('uproot migrate --to param', () => {
  it('writes the parameter under --param-name, reports the moved trust boundary, and is done after one run', async () => {
    dir = tempTree({ 'src/server.ts': server });
    const first = await uproot(['migrate', '--to', 'param', '--param-name', 'projectPath', '--force', '--format', 'json'], dir);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const report = JSON.parse(first.out) as { files: Array<{ sites: Array<{ outcome: string; detail?: string }> }> };
    expect(report.files[0]!.sites).toEqual([expect.objectContaining({ outcome: 'rewritten', detail: expect.stringMatching(/^the trust boundary moved: the model now passes the directory as the "projectPath" parameter/) })]);
    const written = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    expect(written).toContain('a: z.string(), projectPath: z.string().describe(');
    expect(written).not.toContain('listRoots');
    const second = await uproot(['migrate', '--to', 'param', '--force', '--format', 'json'], dir);
    expect(second.code).toBe(0);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(written);
  });
});
