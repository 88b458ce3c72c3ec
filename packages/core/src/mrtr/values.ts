// The small pieces of local data flow the MRTR checks share: a binding's one value, the object literal an
// expression stands for, where a value goes, and whether two expressions read the same thing.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, type VariableLike, isFunction, propertyName, staticString, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';

/** Wrappers that hand their operand's value on unchanged (for the questions asked here). */
export function isValueWrapper(parent: Node, child: Node): boolean {
  switch (parent.type) {
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
    case 'ChainExpression':
    case 'AwaitExpression':
      return true;
    case 'ConditionalExpression':
      return parent.test !== child;
    case 'LogicalExpression':
      return true;
    case 'SequenceExpression':
      return parent.expressions[parent.expressions.length - 1] === child;
    default:
      return false;
  }
}

/** Climb from a value through the wrappers that keep it. */
export function outermostValue(node: Node): Node {
  let current = node;
  while (current.parent && isValueWrapper(current.parent, current)) current = current.parent;
  return current;
}

/**
 * The one value a variable holds, when it is bound once and never written again: `const x = v`, or a
 * `let x = v` nobody assigns. Parameters, imports and reassigned variables have no single value.
 */
export function singleValue(id: TSESTree.Identifier, prov: Provenance): Node | undefined {
  const variable = prov.variableOf(id);
  if (!variable || variable.defs.length !== 1) return undefined;
  const def = variable.defs[0]!;
  if (def.type !== 'Variable' || def.node.type !== 'VariableDeclarator' || def.node.id.type !== 'Identifier' || !def.node.init) return undefined;
  if (writesAfterInit(variable, def.node)) return undefined;
  return def.node.init;
}

export function writesAfterInit(variable: VariableLike, declarator: Node): boolean {
  return variable.references.some((r) => r.isWrite() && r.writeExpr !== (declarator as TSESTree.VariableDeclarator).init);
}

/** Follow identifiers to their single value, through casts, `await` and parentheses. */
export function resolveValue(node: Node, prov: Provenance, depth = 0): Node {
  const n = unwrapAll(node);
  if (n.type === 'Identifier' && depth < 6) {
    const v = singleValue(n, prov);
    if (v) return resolveValue(v, prov, depth + 1);
  }
  return n;
}

/** `unwrap` plus `await`: the finder's wrappers and the promise a value was awaited from. */
export function unwrapAll(node: Node): Node {
  let n = unwrap(node);
  while (n.type === 'AwaitExpression') n = unwrap(n.argument);
  return n;
}

/** The object literal an expression stands for: inline, or a variable bound once to one. */
export function objectOf(node: Node | undefined | null, prov: Provenance): TSESTree.ObjectExpression | undefined {
  if (!node) return undefined;
  const n = resolveValue(node, prov);
  return n.type === 'ObjectExpression' ? n : undefined;
}

/** What an object literal says about one key, reading through spreads of other known literals. */
export type Field =
  | { state: 'own'; property: TSESTree.Property; value: Node }
  | { state: 'inherited'; property: TSESTree.Property; value: Node; spread: TSESTree.SpreadElement }
  | { state: 'absent' }
  | { state: 'unknown' };

export function fieldOf(obj: TSESTree.ObjectExpression, key: string, prov: Provenance, depth = 0): Field {
  // Later properties win, so read from the end.
  for (let i = obj.properties.length - 1; i >= 0; i--) {
    const p = obj.properties[i]!;
    if (p.type === 'Property') {
      if (p.computed && staticString(p.key) === undefined) return { state: 'unknown' };
      if (propertyName(p) === key) return { state: 'own', property: p, value: p.value };
      continue;
    }
    const source = depth < 4 ? objectOf(p.argument, prov) : undefined;
    if (!source) return { state: 'unknown' };
    const inner = fieldOf(source, key, prov, depth + 1);
    if (inner.state === 'own' || inner.state === 'inherited') return { state: 'inherited', property: inner.property, value: inner.value, spread: p };
    if (inner.state === 'unknown') return { state: 'unknown' };
  }
  return { state: 'absent' };
}

/** `undefined` (the global) or `void 0`: a property holding it is as good as absent on the wire. */
export function isUndefined(node: Node, prov: Provenance): boolean {
  const n = unwrap(node);
  if (n.type === 'Identifier' && n.name === 'undefined') return !prov.variableOf(n)?.defs.length;
  return n.type === 'UnaryExpression' && n.operator === 'void';
}

/** A global such as `JSON`, `Buffer` or `btoa`, not shadowed by a local binding. */
export function isGlobal(node: Node, name: string, prov: Provenance): boolean {
  const n = unwrap(node);
  return n.type === 'Identifier' && n.name === name && !prov.variableOf(n)?.defs.length;
}

/** `JSON.stringify`, `Buffer.from`: a method of an unshadowed global. */
export function isGlobalMethod(callee: Node, object: string, method: string, prov: Provenance): boolean {
  const c = unwrap(callee);
  return c.type === 'MemberExpression' && propertyName(c) === method && isGlobal(c.object, object, prov);
}

/** Whether two expressions read the same storage: the same variable, then the same property names. */
export function sameReference(a: Node, b: Node, prov: Provenance): boolean {
  const x = unwrap(a);
  const y = unwrap(b);
  if (x.type === 'Identifier' && y.type === 'Identifier') {
    const vx = prov.variableOf(x);
    return !!vx && vx === prov.variableOf(y);
  }
  if (x.type === 'MemberExpression' && y.type === 'MemberExpression') {
    const kx = propertyName(x);
    return kx !== undefined && kx === propertyName(y) && sameReference(x.object, y.object, prov);
  }
  if (x.type === 'ThisExpression' && y.type === 'ThisExpression') return true;
  return false;
}

/** The variable an expression's reference chain starts from (`a` in `a.b.c`). */
export function rootIdentifier(node: Node): TSESTree.Identifier | undefined {
  let n = unwrap(node);
  while (n.type === 'MemberExpression') n = unwrap(n.object);
  return n.type === 'Identifier' ? n : undefined;
}

/** Inside the arguments of `console.log(...)` and friends: diagnostics, not behaviour. */
export function insideConsoleCall(node: Node): boolean {
  let current: Node | undefined = node.parent;
  while (current && !isFunction(current)) {
    if (current.type === 'CallExpression') {
      const callee = unwrap(current.callee);
      const object = callee.type === 'MemberExpression' ? unwrap(callee.object) : undefined;
      if (object?.type === 'Identifier' && object.name === 'console') return true;
    }
    current = current.parent;
  }
  return false;
}

/** The identifiers a declaration pattern binds (`x`, `{ a, b: c }`, `[d, ...e]`). */
export function boundIdentifiers(pattern: Node): TSESTree.Identifier[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => boundIdentifiers(p.type === 'Property' ? p.value : p.argument));
    case 'ArrayPattern':
      return pattern.elements.flatMap((e) => (e ? boundIdentifiers(e) : []));
    case 'AssignmentPattern':
      return boundIdentifiers(pattern.left);
    case 'RestElement':
      return boundIdentifiers(pattern.argument);
    default:
      return [];
  }
}

/** Read references of the variables a declarator binds. */
export function readsOfDeclared(declarator: TSESTree.VariableDeclarator, prov: Provenance): TSESTree.Identifier[] {
  const out: TSESTree.Identifier[] = [];
  for (const id of boundIdentifiers(declarator.id)) {
    const variable = prov.variableOf(id);
    for (const ref of variable?.references ?? []) if (!ref.isWrite()) out.push(ref.identifier as TSESTree.Identifier);
  }
  return out;
}

/** Climb out of `?.` chains and `!`, which keep the reference. */
export function climbTransparent(node: Node): Node {
  let at = node;
  while (at.parent && (at.parent.type === 'ChainExpression' || at.parent.type === 'TSNonNullExpression')) at = at.parent;
  return at;
}

/** Every expression in the file that reads the same storage as `subject` (`first`, `reply.result`). */
export function referencesOf(subject: Node, prov: Provenance): Node[] {
  const root = rootIdentifier(subject);
  const variable = root && prov.variableOf(root);
  if (!variable) return [];
  const path: string[] = [];
  for (let n = unwrap(subject); n.type === 'MemberExpression'; n = unwrap(n.object)) path.unshift(propertyName(n) ?? '\0');
  const out: Node[] = [];
  for (const ref of variable.references) {
    if (ref.isWrite() && !ref.writeExpr) continue;
    let at: Node = ref.identifier;
    let ok = true;
    for (const key of path) {
      const p = climbTransparent(at).parent;
      if (p?.type !== 'MemberExpression' || p.object !== climbTransparent(at) || propertyName(p) !== key) {
        ok = false;
        break;
      }
      at = p;
    }
    if (ok) out.push(at);
  }
  return out;
}

