// The V8 flags bin/uproot.js sets for `uproot scan` (bin/scan-tuning.js). V8 does not throw on a flag it does not
// know: it prints "Error: unrecognized flag" on stderr, on every scan. Node 22 (V8 12) and 24 (V8 13) no longer have
// `--interrupt-budget`, and every scan there printed that line before the flags were chosen by V8 version.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript beside the bin, without a declaration file
import { scanV8Flags } from '../../packages/uproot/bin/scan-tuning.js';
import { POOL_MIN_FILES } from '../../packages/uproot/src/worker/match-pool.ts';
import { bin, removeTree, tempTree } from './helpers.ts';

const flagsFor = scanV8Flags as (version: string) => string[];

describe('the V8 flags of uproot scan', () => {
  it('are all known to the V8 this Node runs', () => {
    const known = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    const flags = flagsFor(process.versions.v8);
    for (const flag of flags) expect(known, flag).toMatch(new RegExp(`^  ${flag.split('=')[0]} `, 'm'));
    // Node 20's V8 11 is where the tuning was measured, and has the flag.
    if (process.versions.v8.startsWith('11.')) expect(flags).toEqual(['--interrupt-budget=800000']);
  });

  it('count invocations on V8 12 (Node 22), which has no interrupt budget, and are none on V8 13 (Node 24)', () => {
    // Checked by hand with Node 22.23.5 (V8 12.4.254) and 24.22.3 (V8 13.6.233): `--v8-options` lists no
    // --interrupt-budget, and a scan with it printed "Error: unrecognized flag --interrupt-budget=800000". That
    // Node 22 knows the flags it gets is checked there, on a real scan (test/newer-node/cli.test.ts: empty stderr).
    expect(flagsFor('12.4.254.21-node.57')).toEqual(['--invocation-count-for-turbofan=18000', '--invocation-count-for-osr=4800']);
    expect(flagsFor('13.6.233.17-node.63')).toEqual([]);
    expect(flagsFor('11.3.244.8-node.38')).toEqual(['--interrupt-budget=800000']);
    expect(flagsFor('14.0.1')).toEqual([]);
  });

  it('leave stderr empty on a scan that starts the matcher worker', () => {
    const files: Record<string, string> = {
      'src/server.ts': "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.server.oninitialized = async () => {\n  await server.server.listRoots();\n};\n",
    };
    for (let i = 0; i < POOL_MIN_FILES; i++) files[`src/f${i}.ts`] = `export const value${i} = ${i};\n`;
    const tree = tempTree(files);
    try {
      const r = spawnSync(process.execPath, [bin, 'scan', '.', '--format', 'json', '--types', 'off'], { cwd: tree, encoding: 'utf8', timeout: 60_000 });
      if (r.error) throw r.error;
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect((JSON.parse(r.stdout) as { summary: { sites: number } }).summary.sites).toBeGreaterThan(0);
    } finally {
      removeTree(tree);
    }
  });
});
