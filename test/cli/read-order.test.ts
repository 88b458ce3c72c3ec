// With a matcher worker, scan reads the largest files first (read-order.ts): the plan must hold every
// file once, largest first and in path order among equal sizes, and leave a file it could not stat
// to readSource, which looks again and says why.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { largestFirst } from '../../packages/uproot/src/read-order.ts';
import { readSource } from '../../packages/uproot/src/read-source.ts';
import { removeTree, tempTree } from './helpers.ts';

const dir = tempTree();
afterAll(() => removeTree(dir));

describe('largestFirst', () => {
  it('orders by size, largest first, keeping path order among equal sizes', () => {
    const sizes = { 'a.ts': 10, 'b.ts': 300, 'c.ts': 10, 'd.ts': 0, 'e.ts': 300, 'f.ts': 42 };
    const files = Object.entries(sizes).map(([name, size]) => {
      const file = path.join(dir, name);
      writeFileSync(file, 'x'.repeat(size));
      return file;
    });
    const plan = largestFirst(files);
    expect(plan.order.map((i) => path.basename(files[i]!))).toEqual(['b.ts', 'e.ts', 'f.ts', 'a.ts', 'c.ts', 'd.ts']);
    expect(plan.sizes).toEqual(Object.values(sizes));
  });

  it('gives no size for what is not a regular file, so readSource looks again and refuses it as before', () => {
    const folder = path.join(dir, 'folder.ts');
    mkdirSync(folder);
    const gone = path.join(dir, 'gone.ts');
    const plan = largestFirst([folder, gone]);
    expect(plan.sizes).toEqual([undefined, undefined]);
    expect(plan.order).toEqual([0, 1]);
    expect(readSource(folder, 1 << 20, () => true, plan.sizes[0])).toMatchObject({ ok: false, reason: 'not-a-file' });
    expect(readSource(gone, 1 << 20, () => true, plan.sizes[1])).toMatchObject({ ok: false, reason: 'unreadable', message: expect.stringContaining('ENOENT') });
  });

  it('a known size spares readSource its own stat, with the same answer', () => {
    const file = path.join(dir, 'known.ts');
    writeFileSync(file, "const caps = { roots: {} };\n");
    const size = largestFirst([file]).sizes[0];
    expect(readSource(file, 1 << 20, () => true, size)).toEqual(readSource(file, 1 << 20, () => true));
    // Over the limit by the known size: the careful read says so, as without it.
    expect(readSource(file, 8, () => true, size)).toEqual(readSource(file, 8, () => true));
  });
});
