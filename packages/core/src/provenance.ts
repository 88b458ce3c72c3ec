// Import provenance and local data flow: decide what an expression is (an MCP Server, a handler
// context, the inputRequired builder, ...) without type information. Type information, when the
// caller has it, is consulted through `typeHint` for what syntax alone cannot see.
import type { TSESTree } from '@typescript-eslint/types';
import {
  type FunctionNode,
  type Node,
  type ScopeLike,
  type ScopeManagerLike,
  type VariableLike,
  castOuter,
  findProperty,
  functionName,
  isExported,
  isFunction,
  propertyName,
  staticString,
  thisClass,
  unwrap,
} from './ast.ts';
import { type McpValue, type McpValueKind, instanceKinds, mcpModule, pushRequestMethods, typeKinds } from './surface.ts';
import { callbackExtraIndex } from './registrations.ts';
import { memberReferences } from './member-references.ts';
import {
  exportValue,
  importBindingValue,
  importedTypeValue,
  projectImportValue,
  projectNamespaceMember,
  projectRequireSource,
  projectRequireValue,
  projectReturnPathValue,
} from './provenance-imports.ts';
import type { ModuleOrigin as ProjectOrigin, TypeHost } from './provenance-shapes.ts';
import { declaredTypeOf, typeMemberValue } from './provenance-types.ts';
import { walkAll } from './walk.ts';

export { exportValue } from './provenance-imports.ts';

/** Where a file sits in the project; the modules its imports lead to carry their own Provenance. */
export type ModuleOrigin = ProjectOrigin<Provenance>;

/** Answers "what MCP value is this expression" from type information (typed ESLint, ts-morph). */
export type TypeHint = (node: Node) => McpValue | undefined;

const MAX_DEPTH = 12;
const MAX_WRAPPERS = 2;

export class Provenance implements TypeHost {
  private readonly memo = new Map<Node, McpValue | null>();
  private readonly active = new Set<Node>();
  private depth = 0;
  private fieldDepth = 0;

  private readonly scopeManager: ScopeManagerLike;
  private readonly typeHint: TypeHint | undefined;

  readonly origin: ModuleOrigin | undefined;

  constructor(scopeManager: ScopeManagerLike, typeHint?: TypeHint, origin?: ModuleOrigin) {
    this.scopeManager = scopeManager;
    this.typeHint = typeHint;
    this.origin = origin;
  }

  /** Where this file sits in the project, when known. */
  get moduleOrigin(): ModuleOrigin | undefined {
    return this.origin;
  }

  /** What the expression evaluates to, or undefined when it is not (provably) an MCP value. */
  valueOf(node: Node): McpValue | undefined {
    const cached = this.memo.get(node);
    if (cached !== undefined) return cached ?? undefined;
    if (this.active.has(node) || this.depth > MAX_DEPTH) return undefined;
    this.active.add(node);
    this.depth++;
    let value: McpValue | undefined;
    try {
      value = this.compute(node) ?? this.typeHint?.(node);
    } finally {
      this.depth--;
      this.active.delete(node);
    }
    this.memo.set(node, value ?? null);
    return value;
  }

  is(node: Node, ...kinds: McpValueKind[]): McpValue | undefined {
    const v = this.valueOf(node);
    return v && kinds.includes(v.kind) ? v : undefined;
  }

  scopeOf(node: Node): ScopeLike | null {
    let current: Node | undefined = node;
    while (current) {
      const scope = this.scopeManager.acquire(current, true);
      if (scope) return scope;
      current = current.parent;
    }
    return this.scopeManager.globalScope;
  }

  variableOf(id: TSESTree.Identifier | TSESTree.JSXIdentifier): VariableLike | undefined {
    let scope = this.scopeOf(id);
    while (scope) {
      const v = scope.set.get(id.name);
      if (v) return v;
      scope = scope.upper;
    }
    return undefined;
  }

  /** What one expression evaluates to, from its syntax and the file's bindings. */
  private compute(input: Node): McpValue | undefined {
    // `registry[name] as McpServer`: the cast names the MCP type even when the value cannot be traced.
    if (input.type === 'TSAsExpression' || input.type === 'TSTypeAssertion' || input.type === 'TSSatisfiesExpression') {
      const cast = this.declaredValue(input.typeAnnotation);
      if (cast) return cast;
      return this.valueOf(input.expression);
    }
    const node = unwrap(input);
    switch (node.type) {
      case 'Identifier':
        return this.identifierValue(node);
      case 'ThisExpression':
      // `super.listRoots()` in an override, `super.sendRootsListChanged()`: the same instance, read through its base class.
      case 'Super':
        return this.thisValue(node);
      case 'MemberExpression':
        return this.memberValue(node);
      case 'NewExpression': {
        const callee = this.valueOf(node.callee);
        const kind = callee && instanceKinds[callee.kind];
        return kind && callee ? { kind, sdk: callee.sdk } : undefined;
      }
      case 'CallExpression':
        return this.callValue(node);
      case 'ImportExpression': {
        const spec = staticString(node.source);
        const mod = spec ? mcpModule(spec) : undefined;
        return mod ? { kind: 'module', sdk: mod.sdk, name: spec } : undefined;
      }
      case 'AwaitExpression':
        return this.valueOf(node.argument);
      case 'LogicalExpression':
        return this.valueOf(node.left) ?? this.valueOf(node.right);
      case 'ConditionalExpression':
        return this.valueOf(node.consequent) ?? this.valueOf(node.alternate);
      case 'AssignmentExpression':
        return this.valueOf(node.right);
      case 'SequenceExpression':
        return node.expressions.length ? this.valueOf(node.expressions[node.expressions.length - 1]!) : undefined;
      case 'ClassExpression':
      case 'ClassDeclaration':
        return this.classValue(node);
      default:
        return undefined;
    }
  }

  private identifierValue(id: TSESTree.Identifier): McpValue | undefined {
    const variable = this.variableOf(id);
    if (!variable) return undefined;
    for (const def of variable.defs) {
      const v = this.definitionValue(variable, def.type, def.node, def.name as TSESTree.Identifier, def.parent ?? undefined);
      if (v) return v;
    }
    // `let server; server = new McpServer()`: any write counts.
    for (const ref of variable.references) {
      if (ref.isWrite() && ref.writeExpr && ref.writeExpr !== id) {
        const v = this.valueOf(ref.writeExpr);
        if (v) return v;
      }
    }
    // A declared type carries it: for-of over a typed Map, a typed callback, a function's return type.
    return this.declaredTypeValue(id);
  }

  /** The MCP value an annotation names, through aliases, `Promise<…>` and `Ctx['server']`. */
  declaredValue(type: TSESTree.TypeNode): McpValue | undefined {
    return typeMemberValue(this, type, []);
  }

  private declaredTypeValue(node: Node): McpValue | undefined {
    const declared = declaredTypeOf(this, node);
    return declared && typeMemberValue(declared.host ?? this, declared.type, declared.path);
  }

  private definitionValue(
    variable: VariableLike,
    type: string,
    defNode: Node,
    name: TSESTree.Identifier,
    parent: Node | undefined,
  ): McpValue | undefined {
    switch (type) {
      case 'ImportBinding':
        return this.importValue(defNode, parent);
      case 'Variable': {
        if (defNode.type !== 'VariableDeclarator') return undefined;
        const annotated = this.annotationValue(name);
        if (annotated) return annotated;
        if (!defNode.init) return undefined;
        if (defNode.id.type === 'Identifier') return this.valueOf(defNode.init) ?? this.requiredDefault(defNode.init);
        // `const { McpServer } = require('./sdk.cjs')`: the first key names the project module's export.
        const path = patternPath(defNode.id, name);
        if (path?.length && projectRequireSource(defNode.init)) {
          let value = projectRequireValue(this.origin, defNode.init, path[0]!, 'value');
          for (const key of path.slice(1)) value = value && memberOf(value, key);
          return value;
        }
        // `const { client } = makeClient()` / `= await import('./server.js')`: read the key through the returned object.
        return this.patternValue(defNode.id, name, this.valueOf(defNode.init)) ?? (path?.length ? this.literalPathValue(defNode.init, path) : undefined);
      }
      case 'Parameter':
        return this.parameterValue(defNode as FunctionNode, name);
      case 'ClassName':
        return this.classValue(defNode as TSESTree.ClassDeclaration);
      default:
        void variable;
        return undefined;
    }
  }

  /** `const server = require('./server.cjs')` where that module assigns `module.exports = server`. */
  private requiredDefault(init: Node): McpValue | undefined {
    return projectRequireSource(init) ? projectRequireValue(this.origin, init, 'default', 'value') : undefined;
  }

  private importValue(spec: Node, decl: Node | undefined): McpValue | undefined {
    return importBindingValue(spec, decl, this.origin);
  }

  /** `const { Server } = require(...)`, `const { server } = mcp`, `const { mcpReq } = ctx`. */
  private patternValue(pattern: Node, target: TSESTree.Identifier, whole: McpValue | undefined): McpValue | undefined {
    if (!whole) return undefined;
    const path = patternPath(pattern, target);
    if (!path) return undefined;
    let value: McpValue | undefined = whole;
    for (const key of path) value = value && memberOf(value, key);
    return value;
  }

  private annotationValue(id: Node): McpValue | undefined {
    const annotation = (id as TSESTree.Identifier).typeAnnotation?.typeAnnotation;
    return annotation ? this.declaredValue(annotation) : undefined;
  }

  /** `Server`, `McpServer`, `RequestHandlerExtra<...>`, `ServerContext` types imported from MCP modules. */
  typeValue(type: TSESTree.TypeNode): McpValue | undefined {
    if (type.type === 'TSUnionType') {
      for (const t of type.types) {
        const v = this.typeValue(t);
        if (v) return v;
      }
      return undefined;
    }
    if (type.type !== 'TSTypeReference') return undefined;
    let name: TSESTree.Identifier | undefined;
    let qualifier: TSESTree.Identifier | undefined;
    if (type.typeName.type === 'Identifier') name = type.typeName;
    else if (type.typeName.type === 'TSQualifiedName' && type.typeName.left.type === 'Identifier') {
      qualifier = type.typeName.left;
      name = type.typeName.right;
    }
    if (!name) return undefined;
    if (!qualifier) return importedTypeValue(this.variableOf(name), this.origin);
    // `sdk.McpServer` on an MCP namespace, or `mcp.Server` on a project barrel's namespace.
    const namespace = this.valueOf(qualifier);
    const kind = typeKinds[name.name];
    if (namespace?.kind === 'module') return kind ? { kind, sdk: namespace.sdk } : undefined;
    return projectNamespaceMember(this.variableOf(qualifier), name.name, this.origin, 'type');
  }

  private parameterValue(fn: FunctionNode, name: TSESTree.Identifier): McpValue | undefined {
    const index = fn.params.findIndex((p) => containsIdentifier(p, name));
    if (index < 0) return undefined;
    const param = fn.params[index]!;
    const declared = param.type === 'AssignmentPattern' ? param.left : param;
    // `{ mcpReq }: ServerContext` annotates the whole parameter, not the destructured name.
    const annotated = this.annotationValue(declared);
    if (annotated) return declared === name ? annotated : this.patternValue(declared, name, annotated);
    // JavaScript's type annotation: `@param {import('@modelcontextprotocol/server').McpServer} server`.
    if (declared === name) {
      const documented = this.jsdocParamValue(fn, name.name);
      if (documented) return documented;
    }
    // A handler callback: the SDK passes its extra / ctx at a known position.
    const handler = this.handlerOf(fn);
    if (handler && handler.extraIndex === index) {
      const extra: McpValue = { kind: 'handler-extra', sdk: handler.sdk };
      if (param.type === 'Identifier') return extra;
      return this.patternValue(param, name, extra);
    }
    // `createServer().then(({ server }) => …)`, `import('./x.js').then((mod) => …)`: what the promise settles to.
    const settled = index === 0 ? thenReceiver(fn) : undefined;
    if (settled) {
      const path = patternPath(declared, name);
      const v = path && this.literalPathValue(settled, path);
      if (v) return v;
    }
    // A local helper: what its callers pass at this position.
    for (const call of this.callsOf(fn)) {
      const arg = call.arguments[index];
      if (!arg || arg.type === 'SpreadElement') continue;
      const v = this.valueOf(arg);
      if (v) return param.type === 'Identifier' ? v : this.patternValue(param, name, v);
    }
    // An exported function or class method: what the files importing it pass (`manager.setServer(server)`).
    const remote = this.importerArgumentValue(fn, index);
    if (remote) return param.type === 'Identifier' ? remote : this.patternValue(param, name, remote);
    return declared === name ? undefined : this.fieldValue(name, []);
  }

  /**
   * `deps.server` or a destructured `{ server }`, where `deps` is typed `{ server: McpServer }` (inline or a
   * local interface) or built from an object literal (`registerTools({ server: mcp })`).
   */
  private fieldValue(id: TSESTree.Identifier, path: string[]): McpValue | undefined {
    // Recursive helpers pass their own parameter back in: bound the walk like valueOf does.
    if (this.fieldDepth > MAX_DEPTH) return undefined;
    this.fieldDepth++;
    try {
      return this.fieldValueOf(id, path);
    } finally {
      this.fieldDepth--;
    }
  }

  private fieldValueOf(id: TSESTree.Identifier, path: string[]): McpValue | undefined {
    const def = this.variableOf(id)?.defs[0];
    if (def?.type === 'Parameter') {
      const fn = def.node as FunctionNode;
      const index = fn.params.findIndex((p) => containsIdentifier(p, def.name));
      const param = fn.params[index];
      if (!param) return undefined;
      const declared = param.type === 'AssignmentPattern' ? param.left : param;
      const full = [...(patternPath(declared, def.name as TSESTree.Identifier) ?? []), ...path];
      const annotation = (declared as TSESTree.Identifier).typeAnnotation?.typeAnnotation;
      const typed = annotation && typeMemberValue(this, annotation, full);
      if (typed) return typed;
      for (const call of this.callsOf(fn)) {
        const arg = call.arguments[index];
        const v = arg && arg.type !== 'SpreadElement' ? this.literalPathValue(arg, full) : undefined;
        if (v) return v;
      }
      // `createServer().then((made) => made.server…)`.
      const settled = index === 0 ? thenReceiver(fn) : undefined;
      return settled && this.literalPathValue(settled, full);
    }
    if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator') {
      const full = [...(patternPath(def.node.id, def.name as TSESTree.Identifier) ?? []), ...path];
      const annotation = def.node.id.typeAnnotation?.typeAnnotation;
      const typed = annotation && typeMemberValue(this, annotation, full);
      if (typed) return typed;
      return def.node.init ? this.literalPathValue(def.node.init, full) : undefined;
    }
    return undefined;
  }

  /** The value at `path` inside an expression, reading through object literals. */
  private literalPathValue(expr: Node, path: string[]): McpValue | undefined {
    const node = unwrap(expr);
    if (path.length === 0) return this.valueOf(node);
    if (node.type === 'ObjectExpression') {
      const prop = findProperty(node, path[0]!);
      return prop ? this.literalPathValue(prop.value, path.slice(1)) : undefined;
    }
    if (node.type === 'AwaitExpression') return this.literalPathValue(node.argument, path);
    // `makeClient().client`: a local factory's returned object literal.
    if (node.type === 'CallExpression') {
      const fn = this.localFunction(node.callee);
      const v = fn ? this.returnPathValue(fn, path) : this.importedReturnPathValue(node.callee, path);
      if (v) return v;
    }
    // `(await import('./server.js')).server`: a project module loaded lazily.
    if (node.type === 'ImportExpression' && this.origin) {
      const spec = staticString(node.source);
      if (spec && !mcpModule(spec)) {
        let value = this.origin.graph.exportValue(this.origin.file, spec, path[0]!);
        for (const key of path.slice(1)) value = value && memberOf(value, key);
        if (value) return value;
      }
    }
    let value = this.valueOf(node);
    for (const key of path) value = value && memberOf(value, key);
    return value ?? (node.type === 'Identifier' ? this.fieldValue(node, path) : undefined);
  }

  /** The MCP type a JSDoc `@param {Type} name` gives a parameter: an `import('…')` type or an imported name. */
  private jsdocParamValue(fn: FunctionNode, param: string): McpValue | undefined {
    const comment = leadingJsdoc(fn);
    if (!comment) return undefined;
    const escaped = param.replace(/[$]/g, '\\$');
    const tag = new RegExp(`@param\\s+\\{([^}]+)\\}\\s+\\[?${escaped}\\b`).exec(comment);
    if (!tag) return undefined;
    const type = tag[1]!.trim();
    const imported = /^import\(\s*['"]([^'"]+)['"]\s*\)\.(\w+)/.exec(type);
    if (imported) {
      const mod = mcpModule(imported[1]!);
      const kind = typeKinds[imported[2]!];
      return mod && kind ? { kind, sdk: mod.sdk } : undefined;
    }
    const named = /^(\w+)$/.exec(type);
    if (!named) return undefined;
    // The name must be an MCP import in this file (a class imported for its type), or come through a barrel.
    const scopeName = { type: 'Identifier', name: named[1]!, parent: fn } as unknown as TSESTree.Identifier;
    return importedTypeValue(this.variableOf(scopeName), this.origin);
  }

  /** What other files pass at `index` when they call `fn`, exported here as a function or a class's method. */
  private importerArgumentValue(fn: FunctionNode, index: number): McpValue | undefined {
    const graph = this.origin?.graph;
    if (!graph?.callerArgumentValue) return undefined;
    const member = fn.parent;
    if (member?.type === 'MethodDefinition' && member.kind === 'method' && !member.static) {
      const cls = member.parent?.parent;
      const method = propertyName(member);
      if (cls?.type !== 'ClassDeclaration' || !cls.id || method === undefined || !isExportedDeclaration(cls)) return undefined;
      return graph.callerArgumentValue(this.origin!.file, cls.id.name, method, index);
    }
    // `export default async function askName(ctx)`: its importers import `default`, under any name.
    const name = fn.parent?.type === 'ExportDefaultDeclaration' ? 'default' : isExported(fn) ? functionName(fn) : undefined;
    return name ? graph.callerArgumentValue(this.origin!.file, name, undefined, index) : undefined;
  }

  /** When `fn` is passed straight to an MCP registration, where the SDK puts extra / ctx. */
  handlerOf(fn: FunctionNode): { extraIndex: number; sdk: 1 | 2; call: TSESTree.CallExpression } | undefined {
    for (const { call: first, given } of this.registrationsWithArgument(fn)) {
      let call = first;
      // A member reference (`tools.archive`) is what the registration receives in place of `fn`.
      let wrapper: Node | undefined = given;
      // `registerTool(name, config, withErrors(async (args, ctx) => ...))`: wrappers pass the SDK's arguments through.
      for (let hops = 0; hops <= MAX_WRAPPERS; hops++) {
        const receiver = call.callee.type === 'MemberExpression' ? this.valueOf(call.callee.object) : undefined;
        if (receiver) {
          const extraIndex = callbackExtraIndex(call, receiver.kind, fn, wrapper);
          if (extraIndex !== undefined) return { extraIndex, sdk: receiver.sdk, call };
          break;
        }
        const outer = call.parent;
        if (outer?.type !== 'CallExpression' || !outer.arguments.includes(call)) break;
        wrapper = call;
        call = outer;
      }
    }
    return undefined;
  }

  /** Calls that receive `fn` as an argument, directly, through a named function or as a member (`tools.archive`). */
  registrationsOf(fn: FunctionNode): TSESTree.CallExpression[] {
    return this.registrationsWithArgument(fn).map((r) => r.call);
  }

  /** The calls of `registrationsOf`, each with the member expression that stands for `fn` in it, if any. */
  private registrationsWithArgument(fn: FunctionNode): { call: TSESTree.CallExpression; given?: Node }[] {
    const result: { call: TSESTree.CallExpression; given?: Node }[] = [];
    const direct = fn.parent;
    if (direct?.type === 'CallExpression' && direct.arguments.includes(fn as TSESTree.Expression)) result.push({ call: direct });
    for (const ref of this.referencesTo(fn)) {
      const p = ref.parent;
      if (p?.type === 'CallExpression' && p.arguments.includes(ref as TSESTree.Expression)) result.push({ call: p });
    }
    for (const ref of this.memberReferencesTo(fn)) {
      const p = argumentParent(ref);
      if (p) result.push({ call: p, given: ref });
    }
    return result;
  }

  /** The member expression `call` receives for `fn` (`tools.archive`), when `fn` is registered as a member. */
  registrationArgument(fn: FunctionNode, call: TSESTree.CallExpression): Node | undefined {
    return this.registrationsWithArgument(fn).find((r) => r.call === call)?.given;
  }

  /** `tools.archive`, `t.run`, `tools.archive.bind(tools)`: `fn` kept as a member of a const object or instance. */
  memberReferencesTo(fn: FunctionNode): TSESTree.Expression[] {
    return memberReferences(fn, (id) => this.variableOf(id));
  }

  /** Identifier references to a named function (declaration or `const f = () => ...`). */
  referencesTo(fn: FunctionNode): TSESTree.Identifier[] {
    const variable = this.functionVariable(fn);
    if (!variable) return [];
    const out: TSESTree.Identifier[] = [];
    for (const ref of variable.references) {
      if (ref.isWrite()) continue;
      out.push(ref.identifier as TSESTree.Identifier);
    }
    return out;
  }

  functionVariable(fn: FunctionNode): VariableLike | undefined {
    if (fn.type === 'FunctionDeclaration' && fn.id) return this.variableOf(fn.id);
    const p = fn.parent;
    if (p?.type === 'VariableDeclarator' && p.init === fn && p.id.type === 'Identifier') return this.variableOf(p.id);
    return undefined;
  }

  /** Call expressions that invoke `fn` by name (same file). */
  callsOf(fn: FunctionNode): TSESTree.CallExpression[] {
    const calls: TSESTree.CallExpression[] = [];
    for (const ref of this.referencesTo(fn)) {
      const p = ref.parent;
      if (p?.type === 'CallExpression' && p.callee === ref) calls.push(p);
    }
    const member = fn.parent;
    if (member?.type === 'MethodDefinition' || (member?.type === 'PropertyDefinition' && member.value === fn)) {
      const name = propertyName(member);
      const cls = member.parent?.parent;
      if (name && cls) collectThisCalls(cls, name, calls);
    }
    for (const ref of this.memberReferencesTo(fn)) {
      const p = ref.parent;
      if (p?.type === 'CallExpression' && p.callee === ref && !calls.includes(p)) calls.push(p);
    }
    return calls;
  }

  private thisValue(node: TSESTree.ThisExpression | TSESTree.Super): McpValue | undefined {
    const cls = thisClass(node);
    if (!cls) return undefined;
    const classValue = this.classValue(cls);
    const kind = classValue && instanceKinds[classValue.kind];
    return kind && classValue ? { kind, sdk: classValue.sdk } : undefined;
  }

  private classValue(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression): McpValue | undefined {
    if (!cls.superClass) return undefined;
    const sup = this.valueOf(cls.superClass);
    return sup && instanceKinds[sup.kind] ? sup : undefined;
  }

  private memberValue(node: TSESTree.MemberExpression): McpValue | undefined {
    const key = memberKey(node);
    if (key === undefined) return undefined;
    const object = unwrap(node.object);
    if (object.type === 'ThisExpression') {
      const own = this.thisMemberValue(object, key);
      if (own) return own;
    }
    const base = this.valueOf(object);
    if (base) return memberOf(base, key);
    if (object.type === 'Identifier') {
      const fromNamespace = projectNamespaceMember(this.variableOf(object), key, this.origin, 'value');
      if (fromNamespace) return fromNamespace;
    }
    const local = object.type === 'Identifier' ? (this.fieldValue(object, [key]) ?? this.propertyWriteValue(object, key)) : undefined;
    return local ?? this.declaredTypeValue(node);
  }

  /** `ref.current = client` / `state.server = new McpServer()`: a property of a local object written in the file. */
  private propertyWriteValue(object: TSESTree.Identifier, key: string): McpValue | undefined {
    const variable = this.variableOf(object);
    for (const ref of variable?.references ?? []) {
      const member = ref.identifier.parent;
      if (member?.type !== 'MemberExpression' || member.object !== ref.identifier || memberKey(member) !== key) continue;
      const write = member.parent;
      if (write?.type === 'AssignmentExpression' && write.left === member && write.operator === '=') {
        const v = this.valueOf(write.right);
        if (v) return v;
      }
    }
    return undefined;
  }

  /** `this.server` where the class assigns `this.server = new McpServer()` or declares it typed. */
  private thisMemberValue(node: TSESTree.ThisExpression, key: string): McpValue | undefined {
    const cls = thisClass(node);
    if (!cls) return undefined;
    for (const member of cls.body.body) {
      if (member.type === 'PropertyDefinition' && memberKey(member) === key) {
        const annotated = member.typeAnnotation ? this.declaredValue(member.typeAnnotation.typeAnnotation) : undefined;
        if (annotated) return annotated;
        if (member.value) {
          const v = this.valueOf(member.value);
          if (v) return v;
        }
      }
      // `private get server(): Server { return this.host.server }`: its return type, else what it returns.
      if (member.type === 'MethodDefinition' && member.kind === 'get' && memberKey(member) === key) {
        const v = (member.value.returnType && this.declaredValue(member.value.returnType.typeAnnotation)) ?? (isFunction(member.value) ? this.returnValueOf(member.value) : undefined);
        if (v) return v;
      }
      if (member.type === 'MethodDefinition' && member.kind === 'constructor') {
        for (const param of member.value.params) {
          if (param.type === 'TSParameterProperty') {
            const inner = param.parameter.type === 'AssignmentPattern' ? param.parameter.left : param.parameter;
            if (inner.type === 'Identifier' && inner.name === key) {
              const v = this.annotationValue(inner);
              if (v) return v;
            }
          }
        }
      }
    }
    for (const assignment of thisAssignments(cls, key)) {
      const v = this.valueOf(assignment.right);
      if (v) return v;
    }
    return undefined;
  }

  private callValue(node: TSESTree.CallExpression): McpValue | undefined {
    const callee = unwrap(node.callee);
    if (callee.type === 'Identifier' && callee.name === 'require' && node.arguments.length === 1) {
      const spec = staticString(node.arguments[0]!);
      const mod = spec ? mcpModule(spec) : undefined;
      if (mod) return { kind: 'module', sdk: mod.sdk, name: spec };
      return undefined;
    }
    // `server.server.elicitInput.bind(server.server)`: the bound method sends its request when called bare.
    if (callee.type === 'MemberExpression' && propertyName(callee) === 'bind') {
      const method = unwrap(callee.object);
      const name = method.type === 'MemberExpression' ? memberKey(method) : undefined;
      const receiver = name && method.type === 'MemberExpression' ? this.valueOf(method.object) : undefined;
      return receiver && name ? boundRequestFn(receiver, name) : undefined;
    }
    // A local factory: `const server = createServer()` where createServer returns `new McpServer()`.
    if (callee.type === 'Identifier') {
      const variable = this.variableOf(callee);
      const def = variable?.defs[0];
      let fn: Node | undefined;
      if (def?.type === 'FunctionName') fn = def.node;
      else if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init) fn = unwrap(def.node.init);
      if (fn && isFunction(fn)) return this.returnValueOf(fn);
      // A factory required from another file of the project: `const { createServer } = require('./server')`.
      if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init && def.node.id.type === 'ObjectPattern') {
        const path = patternPath(def.node.id, def.name as TSESTree.Identifier);
        if (path?.length === 1) {
          const made = projectRequireValue(this.origin, def.node.init, path[0]!, 'return');
          if (made) return made;
        }
      }
      // A factory imported from another file of the project.
      if (def?.type === 'ImportBinding' && def.parent?.type === 'ImportDeclaration') return projectImportValue(this.origin, def.node, def.parent.source.value, 'return');
    }
    return undefined;
  }

  /** The function a callee names in this file: `function f` or `const f = () => …`. */
  private localFunction(calleeNode: Node): FunctionNode | undefined {
    const callee = unwrap(calleeNode);
    if (callee.type !== 'Identifier') return undefined;
    const def = this.variableOf(callee)?.defs[0];
    let fn: Node | undefined;
    if (def?.type === 'FunctionName') fn = def.node;
    else if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init) fn = unwrap(def.node.init);
    return fn && isFunction(fn) ? fn : undefined;
  }

  /** `const { server } = await createServer()` with createServer in another module of the project. */
  private importedReturnPathValue(calleeNode: Node, path: string[]): McpValue | undefined {
    const callee = unwrap(calleeNode);
    if (callee.type === 'Identifier') return projectReturnPathValue(this.origin, this.variableOf(callee), undefined, path);
    const object = callee.type === 'MemberExpression' ? unwrap(callee.object) : undefined;
    const key = callee.type === 'MemberExpression' ? memberKey(callee) : undefined;
    if (object?.type !== 'Identifier' || key === undefined) return undefined;
    return projectReturnPathValue(this.origin, this.variableOf(object), key, path);
  }

  /** The value at `path` in what a function returns (`return { client, state }`), first return that has it. */
  returnPathValue(fn: FunctionNode, path: string[]): McpValue | undefined {
    // Recursive factories (`return f()`) come back here: bound the walk like fieldValue does.
    if (this.fieldDepth > MAX_DEPTH) return undefined;
    this.fieldDepth++;
    try {
      if (fn.body.type !== 'BlockStatement') return this.literalPathValue(fn.body, path);
      let value: McpValue | undefined;
      walkOwnBody(fn.body, (n) => {
        if (!value && n.type === 'ReturnStatement' && n.argument) value = this.literalPathValue(n.argument, path);
      });
      return value;
    } finally {
      this.fieldDepth--;
    }
  }

  /** What a function returns, when every path the finder looks at returns the same MCP value. */
  returnValueOf(fn: FunctionNode): McpValue | undefined {
    const declared = fn.returnType && this.declaredValue(fn.returnType.typeAnnotation);
    if (declared) return declared;
    if (fn.body.type !== 'BlockStatement') return this.valueOf(fn.body);
    let value: McpValue | undefined;
    walkOwnBody(fn.body, (n) => {
      if (!value && n.type === 'ReturnStatement' && n.argument) value = this.valueOf(n.argument);
    });
    return value;
  }
}

/** What `value.key` is. */
export function memberOf(value: McpValue, key: string): McpValue | undefined {
  switch (value.kind) {
    case 'module':
      return exportValue(key, value.sdk);
    case 'mcp-server':
      return key === 'server' ? { kind: 'server', sdk: value.sdk } : undefined;
    case 'handler-extra':
      if (key === 'sendRequest') return { kind: 'request-fn', sdk: value.sdk, name: key };
      return key === 'mcpReq' ? { kind: 'mcp-req', sdk: value.sdk } : undefined;
    case 'mcp-req':
      // All are arrow-bound by the SDK, so they still work after destructuring.
      return key === 'send' || key === 'elicitInput' || key === 'requestSampling' ? { kind: 'request-fn', sdk: value.sdk, name: key } : undefined;
    default:
      return undefined;
  }
}

/** A server-to-client request method taken off its MCP receiver with `.bind`: a request function under its own name. */
function boundRequestFn(receiver: McpValue, name: string): McpValue | undefined {
  const member = memberOf(receiver, name);
  if (member?.kind === 'request-fn') return member;
  const push = Object.hasOwn(pushRequestMethods, name) ? pushRequestMethods[name] : undefined;
  const sends = push ? push.receivers.includes(receiver.kind) : receiver.kind === 'server' && (name === 'listRoots' || name === 'request');
  return sends ? { kind: 'request-fn', sdk: receiver.sdk, name } : undefined;
}

/** `p.then(fn)` (also `p.then(fn, onRejected)`): the promise `p` whose value `fn` receives. */
function thenReceiver(fn: FunctionNode): Node | undefined {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn) return undefined;
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && propertyName(callee) === 'then' ? callee.object : undefined;
}

/** A member's key, with `#private` names kept distinct from public ones of the same spelling. */
function memberKey(node: TSESTree.MemberExpression | TSESTree.PropertyDefinition | TSESTree.MethodDefinition): string | undefined {
  const key = node.type === 'MemberExpression' ? node.property : node.key;
  return key.type === 'PrivateIdentifier' ? `#${key.name}` : propertyName(node);
}

/** The chain of property keys that leads from a destructuring pattern to `target`. */
function patternPath(pattern: Node, target: TSESTree.Identifier): string[] | undefined {
  if (pattern === target) return [];
  switch (pattern.type) {
    case 'Identifier':
      return undefined;
    case 'AssignmentPattern':
      return patternPath(pattern.left, target);
    case 'ObjectPattern':
      for (const prop of pattern.properties) {
        if (prop.type !== 'Property') continue;
        const key = propertyName(prop);
        if (key === undefined) continue;
        const rest = patternPath(prop.value, target);
        if (rest) return [key, ...rest];
      }
      return undefined;
    default:
      return undefined;
  }
}

function containsIdentifier(node: Node, target: Node): boolean {
  if (node === target) return true;
  switch (node.type) {
    case 'AssignmentPattern':
      return containsIdentifier(node.left, target);
    case 'ObjectPattern':
      return node.properties.some((p) => (p.type === 'Property' ? containsIdentifier(p.value, target) : containsIdentifier(p, target)));
    case 'ArrayPattern':
      return node.elements.some((e) => !!e && containsIdentifier(e, target));
    case 'RestElement':
      return containsIdentifier(node.argument, target);
    case 'TSParameterProperty':
      return containsIdentifier(node.parameter, target);
    default:
      return false;
  }
}

/** Visit the nodes of a function body without descending into nested functions or classes. */
export function walkOwnBody(root: Node, visit: (node: Node) => void): void {
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    visit(node);
    for (const key of Object.keys(node)) {
      if (key === 'parent' || key === 'range' || key === 'loc') continue;
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const c of child) if (isNode(c) && !isFunction(c)) stack.push(c);
      } else if (isNode(child) && !isFunction(child)) stack.push(child);
    }
  }
}

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function thisAssignments(cls: Node, key: string): TSESTree.AssignmentExpression[] {
  const out: TSESTree.AssignmentExpression[] = [];
  walkAll(cls, (n) => {
    if (
      n.type === 'AssignmentExpression' &&
      n.left.type === 'MemberExpression' &&
      n.left.object.type === 'ThisExpression' &&
      memberKey(n.left) === key
    ) {
      out.push(n);
    }
  });
  return out;
}

/** The call that takes `ref` as an argument, through casts and parentheses (`tools.archive as Handler`). */
function argumentParent(ref: Node): TSESTree.CallExpression | undefined {
  const current = castOuter(ref);
  const p = current.parent;
  return p?.type === 'CallExpression' && p.arguments.includes(current as TSESTree.Expression) ? p : undefined;
}

function collectThisCalls(cls: Node, name: string, out: TSESTree.CallExpression[]): void {
  walkAll(cls, (n) => {
    if (n.type === 'CallExpression') {
      const callee = unwrap(n.callee);
      if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression' && propertyName(callee) === name) out.push(n);
    }
  });
}

export { walkAll };


/** The `/** … *\/` block comment right before a function (or the statement that declares it). */
function leadingJsdoc(fn: FunctionNode): string | undefined {
  let holder: Node = fn;
  const p = fn.parent;
  if (p?.type === 'VariableDeclarator') holder = p.parent ?? p;
  if (holder.parent?.type === 'ExportNamedDeclaration' || holder.parent?.type === 'ExportDefaultDeclaration') holder = holder.parent;
  let program: Node = fn;
  while (program.parent) program = program.parent;
  const comments = (program as TSESTree.Program).comments ?? [];
  let best: TSESTree.Comment | undefined;
  for (const c of comments) {
    if (c.type === 'Block' && c.value.startsWith('*') && c.range[1] <= holder.range[0]) best = c;
  }
  if (!best) return undefined;
  // The comment must belong to this declaration: no statement stands between them.
  const siblings = (holder.parent as { body?: unknown } | undefined)?.body;
  if (Array.isArray(siblings)) {
    const index = siblings.indexOf(holder);
    const previous = index > 0 ? (siblings[index - 1] as Node) : undefined;
    if (previous && previous.range[1] > best.range[0]) return undefined;
  }
  return best.value;
}

/** `export class RootsManager` or `class RootsManager` exported by name further down. */
function isExportedDeclaration(cls: TSESTree.ClassDeclaration): boolean {
  if (cls.parent?.type === 'ExportNamedDeclaration' || cls.parent?.type === 'ExportDefaultDeclaration') return true;
  const program = cls.parent;
  return program?.type === 'Program' && program.body.some(
    (s) => s.type === 'ExportNamedDeclaration' && !s.source && s.specifiers.some((spec) => spec.local.type === 'Identifier' && spec.local.name === cls.id?.name),
  );
}
