// Roots a framework hands to its users (FastMCP's `session.roots` getter and `rootsChanged` event): a per-request form
// would fill them only inside the framework's own tools/call wrapper, while its users read them at any time — on
// connect, in events, in prompts and resources. The marker says which API the framework needs instead of which
// state shape or start-up moment failed (issue 20, item 4).
import { type Node, isFunction, unwrap } from '@uproot/core/planning';
import type { RootsSite, VariableLike } from '@uproot/core/planning';
import { outwardReach } from '../param/source/outward.ts';
import type { Unit } from './unit.ts';

/** What a framework must offer before its users' roots can be asked for per request. */
export const FRAMEWORK_API =
  "a per-request form has to ask for roots in the framework's own tools/call (prompts/get, resources/read) wrapper and give them to that call alone — a per-call accessor such as context.roots filled from the request's inputResponses, on the v2 SDK — while its users read them as session state or events, outside any request, which a 2026-07-28 connection never fills; the framework needs that per-call API first";

/** The marker's detail when the site's answer reaches the package's users, else undefined. */
export function frameworkDetail(site: RootsSite, unit: Unit): string | undefined {
  const why = outwardReach(site.node, answerBinding(site.node, unit), unit.text);
  return why ? `${why}; ${FRAMEWORK_API}` : undefined;
}

/** The name the answer is bound to: `const r = await request` (casts and parens aside), or `request.then((r) => …)`'s parameter. */
function answerBinding(request: Node, unit: Unit): VariableLike | undefined {
  let at: Node = request;
  while (at.parent && (at.parent.type === 'AwaitExpression' || at.parent.type === 'TSAsExpression' || at.parent.type === 'TSNonNullExpression' || at.parent.type === 'ChainExpression')) at = at.parent;
  const parent = at.parent;
  if (parent?.type === 'VariableDeclarator' && parent.init === at) return boundRoots(parent.id, unit);
  // `request.then(cb)`: the member's object is the request.
  if (parent?.type === 'MemberExpression' && parent.object === at && parent.parent?.type === 'CallExpression' && parent.parent.callee === parent) {
    const callback = parent.parent.arguments[0] && unwrap(parent.parent.arguments[0]);
    const param = callback && isFunction(callback) ? callback.params[0] : undefined;
    if (param) return boundRoots(param, unit);
  }
  return undefined;
}

/** `answer`, or the `roots` of `{ roots }` / `{ roots: list }`. */
function boundRoots(id: Node, unit: Unit): VariableLike | undefined {
  if (id.type === 'Identifier') return unit.prov.variableOf(id);
  if (id.type !== 'ObjectPattern') return undefined;
  for (const p of id.properties) {
    if (p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'roots' && p.value.type === 'Identifier') return unit.prov.variableOf(p.value);
  }
  return undefined;
}
