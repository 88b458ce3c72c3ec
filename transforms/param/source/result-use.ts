// How a roots request's answer is used, and so what its configured replacement must look like: an
// awaited answer becomes the plain `{ roots }` value, a `.then` chain or a discarded promise gets it
// through `Promise.resolve`. Passed to a helper that reads only its roots is fine; any other use (passed
// on, a field other than `roots`) keeps the marker.
import { type Node, castOuter, locOf, propertyName } from '@uproot/core/planning';
import type { Provenance, VariableLike } from '@uproot/core/planning';
import type { TSESTree } from '@typescript-eslint/types';
import { takesOnlyRoots } from './answer-helper.ts';
import { type ThunkCall, thunkCalls } from './thunk.ts';

export interface ResultUse {
  /** The expression the configured reader's call replaces (the `await`, or the request itself). */
  replace: Node;
  /** Wrap the call in `Promise.resolve(…)`: the code expects a promise. */
  promise: boolean;
  /** The local the answer is bound to, if any (the outward-reach check follows it). */
  binding?: VariableLike;
  /** The request is returned from a function a helper calls: where those calls await the answer. */
  thunk?: ThunkCall[];
}

export function resultUse(request: Node, prov: Provenance): ResultUse | string {
  // Casts change no value: `await (x as P)`, `(await x) as R` and `(await x)!` are the answer as well.
  const parent = castOuter(request).parent;
  if (parent?.type === 'AwaitExpression') {
    const why = valueUse(castOuter(parent), prov);
    return typeof why === 'string' ? why : { replace: parent, promise: false, ...(why ? { binding: why } : {}) };
  }
  if (parent?.type === 'MemberExpression' && parent.object === request && ['then', 'catch', 'finally'].includes(propertyName(parent) ?? '')) {
    const call = parent.parent;
    const callback = call?.type === 'CallExpression' && propertyName(parent) === 'then' ? call.arguments[0] : undefined;
    const param = callback && (callback.type === 'ArrowFunctionExpression' || callback.type === 'FunctionExpression') ? callback.params[0] : undefined;
    if (param && param.type === 'ObjectPattern' && !onlyRoots(param)) return 'the answer is destructured in the .then callback for more than its roots';
    if (param && param.type !== 'Identifier' && param.type !== 'ObjectPattern') return 'the answer is destructured in the .then callback';
    const binding = param?.type === 'Identifier' ? prov.variableOf(param) : undefined;
    if (binding) {
      const why = bindingUse(binding, prov);
      if (why) return why;
    }
    return { replace: request, promise: true, ...(binding ? { binding } : {}) };
  }
  if (parent?.type === 'ExpressionStatement' || (parent?.type === 'UnaryExpression' && parent.operator === 'void')) return { replace: request, promise: true };
  // Returned from a function handed to a helper: the helper's calls are where the answer is used.
  const calls = thunkCalls(request, prov);
  if (typeof calls === 'string') return `${calls}, so uproot cannot see how its answer is used`;
  if (calls) {
    for (const call of calls) {
      const why = valueUse(castOuter(call.awaited), call.prov);
      if (typeof why === 'string') return why;
    }
    return { replace: request, promise: true, thunk: calls };
  }
  return 'the request\'s promise is passed on, so uproot cannot see how its answer is used';
}

/** The awaited answer: `.roots` of it, discarded, or bound to a local that is only asked for `.roots`. */
export function valueUse(value: Node, prov: Provenance): VariableLike | undefined | string {
  const p = value.parent;
  if (p?.type === 'MemberExpression' && p.object === value) return propertyName(p) === 'roots' ? undefined : `the answer's ${propertyName(p) ?? 'computed'} member is read, which a configured { roots } value does not have`;
  if (p?.type === 'ExpressionStatement') return undefined;
  // `const { roots } = await …`: only the roots are taken.
  if (p?.type === 'VariableDeclarator' && p.init === value && p.id.type === 'ObjectPattern') {
    return onlyRoots(p.id) ? undefined : 'the answer is destructured for more than its roots';
  }
  if (p?.type === 'VariableDeclarator' && p.init === value && p.id.type === 'Identifier') {
    const binding = prov.variableOf(p.id);
    if (!binding) return 'the answer is bound to a local uproot cannot follow';
    return bindingUse(binding, prov) ?? binding;
  }
  return 'the answer is used whole (passed on or stored), not only for its roots';
}

/** `{ roots }` or `{ roots: list }`: only the roots are taken. */
function onlyRoots(pattern: Node): boolean {
  return pattern.type === 'ObjectPattern' && pattern.properties.every((q) => q.type === 'Property' && !q.computed && q.key.type === 'Identifier' && q.key.name === 'roots');
}

/** A reference may ask for `.roots`, test `'roots' in x` or test the answer's truthiness; nothing else. */
function bindingUse(binding: VariableLike, prov: Provenance): string | undefined {
  for (const ref of binding.references) {
    if (binding.defs.some((d) => d.name === ref.identifier)) continue;
    const id = castOuter(ref.identifier as Node);
    const p = id.parent;
    if (p?.type === 'MemberExpression' && p.object === id && propertyName(p) === 'roots') continue;
    if (p?.type === 'BinaryExpression' && p.operator === 'in' && p.right === id) continue;
    // Handed to a helper that only reads its roots (`extractRoots(result)`, here or imported).
    if (p?.type === 'CallExpression' && p.callee !== id && takesOnlyRoots(p, p.arguments.indexOf(id as TSESTree.Expression), prov)) continue;
    if (isTest(id)) continue;
    return `the answer ${binding.name} is used at line ${locOf(id).start.line} in a way a configured { roots } value cannot replace`;
  }
  return undefined;
}

function isTest(n: Node): boolean {
  const p = n.parent;
  if (!p) return false;
  if (p.type === 'UnaryExpression' && p.operator === '!') return true;
  if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && p.test === n) return true;
  if (p.type === 'LogicalExpression' && p.left === n) return isTest(p) || p.parent?.type === 'LogicalExpression';
  return false;
}
