// Which calls in one file can run a node of another: the answer both an imported fill (imported-fill.ts) and the
// readers of a state module (module-reads.ts) follow; its own file so neither imports the other.
import path from 'node:path';
import { type FunctionNode, type Node, enclosingFunction, functionName, isExported, locOf } from '@uproot/core/planning';
import type { ProjectIndex } from './project-index.ts';
import { dispatchCalls } from './dispatch-map.ts';
import { isTestFileOf } from './test-files.ts';
import type { Unit } from './unit.ts';

/** Modules crossed from a read of the state back to this file's calls. */
const MAX_STEPS = 6;
/** Functions entered on the way, in any file (a validation helper is often several calls below the handler). */
const MAX_FUNCTIONS = 16;

/** Whether a node of another file is accounted for where it is (a handler there runs it): not followed further back. */
export type Settled = (at: Unit, node: Node) => boolean;

/**
 * `settled`: nodes of other files the caller accounts for itself (handlers-elsewhere.ts), which add no call.
 * `broken.why`: set where the way back first could not be followed, for the marker's detail.
 */
export interface Follow {
  settled?: Settled;
  broken?: { why?: string };
}

/**
 * The calls in `target` that can run `node` (a node of `at`): up to the function around it that is
 * exported (its callers in the other files of the run) or, module-private, called here; undefined
 * when one way in cannot be followed (a read at module level, a function passed around). `entered`:
 * the functions being followed, so recursion ends where a function is entered again.
 */
export function callsInto(at: Unit, node: Node, target: Unit, units: ProjectIndex, steps: number, entered: ReadonlySet<FunctionNode> = new Set(), follow: Follow = {}): Node[] | undefined {
  if (at.path === target.path) return [node];
  if (follow.settled?.(at, node)) return [];
  const where = () => path.relative(path.dirname(target.path), at.path).split(path.sep).join('/');
  const stop = (why: string): undefined => {
    if (follow.broken) follow.broken.why ??= why;
    return undefined;
  };
  if (steps >= MAX_STEPS || entered.size >= MAX_FUNCTIONS) return stop(`the way back crosses more functions or modules than uproot follows (at line ${locOf(node).start.line} of ${where()})`);
  let fn = enclosingFunction(node);
  while (fn && !isExported(fn) && enclosingFunction(fn)) fn = enclosingFunction(fn);
  if (!fn) return stop(`it runs at the top level of ${where()} (line ${locOf(node).start.line})`);
  const name = `${functionName(fn) ?? 'a function'}() in ${where()}`;
  // A function calling itself (a tree walk) is entered through its other callers, which are followed.
  if (entered.has(fn)) return [];
  const inside = new Set([...entered, fn]);
  const out: Node[] = [];
  for (const ref of at.prov.referencesTo(fn)) {
    const call = ref.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref) return stop(`${name} is handed on as a value at line ${locOf(ref).start.line}, and what runs it is not followed`);
    const inner = callsInto(at, call, target, units, steps, inside, follow);
    if (!inner) return undefined;
    out.push(...inner);
  }
  if (isExported(fn)) {
    const callers = units.callersOf(at, fn);
    if (!callers) return stop(`${name} is exported and used in another module other than by calling it (handed on as a value), and what runs it is not followed`);
    for (const { unit, call } of callers) {
      if (isTestFileOf(unit.path, path.dirname(target.path))) continue;
      const inner = callsInto(unit, call, target, units, steps + 1, inside, follow);
      if (!inner) return undefined;
      out.push(...inner);
    }
  } else if (at.prov.referencesTo(fn).length === 0) {
    // A function of an exported name→function map (`handlers.read`): run where the map is looked up and called.
    const dispatched = dispatchCalls(at, fn, units);
    if (!dispatched) return stop(`${name} is not called in its module, and no lookup uproot follows in an exported name→function map runs it`);
    for (const { unit, call } of dispatched) {
      const inner = callsInto(unit, call, target, units, steps + 1, inside, follow);
      if (!inner) return undefined;
      out.push(...inner);
    }
  }
  return out;
}
