// One request site planned on its own, without markers: the rewrite editors offer (an ESLint suggestion,
// a tsserver code fix), or the planner's reason for leaving the site to a person.
import type { ReasonCode, RootsSite, TextEdit } from '@uproot/core/planning';
import { planMrtr } from './plan.ts';
import type { Unit } from './unit.ts';

export interface SiteRewrite {
  edits?: TextEdit[];
  marked?: { reason: ReasonCode; detail?: string };
}

/** What the planner does with this one site of the unit's file: its edits, or why it marks the site instead. */
export function planSiteRewrite(unit: Unit, site: RootsSite): SiteRewrite | undefined {
  try {
    const plan = planMrtr({ text: unit.text, filePath: unit.path, ast: unit.ast, scopeManager: unit.scopeManager, onlySiteAt: site.range[0], unit });
    const outcome = plan.outcomes.find((o) => o.site.range[0] === site.range[0]);
    if (outcome?.outcome === 'marked' && outcome.reason) return { marked: { reason: outcome.reason, detail: outcome.detail } };
    return outcome?.outcome === 'rewritten' && plan.edits.length ? { edits: plan.edits } : undefined;
  } catch {
    // No suggestion is better than a wrong one; `uproot migrate` reports the failure with its cause.
    return undefined;
  }
}
