// Which folder's files may call into a file: its package, else its repository, else where the run started.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importersBoundary } from '../../packages/core/src/module-importers.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-boundary-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Files, and folders for entries that end in `/`. */
function tree(name: string, entries: string[]): string {
  const root = path.join(temp, name);
  for (const entry of entries) {
    const at = path.join(root, entry);
    if (entry.endsWith('/')) mkdirSync(at, { recursive: true });
    else {
      mkdirSync(path.dirname(at), { recursive: true });
      writeFileSync(at, entry.endsWith('.json') ? '{}' : '');
    }
  }
  return root;
}

describe('importersBoundary', () => {
  it('is the nearest package.json when there is one below the repository root', () => {
    const root = tree('monorepo', ['.git/', 'package.json', 'packages/a/package.json', 'packages/a/src/x.js']);
    expect(importersBoundary(path.join(root, 'packages/a/src/x.js'), temp)).toBe(path.join(root, 'packages/a'));
  });

  it('is the git root when it comes before any package.json (a .git folder, or a worktree’s .git file)', () => {
    const outer = tree('home', ['package.json', 'repo/.git/', 'repo/src/x.js', 'worktree/.git', 'worktree/lib/y.js']);
    expect(importersBoundary(path.join(outer, 'repo/src/x.js'), temp)).toBe(path.join(outer, 'repo'));
    expect(importersBoundary(path.join(outer, 'worktree/lib/y.js'), temp)).toBe(path.join(outer, 'worktree'));
  });

  it('is the directory the run started from when neither holds the file, and nothing outside it', () => {
    const root = tree('copied', ['server/index.js', 'server/tools/folders.js', 'other/z.js']);
    const start = path.join(root, 'server');
    expect(importersBoundary(path.join(start, 'tools/folders.js'), start)).toBe(start);
    expect(importersBoundary(path.join(root, 'other/z.js'), start)).toBeUndefined();
    // A package.json in a folder named package.json does not count.
    tree('copied', ['server/tools/package.json/']);
    expect(importersBoundary(path.join(start, 'tools/folders.js'), start)).toBe(start);
  });
});
