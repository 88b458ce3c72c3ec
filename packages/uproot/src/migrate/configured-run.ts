// Roots from configuration across files: a capability check in a file with no roots request
// (a tool registered only for clients with roots) may read the configured variable too, but only
// when the run leaves no server roots request to the client and its requests read one variable.
import type { FilePlan } from '../../../../transforms/outcome.ts';

export function runConfiguredVariable(plans: Iterable<FilePlan>): string | undefined {
  const variables = new Set<string>();
  let checksLeft = false;
  for (const plan of plans) {
    if (plan.configuredSource) variables.add(plan.configuredSource);
    for (const o of plan.outcomes) {
      if (o.site.side !== 'server') continue;
      if (o.site.kind === 'request' && o.outcome !== 'rewritten') return undefined;
      if (o.site.kind === 'capability' && o.outcome !== 'rewritten') checksLeft = true;
    }
  }
  return variables.size === 1 && checksLeft ? [...variables][0] : undefined;
}
