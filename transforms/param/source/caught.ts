// An ungated roots request whose failure the code handles itself: a client without roots fails the
// request, and the surrounding `try`/`catch` (or the chain's `.catch`) is the code's own "client
// without roots" path. Roots from configuration keep that path by failing the same way when the
// variable is unset, so only a handler that ignores the error (or only logs it) qualifies: the error
// it sees is no longer the client's.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, castOuter, contains, isFunction, propertyName, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

/**
 * Whether a failure of the request `replace` stands for (the awaited answer, or the request's promise
 * in a chain) reaches a handler in the same function that does not depend on what the error says.
 */
export function failureCaught(replace: Node, promise: boolean, prov: Provenance, thunk?: ReadonlyArray<{ awaited: Node; prov: Provenance }>): boolean {
  // Returned from a function a helper calls: every call the helper awaits must catch it.
  if (thunk) return thunk.every((call) => tryCatches(call.awaited, call.prov));
  return promise ? chainCatches(replace, prov) : tryCatches(replace, prov);
}

/** `try { … await request … } catch (e) { …only logs e… }`, with no function boundary between them. */
function tryCatches(awaited: Node, prov: Provenance): boolean {
  for (let n: Node = awaited; n.parent && !isFunction(n.parent); n = n.parent) {
    const p = n.parent;
    if (p.type === 'TryStatement' && p.block === n && p.handler) return ignoresError(p.handler.param, prov);
  }
  return false;
}

/** `request.then(f).catch(g)`, `request.catch(g)` or `request.then(f, g)`, where g ignores or only logs its error. */
function chainCatches(request: Node, prov: Provenance): boolean {
  let n = castOuter(request);
  for (;;) {
    const member = n.parent;
    if (member?.type !== 'MemberExpression' || member.object !== n) return false;
    const call = member.parent;
    if (call?.type !== 'CallExpression' || call.callee !== member) return false;
    const method = propertyName(member);
    const handler = method === 'catch' ? call.arguments[0] : method === 'then' ? call.arguments[1] : undefined;
    if (handler) {
      const fn = unwrap(handler as Node);
      return isFunction(fn) && ignoresError(fn.params[0], prov);
    }
    if (method !== 'then' && method !== 'finally') return false;
    n = castOuter(call);
  }
}

/** No error binding, or one read only inside the arguments of a logging call (`console.error(e)`, `logger.warn(…)`, `log(…)`). */
function ignoresError(param: TSESTree.Parameter | TSESTree.CatchClause['param'] | undefined, prov: Provenance): boolean {
  if (!param) return true;
  if (param.type !== 'Identifier') return false;
  const variable = prov.variableOf(param);
  if (!variable) return false;
  return variable.references.every((ref) => variable.defs.some((d) => d.name === ref.identifier) || insideLogCall(ref.identifier as Node));
}

const LOGGER = /^(console|logger|log|logToMcp|logError|logWarning|logDebug|debug)$/i;

function insideLogCall(id: Node): boolean {
  for (let n: Node = id; n.parent && !isFunction(n.parent); n = n.parent) {
    const p = n.parent;
    if (p.type !== 'CallExpression' || p.callee === n || !p.arguments.some((a) => contains(a as Node, id))) continue;
    const callee = unwrap(p.callee as Node);
    const base = callee.type === 'MemberExpression' ? unwrap(callee.object as Node) : callee;
    const name = base.type === 'Identifier' ? base.name : base.type === 'MemberExpression' ? propertyName(base) : undefined;
    const own = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
    if ((name && LOGGER.test(name)) || (own && /^log/i.test(own))) return true;
  }
  return false;
}
