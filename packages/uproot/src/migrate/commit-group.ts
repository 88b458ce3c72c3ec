// Writing one cross-file group all-or-nothing: every rewrite must parse and every temp file must be
// complete before any original is replaced, and every original must still be what was read.
import { createTwoFilesPatch } from 'diff';
import { existsSync, readFileSync } from 'node:fs';
import { ParseError, parseSource } from '@uproot/core';
import type { FilePlan } from '../../../../transforms/outcome.ts';
import type { SourceFile as ProjectFile } from '../../../../transforms/mrtr.ts';

type SourceFile = ProjectFile & { text: string };
import { type PreparedWrite, WriteRefusedError, describeWriteFailure, prepareCreate, prepareWrite } from '../files/atomic-write.ts';
import { type FileProblem, stillInPlace } from '../files/walk.ts';
import type { MigratedFile, MigrateResult } from './shapes.ts';
import { describeFailure } from '../scan/scan.ts';

/** One planned file: its rewrite, or the error that planning or applying the edits raised. */
export interface Work {
  source: SourceFile & { file: string; bom: boolean };
  plan: FilePlan;
  entry: MigratedFile;
  next?: string;
  error?: unknown;
  /** A file the run creates (a shared helpers module): it must not exist when written. */
  create?: boolean;
}

/**
 * Write one group all-or-nothing: prove every rewrite parses and write every temp file first, then
 * check again that nobody touched the originals, then rename. If any member fails, none is written.
 */
export function writeGroup(members: Work[], dryRun: boolean, realPaths: Map<string, string>, result: MigrateResult): void {
  const ready: Array<{ member: Work; prepared: PreparedWrite; unchanged: () => void }> = [];
  let failed: { member: Work; error: unknown } | undefined;
  for (const member of members) {
    const { path: absolute, file, text, bom } = member.source;
    try {
      if (member.error !== undefined) throw member.error;
      assertParses(member.next!, absolute);
      if (dryRun) {
        member.entry.diff = createTwoFilesPatch(member.create ? '/dev/null' : `a/${file}`, `b/${file}`, text, member.next!, undefined, undefined, { context: 3 });
        continue;
      }
      if (member.create) {
        const absent = () => {
          if (existsSync(absolute)) throw new AppearedOnDisk();
        };
        absent();
        ready.push({ member, prepared: prepareCreate(absolute, member.next!), unchanged: absent });
        continue;
      }
      // Someone else wrote the file since we read it, or a link now leads elsewhere: do not clobber.
      const original = Buffer.from((bom ? '\ufeff' : '') + text, 'utf8');
      const expected = realPaths.get(absolute);
      const unchanged = () => {
        const now = readBack(absolute);
        if (!stillInPlace(absolute, expected)) throw new MovedOnDisk();
        if (!now.equals(original)) throw new ChangedOnDisk();
      };
      unchanged();
      ready.push({ member, prepared: prepareWrite(absolute, (bom ? '\ufeff' : '') + member.next!), unchanged });
    } catch (error) {
      failed = { member, error };
      break;
    }
  }
  for (const r of failed ? [] : ready) {
    try {
      r.unchanged();
    } catch (error) {
      failed = { member: r.member, error };
      break;
    }
  }
  if (failed) {
    for (const r of ready) r.prepared.discard();
    result.failures.push(describeWriteError(failed.member.source.file, failed.error));
    const cause = failed.member.source.file;
    for (const m of members) {
      if (m !== failed.member) result.failures.push({ file: m.source.file, message: `is rewritten together with ${cause} (a cross-file change), which failed, so it was left untouched too; run again once that is fixed` });
    }
    return;
  }
  for (const r of ready) r.prepared.commit();
  for (const m of members) result.files.push(m.entry);
}

function describeWriteError(file: string, error: unknown): FileProblem {
  if (error instanceof ChangedOnDisk) return { file, message: 'changed on disk while uproot was working; left as it is now, run again' };
  if (error instanceof AppearedOnDisk) return { file, message: 'was created by someone else while uproot was working; left as it is, run again' };
  if (error instanceof MovedOnDisk) return { file, message: 'is now reached through a symbolic link that appeared during the run; uproot never follows links, so nothing was written' };
  return describeWriteFailure(file, error) ?? describeFailure(file, error);
}

class ChangedOnDisk extends Error {}
class AppearedOnDisk extends Error {}
class MovedOnDisk extends Error {}

/** The file's bytes just before it is replaced; losing read access now is not a write error. */
function readBack(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw error;
    throw new WriteRefusedError(`cannot be read any more (${code ?? 'error'}), so uproot cannot tell whether it changed; left untouched: check its permissions and run again`);
  }
}


/** Never write a file that no longer parses. */
function assertParses(text: string, file: string): void {
  try {
    parseSource(text, file);
  } catch (error) {
    if (error instanceof ParseError) throw new Error(`the rewrite would not parse (${error.line}:${error.column}: ${error.message}); file left untouched`);
    throw error;
  }
}
