// For roots kept in state (lifecycle fetches, list_changed refreshes, caches, background fetches):
// which handlers read that state, and as what (sandbox or workspace). The analysis itself lives in
// state/; this is the view scan and the rules print.
import type { Node } from './ast.ts';
import type { Provenance } from './provenance.ts';
import { analyzeState, consumerContexts } from './state/index.ts';
import type { StateRole } from './state/types.ts';
import type { SiteContext } from './types.ts';

export function consumersOf(site: Node, prov: Provenance, text = ''): SiteContext[] {
  return consumerContexts(analyzeState(site, prov, text));
}

export function stateViewOf(site: Node, prov: Provenance, text: string): { consumers: SiteContext[]; role?: StateRole } {
  const analysis = analyzeState(site, prov, text);
  return { consumers: consumerContexts(analysis), ...(analysis.role ? { role: analysis.role } : {}) };
}
