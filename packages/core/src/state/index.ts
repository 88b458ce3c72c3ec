// Roots kept in state, seen from one site: the states it feeds, the handlers that read them, and
// whether those readers use the roots as a sandbox or a workspace (design.md §4, "Roots state").
import type { Node } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import type { SiteContext } from '../types.ts';
import { statesOf } from './holders.ts';
import { type Consumer, consumersOfState, readsOf } from './reads.ts';
import { roleByUse, roleOf } from './role.ts';
import type { RootsState, StateRole } from './types.ts';

export interface StateAnalysis {
  states: RootsState[];
  consumers: Consumer[];
  role?: StateRole;
  /** The role the readers show by what they do (containment checks, a base for paths), not by the state's name. */
  roleByUse?: StateRole;
}

export function analyzeState(site: Node, prov: Provenance, text: string): StateAnalysis {
  const states = statesOf(site, prov);
  const consumers = states.flatMap((s) => consumersOfState(s, prov, text));
  const reads = states.flatMap((s) => readsOf(s, prov, text));
  const role = states.length ? roleOf(reads, states.map((s) => s.name).join(' ')) : undefined;
  const byUse = states.length ? roleByUse(reads) : undefined;
  return { states, consumers, ...(role ? { role } : {}), ...(byUse ? { roleByUse: byUse } : {}) };
}

/** The handler contexts of the consumers, once each. */
export function consumerContexts(analysis: StateAnalysis): SiteContext[] {
  const seen = new Set<string>();
  const out: SiteContext[] = [];
  for (const c of analysis.consumers) {
    const key = JSON.stringify(c.context);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(c.context);
    }
  }
  return out;
}

export type { RootsState, StateRead, StateRole, StateKind, StateWrite } from './types.ts';
export type { Consumer } from './reads.ts';
export { statesOf } from './holders.ts';
export { localFunction } from './local-function.ts';
export { readsOf, consumersOfState } from './reads.ts';
export { roleOf } from './role.ts';
