// Where a client's `sendRootsListChanged()` (or raw roots list_changed notification) sits decides what migrate
// does with it: a statement or a returned value can be sent only on 2025-era connections (rewrite), a send already
// behind `getProtocolEra() !== 'modern'` is done (report), and one inside a larger expression needs a person
// (mark), since guarding it would change what the expression evaluates to. The planner (transforms/
// client-era-guard.ts) and scan's classification both read it here, so they agree.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, unwrap } from './ast.ts';

export type SendPosition =
  | { kind: 'statement'; statement: TSESTree.ExpressionStatement }
  | { kind: 'value'; node: Node; awaited: boolean; parens: boolean }
  | { kind: 'guarded' }
  | { kind: 'expression' };

export function sendPosition(call: TSESTree.CallExpression): SendPosition {
  let node: Node = call;
  if (node.parent?.type === 'AwaitExpression') node = node.parent;
  // `void client.sendRootsListChanged()` as a statement discards the promise: guarding the statement keeps that.
  if (node.parent?.type === 'UnaryExpression' && node.parent.operator === 'void' && node.parent.parent?.type === 'ExpressionStatement') node = node.parent;
  const parent = node.parent;
  if (parent?.type === 'ExpressionStatement') {
    const holder = parent.parent;
    const guard = holder?.type === 'BlockStatement' && holder.body.length === 1 ? holder.parent : holder;
    if (guard?.type === 'IfStatement' && (guard.consequent === parent || guard.consequent === holder) && isEraCheck(guard.test)) return { kind: 'guarded' };
    return { kind: 'statement', statement: parent };
  }
  if (parent?.type === 'ConditionalExpression' && parent.consequent === node && isEraCheck(parent.test)) return { kind: 'guarded' };
  if (parent?.type === 'ArrowFunctionExpression' && parent.body === node) return { kind: 'value', node, awaited: node !== call, parens: true };
  if (parent?.type === 'ReturnStatement') return { kind: 'value', node, awaited: node !== call, parens: false };
  return { kind: 'expression' };
}

/** The client a send is made on, when it is a plain name or member chain (`client`, `this.mcp.client`) a guard can repeat. */
export function plainSendReceiver(call: TSESTree.CallExpression): Node | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const receiver = unwrap(callee.object);
  for (let n: Node = receiver; ; ) {
    if (n.type === 'Identifier' || n.type === 'ThisExpression') return receiver;
    if (n.type !== 'MemberExpression' || n.computed || n.property.type !== 'Identifier') return undefined;
    n = n.object;
  }
}

function isEraCheck(test: Node): boolean {
  if (test.type !== 'BinaryExpression' || test.operator !== '!==' || test.left.type !== 'CallExpression') return false;
  const callee = unwrap(test.left.callee);
  return callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'getProtocolEra';
}
