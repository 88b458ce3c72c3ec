// uproot/mrtr-nonempty: an input_required result with neither inputRequests (with an entry) nor
// requestState. The builder throws a TypeError; a hand-built one gets -32603 from the SDK or leaves
// the client nothing to act on.
import { findProperty } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import type { Finding } from './finding.ts';
import { dispatchedMethod, returningFunctions } from './flow.ts';
import { type InputRequiredResult, specField } from './results.ts';
import { outermostValue } from './values.ts';

export function checkNonEmpty(results: InputRequiredResult[], prov: Provenance): Finding[] {
  const out: Finding[] = [];
  for (const result of results) {
    const finding = emptiness(result, prov);
    if (finding) out.push(finding);
  }
  return out;
}

function emptiness(result: InputRequiredResult, prov: Provenance): Finding | undefined {
  const builder = result.form === 'builder';
  const consequence = builder
    ? 'inputRequired() throws a TypeError here; add an input request or a requestState.'
    : 'The SDK answers -32603 for it, and a client has nothing to fulfil and no state to echo; add an input request or a requestState.';
  if (builder && !result.hasArgument) return { messageId: 'emptyInputRequired', node: result.node, data: { detail: '', consequence } };
  if (!result.spec) return undefined;
  const requests = specField(result.spec, 'inputRequests', prov);
  const state = specField(result.spec, 'requestState', prov);
  if (requests === 'unknown' || requests === 'present' || state !== 'absent') return undefined;
  // A literal counts when it is an answer; test doubles of malformed results are passed around, not answered.
  if (!builder && !isAnswer(result, prov)) return undefined;
  const detail = requests === 'empty' ? ' (inputRequests is empty)' : '';
  return { messageId: 'emptyInputRequired', node: result.node, data: { detail, consequence } };
}

/** Returned from a function, produced in a dispatch branch, or the `result` of a JSON-RPC response. */
function isAnswer(result: InputRequiredResult, prov: Provenance): boolean {
  if (returningFunctions(result.node, prov).length > 0 || dispatchedMethod(result.node)) return true;
  const at = outermostValue(result.node);
  const holder = at.parent;
  return holder?.type === 'Property' && holder.value === at && holder.parent?.type === 'ObjectExpression' && !!findProperty(holder.parent, 'jsonrpc');
}
