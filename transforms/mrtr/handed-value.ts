// A function that makes the roots request, handed on as a value and called where it arrives (pi-delegate-mcp:
// `registerAllTools(server, { config, getRoots })`, each tool calling `ctx.getRoots()` through a helper that takes the
// object; a constructor argument kept in a private field and called as `this.getContext()`). The value is followed —
// argument to parameter, object property to a member read or destructured name of the parameter, constructor argument
// to its field, a local variable holding it, across files through imports — to every call of it. Those calls are the
// hops a handler's ctx is threaded through; the declared function types on the way (`getRoots: () => Promise<string[]>`)
// gain the ctx parameter too. Any use not followed (stored elsewhere, spread, read and not called) gives a reason.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, castOuter, enclosingFunction, functionName, isFunction, locOf, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import type { ProjectIndex, UnitIndex } from './project-index.ts';
import type { Unit } from './unit.ts';

export interface HandedCall {
  unit: Unit;
  call: TSESTree.CallExpression;
}

/** A declared function type the value travels under: it gains the ctx parameter with the function. */
export interface HandedType {
  unit: Unit;
  node: TSESTree.TSFunctionType | TSESTree.TSMethodSignature;
}

export type Handed = { calls: HandedCall[]; types: HandedType[] } | { why: string };

const MAX_DEPTH = 6;

class NotFollowed extends Error {}

/** Every call of `fn`'s value handed on, or why one use cannot be followed; undefined when it is never handed on. */
export function handedCalls(fn: FunctionNode, unit: Unit, project?: ProjectIndex): Handed | undefined {
  const refs = unit.prov.referencesTo(fn).filter((ref) => !isCall(ref) && ref.parent?.type !== 'TSTypeQuery');
  if (refs.length === 0) return undefined;
  const follower = new Follower(project && 'unitAt' in project ? (project as ProjectIndex & UnitIndex) : undefined, functionName(fn) ?? 'the function');
  try {
    for (const ref of refs) follower.arrive(ref, unit, 0);
  } catch (error) {
    if (error instanceof NotFollowed) return { why: error.message };
    throw error;
  }
  return { calls: follower.calls, types: follower.types };
}

function isCall(ref: Node): boolean {
  const outer = castOuter(ref);
  return outer.parent?.type === 'CallExpression' && outer.parent.callee === outer;
}

class Follower {
  calls: HandedCall[] = [];
  types: HandedType[] = [];
  private seen = new Set<Node>();

  private units: UnitIndex | undefined;
  private name: string;

  constructor(units: UnitIndex | undefined, name: string) {
    this.units = units;
    this.name = name;
  }

  private fail(why: string, at: Node, unit: Unit): never {
    throw new NotFollowed(`${this.name}() is handed on as a value and ${why} (line ${locOf(at).start.line}${unit ? ` of ${unit.path.split(/[\\/]/).pop()}` : ''}), so uproot cannot find every call to pass the request's ctx through`);
  }

  /** The function's value is the expression `ref`: called, stored, handed to a call, or put in an object. */
  arrive(ref: Node, unit: Unit, depth: number): void {
    const at = castOuter(ref);
    const p = at.parent;
    if (p?.type === 'CallExpression' && p.callee === at) {
      this.calls.push({ unit, call: p });
      return;
    }
    if (p?.type === 'Property' && p.value === at && !p.computed && p.parent?.type === 'ObjectExpression') {
      const key = propertyName(p);
      if (!key) this.fail('is put under a computed key', p, unit);
      this.holder(castOuter(p.parent), key, unit, depth);
      return;
    }
    if ((p?.type === 'CallExpression' || p?.type === 'NewExpression') && p.arguments.includes(at as TSESTree.CallExpressionArgument)) {
      const param = this.parameter(p, p.arguments.indexOf(at as TSESTree.CallExpressionArgument), unit, depth);
      this.bind(param.node, param.unit, depth + 1);
      return;
    }
    if (p?.type === 'VariableDeclarator' && p.init === at && p.id.type === 'Identifier') {
      this.widen(p.id.typeAnnotation, p, unit);
      this.variable(p.id, unit, depth + 1, (r, u, d) => this.arrive(r, u, d));
      return;
    }
    if (p?.type === 'AssignmentExpression' && p.right === at && p.left.type === 'MemberExpression' && p.left.object.type === 'ThisExpression') {
      const cls = constructorClass(p);
      const key = propertyName(p.left);
      if (!cls || !key) this.fail('is kept in a field outside a constructor', p, unit);
      this.field(cls, key, unit);
      return;
    }
    this.fail('is used in a way uproot does not follow', at, unit);
  }

  /** An object literal holding the value under `key`. */
  private holder(obj: Node, key: string, unit: Unit, depth: number): void {
    const p = obj.parent;
    if ((p?.type === 'CallExpression' || p?.type === 'NewExpression') && p.arguments.includes(obj as TSESTree.CallExpressionArgument)) {
      const param = this.parameter(p, p.arguments.indexOf(obj as TSESTree.CallExpressionArgument), unit, depth);
      this.holderBinding(param.node, key, param.unit, depth + 1);
      return;
    }
    if (p?.type === 'VariableDeclarator' && p.init === obj) {
      this.holderBinding(p.id, key, unit, depth + 1);
      return;
    }
    this.fail(`is put in an object (property ${key}) that is not handed to a function uproot can find`, obj, unit);
  }

  /** A name or pattern bound to an object holding the value under `key`. */
  private holderBinding(node: Node | undefined, key: string, unit: Unit, depth: number): void {
    if (!node) return this.fail(`is passed to a function with no parameter for it`, this.lastAt ?? unit.ast, unit);
    if (this.seen.has(node)) return;
    this.seen.add(node);
    if (depth > MAX_DEPTH) this.fail('is passed on through more functions than uproot follows', node, unit);
    if (node.type === 'Identifier') {
      this.widenMember(node.typeAnnotation, key, node, unit);
      this.variable(node, unit, depth, (r, u, d) => this.holderRead(r, key, u, d));
      return;
    }
    if (node.type === 'ObjectPattern') {
      if (node.properties.some((q) => q.type === 'RestElement')) this.fail('is gathered with a rest element', node, unit);
      const prop = node.properties.find((q): q is TSESTree.Property => q.type === 'Property' && !q.computed && propertyName(q) === key);
      if (!prop) return;
      this.widenMember(node.typeAnnotation, key, node, unit);
      if (prop.value.type !== 'Identifier') this.fail(`is destructured as ${key} into a pattern or with a default`, prop, unit);
      this.variable(prop.value, unit, depth, (r, u, d) => this.arrive(r, u, d));
      return;
    }
    this.fail('is passed to a parameter with a default or a pattern uproot does not follow', node, unit);
  }

  /** A read of a variable that holds the object: `o.key(…)` is a call; `o` handed on is followed; other members are left. */
  private holderRead(ref: Node, key: string, unit: Unit, depth: number): void {
    const at = castOuter(ref);
    const p = at.parent;
    if (p?.type === 'MemberExpression' && p.object === at) {
      if (p.computed && !(p.property.type === 'Literal' && p.property.value === key)) this.fail('is in an object read with a computed key', p, unit);
      if ((p.computed ? (p.property as TSESTree.Literal).value : propertyName(p)) !== key) return;
      this.arrive(p, unit, depth);
      return;
    }
    if ((p?.type === 'CallExpression' || p?.type === 'NewExpression') && p.arguments.includes(at as TSESTree.CallExpressionArgument)) {
      const param = this.parameter(p, p.arguments.indexOf(at as TSESTree.CallExpressionArgument), unit, depth);
      this.holderBinding(param.node, key, param.unit, depth + 1);
      return;
    }
    if (p?.type === 'VariableDeclarator' && p.init === at) {
      this.holderBinding(p.id, key, unit, depth + 1);
      return;
    }
    this.fail(`is in an object (property ${key}) used in a way uproot does not follow`, at, unit);
  }

  /** A parameter (or field) bound to the value itself. */
  private bind(node: Node | undefined, unit: Unit, depth: number): void {
    if (!node) return this.fail('is passed to a function with no parameter for it', this.lastAt ?? unit.ast, unit);
    if (this.seen.has(node)) return;
    this.seen.add(node);
    if (depth > MAX_DEPTH) this.fail('is passed on through more functions than uproot follows', node, unit);
    if (node.type === 'Identifier') {
      this.widen(node.typeAnnotation, node, unit);
      this.variable(node, unit, depth, (r, u, d) => this.arrive(r, u, d));
      return;
    }
    if (node.type === 'TSParameterProperty' && node.parameter.type === 'Identifier') {
      if (node.accessibility !== 'private') this.fail(`is kept in the field ${node.parameter.name}, which code outside the class may call`, node, unit);
      this.widen(node.parameter.typeAnnotation, node, unit);
      const cls = constructorClass(node);
      if (!cls) this.fail('is kept by a constructor uproot cannot place', node, unit);
      this.field(cls, node.parameter.name, unit);
      return;
    }
    this.fail('is passed to a parameter with a default or a pattern uproot does not follow', node, unit);
  }

  private variable(id: TSESTree.Identifier, unit: Unit, depth: number, each: (ref: Node, unit: Unit, depth: number) => void): void {
    const variable = unit.prov.variableOf(id);
    if (!variable) this.fail('is bound to a name uproot cannot resolve', id, unit);
    for (const r of variable.references) {
      if (r.identifier === id) continue;
      if (r.isWrite()) this.fail(`is held in ${id.name}, which is assigned again`, r.identifier, unit);
      if (r.identifier.parent?.type === 'TSTypeQuery') continue;
      each(r.identifier as Node, unit, depth);
    }
  }

  /** `this.key` in the class: calls are hops; the constructor's own assignment is the store; anything else stops. */
  private field(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, key: string, unit: Unit): void {
    walkAll(cls.body, (n) => {
      if (n.type !== 'MemberExpression' || n.object.type !== 'ThisExpression' || propertyName(n) !== key) return;
      const outer = castOuter(n);
      const p = outer.parent;
      if (p?.type === 'CallExpression' && p.callee === outer) this.calls.push({ unit, call: p });
      else if (p?.type === 'AssignmentExpression' && p.left === n && constructorClass(p) === cls) return;
      else this.fail(`is kept in the field ${key}, read other than to call it`, n, unit);
    });
    const definition = cls.body.body.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && propertyName(m) === key);
    if (definition) {
      if (definition.accessibility !== 'private' && definition.key.type !== 'PrivateIdentifier') this.fail(`is kept in the field ${key}, which code outside the class may call`, definition, unit);
      this.widen(definition.typeAnnotation, definition, unit);
    }
  }

  private lastAt: Node | undefined;

  /** The parameter at `index` of the function or class a call enters. */
  private parameter(call: TSESTree.CallExpression | TSESTree.NewExpression, index: number, unit: Unit, depth: number): { node: Node | undefined; unit: Unit } {
    this.lastAt = call;
    if (depth > MAX_DEPTH) this.fail('is passed on through more functions than uproot follows', call, unit);
    if (call.arguments.slice(0, index + 1).some((a) => a.type === 'SpreadElement')) this.fail('is passed among spread arguments', call, unit);
    const target = calleeTarget(call, unit, this.units);
    if (!target) this.fail(`is handed to ${describeCallee(call, unit)}, which uproot cannot find`, call, unit);
    const fn = isFunction(target.node) ? target.node : constructorOf(target.node as TSESTree.ClassDeclaration);
    if (!fn) this.fail(`is handed to ${describeCallee(call, unit)}, whose constructor uproot cannot find`, call, unit);
    if (fn.params.some((q, i) => i <= index && q.type === 'RestElement')) this.fail('is gathered into rest parameters', call, unit);
    return { node: fn.params[index], unit: target.unit };
  }

  private widen(annotation: TSESTree.TSTypeAnnotation | undefined, at: Node, unit: Unit): void {
    if (!annotation) return;
    const type = annotation.typeAnnotation;
    if (type.type === 'TSFunctionType') this.types.push({ unit, node: type });
    else this.fail('is declared with a type other than a function type', at, unit);
  }

  /** The member `key` of the declared object type: a function type or a method signature. */
  private widenMember(annotation: TSESTree.TSTypeAnnotation | undefined, key: string, at: Node, unit: Unit): void {
    if (!annotation) return;
    const found = typeMembers(annotation.typeAnnotation, unit, this.units);
    if (!found) this.fail('travels in an object whose declared type uproot cannot read', at, unit);
    const member = found.members.find((m) => (m.type === 'TSPropertySignature' || m.type === 'TSMethodSignature') && !m.computed && m.key.type === 'Identifier' && m.key.name === key);
    if (!member) this.fail(`travels in an object whose declared type has no member ${key} of its own`, at, unit);
    if (member.type === 'TSMethodSignature') this.types.push({ unit: found.unit, node: member });
    else if (member.type === 'TSPropertySignature' && member.typeAnnotation?.typeAnnotation.type === 'TSFunctionType') this.types.push({ unit: found.unit, node: member.typeAnnotation.typeAnnotation });
    else this.fail(`travels in an object whose declared type gives ${key} a type other than a function type`, at, unit);
  }
}

function constructorClass(node: Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  const fn = node.type === 'TSParameterProperty' ? (node.parent as Node | undefined) : enclosingFunction(node);
  const method = fn?.parent;
  if (method?.type !== 'MethodDefinition' || method.kind !== 'constructor') return undefined;
  return method.parent?.parent as TSESTree.ClassDeclaration | TSESTree.ClassExpression;
}

function constructorOf(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression): FunctionNode | undefined {
  if (cls.type !== 'ClassDeclaration' && cls.type !== 'ClassExpression') return undefined;
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  return ctor?.value.type === 'FunctionExpression' ? ctor.value : undefined;
}

function describeCallee(call: TSESTree.CallExpression | TSESTree.NewExpression, unit: Unit): string {
  const callee = unwrap(call.callee);
  const text = unit.text.slice(callee.range[0], callee.range[1]);
  return call.type === 'NewExpression' ? `new ${text}()` : `${text}()`;
}

type Target = { node: FunctionNode | TSESTree.ClassDeclaration; unit: Unit };

/** The function or class a plain-named callee declares, in this file or (through imports and barrels) another of the run. */
function calleeTarget(call: TSESTree.CallExpression | TSESTree.NewExpression, unit: Unit, units: UnitIndex | undefined): Target | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return undefined;
  const def = unit.prov.variableOf(callee)?.defs[0];
  if (!def) return undefined;
  if (def.type === 'FunctionName' && isFunction(def.node as Node)) return { node: def.node as FunctionNode, unit };
  if (def.type === 'ClassName' && def.node.type === 'ClassDeclaration') return { node: def.node, unit };
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init && isFunction(unwrap(def.node.init))) {
    return { node: unwrap(def.node.init) as FunctionNode, unit };
  }
  if (def.type !== 'ImportBinding' || !units) return undefined;
  const spec = def.node;
  const declaration = def.parent;
  if ((spec.type !== 'ImportSpecifier' && spec.type !== 'ImportDefaultSpecifier') || declaration?.type !== 'ImportDeclaration') return undefined;
  const name = spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
  const found = unit.prov.moduleOrigin?.graph?.exportedAt?.(unit.path, declaration.source.value, name);
  const target = found && unwrap(found.node);
  if (!target || !(isFunction(target) || target.type === 'ClassDeclaration')) return undefined;
  const other = units.unitAt(found.module.file);
  const node = other && nodeAt(other.ast, target.range, (n): n is FunctionNode | TSESTree.ClassDeclaration => n.type === target.type);
  return other && node ? { node, unit: other } : undefined;
}

/** The members of a declared object type: a literal, or an interface or type alias of this file or one it imports. */
function typeMembers(type: TSESTree.TypeNode, unit: Unit, units: UnitIndex | undefined): { members: TSESTree.TypeElement[]; unit: Unit } | undefined {
  if (type.type === 'TSTypeLiteral') return { members: type.members, unit };
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier' || type.typeArguments) return undefined;
  const name = type.typeName.name;
  const local = declaredType(unit.ast, name);
  if (local) return local.type === 'TSInterfaceDeclaration' ? (local.extends.length ? undefined : { members: local.body.body, unit }) : typeMembers(local.typeAnnotation, unit, units);
  // An imported type: the module that declares it.
  for (const s of unit.ast.body) {
    if (s.type !== 'ImportDeclaration' || !units) continue;
    const spec = s.specifiers.find((x): x is TSESTree.ImportSpecifier => x.type === 'ImportSpecifier' && x.local.name === name);
    if (!spec) continue;
    const imported = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
    const found = unit.prov.moduleOrigin?.graph?.exportedAt?.(unit.path, s.source.value, imported);
    const other = found && units.unitAt(found.module.file);
    if (!other) return undefined;
    const there = declaredType(other.ast, imported);
    if (!there) return undefined;
    return there.type === 'TSInterfaceDeclaration' ? (there.extends.length ? undefined : { members: there.body.body, unit: other }) : typeMembers(there.typeAnnotation, other, units);
  }
  return undefined;
}

function declaredType(program: TSESTree.Program, name: string): TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration | undefined {
  for (const s of program.body) {
    const d = s.type === 'ExportNamedDeclaration' ? s.declaration : s;
    if ((d?.type === 'TSInterfaceDeclaration' || d?.type === 'TSTypeAliasDeclaration') && d.id.name === name) return d;
  }
  return undefined;
}

function nodeAt<T extends Node>(root: Node, range: readonly [number, number], is: (n: Node) => n is T): T | undefined {
  let found: T | undefined;
  walkAll(root, (n) => {
    if (!found && n.range[0] === range[0] && n.range[1] === range[1] && is(n)) found = n;
  });
  return found;
}
