// A v1 handler `--to param` rewrote keeps its push requests (v1 has no multi round-trip requests; they still work on
// the 2025-era connections v1 serves). Those made in a helper of another file are marked v1-sdk in that file's plan,
// as those in the handler's own file are by its plan: the run says what still needs the SDK upgrade.
import { EditConflictError, applyEdits, planMarker } from '@uproot/core/planning';
import type { FilePlan } from '../outcome.ts';
import { isPushRequest } from '../push-requests.ts';
import { V1_PUSH } from '../param/plan.ts';

export function markV1Pushes(plans: Map<string, FilePlan>, textOf: (file: string) => string | undefined): Map<string, FilePlan> {
  const wanted = new Map<string, Set<number>>();
  for (const plan of plans.values()) for (const { file, at } of plan.v1Pushes ?? []) wanted.set(file, (wanted.get(file) ?? new Set()).add(at));
  if (!wanted.size) return plans;
  const out = new Map(plans);
  for (const [file, offsets] of wanted) {
    const plan = out.get(file);
    const text = textOf(file);
    if (!plan || text === undefined) continue;
    const outcomes = plan.outcomes.map((o) => (isPushRequest(o.site) && o.outcome === 'reported' && offsets.has(o.site.range[0]) ? { ...o, outcome: 'marked' as const, reason: 'v1-sdk' as const, detail: V1_PUSH } : o));
    const markers = outcomes.filter((o, i) => o !== plan.outcomes[i]).flatMap((o) => planMarker(text, o.site.node, 'v1-sdk', V1_PUSH) ?? []);
    try {
      applyEdits(text, [...plan.edits, ...markers]);
    } catch (error) {
      if (!(error instanceof EditConflictError)) throw error;
      continue; // a marker that cannot go in: the request stays reported, as before
    }
    out.set(file, { ...plan, edits: [...plan.edits, ...markers], outcomes });
  }
  return out;
}
