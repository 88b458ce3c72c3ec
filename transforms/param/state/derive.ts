// How the state is computed from a roots result, as source text with the result swapped for
// another expression (the configured directories, the directory argument): the value a write
// stores, with `await …listRoots()` — or a local of the hook that held its result — replaced.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, castOuter, enclosingFunction, locOf, propertyName, unwrap } from '@uproot/core/planning';
import { takesOnlyRoots } from '../source/answer-helper.ts';
import { walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { Unprovable } from '../unprovable.ts';

export interface Derivation {
  /** The value with the roots result replaced by `replacement`. */
  text(replacement: string): string;
  /** Whether computing it awaits anything besides the roots. */
  awaits: boolean;
  /** Identifiers it uses from outside the hook (imports among them: they must not be pruned). */
  names: Set<string>;
}

export function derivationOf(value: Node, requests: ReadonlySet<Node>, hook: FunctionNode, placement: Node, prov: Provenance, text: string): Derivation {
  const names = new Set<string>();
  let awaits = false;
  const pieces = (node: Node, depth: number): Array<string | { roots: string }> => {
    if (depth > 3) throw new Unprovable('lifecycle', 'the roots pass through too many locals on their way into the state');
    const edits: Array<{ start: number; end: number; piece: Array<string | { roots: string }> }> = [];
    walkAll(node, (n) => {
      if (edits.some((e) => n.range[0] >= e.start && n.range[1] <= e.end)) return;
      if (requests.has(n)) {
        const awaited = awaitOf(n);
        if (!awaited) throw new Unprovable('lifecycle', 'the roots request is not awaited where the state is computed');
        // Bound to a local (`const result = await …`), the local's uses are what is checked.
        if (castOuter(awaited).parent?.type !== 'VariableDeclarator') checkAnswerUse(awaited, prov);
        edits.push({ start: awaited.range[0], end: awaited.range[1], piece: [{ roots: '' }] });
        return;
      }
      if (n.type === 'AwaitExpression' && ![...requests].some((r) => r.range[0] >= n.range[0] && r.range[1] <= n.range[1])) awaits = true;
      if (n.type !== 'Identifier' || isKey(n) || inType(n, node)) return;
      const variable = prov.variableOf(n);
      const def = variable?.defs[0];
      if (!def) return;
      // Bound inside the value itself (a callback's parameter): it moves with it.
      if (def.name.range[0] >= node.range[0] && def.name.range[1] <= node.range[1]) return;
      const declaredInHook = def.name.range[0] >= hook.range[0] && def.name.range[1] <= hook.range[1];
      if (!declaredInHook) {
        // A function declaration's name sits inside it: where it is visible is decided by its parent.
        if (!visible(def.type === 'FunctionName' ? def.node : def.name, placement)) throw new Unprovable('lifecycle', `the state is computed with ${n.name}, which the new code cannot see`);
        names.add(n.name);
        return;
      }
      // A parameter of `request.then((answer) => …)`: the answer itself, or `{ roots }` of it.
      const answer = def.type === 'Parameter' ? thenAnswer(def.node as Node, def.name, requests) : undefined;
      if (answer) {
        edits.push({ start: n.range[0], end: n.range[1], piece: answer === 'roots' ? ['(', { roots: '' }, ').roots'] : [{ roots: '' }] });
        return;
      }
      const declarator = def.node.type === 'VariableDeclarator' ? def.node : undefined;
      if (!declarator?.init || variable.references.some((r) => r.isWrite() && r.identifier !== def.name)) throw new Unprovable('lifecycle', `the state is computed from ${n.name}, a local of the hook`);
      const init = declarator.init;
      const fromRequest = [...requests].some((r) => r.range[0] >= init.range[0] && r.range[1] <= init.range[1]);
      if (fromRequest && declarator.id.type === 'ObjectPattern') {
        const prop = declarator.id.properties.find((p) => p.type === 'Property' && p.value === def.name);
        const key = prop?.type === 'Property' && prop.key.type === 'Identifier' ? prop.key.name : undefined;
        if (key !== 'roots' || unwrapAwait(unwrap(init)) === unwrap(init)) throw new Unprovable('lifecycle', `the state is computed from ${n.name}, destructured from the roots result`);
        edits.push({ start: n.range[0], end: n.range[1], piece: ['(', ...pieces(init, depth + 1), ').roots'] });
        return;
      }
      if (declarator.id.type !== 'Identifier') throw new Unprovable('lifecycle', `the state is computed from ${n.name}, a destructured local of the hook`);
      if (fromRequest && awaitOf([...requests].find((r) => r.range[0] >= init.range[0] && r.range[1] <= init.range[1])!) === unwrap(init)) checkAnswerUse(n, prov);
      edits.push({ start: n.range[0], end: n.range[1], piece: ['(', ...pieces(init, depth + 1), ')'] });
    });
    edits.sort((a, b) => a.start - b.start);
    const out: Array<string | { roots: string }> = [];
    let at = node.range[0];
    for (const e of edits) {
      out.push(text.slice(at, e.start), ...e.piece);
      at = e.end;
    }
    out.push(text.slice(at, node.range[1]));
    return out;
  };
  const parts = pieces(value, 0);
  // Placed as an operand of `?:` in a workspace handler: anything looser than a member chain keeps its parentheses.
  const loose = !['Identifier', 'MemberExpression', 'CallExpression', 'ChainExpression', 'TSNonNullExpression', 'ArrayExpression', 'ObjectExpression', 'Literal'].includes(value.type);
  const joined = (replacement: string) => parts.map((p) => (typeof p === 'string' ? p : replacement)).join('');
  return { text: (replacement) => (loose ? `(${joined(replacement)})` : joined(replacement)), awaits, names };
}

/**
 * The configured `{ roots }` value replaces the answer: the code must ask it for `.roots` only, or
 * hand it to a helper that does (`extractRoots(result)`, in this file or imported).
 */
function checkAnswerUse(answer: Node, prov: Provenance): void {
  const x = castOuter(answer);
  const p = x.parent;
  if (p?.type === 'MemberExpression' && p.object === x && !p.computed && propertyName(p) === 'roots') return;
  if (p?.type === 'CallExpression' && p.callee !== x && takesOnlyRoots(p, p.arguments.indexOf(x as TSESTree.Expression), prov)) return;
  throw new Unprovable('lifecycle', `the answer is used whole at line ${locOf(x).start.line}, not only for its roots (a helper it is passed to must read only its .roots)`);
}

/** `name` binds the answer (`answer`) or its roots (`roots`) as the first parameter of `request.then(fn)`. */
function thenAnswer(fn: Node, name: Node, requests: ReadonlySet<Node>): 'answer' | 'roots' | undefined {
  const call = fn.parent;
  if ((fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') || call?.type !== 'CallExpression' || call.arguments[0] !== fn) return undefined;
  if (call.callee.type !== 'MemberExpression' || call.callee.property.type !== 'Identifier' || call.callee.property.name !== 'then' || !requests.has(unwrap(call.callee.object))) return undefined;
  const param = fn.params[0];
  if (param === name) return 'answer';
  if (param?.type !== 'ObjectPattern') return undefined;
  const prop = param.properties.find((q) => q.type === 'Property' && q.value === name);
  return prop?.type === 'Property' && !prop.computed && prop.key.type === 'Identifier' && prop.key.name === 'roots' ? 'roots' : undefined;
}

function awaitOf(request: Node): TSESTree.AwaitExpression | undefined {
  let n: Node = request;
  while (n.parent && (n.parent.type === 'ChainExpression' || n.parent.type === 'TSNonNullExpression' || n.parent.type === 'TSAsExpression' || n.parent.type === 'TSSatisfiesExpression' || n.parent.type === 'TSTypeAssertion')) n = n.parent;
  return n.parent?.type === 'AwaitExpression' ? n.parent : undefined;
}

function unwrapAwait(n: Node): Node {
  return n.type === 'AwaitExpression' ? n.argument : n;
}

/** Inside a type (`as { roots: … }`): names there are no values. */
function inType(n: Node, root: Node): boolean {
  for (let p = n.parent; p && p !== root; p = p.parent) {
    if (p.type === 'TSAsExpression' || p.type === 'TSSatisfiesExpression' || p.type === 'TSTypeAssertion' || p.type === 'TSNonNullExpression') return false;
    if (p.type.startsWith('TS')) return true;
  }
  return false;
}

function isKey(n: TSESTree.Identifier): boolean {
  const p = n.parent;
  return (p?.type === 'MemberExpression' && p.property === n && !p.computed) || (p?.type === 'Property' && p.key === n && !p.computed && p.value !== n);
}

/** A declaration at module level, or in a function around `placement`. */
function visible(declared: Node, placement: Node): boolean {
  const scope = enclosingFunction(declared);
  if (!scope) return true;
  return placement.range[0] >= scope.range[0] && placement.range[1] <= scope.range[1];
}
