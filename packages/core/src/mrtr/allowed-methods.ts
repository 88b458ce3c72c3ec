// uproot/mrtr-allowed-methods: an input_required result answered by a handler whose method cannot
// carry one (list handlers, completion, discovery, notifications, lifecycle hooks, client handlers).
import type { Provenance } from '../provenance.ts';
import { handlersAnswering } from './handlers.ts';
import type { InputRequiredResult } from './results.ts';
import type { Finding } from './finding.ts';
import type { HandlerUse } from './handlers.ts';

export function checkAllowedMethods(results: InputRequiredResult[], prov: Provenance): Finding[] {
  const out: Finding[] = [];
  for (const result of results) {
    const wrong = handlersAnswering(result.node, prov).find((use) => !use.capable);
    if (wrong) out.push({ messageId: 'notInputRequiredCapable', node: result.node, data: { handler: wrong.label, consequence: consequence(wrong) } });
  }
  return out;
}

/** What happens to the result instead, as the message says it. */
function consequence(use: HandlerUse): string {
  if (use.answers === 'nothing') return 'nothing receives it, since a notification or lifecycle hook has no result.';
  if (use.answers === 'server-request') return 'a client answers the server\'s request, and a server cannot fulfil input requests.';
  if (use.served === 'hand-rolled') return 'a client has no way to fulfil it and retry the request.';
  return 'the SDK answers -32603 Internal error instead.';
}
