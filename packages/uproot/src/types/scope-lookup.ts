// The variable a name refers to at a node, from the file's own scopes; undefined when no scope of the
// file declares it (a global, or the lib's).
import type { ScopeManagerLike, VariableLike } from '@uproot/core';
import type { Node } from '@uproot/core/planning';

export function variableAt(node: Node, name: string, scopeManager: ScopeManagerLike): VariableLike | undefined {
  let scope = null;
  for (let at: Node | undefined = node; at && !scope; at = at.parent) scope = scopeManager.acquire(at, true);
  for (scope ??= scopeManager.globalScope; scope; scope = scope.upper) {
    const variable = scope.set.get(name);
    if (variable) return variable;
  }
  return undefined;
}
