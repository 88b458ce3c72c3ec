// Files git tracks are never ignored: .gitignore only applies to untracked files, and real repositories
// track files under ignored folders (a vendored server added with `git add -f`). The walk asks git once
// per repository for its index; without git (or a repository) it keeps to the .gitignore rules alone.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface Tracked {
  files: Set<string>;
  /** Every folder that holds a tracked file, so an ignored folder is still entered for it. */
  dirs: Set<string>;
}

const cache = new Map<string, Tracked | undefined>();

export function trackedFiles(gitRoot: string): Tracked | undefined {
  if (cache.has(gitRoot)) return cache.get(gitRoot);
  let tracked: Tracked | undefined;
  const run = spawnSync('git', ['-C', gitRoot, 'ls-files', '-z', '--cached'], { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 20_000 });
  if (run.status === 0 && typeof run.stdout === 'string') {
    tracked = { files: new Set(), dirs: new Set() };
    for (const rel of run.stdout.split('\0')) {
      if (!rel) continue;
      const abs = path.join(gitRoot, rel);
      tracked.files.add(abs);
      for (let dir = path.dirname(abs); dir.length > gitRoot.length && !tracked.dirs.has(dir); dir = path.dirname(dir)) tracked.dirs.add(dir);
    }
  }
  cache.set(gitRoot, tracked);
  return tracked;
}
