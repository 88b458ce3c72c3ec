// On Node 22+ parseSource takes oxc's AST through raw transfer (a shared buffer) instead of its JSON string
// (parse.ts). The finder must see the same AST either way: every fixture and installed MCP source file parsed both
// ways must serialise to the same text, key for key. Node 20, which runs the suite, cannot make the buffer, so the
// comparison runs on Node 22 and 24 (raw-transfer-compare.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MCP_PACKAGES, sourceFiles } from '../core/source-tree.ts';
import { NEWER_NODES, nodeBinary } from './fetch-node.ts';

const root = path.resolve(import.meta.dirname, '../..');
const files = [path.join(root, 'test/fixtures'), ...MCP_PACKAGES.map((name) => path.join(root, 'node_modules', name))].flatMap((dir) => sourceFiles(dir));

describe.each(NEWER_NODES.map((v) => [v]))('raw transfer on Node %s', (version) => {
  it('gives the AST, comments and errors of the JSON path for every fixture and MCP source file', () => {
    expect(files.length).toBeGreaterThan(200);
    const r = spawnSync(nodeBinary(version), [path.join(import.meta.dirname, 'raw-transfer-compare.mjs')], { cwd: root, input: JSON.stringify(files), encoding: 'utf8', timeout: 240_000, maxBuffer: 1 << 26 });
    if (r.error) throw r.error;
    expect(r.status, r.stderr).toBe(0);
    const { supported, checked, mismatches } = JSON.parse(r.stdout) as { supported: boolean; checked: number; mismatches: string[] };
    expect(supported).toBe(true);
    expect(checked).toBe(files.length * 2);
    expect(mismatches).toEqual([]);
  }, 300_000);
});
