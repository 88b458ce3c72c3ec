// Whether a file already has a name at module level: a shared helper imported by an earlier run
// (an `import` or a CommonJS `require`) must not be imported twice.
import type { TSESTree } from '@typescript-eslint/types';
import type { ScopeManagerLike } from '@uproot/core/planning';

export function boundAtTopLevel(ast: TSESTree.Program, scopeManager: ScopeManagerLike, name: string): boolean {
  for (const scope of [scopeManager.globalScope, scopeManager.acquire(ast, true)]) if (scope?.set.has(name)) return true;
  return false;
}
