// `migrate --to mrtr` rewrites a tool whose server comes through a tsconfig alias or a barrel exactly
// as it rewrites one that imports the SDK itself; what it cannot prove still gets its marker.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../packages/uproot/src/cli.ts';
import { parseSource, scanText } from '../../packages/core/src/index.ts';
import { PROJECTS_DIR } from '../detection-corpus.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-resolution-migrate-'));
cpSync(path.join(PROJECTS_DIR, 'aliases-v2-ts'), dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd: dir });
  return { code, out, err };
}

const read = (rel: string) => readFileSync(path.join(dir, rel), 'utf8');

// In order: the second test migrates what the first wrote.
describe('migrate through aliases and barrels', { shuffle: false }, () => {
  it('rewrites the tools whose server comes through @src/… and the @/mcp barrel, and marks the lifecycle fetch', async () => {
    const { code, err } = await cli(['migrate', '.', '--force']);
    expect(err).toBe('');
    expect(code).toBe(1); // the oninitialized fetch in tools/gate.ts needs a person
    for (const rel of ['src/tools/count.ts', 'src/tools/workspace.ts']) {
      const text = read(rel);
      expect(() => parseSource(text, path.join(dir, rel))).not.toThrow();
      expect(text).toMatch(/return inputRequired\(\{ inputRequests: \{ roots: inputRequired\.listRoots\(\) \} \}\);/);
      expect(text).toMatch(/await rootsFromAnswer\(ctx\)/);
      expect(text).toMatch(/from '@modelcontextprotocol\/server';/);
      // No push request is left in the rewritten file, seen through the same aliases.
      expect(scanText(text, path.join(dir, rel)).sites.filter((s) => s.kind === 'request')).toEqual([]);
    }
    expect(read('src/tools/gate.ts')).toMatch(/\/\/ uproot: \[lifecycle\]/);
  });

  it('changes nothing on a second run', async () => {
    const { out } = await cli(['migrate', '.', '--dry-run', '--format', 'json']);
    const report = JSON.parse(out) as { files: Array<{ file: string; changed: boolean }> };
    expect(report.files.filter((f) => f.changed)).toEqual([]);
  });
});
