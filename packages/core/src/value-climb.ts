// One walk for "where does this literal end up?": up through casts, object and array literals, spreads and
// property values, and through a constant to every read of it. compared-values.ts and test-inputs.ts ask it with
// their own rule for the call that finally takes the value.
import type { TSESTree } from '@typescript-eslint/types';
import type { Node } from './ast.ts';
import type { Provenance } from './provenance.ts';

/** A constant may be handed on through a few constants before it is used. */
const MAX_HOPS = 8;

export interface ValueClimb {
  /** `input.inputRequests`: part of the value is handed on as the object of a member read. */
  throughMembers?: boolean;
  /** The value is an argument of `call`: true or false decides; `'climb'` goes on from the call itself. */
  atCall(call: TSESTree.CallExpression | TSESTree.NewExpression): boolean | 'climb';
}

/** True when `node`'s value reaches only calls `rule.atCall` accepts. */
export function valueReaches(node: Node, prov: Provenance, rule: ValueClimb, hops = 0): boolean {
  if (hops > MAX_HOPS) return false;
  let current: Node = node;
  for (;;) {
    const p: Node | undefined = current.parent;
    if (!p) return false;
    switch (p.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ObjectExpression':
      case 'ArrayExpression':
      case 'SpreadElement':
        current = p;
        continue;
      case 'MemberExpression':
        if (!rule.throughMembers || p.object !== current) return false;
        current = p;
        continue;
      case 'Property':
        if (p.value !== current) return false;
        current = p;
        continue;
      case 'CallExpression':
      case 'NewExpression': {
        if (!p.arguments.includes(current as TSESTree.CallExpressionArgument)) return false;
        const verdict = rule.atCall(p);
        if (verdict !== 'climb') return verdict;
        current = p;
        continue;
      }
      case 'VariableDeclarator': {
        if (p.init !== current || p.id.type !== 'Identifier') return false;
        const reads = (prov.variableOf(p.id)?.references ?? []).filter((r) => !r.isWrite());
        return reads.length > 0 && reads.every((r) => valueReaches(r.identifier, prov, rule, hops + 1));
      }
      default:
        return false;
    }
  }
}
