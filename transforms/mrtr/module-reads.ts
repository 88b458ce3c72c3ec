// `--lifecycle per-request` for a state kept behind a setter in another module (`setRoots()` in
// roots.ts) and read there by getters the handlers reach only through further modules (server.ts
// registers `async (args) => searchHandler(args)`, tools.ts calls `getRoots()`). The core consumer
// search counts the calls this file makes of the state module's exports; this follows every read of
// the state, in its module, back through the modules of the run to the calls of this file that run
// it (as imported-fill.ts does for a fill's state), and each of those must sit in a request handler.
import path from 'node:path';
import { type FunctionNode, type Node, enclosingFunction, locOf } from '@uproot/core/planning';
import type { RootsSite, RootsState } from '@uproot/core/planning';
import { type HandlerChain, type ProjectIndex, handlerChain } from './chains.ts';
import type { UnitIndex } from './project-index.ts';
import { holderIn } from './fallback-fill.ts';
import { callsInto } from './calls-into.ts';
import { type ElsewhereHandler, settleInHandlers } from './handlers-elsewhere.ts';
import { onlyHandlers } from './state.ts';
import { type Unit, Unprovable } from './unit.ts';

type Reason = NonNullable<RootsSite['reason']>;

/**
 * The handlers of `unit` that read `state` through other modules; `skip`: calls whose reads run elsewhere (start-up,
 * the helper, the hooks). `elsewhere`, when given, collects the handlers of other modules a read runs in
 * (handlers-elsewhere.ts) instead of following those reads on to the call here that registers them.
 */
export function moduleReaders(unit: Unit, state: RootsState, project: ProjectIndex | undefined, site: RootsSite, reason: Reason, skip: (call: Node) => boolean, elsewhere?: ElsewhereHandler[]): Map<FunctionNode, HandlerChain> {
  const out = new Map<FunctionNode, HandlerChain>();
  const units = project && 'unitAt' in project ? (project as ProjectIndex & UnitIndex) : undefined;
  if (state.kind !== 'setter' || !units) return out;
  const holder = units.unitAt(state.module.file);
  const variable = holder && holderIn(holder, state, unit);
  if (!holder || !variable) return out;
  const shown = path.relative(path.dirname(unit.path), holder.path).split(path.sep).join('/');
  for (const ref of variable.references) {
    if (ref.isWrite() || ref.identifier === variable.defs[0]?.name) continue;
    const broken: { why?: string } = {};
    const calls = callsInto(holder, ref.identifier, unit, project!, 0, new Set(), { settled: elsewhere && settleInHandlers(elsewhere), broken });
    if (!calls) throw new Unprovable(reason, `${variable.name} is read in ${shown} at line ${locOf(ref.identifier).start.line} by code no handler ${elsewhere ? '' : 'of this file '}can be shown to reach${broken.why ? `: ${broken.why}` : ''}`);
    for (const call of calls) {
      if (skip(call)) continue;
      for (const reach of onlyHandlers(call, unit, state.name, reason)) if (!out.has(reach.callback!)) out.set(reach.callback!, handlerChain(site, { ...reach, hops: [] }, unit, unit, []));
    }
  }
  return out;
}

/**
 * What the importers check stands for once every read is followed: nobody else writes the state.
 * The setter (the function holding the variable's write that `fallback` does not account for) is
 * called only from this file, where `skip` accepts the call (the helper, the hooks, start-up code), or
 * from another module where `elsewhere` accepts it (start-up code there: shared-mirror.ts).
 */
export function onlyWrittenHere(
  unit: Unit,
  state: RootsState,
  project: ProjectIndex | undefined,
  reason: Reason,
  skip: (call: Node) => boolean,
  fallback: (write: Node, file: string) => boolean,
  elsewhere?: (call: Node, at: Unit) => boolean,
): void {
  const units = project && 'unitAt' in project ? (project as ProjectIndex & UnitIndex) : undefined;
  const holder = state.kind === 'setter' ? units?.unitAt(state.module.file) : undefined;
  const variable = holder && holderIn(holder, state, unit);
  if (!holder || !variable) throw new Unprovable(reason, `uproot cannot read the module ${state.name} writes`);
  const shown = (at: Unit) => path.relative(path.dirname(unit.path), at.path).split(path.sep).join('/');
  const writes = variable.references.filter((r) => r.isWrite() && r.identifier !== variable.defs[0]?.name && !fallback(r.identifier, holder.path));
  const setters = new Set(writes.map((w) => enclosingFunction(w.identifier)));
  for (const setter of setters) {
    const callers = setter && holder.prov.referencesTo(setter).length === 0 ? project!.callersOf(holder, setter) : undefined;
    if (!callers) throw new Unprovable(reason, `${variable.name} is written in ${shown(holder)} by code uproot cannot follow`);
    for (const { unit: at, call } of callers) {
      if (at.path === unit.path ? !skip(call) : !elsewhere?.(call, at)) throw new Unprovable(reason, `${state.name} is also called at line ${locOf(call).start.line} of ${shown(at)}, whose roots a per-request helper would not replay`);
    }
  }
}
