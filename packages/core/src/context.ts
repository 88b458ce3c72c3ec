// Which handler reaches a site, and through which functions: the serialisable view of reach.ts.
import { type Node, functionName } from './ast.ts';
import type { Provenance } from './provenance.ts';
import { type Reach, reachesOf } from './reach.ts';
import type { HandlerKind, SiteContext } from './types.ts';

export function contextsOf(node: Node, prov: Provenance): SiteContext[] {
  return dedupe(reachesOf(node, prov).map(toContext));
}

export function toContext(reach: Reach): SiteContext {
  const via = reach.hops.map((h) => functionName(h.fn) ?? '(anonymous)');
  const outer = reach.unresolved && functionName(reach.unresolved);
  return { handler: reach.handler, ...(reach.name !== undefined ? { name: reach.name } : {}), via: outer ? [outer, ...via] : via };
}

/** The context that decides what can be done: a non-handler caller blocks a rewrite, so it wins. */
export function primaryContext(contexts: SiteContext[]): SiteContext {
  const blocking = contexts.find((c) => !isRequestHandler(c.handler));
  return blocking ?? contexts[0] ?? { handler: 'other', via: [] };
}

export function isRequestHandler(kind: HandlerKind): boolean {
  return kind === 'tool' || kind === 'prompt' || kind === 'resource' || kind === 'request-handler';
}

function dedupe(contexts: SiteContext[]): SiteContext[] {
  const seen = new Set<string>();
  return contexts.filter((c) => {
    const key = JSON.stringify([c.handler, c.name, c.via]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
