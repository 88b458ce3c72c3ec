// Planning a run: one planner per strategy (plannerFor), and every file of the run planned with it (planAll),
// MRTR as one project so chains cross files, with a fall-back that keeps one crashing file from costing the
// others their rewrites.
import { mayContainRootsSites } from '@uproot/core';
import type { FilePlan, Strategy } from '../../../../transforms/outcome.ts';
import { type ProjectPlan, planMrtrProject, planMrtrText, type SourceFile } from '../../../../transforms/mrtr.ts';
import { type HeldHandlers, type ParamOptions, planParamText } from '../../../../transforms/param.ts';
import type { SharedHelpers } from '../../../../transforms/shared-helpers/names.ts';
import type { PushOnly } from '../../../../transforms/mrtr/plan.ts';
import { DEFAULT_MAX_BYTES, readHoldingWords, readSource } from '../files/read-source.ts';
import { describeFailure } from '../scan/scan.ts';
import type { TypeOracle } from '../types/oracle.ts';
import type { MigrateOptions, MigrateResult } from './shapes.ts';

/** `held`: `--to param` moves the push requests of the handlers it rewrites into MRTR, except these (param-run.ts). */
export function plannerFor(strategy: Strategy, options: { paramName?: string; sharedHelpers?: SharedHelpers; configuredCapability?: string; serverName?: string; cwd?: string; held?: HeldHandlers | 'no move' } = {}): (text: string, file: string) => FilePlan {
  const shared = options.sharedHelpers;
  const cwd = options.cwd;
  if (strategy === 'mrtr') return (text, file) => planMrtrText(text, file, { ...(shared ? { sharedHelpers: shared } : {}), ...(cwd ? { cwd } : {}) });
  if (strategy === 'param') {
    return (text, file) =>
      planParamText(text, file, {
        ...(options.paramName ? { paramName: options.paramName } : {}),
        ...(shared?.(file) !== undefined ? { sharedHelpers: shared(file)! } : {}),
        ...(options.configuredCapability ? { configuredCapability: options.configuredCapability } : {}),
        ...(options.serverName ? { serverName: options.serverName } : {}),
        ...(cwd ? { cwd } : {}),
        ...movePushRequests(options.held, file),
      });
  }
  throw new Error(`the ${strategy} strategy is not available in this version of uproot`);
}

/** `--to param`'s move for one file: none at all, or these handlers held. */
function movePushRequests(held: HeldHandlers | 'no move' | undefined, file: string): Pick<ParamOptions, 'movePushRequests'> {
  if (held === undefined || held === 'no move') return {};
  const mine = held.get(file);
  return mine === null ? {} : { movePushRequests: { held: mine ?? new Map() } };
}

export type PlanOptions = MigrateOptions & {
  remembered: Map<string, string>;
  oracle?: TypeOracle;
  sharedHelpers?: SharedHelpers;
  /** MRTR for `--to param`'s push move: these handlers' push requests only (param-run.ts). */
  pushOnly?: PushOnly;
};

/**
 * Plan every file. MRTR plans the run as one project (chains cross files). If that crashes, the
 * files that crash on their own are failed and the rest are planned as a project again, so one bad
 * file cannot cost the others their cross-file rewrites; per-file planning is the last resort.
 */
export function planAll(sources: Array<SourceFile & { file: string }>, options: PlanOptions, plan: (text: string, file: string) => FilePlan, result: Pick<MigrateResult, 'failures'>): Map<string, FilePlan> {
  if (options.strategy === 'mrtr' && !options.planner) {
    const whole = planProject(sources, options, new Map());
    if (whole) return reportProject(whole, sources, result);
    const crashed = new Map<string, unknown>();
    for (const source of sources) {
      if (source.text === undefined || !mayContainRootsSites(source.text)) continue;
      try {
        plan(source.text, source.path);
      } catch (error) {
        crashed.set(source.path, error);
      }
    }
    const rest = crashed.size ? planProject(sources, options, crashed) : undefined;
    if (rest) return reportProject(rest, sources, result);
  }
  const plans = new Map<string, FilePlan>();
  for (const source of sources) {
    if (source.text === undefined || !mayContainRootsSites(source.text)) continue;
    try {
      plans.set(source.path, plan(source.text, source.path));
    } catch (error) {
      result.failures.push(describeFailure(source.file, error));
    }
  }
  return plans;
}

/**
 * The MRTR project plan, or undefined when the planner crashes. A `heldOut` file is kept in the
 * project but made unparsable, so the planner treats it like a file with a syntax error: it never
 * guesses a chain through it, and fails with the crash that held it out.
 */
export function planProject(sources: SourceFile[], options: PlanOptions, heldOut: Map<string, unknown>): ProjectPlan | undefined {
  try {
    const files = sources.map((s) => (heldOut.has(s.path) ? { path: s.path, text: `${s.text ?? ''}\n)` } : s));
    const read = (file: string) => {
      const r = readSource(file, options.maxBytes ?? DEFAULT_MAX_BYTES);
      if (!r.ok) return undefined;
      options.remembered.set(file, r.text);
      return r.text;
    };
    const wordsRead = readHoldingWords(options.maxBytes ?? DEFAULT_MAX_BYTES);
    const readHolding = (file: string, words: readonly string[]) => {
      const text = wordsRead(file, words);
      if (text) options.remembered.set(file, text);
      return text;
    };
    const oracle = options.oracle;
    const project = planMrtrProject(files, { lifecycle: options.lifecycle, read, readHolding, cwd: options.cwd, typeHintFor: oracle && ((file, scopes) => oracle.hintFor(file, scopes)), ...(options.sharedHelpers ? { sharedHelpers: options.sharedHelpers } : {}), ...(options.pushOnly ? { pushOnly: options.pushOnly } : {}), ...(options.upgradeHeld ? { upgradeHeld: options.upgradeHeld } : {}) });
    for (const [file, error] of heldOut) project.failures.set(file, error);
    return project;
  } catch {
    return undefined;
  }
}

/** Every file the planner had to read and could not is a failure, a caller without roots text included: its chain was left alone. */
function reportProject(project: ProjectPlan, sources: Array<SourceFile & { file: string }>, result: Pick<MigrateResult, 'failures'>): Map<string, FilePlan> {
  for (const [file, error] of project.failures) {
    const source = sources.find((s) => s.path === file);
    if (source) result.failures.push(describeFailure(source.file, error));
  }
  return project.plans;
}
