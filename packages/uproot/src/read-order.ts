// The order scan reads files in when a matcher worker shares the run: largest first. A large file
// that can hold a site is the slowest to match, and matching starts only once it is read; found
// last (as in path order), its matching would run on alone after the reading ends. Read first, it is
// matched while the main thread reads the rest. Results stay in path order whatever the read order.
import { statSync } from 'node:fs';

export interface ReadPlan {
  /** Indexes into the file list, largest file first (path order among equal sizes). */
  order: number[];
  /** Each file's size where it is a regular file; undefined where readSource must look again (and say why). */
  sizes: Array<number | undefined>;
}

export function largestFirst(files: string[]): ReadPlan {
  const sizes = files.map(sizeOf);
  const order = files.map((_, i) => i).sort((a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0) || a - b);
  return { order, sizes };
}

function sizeOf(file: string): number | undefined {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat?.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}
