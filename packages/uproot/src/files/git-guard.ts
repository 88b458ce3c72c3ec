// Refuse to rewrite files with uncommitted changes: the user's safety net is `git diff` / `git checkout`.
import { execFileSync } from 'node:child_process';

/** Uncommitted paths under `paths` (empty when clean or when not in a git work tree). */
export function dirtyFiles(paths: string[], cwd: string): string[] {
  try {
    const out = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', ...(paths.length ? paths : ['.'])], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => l.slice(3));
  } catch {
    return [];
  }
}
