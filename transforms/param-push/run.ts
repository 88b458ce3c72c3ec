// `--to param` and push requests (elicitation, sampling), which have no parameter form: param rewrites the roots,
// then the MRTR planner moves the push requests (and only those) into multi round-trip requests, over the text param
// left, as `--to mrtr` would. A handler whose roots param rewrote but whose push requests do not all move is planned
// again, held whole with the `push-request` marker naming them: never a half rewrite. The MRTR planner traces the
// whole run, so it also finds requests param's one-file view cannot (helpers behind barrels). What the run reports
// is about the original text (compose.ts).
import type { FilePlan } from '../outcome.ts';
import type { ProjectPlan, SourceFile } from '../mrtr/project.ts';
import type { PushOnly } from '../mrtr/plan.ts';
import { applyEdits } from '@uproot/core/planning';
import { composePlans, type PostParam } from './compose.ts';
import { offsetMap } from './positions.ts';
import { heldDetail } from './held-detail.ts';
import { markV1Pushes } from './v1-marks.ts';
import { isPushRequest } from '../push-requests.ts';

/**
 * The handlers held whole, per file, by their callback's offset in the original text, with the marker's detail; a
 * file mapped to null is planned without the move (param alone holds what it sees elicit or sample).
 */
export type HeldHandlers = ReadonlyMap<string, ReadonlyMap<number, string> | null>;

export interface ParamRun {
  /** Plans the run with param (`movePushRequests`), these handlers held, or none moving; every file, by absolute path. */
  plan(held: HeldHandlers | 'no move'): Map<string, FilePlan>;
  /** The original text of a file of the run (known for every file `plan` planned). */
  textOf(file: string): string | undefined;
  /** The run's files, as MRTR reads them (texts left out are read when a chain passes through them). */
  files(): SourceFile[];
  /** MRTR over these files (param's output in place of the originals), push requests only; undefined if it crashed. */
  mrtr(files: SourceFile[], pushOnly: PushOnly): ProjectPlan | undefined;
}

export function planParamMovingPush(run: ParamRun): Map<string, FilePlan> {
  const held = new Map<string, Map<number, string> | null>();
  // What the move cannot vouch for is planned as param alone plans it.
  const withoutMove = () => markV1Pushes(run.plan('no move'), (file) => run.textOf(file));
  for (;;) {
    const plans = markV1Pushes(run.plan(held), (file) => run.textOf(file));
    if (![...plans.values()].some(movable)) return plans;
    const post = new Map<string, PostParam>();
    for (const [file, plan] of plans) {
      const text = run.textOf(file);
      if (text === undefined || !plan.edits.length) continue;
      post.set(file, { text, after: applyEdits(text, plan.edits), map: offsetMap(plan.edits) });
    }
    const files = run.files().map((f) => (post.has(f.path) ? { path: f.path, text: post.get(f.path)!.after } : f));
    const replaySafe = new Map([...plans].map(([file, plan]) => [file, new Set(plan.replaySafe ?? [])]));
    // Every handler's: one that still makes a roots request (held, or not rewritable) keeps its push requests anyway.
    const project = run.mrtr(files, { replaySafe: (file) => replaySafe.get(file) ?? new Set() });
    if (!project) return withoutMove();
    let holds = 0;
    for (const [file, plan] of plans) {
      const rewritten = new Set(plan.rewrittenHandlers ?? []);
      if (!rewritten.size || held.get(file) === null) continue;
      if (project.failures.has(file)) {
        held.set(file, null);
        holds++;
        continue;
      }
      for (const s of project.plans.get(file)?.pushStayed ?? []) {
        const at = post.get(file)?.map.back(s.at) ?? s.at;
        // A handler whose roots param left alone keeps its push requests with them: nothing to hold.
        if (!rewritten.has(at) || held.get(file)?.has(at)) continue;
        held.set(file, (held.get(file) ?? new Map()).set(at, heldDetail(s.requests, s.why, file, post, (f) => run.textOf(f))));
        holds++;
      }
    }
    if (holds > 0) continue;
    // A composed file that would not parse: nothing moves.
    return composePlans(plans, post, project, (file) => run.textOf(file)) ?? withoutMove();
  }
}

/** A plan with a v2 push request param left as it was: one the move may take. */
function movable(plan: FilePlan): boolean {
  return plan.outcomes.some((o) => isPushRequest(o.site) && o.site.sdk !== 1 && o.outcome === 'reported');
}
