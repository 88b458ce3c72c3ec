// Statements that only report — log, or throw where the SDK hands the error to `onerror` — change
// nothing a client sees: a per-request rewrite may drop them, and a state they read is not consumed.
import { type Node, enclosingStatement, walkAll } from '@uproot/core/planning';
import { isConsoleCall } from '../hook-statements.ts';

/** `throws`: a throw reports too (an init or list_changed hook's, never a timer's, which would crash the process). */
export function isReport(s: Node, throws: boolean): boolean {
  if (s.type === 'BlockStatement') return s.body.every((x) => isReport(x, throws));
  if (s.type === 'ExpressionStatement') return isConsoleCall(s.expression);
  if (s.type === 'ThrowStatement') return throws && readsOnly(s.argument);
  if (s.type === 'IfStatement') return readsOnly(s.test) && isReport(s.consequent, throws) && (!s.alternate || isReport(s.alternate, throws));
  return s.type === 'EmptyStatement';
}

/** `node` is read only to be logged: inside a logging statement, or in the test of an `if` whose branches only log. */
export function inReport(node: Node): boolean {
  // The statement in its block: a braceless branch or an `else if` test belongs to the outer `if`.
  const s = enclosingStatement(node);
  if (s.type === 'ExpressionStatement') return isConsoleCall(s.expression);
  return s.type === 'IfStatement' && isReport(s, false);
}

/** An expression that only reads (`dirs.length > 0`, `new Error(\`…\`)`): no call, no assignment, no constructor but an error's. */
export function readsOnly(e: Node): boolean {
  let ok = true;
  walkAll(e, (n) => {
    if (n.type === 'AssignmentExpression' || n.type === 'UpdateExpression' || n.type === 'AwaitExpression' || n.type === 'YieldExpression' || n.type === 'CallExpression') ok = false;
    if (n.type === 'NewExpression' && !(n.callee.type === 'Identifier' && /Error$/.test(n.callee.name))) ok = false;
  });
  return ok;
}
