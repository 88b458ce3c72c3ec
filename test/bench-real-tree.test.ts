// The bench's real-code trees must hold what they say: the installed MCP packages' published files,
// laid out so that the floor and uproot scan both read every copied file (bundles: dist/ renamed,
// since a user's repo skips it) or, as a user's repo, both skip the same build output (user).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REAL_ROOTS, copyPackages, layout, realPackages } from './bench/real-tree.ts';
import { runScan } from '../packages/uproot/src/scan/scan.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const nodeModules = path.join(repo, 'node_modules');
const work = mkdtempSync(path.join(tmpdir(), 'uproot-bench-real-test-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('bench real-code tree', () => {
  it('starts from the installed MCP packages and follows their dependencies', () => {
    const packages = realPackages(nodeModules);
    for (const name of REAL_ROOTS) expect(packages).toContain(name);
    expect(packages).toContain('zod'); // a dependency of the SDK, not a root
    expect(packages).toEqual([...packages].sort());
  });

  it('renames the directories scan skips, never the file names', () => {
    expect(layout('@modelcontextprotocol/sdk', 'dist/esm/server/index.js')).toBe('src/@modelcontextprotocol/sdk/dist_/esm/server/index.js');
    expect(layout('x', 'build/.hidden/a.js')).toBe('src/x/build_/.hidden_/a.js');
    expect(layout('x', 'dist.js')).toBe('src/x/dist.js');
    expect(layout('x', 'build/.hidden/a.js', 'user')).toBe('src/x/build/.hidden/a.js');
  });

  it('is read whole by the floor and by scan, which finds the sites the filesystem server holds', async () => {
    const root = path.join(work, 'tree');
    const copied = copyPackages(nodeModules, ['@modelcontextprotocol/server-filesystem'], root);
    expect(copied.files).toBeGreaterThan(3);
    const floor = JSON.parse(execFileSync(process.execPath, [path.join(repo, 'test/bench/floor.mjs'), root], { encoding: 'utf8' })) as { files: number };
    expect(floor.files).toBe(copied.files);
    const scan = await runScan(['.'], { cwd: root, types: 'off' });
    expect(scan.scannedFiles).toBe(copied.files);
    expect(scan.files.map((f) => f.file)).toContain('src/@modelcontextprotocol/server-filesystem/dist_/index.js');
  });

  it('as a user lays it out, the floor and scan skip the same dist/ and read the same files', async () => {
    const root = path.join(work, 'user');
    const copied = copyPackages(nodeModules, ['mcp-proxy'], root, 'user');
    const list = (execFileSync(process.execPath, [path.join(repo, 'test/bench/floor.mjs'), root, '--list'], { encoding: 'utf8' }).trim().split('\n'));
    expect(list.length).toBeGreaterThan(3);
    expect(list.length).toBeLessThan(copied.files); // mcp-proxy ships src/ and dist/: dist/ is skipped
    expect(list.some((f) => f.includes(`${path.sep}dist${path.sep}`))).toBe(false);
    const scan = await runScan(['.'], { cwd: root, types: 'off' });
    expect(scan.scannedFiles).toBe(list.length);
  });
});
