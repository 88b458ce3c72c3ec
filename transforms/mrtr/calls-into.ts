// Which calls in one file can run a node of another: the answer both an imported fill (imported-fill.ts) and the
// readers of a state module (module-reads.ts) follow; its own file so neither imports the other.
import path from 'node:path';
import { type FunctionNode, type Node, enclosingFunction, isExported } from '@uproot/core/planning';
import type { ProjectIndex } from './project-index.ts';
import { dispatchCalls } from './dispatch-map.ts';
import { isTestFileOf } from './test-files.ts';
import type { Unit } from './unit.ts';

/** Modules crossed from a read of the state back to this file's calls. */
const MAX_STEPS = 6;

/** Whether a node of another file is accounted for where it is (a handler there runs it): not followed further back. */
export type Settled = (at: Unit, node: Node) => boolean;

/**
 * The calls in `target` that can run `node` (a node of `at`): up to the function around it that is
 * exported (its callers in the other files of the run) or, module-private, called here; undefined
 * when one way in cannot be followed (a read at module level, a function passed around). `entered`:
 * the functions being followed, so recursion ends where a function is entered again. `settled`: nodes
 * of other files the caller accounts for itself (handlers-elsewhere.ts), which add no call.
 */
export function callsInto(at: Unit, node: Node, target: Unit, units: ProjectIndex, steps: number, entered: ReadonlySet<FunctionNode> = new Set(), settled?: Settled): Node[] | undefined {
  if (at.path === target.path) return [node];
  if (settled?.(at, node)) return [];
  if (steps >= MAX_STEPS) return undefined;
  let fn = enclosingFunction(node);
  while (fn && !isExported(fn) && enclosingFunction(fn)) fn = enclosingFunction(fn);
  if (!fn) return undefined;
  // A function calling itself (a tree walk) is entered through its other callers, which are followed.
  if (entered.has(fn)) return [];
  const inside = new Set([...entered, fn]);
  const out: Node[] = [];
  for (const ref of at.prov.referencesTo(fn)) {
    const call = ref.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref) return undefined;
    const inner = callsInto(at, call, target, units, steps + 1, inside, settled);
    if (!inner) return undefined;
    out.push(...inner);
  }
  if (isExported(fn)) {
    const callers = units.callersOf(at, fn);
    if (!callers) return undefined;
    for (const { unit, call } of callers) {
      if (isTestFileOf(unit.path, path.dirname(target.path))) continue;
      const inner = callsInto(unit, call, target, units, steps + 1, inside, settled);
      if (!inner) return undefined;
      out.push(...inner);
    }
  } else if (at.prov.referencesTo(fn).length === 0) {
    // A function of an exported name→function map (`handlers.read`): run where the map is looked up and called.
    const dispatched = dispatchCalls(at, fn, units);
    if (!dispatched) return undefined;
    for (const { unit, call } of dispatched) {
      const inner = callsInto(unit, call, target, units, steps + 1, inside, settled);
      if (!inner) return undefined;
      out.push(...inner);
    }
  }
  return out;
}
