// A helper the roots answer is handed to (`extractRoots(result)`, here or imported through barrels):
// a configured `{ roots }` value stands in for the answer exactly when the helper asks its parameter
// for nothing but `.roots` (or destructures only `{ roots }`), checking its shape on the way
// (`typeof`, `'roots' in`, a zod schema of `roots` alone: roots-read.ts). Shared by the state retirement (its
// derivation keeps the call) and roots from configuration (the answer may be passed to it).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, isFunction, localFunction, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { readsOnlyRoots } from './roots-read.ts';

/** Whether `call` hands its argument `index` to a function that reads only the answer's roots. */
export function takesOnlyRoots(call: TSESTree.CallExpression, index: number, prov: Provenance): boolean {
  const found = helperOf(call, prov);
  const param = found?.fn.params[index];
  if (!found || !param) return false;
  if (param.type === 'ObjectPattern') return param.properties.every((q) => q.type === 'Property' && !q.computed && q.key.type === 'Identifier' && q.key.name === 'roots');
  if (param.type !== 'Identifier') return false;
  const variable = found.prov.variableOf(param);
  if (!variable) return false;
  // Checks of the answer's shape count too: a helper that validates the answer and returns its roots reads only them.
  return variable.references.every((ref) => variable.defs.some((d) => d.name === ref.identifier) || readsOnlyRoots(ref.identifier as Node, found.prov));
}

/** The same-file function a call names, or the one it imports (through barrels), with that file's provenance. */
export function helperOf(call: TSESTree.CallExpression, prov: Provenance): { fn: FunctionNode; prov: Provenance } | undefined {
  const local = localFunction(call, prov);
  if (local) return { fn: local, prov };
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return undefined;
  const def = prov.variableOf(callee)?.defs[0];
  const origin = prov.moduleOrigin;
  if (def?.type !== 'ImportBinding' || def.node.type !== 'ImportSpecifier' || def.parent?.type !== 'ImportDeclaration' || !origin?.graph.exportedAt) return undefined;
  const imported = def.node.imported.type === 'Identifier' ? def.node.imported.name : def.node.imported.value;
  const found = origin.graph.exportedAt(origin.file, def.parent.source.value, imported);
  const fn = found && unwrap(found.node);
  return fn && isFunction(fn) ? { fn, prov: found.module.prov } : undefined;
}
