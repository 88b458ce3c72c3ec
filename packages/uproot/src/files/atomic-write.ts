// Replace a file's contents all at once: write a temp file beside it with the same mode and owner,
// then rename over it. A reader (or a crash) sees the old bytes or the new ones, never half.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fchownSync, fstatSync, fsyncSync, linkSync, lstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

const pending = new Set<string>();

/** Why a write was refused before anything was replaced; the message is the whole sentence after the path. */
export class WriteRefusedError extends Error {}

export interface AtomicWriteOptions {
  /** Runs after the temp file is complete and just before the rename; throw to keep the old file. */
  beforeRename?: () => void;
}

/** A complete temp file beside its target: `commit` renames it over the target, `discard` removes it. */
export interface PreparedWrite {
  commit(): void;
  discard(): void;
}

export function writeAtomic(file: string, content: string, options: AtomicWriteOptions = {}): void {
  const prepared = prepareWrite(file, content);
  try {
    options.beforeRename?.();
    prepared.commit();
  } catch (error) {
    prepared.discard();
    throw error;
  }
}

/** Everything that can fail except the rename: checks, the temp file, its bytes, owner and mode. */
export function prepareWrite(file: string, content: string): PreparedWrite {
  const stat = lstatSync(file);
  if (!stat.isFile()) throw new WriteRefusedError('is no longer a regular file (a link or folder took its place); left untouched');
  // A rename gives the path a new inode: other hard links would silently keep the old text.
  if (stat.nlink > 1) throw new WriteRefusedError(`has ${stat.nlink} hard links, and replacing it would split them; left untouched`);
  // A read-only file stays as it is, as an editor would leave it (root passes for any mode). Opening
  // it asks with the effective user, which access(2) would not; nothing is written through it.
  closeSync(openSync(file, constants.O_WRONLY));
  const { temp, discard } = writeTemp(file, content, 0o600, (fd) => keepOwnerAndMode(fd, stat.uid, stat.gid, stat.mode & 0o7777));
  return {
    commit() {
      renameSync(temp, file);
      pending.delete(temp);
    },
    discard,
  };
}

/**
 * A new file, complete or not at all: a temp file beside it, then a hard link to the name, which
 * fails rather than replace a file someone created meanwhile.
 */
export function prepareCreate(file: string, content: string): PreparedWrite {
  // 0o666 minus the umask: the mode any new file of the user's gets.
  const { temp, discard } = writeTemp(file, content, 0o666);
  return {
    commit() {
      linkSync(temp, file);
      discard();
    },
    discard,
  };
}

/** The complete, synced temp file beside `file` (`finish` sets its owner and mode), or nothing left behind. */
function writeTemp(file: string, content: string, mode: number, finish?: (fd: number) => void): { temp: string; discard: () => void } {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.uproot-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  pending.add(temp);
  const discard = () => {
    try {
      unlinkSync(temp);
    } catch {
      // never created, or already renamed or linked and removed
    }
    pending.delete(temp);
  };
  try {
    const fd = openSync(temp, 'wx', mode);
    try {
      writeAll(fd, Buffer.from(content, 'utf8'));
      finish?.(fd);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    discard();
    throw error;
  }
  return { temp, discard };
}

/** `writeSync` may write less than asked (a disk filling up); a short write must fail, not truncate. */
function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) {
    const n = writeSync(fd, bytes, offset, bytes.length - offset);
    if (n <= 0) throw Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC' });
    offset += n;
  }
}

/** chown first: it clears set-id bits, which the chmod then restores; the umask never applies. */
function keepOwnerAndMode(fd: number, uid: number, gid: number, mode: number): void {
  const own = fstatSync(fd);
  if (own.uid !== uid || own.gid !== gid) {
    try {
      fchownSync(fd, uid, gid);
    } catch {
      throw new WriteRefusedError(`belongs to another user or group (uid ${uid}, gid ${gid}) that uproot cannot give the rewritten file; left untouched`);
    }
  }
  fchmodSync(fd, mode);
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

/** A failed write in the user's terms (what happened, that the file is intact, what to do); undefined for uproot's own bugs. */
export function describeWriteFailure(file: string, error: unknown): { file: string; message: string } | undefined {
  if (error instanceof WriteRefusedError) return { file, message: error.message };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = code ? WRITE_ERRORS[code] : undefined;
  return message ? { file, message: message.replace('CODE', code!) } : undefined;
}

const WRITE_ERRORS: Record<string, string> = {
  ENOENT: 'was deleted while uproot was working (CODE); nothing was written',
  EACCES: 'is not writable for this user, or its folder is not (CODE); left untouched: make it writable and run again',
  EPERM: 'is read-only or immutable, or its folder is (CODE); left untouched: make it writable and run again',
  EROFS: 'is on a read-only file system (CODE); left untouched',
  ENOSPC: 'could not be written: the disk is full (CODE); left untouched: free some space and run again',
  EDQUOT: 'could not be written: the disk quota is used up (CODE); left untouched: free some space and run again',
  EIO: 'could not be written: the disk reported an I/O error (CODE); left untouched',
  EBUSY: 'is busy (CODE); left untouched: run again when it is free',
  ETXTBSY: 'is busy (CODE); left untouched: run again when it is free',
};
