// The JSON-RPC methods a value may name, for frameworks that build their own protocol layer on the SDK: a method
// string or schema kept in a constant (`const M = ListRootsRequestSchema.shape.method.value`), passed through a
// wrapper's parameter (`notify(method) { return this.client.notification({ method }) }`, called with the roots
// method), or taken from a handler registry iterated into the SDK (`for (const [schema, handler] of handlers)
// client.setRequestHandler(schema, handler)` with `handlers = new Map([[ListRootsRequestSchema, …]])`).
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, isFunction, propertyName, staticString, unwrap } from './ast.ts';
import type { Provenance } from './provenance.ts';
import { methodValueSchema } from './registrations.ts';
import { schemaMethods } from './surface.ts';

const MAX_DEPTH = 6;

/** Every method `node` may name (a string literal, an SDK schema, or one of those carried to it). */
export function methodsOf(node: Node | undefined, prov: Provenance): Set<string> {
  const out = new Set<string>();
  if (node) collect(node, prov, out, new Set(), 0);
  return out;
}

function collect(input: Node, prov: Provenance, out: Set<string>, seen: Set<Node>, depth: number): void {
  if (depth > MAX_DEPTH || seen.has(input)) return;
  seen.add(input);
  const next = (n: Node | null | undefined): void => {
    if (n) collect(n, prov, out, seen, depth + 1);
  };
  const node = unwrap(input);
  const literal = staticString(node);
  if (literal !== undefined) return void out.add(literal);
  // A local or parameter is followed to every value it may hold (provenance stops at the first that is MCP).
  if (node.type === 'Identifier' && identifierMethods(node, prov, next)) return;
  const schema = prov.is(methodValueSchema(node) ?? node, 'schema');
  const method = schema?.name ? schemaMethods[schema.name] : undefined;
  if (method) return void out.add(method);
  if (node.type === 'ConditionalExpression') {
    next(node.consequent);
    next(node.alternate);
    return;
  }
  if (node.type === 'LogicalExpression') {
    next(node.left);
    next(node.right);
  }
}

/** Follow a local (its initialiser, or the registry a for-of takes it from) or a parameter; false for anything else (an import). */
function identifierMethods(node: TSESTree.Identifier, prov: Provenance, next: (n: Node | null | undefined) => void): boolean {
  const def = prov.variableOf(node)?.defs[0];
  if (!def) return false;
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator') {
    const decl = def.node;
    if (decl.id === def.name && decl.init) {
      next(decl.init);
      return true;
    }
    // `for (const [schema, handler] of registry)`: the first element of each of the registry's entries.
    const loop = decl.parent?.parent;
    if (loop?.type === 'ForOfStatement' && loop.left === decl.parent && decl.id.type === 'ArrayPattern') {
      const index = decl.id.elements.indexOf(def.name as TSESTree.Identifier);
      if (index >= 0) for (const entry of registryEntries(loop.right, prov, 0)) next(entryAt(entry, index));
    }
    return true;
  }
  // A wrapper's parameter: what its callers in this file pass at that position.
  if (def.type === 'Parameter' && isFunction(def.node)) {
    const fn = def.node;
    const index = fn.params.findIndex((p) => p === def.name || (p.type === 'AssignmentPattern' && p.left === def.name));
    if (index < 0) return false;
    for (const call of prov.callsOf(fn)) {
      const arg = call.arguments[index];
      if (arg && arg.type !== 'SpreadElement') next(arg);
    }
    return true;
  }
  return false;
}

/** The entries a registry iterates: `new Map([[k, v], …])`, `[[k, v], …]`, `Object.entries({ k: v })`, through consts and fields. */
function registryEntries(input: Node, prov: Provenance, depth: number): Node[] {
  if (depth > MAX_DEPTH) return [];
  const node = unwrap(input);
  if (node.type === 'ArrayExpression') return node.elements.filter((e): e is TSESTree.Expression => !!e && e.type !== 'SpreadElement');
  if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Map' && node.arguments[0]) return registryEntries(node.arguments[0], prov, depth + 1);
  if (node.type === 'CallExpression') {
    const callee = unwrap(node.callee);
    if (callee.type !== 'MemberExpression') return [];
    const name = propertyName(callee);
    // `Object.entries(registry)`: each key stands in the entry's first place.
    if (name === 'entries' && unwrap(callee.object).type === 'Identifier' && node.arguments[0]) {
      const obj = objectOf(node.arguments[0], prov, depth + 1);
      return obj ? obj.properties.filter((p): p is TSESTree.Property => p.type === 'Property') : [];
    }
    // `registry.entries()` on a Map.
    if (name === 'entries' && node.arguments.length === 0) return registryEntries(callee.object, prov, depth + 1);
    return [];
  }
  if (node.type === 'Identifier') {
    const def = prov.variableOf(node)?.defs[0];
    return def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.id.type === 'Identifier' && def.node.init ? registryEntries(def.node.init, prov, depth + 1) : [];
  }
  // `this.handlers`: the class field's initialiser.
  if (node.type === 'MemberExpression' && unwrap(node.object).type === 'ThisExpression') {
    const key = propertyName(node);
    let cls: Node | undefined = node.parent;
    while (cls && cls.type !== 'ClassBody') cls = cls.parent;
    for (const member of cls?.type === 'ClassBody' ? cls.body : []) {
      if (member.type === 'PropertyDefinition' && propertyName(member) === key && member.value) return registryEntries(member.value, prov, depth + 1);
    }
  }
  return [];
}

/** The element at `index` of one registry entry: `[k, v]`, or a property (`k: v`, its key first). */
function entryAt(entry: Node, index: number): Node | undefined {
  const n = unwrap(entry);
  if (n.type === 'ArrayExpression') {
    const e = n.elements[index];
    return e && e.type !== 'SpreadElement' ? e : undefined;
  }
  // `'roots/list': fn` and `[Schema.shape.method.value]: fn`; a bare name (`roots: fn`) is no reference to follow.
  if (n.type === 'Property') return index === 0 ? (n.computed || n.key.type === 'Literal' ? n.key : undefined) : n.value;
  return undefined;
}

function objectOf(input: Node, prov: Provenance, depth: number): TSESTree.ObjectExpression | undefined {
  const node = unwrap(input);
  if (node.type === 'ObjectExpression') return node;
  if (node.type === 'Identifier' && depth <= MAX_DEPTH) {
    const def = prov.variableOf(node)?.defs[0];
    if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init) return objectOf(def.node.init, prov, depth + 1);
  }
  return undefined;
}
