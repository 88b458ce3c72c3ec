// The reads of a setter's state in its own module that no consumer carries (core's consumers follow a
// read only to the exported function around it): a module-private helper that exported functions
// call, or an exported function this file never calls. Both are covered when every call of this file
// that can run them is known, so the handlers making those calls derive the roots per request too.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, functionName, isExported } from '@uproot/core/planning';
import type { RootsState } from '@uproot/core/planning';
import type { Unit } from './unit.ts';

type SetterState = Extract<RootsState, { kind: 'setter' }>;

const MAX_STEPS = 3;

/**
 * The calls in this file that can run `read` (a node of the setter's module); undefined when one way
 * in cannot be followed: a read at module level, a function passed around rather than called.
 */
export function callsReaching(read: Node, state: SetterState, unit: Unit, steps = 0): Node[] | undefined {
  let outermost: FunctionNode | undefined;
  for (let fn = enclosingFunction(read); fn; fn = enclosingFunction(fn)) {
    if (isExported(fn)) return importedCalls(state, functionName(fn), unit);
    outermost = fn;
  }
  if (!outermost || steps >= MAX_STEPS) return undefined;
  const calls: Node[] = [];
  for (const ref of state.module.prov.referencesTo(outermost)) {
    const call = ref.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref) return undefined;
    const reaching = callsReaching(call, state, unit, steps + 1);
    if (!reaching) return undefined;
    calls.push(...reaching);
  }
  return calls;
}

/** Calls here of `name`, imported from the module the setter comes from; undefined when it is used other than called. */
function importedCalls(state: SetterState, name: string | undefined, unit: Unit): Node[] | undefined {
  const declaration = unit.prov.variableOf(state.local)?.defs[0]?.parent;
  if (!name || declaration?.type !== 'ImportDeclaration') return undefined;
  const calls: Node[] = [];
  for (const spec of declaration.specifiers) {
    if (spec.type === 'ImportNamespaceSpecifier') return undefined;
    if (spec.type !== 'ImportSpecifier' || importedName(spec) !== name) continue;
    for (const ref of unit.prov.variableOf(spec.local)?.references ?? []) {
      const call = ref.identifier.parent;
      if (call?.type !== 'CallExpression' || call.callee !== ref.identifier) return undefined;
      calls.push(call);
    }
  }
  return calls;
}

function importedName(spec: TSESTree.ImportSpecifier): string {
  return spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
}
