// uproot/mrtr-allowed-methods: an input_required result answered by a handler whose method cannot
// carry one (list handlers, completion, discovery, notifications, lifecycle hooks, client handlers).
import type { Provenance } from '../provenance.ts';
import { handlersAnswering } from './handlers.ts';
import type { InputRequiredResult } from './results.ts';
import type { Finding } from './finding.ts';

export function checkAllowedMethods(results: InputRequiredResult[], prov: Provenance): Finding[] {
  const out: Finding[] = [];
  for (const result of results) {
    const wrong = handlersAnswering(result.node, prov).find((use) => !use.capable);
    if (wrong) out.push({ messageId: 'notInputRequiredCapable', node: result.node, data: { handler: wrong.label } });
  }
  return out;
}
