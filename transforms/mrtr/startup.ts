// Code that runs before any hook filling the roots state is installed: it sets and reads the
// start-up value (the server's own configuration, the fall-back for a client without roots), which
// the per-request form keeps as it was, so it is neither a consumer nor another writer.
import { type FunctionNode, type Node, contains, enclosingFunction, isFunction } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

const MAX_STEPS = 4;

/**
 * `node` runs before every hook statement is reached: at module top level, ahead of all code that
 * installs them; or in the function that installs them, ahead of them. `owner` (for a read) is the
 * state's declaration: inside a function, only that function's own state has a start-up value there
 * (a module variable may hold what the hooks of an earlier call filled).
 */
export function atStartup(node: Node, hooks: readonly Node[], prov: Provenance, owner?: Node): boolean {
  if (hooks.length === 0) return false;
  const fn = enclosingFunction(node);
  if (!fn) return hooks.every((h) => runsAfter(h, node, prov, 0));
  if (owner && !contains(fn, owner)) return false;
  const at = childStatement(fn, node);
  return !!at && hooks.every((h) => {
    const hook = childStatement(fn, h);
    return !!hook && hook.range[0] >= at.range[1] && enclosingFunction(h) === fn;
  });
}

/** `x` can only run once the top-level code after `node`'s statement has started. */
function runsAfter(x: Node, node: Node, prov: Provenance, steps: number): boolean {
  const fn = enclosingFunction(x);
  if (!fn) return topStatement(x).range[0] >= topStatement(node).range[1];
  if (steps >= MAX_STEPS) return false;
  // A named function exists from the start (hoisted, or called before): every use of it here must come
  // after; its importers run once this module's top-level code has finished.
  if (named(fn)) return prov.referencesTo(fn).every((r) => runsAfter(r, node, prov, steps + 1));
  // A callback exists once the code creating it runs.
  return runsAfter(fn, node, prov, steps + 1);
}

function named(fn: FunctionNode): boolean {
  return fn.type === 'FunctionDeclaration' || fn.parent?.type === 'VariableDeclarator';
}

function topStatement(x: Node): Node {
  let s = x;
  while (s.parent && s.parent.type !== 'Program') s = s.parent;
  return s;
}

/** The statement of `fn`'s own body holding `x`. */
function childStatement(fn: FunctionNode, x: Node): Node | undefined {
  if (fn.body.type !== 'BlockStatement') return undefined;
  let s: Node | undefined = x;
  while (s && s.parent !== fn.body) s = isFunction(s) && s !== x ? undefined : s.parent;
  return s;
}
