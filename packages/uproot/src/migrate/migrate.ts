// `uproot migrate`: read every file, plan them (as one project for MRTR, so chains cross files), then
// write what changed, one cross-file group at a time, all-or-nothing (commit-group.ts). A failing
// file stays untouched, and so do the files rewritten together with it; signals stop between groups.
import { mayContainRootsSites } from '@uproot/core';
import { applyEdits } from '@uproot/core/planning';
import type { FilePlan } from '../../../../transforms/outcome.ts';
import type { SourceFile } from '../../../../transforms/mrtr.ts';
import { literalServerNames, runServerName } from './server-names.ts';
import { cleanupPendingWrites } from '../files/atomic-write.ts';
import { collectFiles, stillInPlace } from '../files/walk.ts';
import { Progress } from '../report/progress.ts';
import { DEFAULT_MAX_BYTES, readSource } from '../files/read-source.ts';
import { relativePath, summary, TypesUnavailable } from '../scan/scan.ts';
import { type Work, writeGroup } from './commit-group.ts';
import { writeGroups } from './cross-file-groups.ts';
import { testsToUpdate } from './tests-to-update.ts';
import { isTypedCandidate, openOracle } from '../types/candidates.ts';
import { decideTypes } from '../types/detect.ts';
import { type SharedRun, importersOf, moduleWork, shareHelpers } from './shared-helpers-run.ts';
import { planAll, plannerFor } from './plan-all.ts';
import { fillLazyTexts, planParamRun } from './param-run.ts';
import type { MigrateOptions, MigrateResult } from './shapes.ts';

export { plannerFor };

export async function runMigrate(paths: string[], options: MigrateOptions): Promise<MigrateResult> {
  const { cwd, dryRun } = options;
  // Types serve the MRTR project planner; the param planner and a test's own planner stay syntactic.
  const typable = options.strategy === 'mrtr' && !options.planner;
  const decision = typable ? decideTypes(options.types ?? 'auto', paths, cwd) : ({ types: 'off', why: `--to ${options.strategy} plans from syntax only` } as const);
  if (decision.types === 'off' && options.types === 'on') throw new TypesUnavailable(`--types on needs a tsconfig.json and an installed @modelcontextprotocol package: ${decision.why}`);
  const set = await collectFiles(paths, cwd);
  const result: MigrateResult = { strategy: options.strategy, dryRun, files: [], failures: [...set.problems], notices: [...set.notices], interrupted: false, types: summary(decision) };
  let stop = false;
  const onSignal = () => {
    stop = true;
  };
  /** Whether a signal asked the run to stop; polled only where stopping leaves every file whole. */
  const interrupted = () => (result.interrupted ||= stop);
  // `on`, not `once`: a second Ctrl-C must not kill the process halfway through a write either.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const progress = new Progress(set.files.length, options.progress ?? false);
  try {
    // Read everything first: a helper chain may cross into files that hold no roots text themselves.
    const sources: Array<SourceFile & { file: string; bom: boolean }> = [];
    const serverNames = new Set<string>();
    for (const absolute of set.files) {
      await signalsDelivered();
      if (interrupted()) break;
      progress.tick(absolute);
      const file = relativePath(cwd, absolute);
      if (!stillInPlace(absolute, set.realPaths.get(absolute))) {
        result.failures.push({ file, message: 'is now reached through a symbolic link that appeared during the run; uproot never follows links, so it was left untouched' });
        continue;
      }
      const read = readSource(absolute, options.maxBytes ?? DEFAULT_MAX_BYTES);
      if (!read.ok) {
        (read.skipped ? result.notices : result.failures).push({ file, message: read.message });
        continue;
      }
      for (const name of literalServerNames(read.text)) serverNames.add(name);
      sources.push({ path: absolute, text: mayContainRootsSites(read.text) || (decision.types === 'on' && isTypedCandidate(absolute, read.text)) ? read.text : undefined, file, bom: read.bom });
    }
    await signalsDelivered();
    const oracle = decision.types === 'on' && !interrupted() ? await openOracle(decision.tsconfig, sources.filter((s): s is typeof s & { text: string } => s.text !== undefined)) : undefined;
    const remembered = new Map<string, string>();
    const serverName = runServerName(serverNames);
    // The working directory rides along: it bounds the callers of files no package.json or repository holds.
    const named = { cwd, ...(serverName ? { serverName } : {}) };
    let plans: Map<string, FilePlan>;
    let shared: SharedRun | undefined;
    if (interrupted()) plans = new Map();
    else if (options.strategy === 'param' && !options.planner) ({ plans, shared } = planParamRun(sources, { ...options, remembered, oracle }, named, result));
    else {
      plans = planAll(sources, { ...options, remembered, oracle }, options.planner ?? plannerFor(options.strategy, { paramName: options.paramName, ...named }), result);
      fillLazyTexts(sources, plans, remembered);
      // Helpers several files need go into one module beside them, planned again to import it
      // (from the texts the first plan read, lazily read callers included).
      shared = options.planner ? undefined : shareHelpers(sources, plans, cwd, (sharedHelpers, scratch) => planAll(sources, { ...options, remembered, oracle, sharedHelpers }, plannerFor(options.strategy, { paramName: options.paramName, sharedHelpers, ...named }), scratch));
      if (shared) plans = shared.plans;
    }
    fillLazyTexts(sources, plans, remembered);
    if (shared) result.notices.push(...shared.notices);
    const work: Work[] = [];
    for (const source of sources) {
      const filePlan = plans.get(source.path);
      if (!filePlan || filePlan.outcomes.length + filePlan.edits.length === 0) continue;
      if (source.text === undefined) {
        result.failures.push({ file: source.file, message: 'could not be read again to apply its rewrite; left untouched, run again' });
        continue;
      }
      const item: Work = { source: source as Work['source'], plan: filePlan, entry: { file: source.file, absolute: source.path, changed: false, outcomes: filePlan.outcomes } };
      try {
        item.next = applyEdits(source.text, filePlan.edits);
        item.entry.changed = item.next !== source.text;
      } catch (error) {
        item.error = error;
      }
      work.push(item);
    }
    // A module is written only for importers that will be written too.
    const writable = new Set(work.filter((w) => w.entry.changed && w.error === undefined).map((w) => w.source.path));
    const modules = shared ? moduleWork(shared.modules.filter((m) => m.importers.some((file) => writable.has(file))), cwd, set.realPaths) : [];
    work.unshift(...modules);
    const byPath = new Map(work.map((w) => [w.source.path, w]));
    const pendingWork = work.filter((w) => w.entry.changed || w.error !== undefined);
    for (const w of work) if (!w.entry.changed && w.error === undefined && !modules.includes(w)) result.files.push(w.entry);
    // Shared helper modules are written first, each on its own: a file is only written once the module it imports is there.
    const moduleGroups = modules.map((m) => [m.source.path]);
    const importers = importersOf(shared?.modules ?? []);
    const written = new Set<string>();
    for (const group of [...moduleGroups, ...writeGroups(pendingWork.filter((w) => !modules.includes(w)).map((w) => w.source.path), sources)]) {
      // Each group is synchronous; yielding between groups is what lets a signal stop the run, and
      // never halfway through a cross-file change.
      await signalsDelivered();
      if (interrupted()) break;
      const members = group.map((file) => byPath.get(file)!);
      const missing = members.map((m) => importers.get(m.source.path)).find((module) => module && modules.some((w) => w.source.path === module) && !written.has(module));
      if (missing) {
        const name = relativePath(cwd, missing);
        for (const m of members) result.failures.push({ file: m.source.file, message: `imports the shared helpers module ${name}, which could not be written, so it was left untouched; run again once that is fixed` });
        continue;
      }
      const before = result.failures.length;
      writeGroup(members, dryRun, set.realPaths, result);
      if (result.failures.length === before) for (const m of members) written.add(m.source.path);
    }
    const order = new Map(sources.map((s, i) => [s.path, i]));
    // A created module (not a file of the run) is listed after the files that import it.
    result.files.sort((a, b) => (order.get(a.absolute) ?? Infinity) - (order.get(b.absolute) ?? Infinity));
    if (!result.interrupted) result.testsToUpdate = await testsToUpdate(result, paths, cwd);
  } finally {
    progress.done();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    cleanupPendingWrites();
  }
  return result;
}

/** Let pending signal events run; a synchronous loop never sees them otherwise. */
function signalsDelivered(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
