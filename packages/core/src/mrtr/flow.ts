// Where a value goes inside its function: out through `return` (directly, through a local, or as the
// concise body of an arrow), and which branch of a hand-rolled method dispatch produced it.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, isFunction, propertyName, staticString, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import { outermostValue } from './values.ts';

/** The functions whose return value is (or includes) the value of `node`. */
export function returningFunctions(node: Node, prov: Provenance, depth = 0): FunctionNode[] {
  const at = outermostValue(node);
  const parent = at.parent;
  if (!parent || depth > 4) return [];
  if (parent.type === 'ReturnStatement') {
    const fn = enclosingFunction(at);
    return fn ? [fn] : [];
  }
  if (isFunction(parent) && parent.body === at) return [parent];
  // `const result = inputRequired(...); return result;` / `result = {...}; ... return result;`
  let target: TSESTree.Identifier | undefined;
  if (parent.type === 'VariableDeclarator' && parent.init === at && parent.id.type === 'Identifier') target = parent.id;
  if (parent.type === 'AssignmentExpression' && parent.right === at && parent.operator === '=' && parent.left.type === 'Identifier') target = parent.left;
  if (!target) return [];
  const variable = prov.variableOf(target);
  const out: FunctionNode[] = [];
  for (const ref of variable?.references ?? []) {
    if (ref.isWrite()) continue;
    for (const fn of returningFunctions(ref.identifier, prov, depth + 1)) if (!out.includes(fn)) out.push(fn);
  }
  return out;
}

/** The method a hand-rolled dispatch branch around `node` (inside its own function) handles. */
export function dispatchedMethod(node: Node): { method: string; branch: Node } | undefined {
  let child: Node = node;
  let current = node.parent;
  while (current && !isFunction(current)) {
    if (current.type === 'IfStatement' && current.consequent === child) {
      const method = methodTested(current.test);
      if (method) return { method, branch: current };
    }
    if (current.type === 'ConditionalExpression' && current.consequent === child) {
      const method = methodTested(current.test);
      if (method) return { method, branch: current };
    }
    if (current.type === 'SwitchCase' && current.consequent.includes(child as TSESTree.Statement)) {
      const sw = current.parent;
      const method = current.test ? staticString(current.test) : undefined;
      if (method && isMcpMethodName(method) && sw?.type === 'SwitchStatement' && isMethodRead(sw.discriminant)) return { method, branch: current };
    }
    child = current;
    current = current.parent;
  }
  return undefined;
}

/** `msg.method === 'tools/call'` (either side, `==` too), possibly one operand of `&&`. */
function methodTested(test: Node): string | undefined {
  const method = comparedMethod(test);
  return method && isMcpMethodName(method) ? method : undefined;
}

function comparedMethod(test: Node): string | undefined {
  const t = unwrap(test);
  if (t.type === 'LogicalExpression' && t.operator === '&&') return comparedMethod(t.left) ?? comparedMethod(t.right);
  if (t.type !== 'BinaryExpression' || (t.operator !== '===' && t.operator !== '==')) return undefined;
  const left = staticString(t.left);
  const right = staticString(t.right);
  if (right !== undefined && isMethodRead(t.left as Node)) return right;
  if (left !== undefined && isMethodRead(t.right)) return left;
  return undefined;
}

function isMethodRead(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'Identifier') return n.name === 'method';
  return n.type === 'MemberExpression' && propertyName(n) === 'method';
}

/** MCP method names, as dispatch branches and dispatch tables (`{ 'tools/list': listTools }`) spell them. */
export const MCP_METHOD_KEY = /^(tools|prompts|resources|completion|server|logging|notifications|roots|sampling|elicitation|tasks)\/[\w/]+$/;

export function isMcpMethodName(method: string): boolean {
  return MCP_METHOD_KEY.test(method) || method === 'initialize' || method === 'ping';
}
