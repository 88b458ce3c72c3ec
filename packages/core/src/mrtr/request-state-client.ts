// uproot/mrtr-request-state, client side: requestState is opaque to the client. Code that parses,
// decodes, spreads or rewrites the state it received, or retries with a state it made up, breaks the echo rule.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, castOuter, nodeText, propertyName, unwrap } from '../ast.ts';
import { type Provenance, walkAll } from '../provenance.ts';
import type { ReceivedResult, Retry } from './client-results.ts';
import type { Finding } from './finding.ts';
import { decodedInput, rewritingMethods, unprotectedEncoding } from './state-encoding.ts';
import { climbTransparent, fieldOf, insideConsoleCall, isGlobalMethod, referencesOf, resolveValue } from './values.ts';

export function checkClientRequestState(received: ReceivedResult[], retryList: Retry[], text: string, prov: Provenance): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<Node>();
  for (const result of received) {
    const subject = nodeText(text, result.subject);
    for (const use of stateUses(result.subject, prov)) {
      const found = clientAction(use, prov);
      if (!found || seen.has(found.node)) continue;
      seen.add(found.node);
      out.push({ messageId: 'clientDecodesRequestState', node: found.node, data: { action: found.action, subject } });
    }
  }
  for (const retry of retryList) {
    if (!retry.params) continue;
    const state = fieldOf(retry.params, 'requestState', prov);
    if (state.state !== 'own' || readsState(state.value, prov)) continue;
    const value = inventedValue(state.value, prov);
    if (value && !seen.has(state.value)) {
      seen.add(state.value);
      out.push({ messageId: 'clientInventsRequestState', node: state.value, data: { value, subject: nodeText(text, retry.received.subject) } });
    }
  }
  return out;
}

/** `first.requestState`, and locals that hold it (`const s = first.requestState`, `const { requestState } = first`). */
function stateUses(subject: Node, prov: Provenance): Node[] {
  const out: Node[] = [];
  for (const use of referencesOf(subject, prov)) {
    const at = climbTransparent(use);
    const p = at.parent;
    if (p?.type === 'MemberExpression' && p.object === at && propertyName(p) === 'requestState') {
      out.push(p);
      const holder = climbTransparent(p).parent;
      if (holder?.type === 'VariableDeclarator' && holder.init === climbTransparent(p) && holder.id.type === 'Identifier') out.push(...readsOf(holder.id, prov));
    } else if (p?.type === 'VariableDeclarator' && p.init === at && p.id.type === 'ObjectPattern') {
      for (const prop of p.id.properties) {
        if (prop.type === 'Property' && propertyName(prop) === 'requestState' && prop.value.type === 'Identifier') out.push(...readsOf(prop.value, prov));
      }
    }
  }
  return out;
}

function readsOf(id: TSESTree.Identifier, prov: Provenance): Node[] {
  return (prov.variableOf(id)?.references ?? []).filter((r) => !r.isWrite()).map((r) => r.identifier);
}

/** What the code does to the received state at `use`, when it is more than passing it on. */
function clientAction(use: Node, prov: Provenance): { node: Node; action: string } | undefined {
  const at = climbTransparent(use);
  const p = at.parent;
  if (!p || insideConsoleCall(at)) return undefined;
  if (p.type === 'CallExpression') {
    const decoded = decodedInput(p, prov);
    if (decoded && climbTransparent(decoded.input) === at) return { node: p, action: decoded.how };
  }
  const arg = castOuter(at);
  const call = arg.parent;
  if (call?.type === 'CallExpression' && call.arguments.includes(arg as TSESTree.CallExpressionArgument)) {
    // The call forms of a spread: an array of the state's characters, an object keyed by their indexes.
    if (isGlobalMethod(call.callee, 'Array', 'from', prov)) return { node: call, action: 'spreads (Array.from)' };
    if (isGlobalMethod(call.callee, 'Object', 'assign', prov)) return { node: call, action: 'spreads (Object.assign)' };
  }
  if (p.type === 'MemberExpression' && p.object === at) {
    const method = propertyName(p);
    const call = p.parent;
    if (method === 'split' && call?.type === 'CallExpression' && call.callee === p) return { node: call, action: 'splits (.split())' };
    if (method && rewritingMethods.has(method) && call?.type === 'CallExpression' && call.callee === p) return { node: call, action: `rewrites (.${method}())` };
  }
  // `{ ...first.requestState }` makes an object of its characters, `[...state]` an array: neither is the string.
  if (p.type === 'SpreadElement') return { node: p, action: 'spreads (...)' };
  if (p.type === 'TemplateLiteral') return { node: p, action: 'rewrites (a template literal)' };
  if (p.type === 'BinaryExpression' && p.operator === '+') return { node: p, action: 'rewrites (string concatenation)' };
  if (p.type === 'AssignmentExpression' && p.left === at) return { node: p, action: 'overwrites' };
  return undefined;
}

/** Whether the value is built from a received requestState (the decoding check reports those). */
function readsState(value: Node, prov: Provenance): boolean {
  let found = false;
  walkAll(resolveValue(value, prov), (n) => {
    if (n.type === 'MemberExpression' && propertyName(n) === 'requestState') found = true;
  });
  return found;
}

/** A requestState value that cannot be the one received: a literal, a template, an encoding. */
function inventedValue(value: Node, prov: Provenance): string | undefined {
  const n = unwrap(resolveValue(value, prov));
  if (n.type === 'Literal' && typeof n.value === 'string') return 'a string literal';
  const encoding = unprotectedEncoding(value, prov);
  return encoding && (encoding.startsWith('a ') || encoding.startsWith('string') ? encoding : `a value made with ${encoding}`);
}
