// Per request only: a fill whose `finally` re-derives a second state from the roots state
// (`finally { await recomputeAllowedDirectories(); }`, filesystem-context-mcp-server: the allowed
// directories are the configured ones plus the roots inside them). The original ran that block after
// every fill, for every client (one without roots included, whose request failed into the catch). A
// per-request helper that keeps the block runs it for every client too, after the same try and catch,
// so the handlers read the state derived from this request's roots. Here only the shape is read: each
// statement of the block calls a same-file function or method without arguments. What that function
// may do, and who else reads what it writes, is the MRTR planner's to prove (transforms/mrtr/rederive.ts).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, localFunction, propertyName, thisClass, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

/** One `await derive();` of a `finally`: the call, and the function it runs. */
export interface Derivation {
  call: TSESTree.CallExpression;
  fn: FunctionNode;
}

/** Every statement of `block` is `(await)? f()` or `(await)? this.f()` of a same-file function: those calls, else undefined. */
export function finallyDerivations(block: TSESTree.BlockStatement, prov: Provenance): Derivation[] | undefined {
  const out: Derivation[] = [];
  for (const s of block.body) {
    if (s.type !== 'ExpressionStatement') return undefined;
    const e = unwrap(s.expression.type === 'AwaitExpression' ? s.expression.argument : s.expression);
    if (e.type !== 'CallExpression' || e.arguments.length > 0) return undefined;
    const fn = calledFunction(e, prov);
    if (!fn) return undefined;
    out.push({ call: e, fn });
  }
  return out.length > 0 ? out : undefined;
}

/** `f()` of a function declared here, or `this.f()` of a method of the class the call sits in. */
function calledFunction(call: TSESTree.CallExpression, prov: Provenance): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return localFunction(callee, prov);
  if (callee.type !== 'MemberExpression' || callee.object.type !== 'ThisExpression' || callee.computed) return undefined;
  const cls = thisClass(call);
  const name = propertyName(callee);
  if (!cls || !name) return undefined;
  for (const member of cls.body.body as Node[]) {
    if (member.type === 'MethodDefinition' && member.kind === 'method' && !member.static && !member.computed && propertyName(member) === name && member.value.type === 'FunctionExpression') return member.value;
  }
  return undefined;
}
