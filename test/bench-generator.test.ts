// The bench generator is the oracle for `npm run bench`: it must be deterministic, plant every
// roots shape, and uproot scan must find exactly what it planted: nothing in the unrelated files
// (including those that say "roots"), nothing in the files a scan must skip.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree, type GeneratedTree } from './bench/generate.ts';
import { mcpTemplates } from './bench/mcp-templates.ts';
import { runScan, type ScanResult } from '../packages/uproot/src/scan/scan.ts';

const SIZE = 200;
let work: string;
let tree: GeneratedTree;
let scan: ScanResult;

function digest(t: GeneratedTree): string {
  const h = createHash('sha256');
  for (const f of t.files) h.update(f).update(readFileSync(path.join(t.root, f)));
  return h.digest('hex');
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'uproot-bench-gen-'));
  tree = generateTree({ root: path.join(work, 'a'), size: SIZE, seed: 7 });
  scan = await runScan([], { cwd: tree.root });
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('bench tree generator', () => {
  it('writes the requested number of in-scope source files, 0.5–8 KB each, nested 3–7 directories deep', () => {
    expect(tree.sourceFiles).toBe(SIZE);
    expect(tree.files).toHaveLength(SIZE);
    for (const f of tree.files) {
      const bytes = readFileSync(path.join(tree.root, f)).length;
      expect(bytes, f).toBeGreaterThanOrEqual(512);
      expect(bytes, f).toBeLessThanOrEqual(8192);
      expect(f.split('/').length - 1, f).toBeLessThanOrEqual(7);
    }
    expect(Math.max(...tree.files.map((f) => f.split('/').length - 1))).toBeGreaterThanOrEqual(5);
    expect(tree.skippedFiles).toBeGreaterThan(0);
  });

  it('is deterministic for a seed and differs across seeds', () => {
    const again = generateTree({ root: path.join(work, 'b'), size: SIZE, seed: 7 });
    expect(again.files).toEqual(tree.files);
    expect(again.planted).toEqual(tree.planted);
    expect(digest(again)).toBe(digest(tree));
    const other = generateTree({ root: path.join(work, 'c'), size: SIZE, seed: 8 });
    expect(digest(other)).not.toBe(digest(tree));
  });

  it('plants every roots shape and all four site kinds, and says "roots" in unrelated files', () => {
    const shapes = new Set(tree.planted.map((p) => p.shape));
    for (const tpl of mcpTemplates) expect(shapes.has(tpl.id), tpl.id).toBe(true);
    expect(new Set(tree.planted.map((p) => p.kind))).toEqual(new Set(['request', 'input-request', 'list-changed', 'capability']));
    expect(tree.rootsDecoys.length).toBeGreaterThan(0);
    for (const f of tree.rootsDecoys) expect(readFileSync(path.join(tree.root, f), 'utf8')).toMatch(/[Rr]oots/);
  });

  it('uproot scan finds exactly the planted sites: none in unrelated files, none in skipped files', () => {
    expect(scan.failures).toEqual([]);
    expect(scan.scannedFiles).toBe(SIZE);
    const found = scan.files.flatMap((f) => f.sites.map((s) => `${f.file}:${s.line}:${s.kind}`)).sort();
    const planted = tree.planted.map((p) => `${p.file}:${p.line}:${p.kind}`).sort();
    expect(found).toEqual(planted);
    const mcp = new Set(tree.mcpFiles);
    for (const f of scan.files) expect(mcp.has(f.file), f.file).toBe(true);
    // Every planted file reaches the parser; of the rest, at most the decoys that mention roots do.
    const plantedFiles = new Set(tree.planted.map((p) => p.file)).size;
    expect(scan.parsedFiles).toBeGreaterThanOrEqual(plantedFiles);
    expect(scan.parsedFiles).toBeLessThanOrEqual(plantedFiles + tree.rootsDecoys.length);
  });

  it('the floor reads the same file set as uproot', () => {
    const listed = execFileSync(process.execPath, [path.join(import.meta.dirname, 'bench/floor.mjs'), tree.root, '--list'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((abs) => path.relative(tree.root, abs).split(path.sep).join('/'));
    expect(listed).toEqual(tree.files);
  });
});
