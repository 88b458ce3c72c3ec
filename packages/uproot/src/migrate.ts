// `uproot migrate`: plan each file on its own, prove the result parses, and write it atomically only
// when it changed and has not changed on disk since it was read. A failing file stays untouched.
import { createTwoFilesPatch } from 'diff';
import { readFileSync } from 'node:fs';
import { ParseError, mayContainRootsSites, parseSource } from '@uproot/core';
import { applyEdits } from '../../core/src/plan/edits.ts';
import type { FilePlan, SiteOutcome, Strategy } from '../../../transforms/outcome.ts';
import { planMrtrProject, planMrtrText, type SourceFile } from '../../../transforms/mrtr.ts';
import { planParamText } from '../../../transforms/param.ts';
import { WriteRefusedError, cleanupPendingWrites, describeWriteFailure, writeAtomic } from './atomic-write.ts';
import { collectFiles, type FileProblem, stillInPlace } from './files.ts';
import { Progress } from './progress.ts';
import { DEFAULT_MAX_BYTES, readSource } from './read-source.ts';
import { describeFailure, relativePath } from './scan.ts';

export interface MigratedFile {
  file: string;
  absolute: string;
  changed: boolean;
  outcomes: SiteOutcome[];
  diff?: string;
}

export interface MigrateResult {
  strategy: Strategy;
  dryRun: boolean;
  files: MigratedFile[];
  failures: FileProblem[];
  notices: FileProblem[];
  interrupted: boolean;
}

export interface MigrateOptions {
  cwd: string;
  strategy: Strategy;
  dryRun: boolean;
  maxBytes?: number;
  progress?: boolean;
  /** `--lifecycle per-request` for the MRTR strategy. */
  lifecycle?: 'keep' | 'per-request';
  /** Plan one file; the CLI passes the strategy's planner, tests may pass one that fails. */
  planner?: (text: string, file: string) => FilePlan;
  /** `--to param`: the name of the new directory parameter (default `directory`). */
  paramName?: string;
}

export function plannerFor(strategy: Strategy, options: { paramName?: string } = {}): (text: string, file: string) => FilePlan {
  if (strategy === 'mrtr') return planMrtrText;
  if (strategy === 'param') return (text, file) => planParamText(text, file, options.paramName ? { paramName: options.paramName } : {});
  throw new Error(`the ${strategy} strategy is not available in this version of uproot`);
}

export async function runMigrate(paths: string[], options: MigrateOptions): Promise<MigrateResult> {
  const { cwd, dryRun } = options;
  const plan = options.planner ?? plannerFor(options.strategy, { paramName: options.paramName });
  const set = await collectFiles(paths, cwd);
  const result: MigrateResult = { strategy: options.strategy, dryRun, files: [], failures: [...set.problems], notices: [...set.notices], interrupted: false };
  let stop = false;
  const onSignal = () => {
    stop = true;
  };
  // `on`, not `once`: a second Ctrl-C must not kill the process halfway through a write either.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const progress = new Progress(set.files.length, options.progress ?? false);
  try {
    // Read everything first: a helper chain may cross into files that hold no roots text themselves.
    const sources: Array<SourceFile & { file: string; bom: boolean }> = [];
    for (const absolute of set.files) {
      await signalsDelivered();
      if (stop) break;
      const file = relativePath(cwd, absolute);
      if (!stillInPlace(absolute, set.realPaths.get(absolute))) {
        result.failures.push({ file, message: 'is now reached through a symbolic link that appeared during the run; uproot never follows links, so it was left untouched' });
        continue;
      }
      const read = readSource(absolute, options.maxBytes ?? DEFAULT_MAX_BYTES);
      if (!read.ok) (read.skipped ? result.notices : result.failures).push({ file, message: read.message });
      else sources.push({ path: absolute, text: read.text, file, bom: read.bom });
    }
    const plans = stop ? new Map<string, FilePlan>() : planAll(sources, options, plan, result);
    for (const source of sources) {
      // The loop is synchronous per file; yielding here is what lets a signal stop it between files.
      await signalsDelivered();
      if (stop) {
        result.interrupted = true;
        break;
      }
      const { path: absolute, file, text, bom } = source;
      progress.tick(absolute);
      const filePlan = plans.get(absolute);
      if (!filePlan || filePlan.outcomes.length + filePlan.edits.length === 0) continue;
      try {
        const next = applyEdits(text, filePlan.edits);
        const changed = next !== text;
        const entry: MigratedFile = { file, absolute, changed, outcomes: filePlan.outcomes };
        if (changed) {
          assertParses(next, absolute);
          if (dryRun) entry.diff = createTwoFilesPatch(`a/${file}`, `b/${file}`, text, next, undefined, undefined, { context: 3 });
          else {
            // Someone else wrote the file since we read it, or a link now leads elsewhere: do not clobber.
            const original = Buffer.from((bom ? '\ufeff' : '') + text, 'utf8');
            const expected = set.realPaths.get(absolute);
            const unchanged = () => {
              const now = readBack(absolute);
              if (!stillInPlace(absolute, expected)) throw new MovedOnDisk();
              if (!now.equals(original)) throw new ChangedOnDisk();
            };
            unchanged();
            writeAtomic(absolute, (bom ? '\ufeff' : '') + next, { beforeRename: unchanged });
          }
        }
        result.files.push(entry);
      } catch (error) {
        if (error instanceof ChangedOnDisk) result.failures.push({ file, message: 'changed on disk while uproot was working; left as it is now, run again' });
        else if (error instanceof MovedOnDisk) result.failures.push({ file, message: 'is now reached through a symbolic link that appeared during the run; uproot never follows links, so nothing was written' });
        else result.failures.push(describeWriteFailure(file, error) ?? describeFailure(file, error));
      }
    }
  } finally {
    progress.done();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    cleanupPendingWrites();
  }
  return result;
}

class ChangedOnDisk extends Error {}
class MovedOnDisk extends Error {}

/** The file's bytes just before it is replaced; losing read access now is not a write error. */
function readBack(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw error;
    throw new WriteRefusedError(`cannot be read any more (${code ?? 'error'}), so uproot cannot tell whether it changed; check its permissions and run again`);
  }
}

/** Let pending signal events run; a synchronous loop never sees them otherwise. */
function signalsDelivered(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Plan every file. MRTR plans the run as one project (chains cross files); if that fails, each file
 * is planned on its own so one bad file cannot sink the others.
 */
function planAll(sources: Array<SourceFile & { file: string }>, options: MigrateOptions, plan: (text: string, file: string) => FilePlan, result: MigrateResult): Map<string, FilePlan> {
  const plans = new Map<string, FilePlan>();
  if (options.strategy === 'mrtr' && !options.planner) {
    try {
      const project = planMrtrProject(sources, { lifecycle: options.lifecycle });
      for (const [file, error] of project.failures) {
        const source = sources.find((s) => s.path === file);
        if (source && mayContainRootsSites(source.text)) result.failures.push(describeFailure(source.file, error));
      }
      return project.plans;
    } catch {
      plans.clear(); // fall through to per-file planning, which names the file that fails
    }
  }
  for (const source of sources) {
    if (!mayContainRootsSites(source.text)) continue;
    try {
      plans.set(source.path, plan(source.text, source.path));
    } catch (error) {
      result.failures.push(describeFailure(source.file, error));
    }
  }
  return plans;
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
