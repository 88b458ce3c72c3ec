// `uproot migrate --to param` over a run: plan every file, then again once the run leaves no roots request to the
// client (configured-run.ts), then again with shared helpers (shared-helpers-run.ts); and the push requests of the
// v2 handlers it rewrote moved into MRTR, the whole pipeline planned again with the handlers whose push requests
// cannot move held whole (transforms/param-push/).
import type { FilePlan } from '../../../../transforms/outcome.ts';
import type { SourceFile } from '../../../../transforms/mrtr.ts';
import { type HeldHandlers, planParamMovingPush } from '../../../../transforms/param.ts';
import { runConfiguredVariable } from './configured-run.ts';
import { type PlanOptions, planAll, plannerFor, planProject } from './plan-all.ts';
import { type SharedRun, shareHelpers } from './shared-helpers-run.ts';
import type { MigrateResult } from './shapes.ts';

export interface ParamRunResult {
  plans: Map<string, FilePlan>;
  shared?: SharedRun;
}

export function planParamRun(sources: Array<SourceFile & { file: string }>, options: PlanOptions, named: { cwd: string; serverName?: string }, result: Pick<MigrateResult, 'failures'>): ParamRunResult {
  const byPath = new Map(sources.map((s) => [s.path, s]));
  let shared: SharedRun | undefined;
  let first = true;
  const pipeline = (held: HeldHandlers | 'no move'): Map<string, FilePlan> => {
    // Files that fail, fail the same way every time: reported once.
    const failures = first ? result : { failures: [] };
    first = false;
    const base = { paramName: options.paramName, held, ...named };
    let plans = planAll(sources, options, plannerFor('param', base), failures);
    // Roots from configuration: checks in files without a request follow once the run leaves none to the client.
    const configuredCapability = runConfiguredVariable(plans.values());
    const configured = configuredCapability ? { configuredCapability } : {};
    if (configuredCapability) plans = planAll(sources, options, plannerFor('param', { ...base, ...configured }), { failures: [] });
    fillLazyTexts(sources, plans, options.remembered);
    // Helpers several files need go into one module beside them, planned again to import it.
    shared = shareHelpers(sources, plans, named.cwd, (sharedHelpers, scratch) => planAll(sources, { ...options, sharedHelpers }, plannerFor('param', { ...base, ...configured, sharedHelpers }), scratch));
    return shared ? shared.plans : plans;
  };
  const plans = planParamMovingPush({
    plan: pipeline,
    textOf: (file) => byPath.get(file)?.text ?? options.remembered.get(file),
    files: () => sources,
    mrtr: (files, pushOnly) => planProject(files, { ...options, sharedHelpers: undefined, pushOnly }, new Map()),
  });
  return { plans, ...(shared ? { shared } : {}) };
}

/** Callers the planner read lazily are rewritten from exactly the text it planned on. */
export function fillLazyTexts(sources: Array<{ path: string; text?: string }>, plans: Map<string, FilePlan>, remembered: Map<string, string>): void {
  for (const source of sources) {
    if (source.text === undefined && plans.has(source.path)) source.text = remembered.get(source.path);
  }
}
