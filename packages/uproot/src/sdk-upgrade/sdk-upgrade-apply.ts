// `--with-sdk-upgrade` runs the codemod and the migration once, in a temporary copy of the project. Writing
// means carrying the copy's changes back: every changed or new file, all or none (a half-applied SDK upgrade
// leaves a package importing packages its package.json no longer lists), and only over files nobody touched
// since the copy was taken.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type PreparedWrite, describeWriteFailure, prepareCreate, prepareWrite } from '../files/atomic-write.ts';
import type { FileProblem } from '../files/walk.ts';

/** A file the trial changed or created: `before` is the project's bytes when the copy was taken (undefined: new). */
export interface TreeChange {
  absolute: string;
  before: Buffer | undefined;
  after: Buffer;
}

/** Every regular file of `copy` whose bytes differ from the project's (`original` maps a copy path back). */
export function treeChanges(copy: string, original: (p: string) => string, skipped: (p: string) => boolean): TreeChange[] {
  const changes: TreeChange[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const inCopy = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skipped(inCopy)) visit(inCopy);
        continue;
      }
      if (!entry.isFile()) continue;
      const absolute = original(inCopy);
      const after = readFileSync(inCopy);
      const before = existsSync(absolute) && lstatSync(absolute).isFile() ? readFileSync(absolute) : undefined;
      if (!before || !before.equals(after)) changes.push({ absolute, before, after });
    }
  };
  visit(copy);
  return changes.sort((a, b) => (a.absolute < b.absolute ? -1 : 1));
}

/** Write every change or none; the problems name each file the refusal kept as it was. */
export function applyTreeChanges(changes: TreeChange[], relative: (p: string) => string): FileProblem[] {
  const ready: PreparedWrite[] = [];
  let failed: { change: TreeChange; message: string } | undefined;
  for (const change of changes) {
    try {
      assertUnchanged(change);
      const text = change.after.toString('utf8');
      ready.push(change.before ? prepareWrite(change.absolute, text) : prepareCreate(change.absolute, text));
    } catch (error) {
      failed = { change, message: messageOf(relative(change.absolute), error) };
      break;
    }
  }
  if (!failed) {
    // Checked again just before the renames: the temp files took time to write.
    const moved = changes.find((c) => !unchanged(c));
    if (moved) failed = { change: moved, message: CHANGED };
  }
  if (failed) {
    for (const r of ready) r.discard();
    const cause = relative(failed.change.absolute);
    return changes.map((c) => ({
      file: relative(c.absolute),
      message: c === failed.change ? failed.message : `is part of the SDK upgrade with ${cause}, which could not be written, so it was left untouched too; nothing of the upgrade was written`,
    }));
  }
  for (const r of ready) r.commit();
  return [];
}

const CHANGED = 'changed on disk while uproot was upgrading a copy of the project; nothing of the upgrade was written, run again';

function unchanged(change: TreeChange): boolean {
  if (!change.before) return !existsSync(change.absolute);
  try {
    return lstatSync(change.absolute).isFile() && readFileSync(change.absolute).equals(change.before);
  } catch {
    return false;
  }
}

function assertUnchanged(change: TreeChange): void {
  if (!unchanged(change)) throw new ChangedSinceCopy();
}

class ChangedSinceCopy extends Error {}

function messageOf(file: string, error: unknown): string {
  if (error instanceof ChangedSinceCopy) return CHANGED;
  const described = describeWriteFailure(file, error);
  return described ? `${described.message}; nothing of the upgrade was written` : `could not be written (${(error as Error).message}); nothing of the upgrade was written`;
}
