// The server's "did the client declare roots" checks that become "are roots configured": a
// capability read in a function on the way to a substituted request (the request's own function and
// those enclosing it, or a same-file function that calls it). A read of `.roots.listChanged` asks
// about refreshes, which configuration has no equivalent for: the caller keeps the marker then.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, contains, enclosingFunction, propertyName, unwrap } from '@uproot/core/planning';
import type { Provenance, RootsSite } from '@uproot/core/planning';

/** The functions whose capability reads gate `request`: its enclosing functions and their same-file callers' functions. */
export function gatingFunctions(request: Node, prov: Provenance): Set<FunctionNode> {
  const out = new Set<FunctionNode>();
  const add = (fn: FunctionNode | undefined, depth: number) => {
    for (let f = fn; f && !out.has(f); f = enclosingFunction(f)) {
      out.add(f);
      if (depth < 2) for (const ref of prov.referencesTo(f)) add(enclosingFunction(ref), depth + 1);
    }
  };
  add(enclosingFunction(request), 0);
  return out;
}

export function gatesOf(request: Node, capabilities: readonly RootsSite[], prov: Provenance): RootsSite[] {
  const fns = gatingFunctions(request, prov);
  return capabilities.filter((c) => {
    const fn = enclosingFunction(c.node);
    // In the request's own function the check comes first; a caller's check gates its call.
    return !!fn && fns.has(fn) && (!contains(fn, request) || c.node.range[0] < request.range[0]);
  });
}

/** The read asks whether the client sends list_changed (`caps.roots.listChanged`, `caps.roots?.listChanged`). */
export function readsListChanged(site: RootsSite): boolean {
  let n: Node = site.node;
  while (n.parent?.type === 'ChainExpression' || n.parent?.type === 'TSNonNullExpression') n = n.parent;
  const p = n.parent;
  return p?.type === 'MemberExpression' && p.object === n && propertyName(p) === 'listChanged';
}

/**
 * A `.roots.listChanged` check that sits inside the branch of a plain roots check (`if (caps?.roots) { … if
 * (caps.roots.listChanged) … }`): once the outer check asks for configuration, unset never reaches it, and set
 * it only decides whether to listen for the client's list_changed, which can fetch nothing but the same
 * configured roots again. It stays as it is (reading the client's capabilities).
 */
export function nestedUnderRootsCheck(refresh: RootsSite, outer: readonly RootsSite[]): boolean {
  for (let n: Node = refresh.node; n.parent; n = n.parent) {
    const p = n.parent;
    const branch = p.type === 'IfStatement' && p.consequent === n ? p.test : p.type === 'LogicalExpression' && p.operator === '&&' && p.right === n ? p.left : undefined;
    if (branch && outer.some((o) => asksRoots(branch, o.node))) return true;
  }
  return false;
}

/** `test` is the check itself, or `check && …`: true only when the client declared roots. */
function asksRoots(test: Node, check: Node): boolean {
  const t = unwrap(test);
  if (t.type === 'LogicalExpression' && t.operator === '&&') return asksRoots(t.left, check) || asksRoots(t.right, check);
  return contains(t, check) && t.range[0] <= check.range[0] && unwrapped(check) === t;
}

function unwrapped(check: Node): Node {
  let n = check;
  while (n.parent && (n.parent.type === 'ChainExpression' || n.parent.type === 'TSNonNullExpression')) n = n.parent;
  return unwrap(n);
}

/**
 * The `.listChanged` read of a check kept in a local first (`const r = caps?.roots; … r.listChanged`), if any:
 * the substituted check is a capability-shaped `{}`, so that read would silently turn false.
 */
export function aliasReadsListChanged(site: RootsSite, prov: Provenance): Node | undefined {
  let n: Node = site.node;
  while (n.parent && (n.parent.type === 'ChainExpression' || n.parent.type === 'TSNonNullExpression' || n.parent.type === 'TSAsExpression' || n.parent.type === 'TSSatisfiesExpression')) n = n.parent;
  const p = n.parent;
  if (p?.type !== 'VariableDeclarator' || p.init !== n || p.id.type !== 'Identifier') return undefined;
  const variable = prov.variableOf(p.id);
  for (const ref of variable?.references ?? []) {
    if (ref.identifier === p.id) continue;
    let id: Node = ref.identifier as Node;
    while (id.parent?.type === 'TSNonNullExpression' || id.parent?.type === 'TSAsExpression') id = id.parent;
    const m = id.parent;
    if (m?.type === 'MemberExpression' && m.object === id && propertyName(m) === 'listChanged') return m;
    // Only tests keep their meaning; handed on, stored or destructured, whatever reads it may read listChanged.
    if (!testOnly(id)) return m ?? id;
  }
  return undefined;
}

/** `if (r)`, `!r`, `r ? … : …`, `r && …`: the value's truthiness alone, which a configured check keeps. */
function testOnly(id: Node): boolean {
  const p = id.parent;
  if (!p) return false;
  if (p.type === 'UnaryExpression' && p.operator === '!') return true;
  if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression' || p.type === 'WhileStatement') && p.test === id) return true;
  return p.type === 'LogicalExpression' && p.left === id;
}

/**
 * `const caps = server.server.getClientCapabilities() || {}` when every use of `caps` is one of the
 * substituted reads: the declaration goes (its initialiser only asks the SDK, no side effect).
 */
export function deadAlias(reads: readonly Node[], prov: Provenance): TSESTree.VariableDeclaration[] {
  const out = new Set<TSESTree.VariableDeclaration>();
  for (const read of reads) {
    const object = read.type === 'MemberExpression' ? unwrap(read.object) : undefined;
    if (object?.type !== 'Identifier') continue;
    const variable = prov.variableOf(object);
    const def = variable?.defs[0];
    if (!variable || variable.defs.length !== 1 || def?.node.type !== 'VariableDeclarator' || def.node.id.type !== 'Identifier') continue;
    const declaration = def.node.parent;
    if (declaration?.type !== 'VariableDeclaration' || declaration.declarations.length !== 1 || !pureCapabilities(def.node.init)) continue;
    const uses = variable.references.filter((r) => r.identifier !== def.name);
    if (uses.every((r) => reads.some((x) => contains(x, r.identifier as Node)))) out.add(declaration);
  }
  return [...out];
}

/** `x.getClientCapabilities()`, optionally `?? {}` / `|| {}`: asking the SDK, nothing else. */
function pureCapabilities(init: Node | null | undefined): boolean {
  if (!init) return false;
  let n = unwrap(init);
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??') && n.right.type === 'ObjectExpression' && n.right.properties.length === 0) n = unwrap(n.left);
  if (n.type === 'ChainExpression') n = n.expression;
  return n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'getClientCapabilities' && n.arguments.length === 0;
}
