// Declared types that carry an MCP receiver without type information: interface members
// (`{ server }: McpToolContext`, also from another module), indexed access (`Ctx['server']`),
// getter and return types, the elements of a typed Map or array, and callbacks typed by a
// function-typed parameter. Only annotations are read; an `any`-typed value proves nothing.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type VariableLike, isFunction, propertyName, staticString, thisClass, unwrap } from './ast.ts';
import type { DeclaredFunction, TypeHost } from './provenance-shapes.ts';
import type { McpValue } from './surface.ts';

/** A declared type and the member path below it that an expression stands for. */
export interface DeclaredType {
  type: TSESTree.TypeNode;
  path: string[];
  /** The file the type is written in, when not the asking one (a function imported from another module). */
  host?: TypeHost;
}

const MAX_TYPE_DEPTH = 6;
/** Wrappers whose first type argument is the value itself (`await` and readonly views see through them). */
const TRANSPARENT = new Set(['Promise', 'PromiseLike', 'Readonly', 'NonNullable', 'Awaited']);
/** Containers whose last type argument is what for-of / `.values()` / `.get()` hand out. */
const CONTAINERS = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet', 'Map', 'ReadonlyMap', 'WeakMap', 'Record']);

/** The MCP value of the member at `path` of a type: literals, interfaces and aliases here or in another module. */
export function typeMemberValue(host: TypeHost, type: TSESTree.TypeNode, path: string[], depth = 0): McpValue | undefined {
  if (depth > MAX_TYPE_DEPTH) return undefined;
  if (path.length === 0) return host.typeValue(type) ?? transparentValue(host, type, depth);
  switch (type.type) {
    case 'TSUnionType':
    case 'TSIntersectionType':
      for (const t of type.types) {
        const v = typeMemberValue(host, t, path, depth + 1);
        if (v) return v;
      }
      return undefined;
    case 'TSTypeLiteral':
      return membersValue(host, type.members, path, depth);
    case 'TSIndexedAccessType': {
      const key = indexKey(type);
      return key === undefined ? undefined : typeMemberValue(host, type.objectType, [key, ...path], depth + 1);
    }
    case 'TSTypeReference':
      return referenceMemberValue(host, type, path, depth);
    default:
      return undefined;
  }
}

/** `Promise<Server>` / `Readonly<Ctx>` seen through, for an awaited or readonly value. */
function transparentValue(host: TypeHost, type: TSESTree.TypeNode, depth: number): McpValue | undefined {
  if (type.type === 'TSIndexedAccessType') {
    const key = indexKey(type);
    return key === undefined ? undefined : typeMemberValue(host, type.objectType, [key], depth + 1);
  }
  if (type.type === 'TSUnionType') {
    for (const t of type.types) {
      const v = typeMemberValue(host, t, [], depth + 1);
      if (v) return v;
    }
    return undefined;
  }
  const inner = transparentArgument(type);
  if (inner) return typeMemberValue(host, inner, [], depth + 1);
  // A local alias (`type Host = Server`) or one imported from another module, or a type parameter's bound.
  if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier') {
    const bound = typeParameterBound(host, type.typeName);
    if (bound) return typeMemberValue(host, bound, [], depth + 1);
    const decl = localTypeDeclaration(host, type.typeName);
    if (decl?.type === 'TSTypeAliasDeclaration') return typeMemberValue(host, decl.typeAnnotation, [], depth + 1);
  }
  return undefined;
}

function referenceMemberValue(host: TypeHost, type: TSESTree.TSTypeReference, path: string[], depth: number): McpValue | undefined {
  const inner = transparentArgument(type);
  if (inner) return typeMemberValue(host, inner, path, depth + 1);
  if (type.typeName.type !== 'Identifier') return undefined;
  const bound = typeParameterBound(host, type.typeName);
  if (bound) return typeMemberValue(host, bound, path, depth + 1);
  const decl = localTypeDeclaration(host, type.typeName);
  if (decl) return declarationMemberValue(host, decl, path, depth);
  // Declared in another module of the project: the module graph reads it there.
  const imported = importedTypeSource(host.variableOf(type.typeName));
  return imported && host.origin ? host.origin.graph.exportTypeMember(host.origin.file, imported.source, imported.name, path) : undefined;
}

/** The member at `path` of an interface or type alias declaration. */
export function declarationMemberValue(host: TypeHost, decl: Node, path: string[], depth = 0): McpValue | undefined {
  if (decl.type === 'TSTypeAliasDeclaration') return typeMemberValue(host, decl.typeAnnotation, path, depth + 1);
  if (decl.type !== 'TSInterfaceDeclaration') return undefined;
  const own = membersValue(host, decl.body.body, path, depth);
  if (own) return own;
  // `interface ToolContext extends BaseContext`: inherited members.
  for (const heritage of decl.extends ?? []) {
    if (heritage.expression.type !== 'Identifier') continue;
    const base = localTypeDeclaration(host, heritage.expression);
    const v = base && declarationMemberValue(host, base, path, depth + 1);
    if (v) return v;
  }
  return undefined;
}

function membersValue(host: TypeHost, members: TSESTree.TypeElement[], path: string[], depth: number): McpValue | undefined {
  for (const m of members) {
    if (m.type !== 'TSPropertySignature' || m.computed || propertyName(m as never) !== path[0]) continue;
    const annotation = m.typeAnnotation?.typeAnnotation;
    return annotation ? typeMemberValue(host, annotation, path.slice(1), depth + 1) : undefined;
  }
  return undefined;
}

function indexKey(type: TSESTree.TSIndexedAccessType): string | undefined {
  const index = type.indexType;
  return index.type === 'TSLiteralType' ? staticString(index.literal as Node) : undefined;
}

function transparentArgument(type: TSESTree.TypeNode): TSESTree.TypeNode | undefined {
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier' || !TRANSPARENT.has(type.typeName.name)) return undefined;
  return typeArguments(type)[0];
}

function typeArguments(type: TSESTree.TSTypeReference): TSESTree.TypeNode[] {
  const args = (type as { typeArguments?: TSESTree.TSTypeParameterInstantiation }).typeArguments ??
    (type as { typeParameters?: TSESTree.TSTypeParameterInstantiation }).typeParameters;
  return args?.params ?? [];
}

/** An interface or alias declared in this file under that name. */
export function localTypeDeclaration(host: TypeHost, name: TSESTree.Identifier): Node | undefined {
  return host.variableOf(name)?.defs.find((d) => d.node.type === 'TSInterfaceDeclaration' || d.node.type === 'TSTypeAliasDeclaration')?.node;
}

/**
 * The bound of a type parameter (`class Base<T extends BaseSession>`): every `T` has the bound's members, so
 * `T`'s `server` is the bound's `server`. A default alone (`<T = BaseSession>`) proves nothing: `T` may be anything.
 */
function typeParameterBound(host: TypeHost, name: TSESTree.Identifier): TSESTree.TypeNode | undefined {
  const param = host.variableOf(name)?.defs.find((d) => d.node.type === 'TSTypeParameter')?.node as TSESTree.TSTypeParameter | undefined;
  return param?.constraint;
}

function importedTypeSource(variable: VariableLike | undefined): { source: string; name: string } | undefined {
  const def = variable?.defs[0];
  if (def?.type !== 'ImportBinding' || def.parent?.type !== 'ImportDeclaration' || def.node.type !== 'ImportSpecifier') return undefined;
  const imported = def.node.imported;
  return { source: def.parent.source.value, name: imported.type === 'Identifier' ? imported.name : String(imported.value) };
}

/** What one element of a typed container is: `Map<string, Connected>`, `Client[]`, `Set<Server>`. */
export function elementType(type: TSESTree.TypeNode | undefined): TSESTree.TypeNode | undefined {
  if (!type) return undefined;
  if (type.type === 'TSArrayType') return type.elementType;
  if (type.type === 'TSTypeOperator' && type.typeAnnotation) return elementType(type.typeAnnotation);
  if (type.type === 'TSUnionType') {
    for (const t of type.types) {
      const e = elementType(t);
      if (e) return e;
    }
    return undefined;
  }
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier' || !CONTAINERS.has(type.typeName.name)) return undefined;
  const args = typeArguments(type);
  return args[args.length - 1];
}

/** The declared type of an expression, read from annotations only (never inferred). */
export function declaredTypeOf(host: TypeHost, input: Node, depth = 0): DeclaredType | undefined {
  if (depth > MAX_TYPE_DEPTH) return undefined;
  // `transport as StdioTransport`: the cast names the type (`as any`, `as const` and the like prove nothing).
  if ((input.type === 'TSAsExpression' || input.type === 'TSTypeAssertion') && isNamedType(input.typeAnnotation)) return { type: input.typeAnnotation, path: [] };
  const node = unwrap(input);
  if (node.type === 'AwaitExpression') return declaredTypeOf(host, node.argument, depth + 1);
  if (node.type === 'Identifier') return identifierType(host, node, depth);
  if (node.type === 'MemberExpression') {
    const key = node.property.type === 'PrivateIdentifier' ? `#${node.property.name}` : node.computed ? staticString(node.property) : propertyName(node);
    if (key === undefined) return undefined;
    const object = unwrap(node.object);
    if (object.type === 'ThisExpression') {
      const own = classMemberType(object, key);
      if (own) return { type: own, path: [] };
      // `private readonly pool = new Map<string, Connected>()`: the initializer's type arguments.
      const init = classFieldInit(object, key);
      const typed = init && declaredTypeOf(host, init, depth + 1);
      if (typed) return typed;
    }
    const base = declaredTypeOf(host, object, depth + 1);
    return base && { ...base, path: [...base.path, key] };
  }
  if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && CONTAINERS.has(node.callee.name)) {
    const args = (node as { typeArguments?: TSESTree.TSTypeParameterInstantiation }).typeArguments ?? (node as { typeParameters?: TSESTree.TSTypeParameterInstantiation }).typeParameters;
    // Read as the annotation `Map<string, Connected>` would be.
    if (args?.params.length) return { type: { type: 'TSTypeReference', typeName: node.callee, typeArguments: args } as unknown as TSESTree.TypeNode, path: [] };
  }
  if (node.type === 'CallExpression') {
    const called = calledFunction(host, node, depth);
    const returns = called?.fn.returnType?.typeAnnotation;
    if (returns) return { type: returns, path: [], host: called.host };
    // `map.get(key)` / `map.values()` on a typed container hand out its elements.
    const callee = unwrap(node.callee);
    if (callee.type === 'MemberExpression' && propertyName(callee) === 'get') {
      const container = declaredTypeOf(host, callee.object, depth + 1);
      const element = container && container.path.length === 0 ? elementType(container.type) : undefined;
      if (element) return { type: element, path: [], host: container?.host };
    }
  }
  return undefined;
}

function identifierType(host: TypeHost, id: TSESTree.Identifier, depth: number): DeclaredType | undefined {
  const def = host.variableOf(id)?.defs[0];
  if (!def) return undefined;
  const name = def.name as TSESTree.Identifier;
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator') {
    const declarator = def.node;
    const loop = declarator.parent?.parent;
    if (loop?.type === 'ForOfStatement' && loop.left === declarator.parent) return iteratedType(host, loop.right, declarator.id, name, depth);
    const path = patternKeys(declarator.id, name);
    if (!path) return undefined;
    const annotation = declarator.id.typeAnnotation?.typeAnnotation;
    if (annotation) return { type: annotation, path };
    if (declarator.init) {
      const init = declaredTypeOf(host, declarator.init, depth + 1);
      return init && { ...init, path: [...init.path, ...path] };
    }
    return undefined;
  }
  if (def.type === 'Parameter' && isFunction(def.node)) {
    const fn = def.node;
    const index = fn.params.findIndex((p) => patternKeys(p.type === 'AssignmentPattern' ? p.left : p, name) !== undefined);
    const param = fn.params[index];
    if (!param) return undefined;
    const declared = param.type === 'AssignmentPattern' ? param.left : param;
    const path = patternKeys(declared, name)!;
    const annotation = (declared as TSESTree.Identifier).typeAnnotation?.typeAnnotation;
    if (annotation) return { type: annotation, path };
    const callback = callbackParameterType(host, fn, index) ?? contextualParameterType(host, fn, index);
    return callback && { ...callback, path };
  }
  return undefined;
}

/** `for (const c of list)`, `of map.values()`, `for (const [id, c] of map)`: the element's declared type. */
function iteratedType(host: TypeHost, iterable: Node, pattern: Node, name: TSESTree.Identifier, depth: number): DeclaredType | undefined {
  const source = unwrap(iterable);
  let container: DeclaredType | undefined;
  let entries = false;
  const callee = source.type === 'CallExpression' ? unwrap(source.callee) : undefined;
  if (callee?.type === 'MemberExpression' && (propertyName(callee) === 'values' || propertyName(callee) === 'entries')) {
    container = declaredTypeOf(host, callee.object, depth + 1);
    entries = propertyName(callee) === 'entries';
  } else {
    container = declaredTypeOf(host, source, depth + 1);
    entries = !!container && container.path.length === 0 && isMapType(container.type);
  }
  if (!container || container.path.length) return undefined;
  const element = elementType(container.type);
  if (!element) return undefined;
  // `[key, value]` of a Map: only the value position is the element.
  if (entries) {
    if (pattern.type !== 'ArrayPattern' || pattern.elements.length < 2) return undefined;
    const second = pattern.elements[1];
    const path = second ? patternKeys(second, name) : undefined;
    return path ? { type: element, path, host: container.host } : undefined;
  }
  const path = patternKeys(pattern, name);
  return path ? { type: element, path, host: container.host } : undefined;
}

function isMapType(type: TSESTree.TypeNode): boolean {
  return type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && /^(Readonly)?Map$/.test(type.typeName.name);
}

/** `withClient(async (client) => …)` where `withClient(cb: (client: Client) => …)` types the callback. */
function callbackParameterType(host: TypeHost, fn: FunctionNode, index: number): DeclaredType | undefined {
  let call = fn.parent;
  let arg: Node = fn;
  // `runWithServer({ run: async ({ client }) => … })`: the helper's parameter type names the property's callback.
  let key: string | undefined;
  if (call?.type === 'Property' && call.value === fn && call.parent?.type === 'ObjectExpression') {
    key = propertyName(call);
    if (key === undefined) return undefined;
    arg = call.parent;
    call = call.parent.parent;
  }
  if (call?.type !== 'CallExpression') return undefined;
  const position = call.arguments.indexOf(arg as TSESTree.Expression);
  if (position < 0) return undefined;
  const callee = calledFunction(host, call);
  if (!callee) return undefined;
  const param = callee.fn.params[position];
  const declared = param?.type === 'AssignmentPattern' ? param.left : param;
  const annotation = (declared as TSESTree.Identifier | undefined)?.typeAnnotation?.typeAnnotation;
  const typed = key === undefined ? { params: functionTypeParams(annotation), host: callee.host } : memberParams(callee.host, annotation, key);
  const target = (typed?.params?.[index] as TSESTree.Identifier | undefined)?.typeAnnotation?.typeAnnotation;
  return target && typed && { type: target, path: [], host: typed.host };
}

/**
 * `const plugin: Plugin = { async onInit(server) { … } }` (also `satisfies Plugin`): the object's declared
 * type, here or in another module, types the method's parameters.
 */
function contextualParameterType(host: TypeHost, fn: FunctionNode, index: number): DeclaredType | undefined {
  const prop = fn.parent;
  if (prop?.type !== 'Property' || prop.value !== fn || prop.parent?.type !== 'ObjectExpression') return undefined;
  const key = propertyName(prop);
  const holder = prop.parent.parent;
  let type: TSESTree.TypeNode | undefined;
  if (holder?.type === 'VariableDeclarator' && holder.init === prop.parent) type = holder.id.typeAnnotation?.typeAnnotation;
  else if (holder?.type === 'TSSatisfiesExpression' || holder?.type === 'TSAsExpression') type = holder.typeAnnotation;
  if (key === undefined || !type) return undefined;
  const typed = memberParams(host, type, key);
  const target = (typed?.params?.[index] as TSESTree.Identifier | undefined)?.typeAnnotation?.typeAnnotation;
  return target && typed && { type: target, path: [], host: typed.host };
}

/** The parameters of a function type (`(client: Client) => …`, also one arm of a union). */
function functionTypeParams(type: TSESTree.TypeNode | undefined): TSESTree.Parameter[] | undefined {
  if (type?.type === 'TSUnionType') type = type.types.find((t) => t.type === 'TSFunctionType');
  return type?.type === 'TSFunctionType' ? type.params : undefined;
}

/** The callback parameters a member of an object type declares: `run: (ctx: …) => …` or `run(ctx: …): …`. */
function memberParams(host: TypeHost, type: TSESTree.TypeNode | undefined, key: string): { params: TSESTree.Parameter[] | undefined; host: TypeHost } | undefined {
  let members: TSESTree.TypeElement[] | undefined;
  let declaring = host;
  if (type?.type === 'TSTypeLiteral') members = type.members;
  else if (type?.type === 'TSTypeReference' && type.typeName.type === 'Identifier') {
    let decl: Node | undefined = localTypeDeclaration(host, type.typeName);
    // Declared in another module of the project (a workspace package's `Plugin` interface).
    const imported = decl ? undefined : importedTypeSource(host.variableOf(type.typeName));
    const found = imported && host.origin?.graph.exportTypeDeclaration?.(host.origin.file, imported.source, imported.name);
    if (found) {
      decl = found.decl;
      declaring = found.host;
    }
    if (decl?.type === 'TSInterfaceDeclaration') members = decl.body.body;
    else if (decl?.type === 'TSTypeAliasDeclaration' && decl.typeAnnotation.type === 'TSTypeLiteral') members = decl.typeAnnotation.members;
  }
  for (const m of members ?? []) {
    if ((m.type !== 'TSPropertySignature' && m.type !== 'TSMethodSignature') || m.computed || propertyName(m as never) !== key) continue;
    return { params: m.type === 'TSMethodSignature' ? m.params : functionTypeParams(m.typeAnnotation?.typeAnnotation), host: declaring };
  }
  return undefined;
}

const isNamedType = (type: TSESTree.TypeNode) => type.type === 'TSTypeReference' && !(type.typeName.type === 'Identifier' && type.typeName.name === 'const');

/**
 * The function a call invokes: by name (here or imported), `this.method(…)` in the same class, or a method of the
 * class a value is declared as (`(transport as StdioTransport).getSession()`), that class here or in another module.
 */
function calledFunction(host: TypeHost, call: TSESTree.CallExpression, depth?: number): DeclaredFunction | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') {
    const variable = host.variableOf(callee);
    const def = variable?.defs[0];
    if (def?.type === 'FunctionName' && isFunction(def.node)) return { fn: def.node, host };
    if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init) {
      const init = unwrap(def.node.init);
      return isFunction(init) ? { fn: init, host } : undefined;
    }
    const imported = importedTypeSource(variable);
    return imported && host.origin ? host.origin.graph.exportFunction(host.origin.file, imported.source, imported.name) : undefined;
  }
  if (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression') {
    const cls = thisClass(unwrap(callee.object) as TSESTree.ThisExpression);
    const name = propertyName(callee);
    for (const member of cls?.body.body ?? []) {
      if (member.type === 'MethodDefinition' && member.kind === 'method' && propertyName(member) === name && isFunction(member.value)) return { fn: member.value, host };
    }
  }
  // Only when asked for a declared type, whose depth bounds the walk (a callback's parameter type does not go this far).
  if (callee.type === 'MemberExpression' && depth !== undefined) return declaredMethod(host, callee, depth);
  return undefined;
}

function declaredMethod(host: TypeHost, callee: TSESTree.MemberExpression, depth: number): DeclaredFunction | undefined {
  const name = propertyName(callee);
  const declared = name === undefined ? undefined : declaredTypeOf(host, callee.object, depth + 1);
  const type = declared?.path.length === 0 ? declared.type : undefined;
  if (type?.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return undefined;
  const cls = classDeclaration(declared?.host ?? host, type.typeName);
  for (const member of cls?.node.body.body ?? []) {
    if (member.type === 'MethodDefinition' && member.kind === 'method' && propertyName(member) === name && isFunction(member.value)) return { fn: member.value, host: cls!.host };
  }
  return undefined;
}

/** A class declared in this file under that name, or imported from another module of the project. */
function classDeclaration(host: TypeHost, name: TSESTree.Identifier): { node: TSESTree.ClassDeclaration; host: TypeHost } | undefined {
  const variable = host.variableOf(name);
  const local = variable?.defs.find((d) => d.node.type === 'ClassDeclaration')?.node;
  if (local?.type === 'ClassDeclaration') return { node: local, host };
  const imported = importedTypeSource(variable);
  const at = imported && host.origin?.graph.exportedAt?.(host.origin.file, imported.source, imported.name);
  return at?.node.type === 'ClassDeclaration' ? { node: at.node, host: at.module.prov as TypeHost } : undefined;
}

function classFieldInit(self: TSESTree.ThisExpression, key: string): Node | undefined {
  for (const member of thisClass(self)?.body.body ?? []) {
    if (member.type !== 'PropertyDefinition' || !member.value) continue;
    const name = member.key.type === 'PrivateIdentifier' ? `#${member.key.name}` : propertyName(member);
    if (name === key) return member.value;
  }
  return undefined;
}

/** A class member's declared type: a field's annotation or a getter's return type. */
export function classMemberType(self: TSESTree.ThisExpression, key: string): TSESTree.TypeNode | undefined {
  const cls = thisClass(self);
  for (const member of cls?.body.body ?? []) {
    const name = member.type === 'PropertyDefinition' || member.type === 'MethodDefinition'
      ? member.key.type === 'PrivateIdentifier' ? `#${member.key.name}` : propertyName(member)
      : undefined;
    if (name !== key) continue;
    if (member.type === 'PropertyDefinition' && member.typeAnnotation) return member.typeAnnotation.typeAnnotation;
    if (member.type === 'MethodDefinition' && member.kind === 'get' && member.value.returnType) return member.value.returnType.typeAnnotation;
    if (member.type === 'MethodDefinition' && member.kind === 'constructor') continue;
  }
  // `constructor(private readonly ctx: ToolContext)`.
  for (const member of cls?.body.body ?? []) {
    if (member.type !== 'MethodDefinition' || member.kind !== 'constructor') continue;
    for (const param of member.value.params) {
      if (param.type !== 'TSParameterProperty') continue;
      const inner = param.parameter.type === 'AssignmentPattern' ? param.parameter.left : param.parameter;
      if (inner.type === 'Identifier' && inner.name === key && inner.typeAnnotation) return inner.typeAnnotation.typeAnnotation;
    }
  }
  return undefined;
}

/** The chain of keys from a destructuring pattern down to `target` (`[]` for the binding itself). */
export function patternKeys(pattern: Node, target: TSESTree.Identifier): string[] | undefined {
  if (pattern === target) return [];
  if (pattern.type === 'AssignmentPattern') return patternKeys(pattern.left, target);
  if (pattern.type !== 'ObjectPattern') return undefined;
  for (const prop of pattern.properties) {
    if (prop.type !== 'Property') continue;
    const key = propertyName(prop);
    const rest = key === undefined ? undefined : patternKeys(prop.value, target);
    if (rest) return [key!, ...rest];
  }
  return undefined;
}
