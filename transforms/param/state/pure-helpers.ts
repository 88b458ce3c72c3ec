// Per request only: the helper runs the whole fill on every request, so a same-file function the fill
// hands the answer to (`const roots = extractRoots(rootsResult)`, filesystem-context-mcp-server) runs on
// every request too. That repeats nothing when the function only computes a value from its arguments:
// no writes outside its own locals, no `this`, no awaiting, and calls only of pure array and string
// methods, `Array.isArray`, and other such functions of the file (`rawRoots.filter(isRoot)`).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type VariableLike, isFunction, localFunction, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

/** Methods that compute a new value and change nothing they are called on (`push` only on the function's own locals). */
export const PURE_METHODS = new Set(['map', 'filter', 'flatMap', 'slice', 'concat', 'some', 'every', 'find', 'join', 'includes', 'startsWith', 'endsWith', 'trim', 'toLowerCase', 'split']);

const MAX_DEPTH = 3;

/** `callee` names a function of this file that only computes a value (see above). */
export function pureLocalFunction(callee: Node, prov: Provenance, depth = 0): boolean {
  const x = unwrap(callee);
  const fn = x.type === 'Identifier' ? localFunction(x, prov) : undefined;
  return !!fn && depth < MAX_DEPTH && pureBody(fn, prov, depth);
}

function pureBody(fn: FunctionNode, prov: Provenance, depth: number): boolean {
  if (fn.async || fn.generator) return false;
  const own = new Set<VariableLike>();
  walkAll(fn, (n) => {
    if (n.type === 'VariableDeclarator' || isFunction(n)) {
      const patterns: Node[] = n.type === 'VariableDeclarator' ? [n.id] : [...n.params];
      for (const p of patterns) walkAll(p, (id) => id.type === 'Identifier' && addVariable(prov.variableOf(id), own));
    }
  });
  const isOwn = (target: Node) => {
    const t = unwrap(target);
    const v = t.type === 'Identifier' ? prov.variableOf(t) : undefined;
    return !!v && own.has(v);
  };
  let ok = true;
  walkAll(fn.body, (n) => {
    if (!ok) return;
    if (n.type === 'ThisExpression' || n.type === 'AwaitExpression' || n.type === 'YieldExpression' || n.type === 'NewExpression') ok = false;
    else if (n.type === 'AssignmentExpression') ok = isOwn(n.left);
    else if (n.type === 'UpdateExpression') ok = isOwn(n.argument);
    else if (n.type === 'CallExpression') ok = pureCall(n, prov, depth, isOwn);
    else if (n.type === 'Identifier' && handedFunction(n)) ok = handedValue(n, prov, depth);
  });
  return ok;
}

function pureCall(call: TSESTree.CallExpression, prov: Provenance, depth: number, isOwn: (n: Node) => boolean): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return pureLocalFunction(callee, prov, depth + 1);
  if (callee.type !== 'MemberExpression') return false;
  const method = propertyName(callee) ?? '';
  if (method === 'isArray' && callee.object.type === 'Identifier' && callee.object.name === 'Array' && !prov.variableOf(callee.object)) return true;
  if (method === 'push') return isOwn(callee.object);
  return PURE_METHODS.has(method);
}

/** An identifier handed to a call as its argument: a value, or a function that call may run (`roots.filter(isRoot)`). */
function handedFunction(id: TSESTree.Identifier): boolean {
  const p = id.parent;
  return p?.type === 'CallExpression' && p.arguments.includes(id);
}

/** A function of this file handed on must be pure itself; an imported binding may be a function uproot cannot read. */
function handedValue(id: TSESTree.Identifier, prov: Provenance, depth: number): boolean {
  if (localFunction(id, prov)) return pureLocalFunction(id, prov, depth + 1);
  return prov.variableOf(id)?.defs[0]?.type !== 'ImportBinding';
}

function addVariable(v: VariableLike | undefined, into: Set<VariableLike>): void {
  if (v) into.add(v);
}
