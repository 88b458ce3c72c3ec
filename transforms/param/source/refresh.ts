// A `notifications/roots/list_changed` registration whose callback only refreshes (it is, or only
// calls, a function holding a substituted request) goes: the configuration does not change while
// the process runs, so a refresh could only read the same directories again.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, contains, isFunction, unwrap } from '@uproot/core/planning';
import type { Provenance, RootsSite } from '@uproot/core/planning';

/** The registration statement to remove, or undefined when the handler does more than refresh. */
export function refreshOnly(site: RootsSite, substituted: readonly Node[], prov: Provenance): TSESTree.ExpressionStatement | undefined {
  const call = site.node.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== site.node || call.arguments.length !== 2) return undefined;
  const statement = call.parent;
  if (statement?.type !== 'ExpressionStatement') return undefined;
  const holds = (fn: Node | undefined) => !!fn && substituted.some((r) => contains(fn, r));
  const callback = unwrap(call.arguments[1]!);
  if (callback.type === 'Identifier') return holds(functionOf(callback, prov)) ? statement : undefined;
  if (!isFunction(callback)) return undefined;
  const fn = callback as FunctionNode;
  const body = fn.body.type === 'BlockStatement' ? fn.body.body : [fn.body];
  if (body.length === 0) return undefined;
  for (const s of body) {
    let e: Node = s.type === 'ExpressionStatement' ? s.expression : s.type === 'ReturnStatement' && s.argument ? s.argument : s;
    if (e.type === 'UnaryExpression' && e.operator === 'void') e = e.argument;
    if (e.type === 'AwaitExpression') e = e.argument;
    if (e.type !== 'CallExpression' || e.arguments.length > 0 && !e.arguments.every((a) => a.type === 'Identifier' || a.type === 'Literal')) return undefined;
    const callee = unwrap(e.callee);
    if (callee.type !== 'Identifier' || !holds(functionOf(callee, prov))) return undefined;
  }
  return statement;
}

/** The same-file function an identifier names (a declaration or a `const f = () => …`). */
function functionOf(id: TSESTree.Identifier, prov: Provenance): FunctionNode | undefined {
  const def = prov.variableOf(id)?.defs[0];
  if (!def) return undefined;
  if (def.node.type === 'FunctionDeclaration') return def.node as FunctionNode;
  if (def.node.type === 'VariableDeclarator' && def.node.init && isFunction(unwrap(def.node.init))) return unwrap(def.node.init) as FunctionNode;
  return undefined;
}
