// Replace a file's contents all at once: write a temp file beside it with the same mode, then rename
// over it. A reader (or a crash) sees the old bytes or the new ones, never half.
import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

const pending = new Set<string>();

export function writeAtomic(file: string, content: string): void {
  const mode = statSync(file).mode & 0o7777;
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.uproot-${process.pid}-${Date.now()}.tmp`);
  pending.add(temp);
  try {
    const fd = openSync(temp, 'wx', mode);
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // the temp file was never created
    }
    throw error;
  } finally {
    pending.delete(temp);
  }
}

/** Remove temp files of writes cut short by a signal. */
export function cleanupPendingWrites(): void {
  for (const temp of pending) {
    try {
      unlinkSync(temp);
    } catch {
      // already renamed or never created
    }
  }
  pending.clear();
}
