// Module code that runs once, before any hook filling the roots state is installed: it sets and reads
// the start-up value (the server's own configuration, the fall-back for a client without roots),
// which the per-request form keeps as it was, so it is neither a consumer nor another writer.
import { type Node, enclosingFunction } from '@uproot/core/planning';

/**
 * `node` is in a top-level statement that comes before every hook statement, and those are
 * top-level statements too (a hook installed inside a function could run before, when called first).
 */
export function atStartup(node: Node, hooks: readonly Node[]): boolean {
  if (hooks.length === 0 || hooks.some((h) => h.parent?.type !== 'Program') || enclosingFunction(node)) return false;
  const first = Math.min(...hooks.map((h) => h.range[0]));
  return node.range[1] <= first;
}
