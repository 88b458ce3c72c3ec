// The statements a per-request helper may run again on every call: declarations of locals computed without
// assigning anything else, branches, for-of loops, try blocks and returns of such values. What an expression
// statement may do (write the state, log, call a setter) is the caller's to say. answer-fill.ts asks it of a fill
// handed the answer, rederive.ts of the derivation a fill's `finally` runs.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, unwrap, walkAll } from '@uproot/core/planning';
import type { VariableLike } from '@uproot/core/planning';

export interface ReplayRules {
  variableOf: (id: TSESTree.Identifier) => VariableLike | undefined;
  /** Variables the body has from the start (the fill's parameters). */
  locals?: Iterable<VariableLike>;
  /** A try may keep its finally block. */
  finallyAllowed: boolean;
  /**
   * An expression statement's expression (its `await` and parentheses taken off): true when it may repeat.
   * `local` tells a target of the body's own; `pure` an expression that assigns nothing else.
   */
  expression: (e: Node, check: { local: (target: Node) => boolean; pure: (e: Node) => boolean }) => boolean;
  /** Throws the marker for a statement that may not repeat. */
  fail: (s: Node) => never;
}

/** Walks `body`, failing (`rules.fail`) at the first statement that would do more on every call than it may. */
export function checkReplayable(body: TSESTree.BlockStatement, rules: ReplayRules): void {
  const locals = new Set<VariableLike>(rules.locals);
  const declare = (pattern: Node) =>
    walkAll(pattern, (n) => {
      if (n.type !== 'Identifier') return;
      const v = rules.variableOf(n);
      if (v) locals.add(v);
    });
  const local = (target: Node) => {
    const x = unwrap(target);
    const v = x.type === 'Identifier' ? rules.variableOf(x) : undefined;
    return !!v && locals.has(v);
  };
  // Only the body's own locals may be assigned inside an expression (`dirs.push` is a call, not an assignment).
  const pure = (e: Node) => {
    let ok = true;
    walkAll(e, (n) => {
      if ((n.type === 'AssignmentExpression' && !local(n.left)) || (n.type === 'UpdateExpression' && !local(n.argument))) ok = false;
    });
    return ok;
  };
  const { fail } = rules;
  const visit = (s: Node): void => {
    switch (s.type) {
      case 'BlockStatement':
        return s.body.forEach(visit);
      case 'VariableDeclaration':
        for (const d of s.declarations) {
          if (d.init && !pure(d.init)) fail(s);
          declare(d.id);
        }
        return;
      case 'ExpressionStatement': {
        const e = unwrap(s.expression.type === 'AwaitExpression' ? s.expression.argument : s.expression);
        if (rules.expression(e, { local, pure })) return;
        return fail(s);
      }
      case 'IfStatement':
        if (!pure(s.test)) fail(s);
        visit(s.consequent);
        if (s.alternate) visit(s.alternate);
        return;
      case 'ForOfStatement':
        if (!pure(s.right)) fail(s);
        declare(s.left);
        return visit(s.body);
      case 'TryStatement':
        if (s.finalizer && !rules.finallyAllowed) fail(s);
        visit(s.block);
        if (s.handler?.param) declare(s.handler.param);
        if (s.handler) visit(s.handler.body);
        if (s.finalizer) visit(s.finalizer);
        return;
      case 'ReturnStatement':
        if (s.argument && !pure(s.argument)) fail(s);
        return;
      case 'ContinueStatement':
      case 'BreakStatement':
      case 'EmptyStatement':
        return;
      default:
        return fail(s);
    }
  };
  visit(body);
}
