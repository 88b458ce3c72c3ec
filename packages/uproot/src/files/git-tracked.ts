// Files git tracks are never ignored: .gitignore only applies to untracked files, and real repositories
// track files under ignored folders (a vendored server added with `git add -f`). The walk asks git once
// per run and repository for its index; without git (or a repository) it keeps to the .gitignore rules alone.
import module from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface Tracked {
  files: Set<string>;
  /** Every folder that holds a tracked file, so an ignored folder is still entered for it. */
  dirs: Set<string>;
}

/** The repository a folder is in: the nearest folder at or above it with a `.git` (a folder, or a worktree's file). */
export function gitRootOf(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, '.git'))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

/** Asked once per run (the caller keeps it): a long-lived process (the API, an editor) must see files added since. */
export function trackedFiles(gitRoot: string): Tracked | undefined {
  let tracked: Tracked | undefined;
  // node:child_process (~3 ms to load) only where there is a repository to ask.
  const { spawnSync } = module.createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
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
  return tracked;
}
