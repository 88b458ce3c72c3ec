// `--to param` and push requests (elicitation, sampling), which have no parameter form: param rewrites the roots,
// then the MRTR planner moves the push requests (and only those) into multi round-trip requests, over the text param
// left, as `--to mrtr` would: those of the handlers whose roots param rewrote, and of handlers that ask no roots. A
// handler whose roots param rewrote but whose push requests do not all move is planned again, held whole with
// param's `push-request` marker: never a half rewrite. What the run reports is about the original text (compose.ts).
import type { FilePlan } from '../outcome.ts';
import type { ProjectPlan, SourceFile } from '../mrtr/project.ts';
import type { PushOnly } from '../mrtr/plan.ts';
import { applyEdits } from '@uproot/core/planning';
import { composePlans, type PostParam } from './compose.ts';
import { offsetMap } from './positions.ts';
import { markV1Pushes } from './v1-marks.ts';
import { isPushRequest } from '../push-requests.ts';

/** The handlers held whole, per file, by their callback's offset in the original text. */
export type HeldHandlers = ReadonlyMap<string, ReadonlySet<number>>;

export interface ParamRun {
  /** Plans the run with param (`movePushRequests`), these handlers held; every file the run plans, by absolute path. */
  plan(held: HeldHandlers): Map<string, FilePlan>;
  /** The original text of a file of the run (known for every file `plan` planned). */
  textOf(file: string): string | undefined;
  /** The run's files, as MRTR reads them (texts left out are read when a chain passes through them). */
  files(): SourceFile[];
  /** MRTR over these files (param's output in place of the originals), push requests only. */
  mrtr(files: SourceFile[], pushOnly: PushOnly): ProjectPlan | undefined;
}

export function planParamMovingPush(run: ParamRun): Map<string, FilePlan> {
  const held = new Map<string, Set<number>>();
  for (;;) {
    const plans = markV1Pushes(run.plan(held), (file) => run.textOf(file));
    const pending = [...plans].filter(([, plan]) => plan.pushPending?.length);
    if (!pending.length && ![...plans.values()].some(movable)) return plans;
    const post = new Map<string, PostParam>();
    for (const [file, plan] of plans) {
      const text = run.textOf(file);
      if (text === undefined || !plan.edits.length) continue;
      post.set(file, { text, after: applyEdits(text, plan.edits), map: offsetMap(plan.edits) });
    }
    const files = run.files().map((f) => (post.has(f.path) ? { path: f.path, text: post.get(f.path)!.after } : f));
    const replaySafe = new Map(pending.map(([file, plan]) => [file, new Set(plan.replaySafe ?? [])]));
    // Every handler's: one that still makes a roots request (held, or not rewritable) keeps its push requests anyway.
    const project = run.mrtr(files, { replaySafe: (file) => replaySafe.get(file) ?? new Set() });
    let unmoved = 0;
    for (const [file, plan] of pending) {
      const map = post.get(file)?.map;
      const moved = new Set((project?.plans.get(file)?.pushMoved ?? []).map((at) => map?.back(at) ?? at));
      // A file the move could not plan moves nothing: its handlers are held.
      const failed = !project || project.failures.has(file);
      for (const at of plan.pushPending!) {
        if (!failed && moved.has(at)) continue;
        held.set(file, (held.get(file) ?? new Set()).add(at));
        unmoved++;
      }
    }
    if (unmoved === 0) {
      if (!project) return plans;
      const composed = composePlans(plans, post, project, (file) => run.textOf(file));
      if (composed) return composed;
      // A composed file that no longer parses: hold every handler of the run that was moving.
      if (!pending.length) return plans;
      for (const [file, plan] of pending) held.set(file, new Set([...(held.get(file) ?? []), ...plan.pushPending!]));
    }
  }
}

/** A plan with a v2 push request param left as it was: one the move may take. */
function movable(plan: FilePlan): boolean {
  return plan.outcomes.some((o) => isPushRequest(o.site) && o.site.sdk !== 1 && o.outcome === 'reported');
}
