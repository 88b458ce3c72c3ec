// A typed scan first matches each candidate file with a probe: a type hint that answers what syntax alone
// settles and stops at the first question only the checker could answer. Files that never ask keep the
// probe's outcome; the others are matched again once a program exists. Kept apart from oracle.ts, which loads
// TypeScript, so the matcher worker can probe without loading it.
import type { ScopeManagerLike } from '@uproot/core';
import type { McpValue, Node, TypeHint } from '@uproot/core/planning';
import { isLibConstructor } from './lib-constructors.ts';

/** Expressions whose own syntax already says what they are: never worth a checker call. */
export const SYNTACTIC = new Set(['Literal', 'TemplateLiteral', 'ObjectExpression', 'ArrayExpression', 'ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

/** Thrown by a probe at its first question for the checker; whoever matched the file discards that outcome. */
export class ProbeAsked extends Error {
  constructor(file: string) {
    super(`the checker is needed for ${file}`);
    this.name = 'ProbeAsked';
  }
}

/** Whether the checker would only say "not MCP" about `node`, so a hint need not ask it. */
export function answeredBySyntax(node: Node, scopeManager: ScopeManagerLike | undefined): boolean {
  return SYNTACTIC.has(node.type) || (!!scopeManager && isLibConstructor(node, scopeManager));
}

/** A probe for `file`: `asked()` is called, and the match stopped, at the first question for the checker. */
export function probeHint(file: string, scopeManager: ScopeManagerLike, asked: () => void): TypeHint {
  return (node: Node): McpValue | undefined => {
    if (answeredBySyntax(node, scopeManager)) return undefined;
    asked();
    throw new ProbeAsked(file);
  };
}
