// Markers' details for two shapes the per-request planners do not follow, so the state stays unknown.
// A hook that hands the roots request to a fill *as a function*
// (`initializeRoots(async () => server.server.listRoots())`, memvid-mcp): the fill calls it and keeps
// the answer itself. The per-request planners follow such a function into an imported fill
// (fetcher-param.ts, imported-fill.ts); into a fill of the same file, or into a second imported fill
// beside the one replayed, they do not, and the detail names the fill and says so.
import { type Node, calleeName, enclosingFunction, functionName, locOf, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';

export function handedFetchDetail(site: RootsSite, prov: Provenance, replayed?: string): string | undefined {
  // The request is what a function returns: its expression body, or a `return` of its block.
  let x: Node | undefined = site.node;
  while (x?.parent && (x.parent.type === 'AwaitExpression' || x.parent.type === 'TSAsExpression' || x.parent.type === 'ChainExpression')) x = x.parent;
  const ret = x?.parent?.type === 'ReturnStatement' ? x.parent : x;
  const body = ret?.parent?.type === 'BlockStatement' && ret.parent.body.length === 1 ? ret.parent : ret;
  const fn = body?.parent;
  if (!fn || (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') || fn.body !== body) return undefined;
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(fn) || unwrap(call.callee) === fn) return undefined;
  const name = calleeName(call) ?? 'a function';
  const at = `the roots request is handed to ${name}() as a function (line ${locOf(call).start.line})`;
  // An imported fill beside the one the per-request helper replays (memvid-mcp's handleRootsChanged() beside initializeRoots()).
  if (replayed && replayed !== name) return `${at}, a second fill beside ${replayed}(): the per-request form replays the one fill its initialization hook runs, and does not show that ${name}() keeps what ${replayed}() would`;
  const callee = unwrap(call.callee);
  const imported = callee.type === 'Identifier' && prov.variableOf(callee)?.defs[0]?.type === 'ImportBinding';
  if (imported) return `${at}, which runs it and keeps the answer itself: uproot cannot tell which state ${name}() fills or who reads it`;
  return `${at}, which runs it and keeps the answer itself: the per-request form follows such a function into a fill imported from another module, not one of this file, so it cannot tell which state ${name}() fills or who reads it`;
}

/**
 * The fetching function hands what it computed to a method of an object it was given
 * (`control.setRoot(next)` in `wireClientRoots(control, fallback)`, hunch): that object's state, its
 * readers and whatever the method does on the way (defer, swap a store) are beyond what is followed.
 */
export function methodSinkDetail(site: RootsSite, prov: Provenance): string | undefined {
  const fn = enclosingFunction(site.node);
  if (!fn) return undefined;
  let found: string | undefined;
  walkAll(fn.body, (n) => {
    if (found || n.type !== 'CallExpression' || n.range[0] < site.node.range[1] || n.arguments.length === 0) return;
    const callee = unwrap(n.callee);
    if (callee.type !== 'MemberExpression' || callee.computed) return;
    const object = unwrap(callee.object);
    const root = object.type === 'MemberExpression' ? unwrap(object.object) : object;
    const def = root.type === 'Identifier' ? prov.variableOf(root)?.defs[0] : undefined;
    if (def?.type !== 'Parameter' || prov.is(object, 'server', 'mcp-server')) return;
    const owner = def.node as Node;
    // A parameter of a callback inside the fetching function (`.then(({ roots }) => roots.map(…))`) holds the answer, not a passed-in object.
    if (owner.range[0] > fn.range[0] || owner.range[1] < fn.range[1]) return;
    const text = `${(root as { name: string }).name}${object === root ? '' : `.${propertyName(object as never) ?? ''}`}.${propertyName(callee) ?? ''}`;
    const ownerName = owner.type === 'FunctionDeclaration' || owner.type === 'FunctionExpression' || owner.type === 'ArrowFunctionExpression' ? functionName(owner) : undefined;
    found = `the roots answer is handed to ${text}() (line ${locOf(n).start.line}), a method of an object ${ownerName ? `${ownerName}() is` : 'the function fetching them is'} given: the per-request form does not follow a method of a passed-in object to the state it keeps (or to what it does on the way), so it cannot derive that state per request`;
  });
  return found;
}
