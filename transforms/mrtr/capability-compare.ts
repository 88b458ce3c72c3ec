// Where code compares the roots capability with nothing (`caps?.roots !== undefined`), the per-request
// check that replaces the read is a boolean: the comparison must go with it, or it is always true.
import { type Node, unwrap } from '@uproot/core/planning';

/**
 * `<roots capability> !== undefined` (or `=== undefined`, `!= null`, `== null`): the comparison that asks
 * whether roots are declared, which a boolean per-request check replaces whole (`!` for "not declared").
 */
export function comparedWithNothing(read: Node): { node: Node; negated: boolean } | undefined {
  const p = read.parent;
  if (p?.type !== 'BinaryExpression' || !['===', '!==', '==', '!='].includes(p.operator)) return undefined;
  const other = unwrap(p.left === read ? p.right : p.left);
  // `=== null` alone is not "undeclared" (an undeclared capability is undefined); `== null` is.
  const empty = (other.type === 'Identifier' && other.name === 'undefined') || (other.type === 'Literal' && other.value === null && p.operator.length === 2);
  return empty ? { node: p, negated: p.operator.startsWith('=') } : undefined;
}
