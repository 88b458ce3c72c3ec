// Where a chain meets a function handed on as a value (reach.ts stops there: `other`, nothing unresolved), it goes on
// from every call of that value (handed-value.ts), each call a hop into the function. Each function is followed once
// per planned site, however many of its value uses reach.ts reported.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, functionName, isCalledInPlace } from '@uproot/core/planning';
import type { Reach } from '@uproot/core/planning';
import type { ProjectIndex } from './project-index.ts';
import { type HandedType, handedCalls } from './handed-value.ts';
import { type Unit, Unprovable } from './unit.ts';

export interface ChainHop {
  fn: FunctionNode;
  fnUnit: Unit;
  /** The call that enters `fn`; it sits in `callUnit`. */
  call: TSESTree.CallExpression;
  callUnit: Unit;
  /** Declared function types `fn`'s value travels under when it was handed on (handed-value.ts): they gain ctx too. */
  types?: HandedType[];
}

export type { HandedType };

export interface HandedEntry {
  /** The call of the value: the chain goes on from it, in `unit`. */
  call: TSESTree.CallExpression;
  unit: Unit;
  hops: ChainHop[];
}

/** Functions already followed, per planned site (keyed by the set chains.ts keeps for that site). */
const followed = new WeakMap<object, Set<FunctionNode>>();

/**
 * The calls a handed-on function is entered from, as chain entries; undefined when the reach is not one of a function
 * handed on as a value. Throws Unprovable when one of its uses cannot be followed.
 */
export function followHanded(node: Node, reach: Reach, unit: Unit, tail: ChainHop[], project: ProjectIndex | undefined, perSite: object): { fn: FunctionNode; rest: ChainHop[]; entries: HandedEntry[] } | undefined {
  const fn = valueOwner(reach.hops[0]?.call ?? node);
  if (!fn) return undefined;
  const handed = handedCalls(fn, unit, project);
  if (!handed) return undefined;
  if ('why' in handed) throw new Unprovable('unresolved-chain', handed.why);
  const rest: ChainHop[] = [...reach.hops.map((h) => ({ fn: h.fn, fnUnit: unit, call: h.call as TSESTree.CallExpression, callUnit: unit })), ...tail];
  let done = followed.get(perSite);
  if (!done) followed.set(perSite, (done = new Set()));
  if (done.has(fn)) return { fn, rest, entries: [] };
  done.add(fn);
  const entries = handed.calls.map(({ call, unit: callUnit }) => ({ call, unit: callUnit, hops: [{ fn, fnUnit: unit, call, callUnit, types: handed.types }, ...rest] }));
  return { fn, rest, entries };
}

/** The named function whose references reach.ts looked at from `from`: through in-place calls and plain callbacks. */
function valueOwner(from: Node): FunctionNode | undefined {
  let fn = enclosingFunction(from);
  while (fn && (isCalledInPlace(fn) || (fn.parent?.type === 'CallExpression' && fn.parent.arguments.includes(fn as TSESTree.CallExpressionArgument)))) fn = enclosingFunction(fn.parent!);
  return fn && functionName(fn) ? fn : undefined;
}
