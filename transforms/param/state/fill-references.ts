// Where a fill function is named: apart from hooks.ts so the debounce model (debounce.ts, which
// hooks.ts imports) can follow a scheduler method's calls without importing hooks.ts back.
import { type FunctionNode, type Node, propertyName, thisClass, walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

/** Where a fill function is named: its identifier references, or for a method, `this.name` in its class. */
export function fillReferences(fn: FunctionNode, prov: Provenance): Node[] {
  const member = fn.parent;
  if ((member?.type === 'MethodDefinition' || member?.type === 'PropertyDefinition') && member.value === fn) {
    const name = propertyName(member);
    const cls = member.parent?.parent;
    const refs: Node[] = [];
    if (name && cls) {
      walkAll(cls, (n) => {
        if (n.type === 'MemberExpression' && n.object.type === 'ThisExpression' && !n.computed && propertyName(n) === name && thisClass(n) === cls) refs.push(n);
      });
    }
    return refs;
  }
  return prov.referencesTo(fn);
}
