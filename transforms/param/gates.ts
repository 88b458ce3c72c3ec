// Capability checks (`getClientCapabilities()?.roots`) on the way to a roots request. With a
// parameter they ask "was a directory given?": each becomes the handler's roots variable, which
// is truthy exactly when the directory arrived (and narrows it in TypeScript). A check that only
// guards a fallback makes the parameter optional; an early `if (!check) return …` with a required
// parameter can never fire and is removed.
import type { TSESTree } from '@typescript-eslint/types';
import type { FunctionNode, Node } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { unresolved } from './unprovable.ts';

export interface Gate {
  site: RootsSite;
  /** The expression that becomes the roots variable. */
  target: Node;
}

export function gateOf(site: RootsSite): Gate {
  let target: Node = site.node;
  while (target.parent && (target.parent.type === 'ChainExpression' || target.parent.type === 'TSNonNullExpression')) target = target.parent;
  if (target.type === 'Property') throw unresolved('the roots capability is destructured; check it with an if by hand');
  if (!booleanContext(target)) throw unresolved('the roots capability is used as a value, not as a condition');
  return { site, target };
}

/** The value is only tested for truthiness: a condition, `!`, `&&`/`||` in one, `Boolean(…)`. */
export function booleanContext(node: Node): boolean {
  const p = node.parent;
  if (!p) return false;
  switch (p.type) {
    case 'IfStatement':
    case 'WhileStatement':
    case 'DoWhileStatement':
    case 'ConditionalExpression':
      return p.test === node;
    case 'ForStatement':
      return p.test === node;
    case 'UnaryExpression':
      return p.operator === '!';
    case 'LogicalExpression':
      return (p.operator === '&&' || p.operator === '||') && (booleanContext(p) || (p.operator === '&&' && p.left === node));
    case 'CallExpression':
      return p.callee.type === 'Identifier' && p.callee.name === 'Boolean';
    default:
      return false;
  }
}

/** The test is the gate, or a conjunction with it. */
function gateTest(test: Node, gates: ReadonlySet<Node>): boolean {
  if (gates.has(test)) return true;
  return test.type === 'LogicalExpression' && test.operator === '&&' && (gateTest(test.left, gates) || gateTest(test.right, gates));
}

function negatedGateTest(test: Node, gates: ReadonlySet<Node>): boolean {
  return test.type === 'UnaryExpression' && test.operator === '!' && gateTest(test.argument, gates);
}

export type Guard = 'fallback' | 'exit';

/** How `node` is protected by a gate inside `fn`: a fallback around it, an early exit before it, or not at all. */
export function guardOf(node: Node, fn: FunctionNode, gates: ReadonlySet<Node>): Guard | undefined {
  let exit = false;
  for (let child: Node = node, parent = node.parent; parent && child !== fn.body && child !== fn; child = parent, parent = parent.parent) {
    if (parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') {
      if (child === parent.consequent && gateTest(parent.test, gates)) return 'fallback';
      if (child === parent.alternate && negatedGateTest(parent.test, gates)) return 'fallback';
    }
    if (parent.type === 'LogicalExpression' && parent.operator === '&&' && child === parent.right && gateTest(parent.left, gates)) return 'fallback';
    if (parent.type === 'BlockStatement') {
      const index = parent.body.indexOf(child as TSESTree.Statement);
      if (parent.body.slice(0, index).some((s) => earlyExit(s, gates))) exit = true;
    }
  }
  return exit ? 'exit' : undefined;
}

/** `if (!gate) return …;` / `throw …;` with no else. */
export function earlyExit(statement: Node, gates: ReadonlySet<Node>): statement is TSESTree.IfStatement {
  return statement.type === 'IfStatement' && !statement.alternate && negatedGateTest(statement.test, gates) && exits(statement.consequent);
}

function exits(node: Node): boolean {
  if (node.type === 'ThrowStatement' || node.type === 'ReturnStatement') return true;
  return node.type === 'BlockStatement' && node.body.length > 0 && exits(node.body[node.body.length - 1]!);
}
