// Value flows of roots capabilities: where a client's `capabilities.roots` comes from (conditional
// objects, `a ?? {}`, spreads, `caps.roots = …` writes, local helpers and their callers), and where
// a server's `getClientCapabilities()` result is read for `.roots` (a local, a class field, and the
// `_optionalChain([...])` that sucrase compiles `?.` into in published JavaScript).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, findProperty, isFunction, propertyName, staticString, thisClass, unwrap } from './ast.ts';
import { type Provenance, walkAll, walkOwnBody } from './provenance.ts';

const MAX_FLOW_DEPTH = 8;

/**
 * Where `expr` may carry `key`: object literal properties (`{ roots: … }`) and writes
 * (`caps.roots = …`), through consts, `?:`, `??` / `||`, spreads, local helpers' returns and the
 * arguments callers pass to a helper's parameter.
 */
export function flowEntries(expr: Node | undefined, key: string, prov: Provenance, carriesKey?: (n: Node) => boolean): Node[] {
  const out = new Set<Node>();
  if (expr) collect(expr, key, prov, out, new Set(), 0, carriesKey);
  return [...out];
}

/** The value an entry `flowEntries` found stands for (`roots: x` → x, `caps.roots = x` → x). */
export function entryValue(entry: Node): Node | undefined {
  if (entry.type === 'Property') return entry.value;
  const write = entry.parent;
  return write?.type === 'AssignmentExpression' && write.left === entry ? write.right : undefined;
}

/** `carriesKey`: a value that may hold `key` without spelling it (a peer's capabilities handed on whole); it is the entry. */
function collect(input: Node, key: string, prov: Provenance, out: Set<Node>, seen: Set<Node>, depth: number, carriesKey?: (n: Node) => boolean): void {
  if (depth > MAX_FLOW_DEPTH || seen.has(input)) return;
  seen.add(input);
  const node = unwrap(input);
  if (carriesKey?.(node)) return void out.add(node);
  const next = (n: Node | null | undefined): void => {
    if (n) collect(n, key, prov, out, seen, depth + 1, carriesKey);
  };
  switch (node.type) {
    case 'ObjectExpression': {
      const prop = findProperty(node, key);
      if (prop) out.add(prop);
      for (const p of node.properties) if (p.type === 'SpreadElement') next(p.argument);
      return;
    }
    case 'ConditionalExpression':
      next(node.consequent);
      next(node.alternate);
      return;
    case 'LogicalExpression':
      next(node.left);
      next(node.right);
      return;
    case 'Identifier':
      return identifierEntries(node, key, prov, next, out);
    case 'MemberExpression': {
      // `options.capabilities ?? {}` in a helper: what its callers (or the local) put under that key.
      const inner = memberName(node);
      if (inner === undefined) return;
      // `this.declared`: a field of the class, initialised or written anywhere in it.
      if (unwrap(node.object).type === 'ThisExpression') return fieldEntries(node, inner, key, next, out);
      const holders = new Set<Node>();
      collect(node.object, inner, prov, holders, new Set(), depth + 1);
      for (const holder of holders) next(entryValue(holder));
      return;
    }
    case 'CallExpression': {
      // `Object.assign({}, defaults, { roots })`, `merge(base, overrides)`: every argument lands in the result.
      if (isMergeCall(node)) {
        for (const arg of node.arguments) next(arg.type === 'SpreadElement' ? arg.argument : arg);
        return;
      }
      const fn = localFunction(node, prov);
      if (!fn) return;
      if (fn.body.type !== 'BlockStatement') return next(fn.body);
      walkOwnBody(fn.body, (n) => {
        if (n.type === 'ReturnStatement') next(n.argument);
      });
      return;
    }
    default:
      return;
  }
}

function identifierEntries(id: TSESTree.Identifier, key: string, prov: Provenance, next: (n: Node | null | undefined) => void, out: Set<Node>): void {
  const variable = prov.variableOf(id);
  const def = variable?.defs[0];
  if (!variable || !def) return;
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.id.type === 'Identifier') next(def.node.init);
  // `function makeClient(caps) { return new Client(info, { capabilities: caps }) }`: what callers pass.
  if (def.type === 'Parameter' && isFunction(def.node)) {
    const index = def.node.params.findIndex((p) => p === def.name || (p.type === 'AssignmentPattern' && p.left === def.name));
    const param = def.node.params[index];
    if (param?.type === 'AssignmentPattern') next(param.right);
    if (index >= 0) for (const call of prov.callsOf(def.node)) next(call.arguments[index]);
  }
  // `caps.roots = { listChanged: true }` on the same local; `let caps; caps = cond ? … : …`.
  for (const ref of variable.references) {
    if (ref.isWrite() && ref.writeExpr && ref.identifier !== def.name) next(ref.writeExpr);
    // `Object.assign(caps, { roots })` on the same local.
    mergedInto(ref.identifier, next);
    const member = ref.identifier.parent;
    if (member?.type !== 'MemberExpression' || member.object !== ref.identifier || memberName(member) !== key) continue;
    const write = member.parent;
    if (write?.type === 'AssignmentExpression' && write.left === member) out.add(member);
  }
}

/**
 * The sources of a class field `this.<field>`: its initialiser, `this.<field> = …` anywhere in the class (constructor,
 * methods, arrow properties), `this.<field>.<key> = …` writes and `Object.assign(this.<field>, …)`.
 */
function fieldEntries(member: TSESTree.MemberExpression, field: string, key: string, next: (n: Node | null | undefined) => void, out: Set<Node>): void {
  const cls = thisClass(member);
  if (!cls) return;
  for (const m of cls.body.body) {
    if (m.type === 'PropertyDefinition' && !m.static && definitionName(m) === field) next(m.value);
    // `constructor(private caps: ClientCapabilities = { roots: {} })`: the parameter property's default.
    if (m.type === 'MethodDefinition' && m.kind === 'constructor') {
      for (const param of m.value.params) {
        const inner = param.type === 'TSParameterProperty' ? param.parameter : undefined;
        if (inner?.type === 'AssignmentPattern' && inner.left.type === 'Identifier' && inner.left.name === field) next(inner.right);
      }
    }
  }
  walkAll(cls, (n) => {
    if (n === member || n.type !== 'MemberExpression' || unwrap(n.object).type !== 'ThisExpression' || memberName(n) !== field) return;
    // Only the `this` of the same class: a nested class's fields are its own.
    if (thisClass(n) !== cls) return;
    const p = n.parent;
    if (p?.type === 'AssignmentExpression' && p.left === n) return next(p.right);
    if (p?.type === 'MemberExpression' && p.object === n && memberName(p) === key && p.parent?.type === 'AssignmentExpression' && p.parent.left === p) return void out.add(p);
    mergedInto(n, next);
  });
}

/** `Object.assign(target, a, b)` with `target` the first argument: what the other arguments carry lands in it. */
function mergedInto(target: Node, next: (n: Node | null | undefined) => void): void {
  const call = target.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== target || !isMergeCall(call)) return;
  for (const arg of call.arguments.slice(1)) next(arg.type === 'SpreadElement' ? arg.argument : arg);
}

/** Functions that return (or fill their first argument with) the union of their arguments' properties. */
const MERGERS = new Set(['assign', 'merge', 'mergeDeep', 'deepMerge', 'deepmerge', 'mergeCapabilities', 'defu', 'defaultsDeep']);

function isMergeCall(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name !== 'assign' && MERGERS.has(callee.name);
  if (callee.type !== 'MemberExpression') return false;
  const name = propertyName(callee);
  const owner = unwrap(callee.object);
  // `Object.assign`, `_.merge`, `lodash.merge`; `assign` alone is too common a name for something else.
  if (name === 'assign') return owner.type === 'Identifier' && owner.name === 'Object';
  return !!name && MERGERS.has(name);
}

function definitionName(def: TSESTree.PropertyDefinition): string | undefined {
  return def.key.type === 'PrivateIdentifier' ? `#${def.key.name}` : propertyName(def);
}

function localFunction(call: TSESTree.CallExpression, prov: Provenance): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  // `this.clientOptions()`: a method of the same class.
  if (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression') {
    const name = propertyName(callee);
    for (const member of thisClass(callee)?.body.body ?? []) {
      if (member.type === 'MethodDefinition' && member.kind === 'method' && propertyName(member) === name && isFunction(member.value)) return member.value;
    }
    return undefined;
  }
  if (callee.type !== 'Identifier') return undefined;
  const def = prov.variableOf(callee)?.defs[0];
  if (def?.type === 'FunctionName' && isFunction(def.node)) return def.node;
  if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init) {
    const init = unwrap(def.node.init);
    return isFunction(init) ? init : undefined;
  }
  return undefined;
}

/** Where the result of `getClientCapabilities()` (or another read of the client's capabilities) is read for `.roots`: directly, through a local, or a field. */
export function capabilityReads(call: Node, prov: Provenance): Node[] {
  const out: Node[] = [];
  let expr: Node = call;
  while (expr.parent && (expr.parent.type === 'ChainExpression' || expr.parent.type === 'TSNonNullExpression' || expr.parent.type === 'TSAsExpression')) expr = expr.parent;
  const parent = expr.parent;
  if (parent?.type === 'MemberExpression' && parent.object === expr && propertyName(parent) === 'roots') return [parent];
  if (parent?.type === 'LogicalExpression' && parent.left === expr) expr = parent;
  if (isRootsInCheck(expr)) return [expr.parent!];
  const holder = expr.parent;
  // `this.caps = server.getClientCapabilities()`, read later as `this.caps?.roots`.
  if (holder?.type === 'AssignmentExpression' && holder.right === expr) return holder.left.type === 'Identifier' ? downlevelReads(holder) : fieldReads(holder.left, prov);
  if (holder?.type === 'VariableDeclarator' && holder.init === expr) {
    if (holder.id.type === 'Identifier') {
      const variable = prov.variableOf(holder.id);
      for (const ref of variable?.references ?? []) {
        const p = ref.identifier.parent;
        if (p?.type === 'MemberExpression' && p.object === ref.identifier && propertyName(p) === 'roots') out.push(p);
        else if (isRootsInCheck(ref.identifier)) out.push(p!);
        else if (p?.type === 'AssignmentExpression' && p.right === ref.identifier) out.push(...fieldReads(p.left, prov));
        else if (p && transpiledRootsRead(p, ref.identifier)) out.push(p.parent!);
      }
    } else if (holder.id.type === 'ObjectPattern') {
      const prop = holder.id.properties.find((p) => p.type === 'Property' && propertyName(p) === 'roots');
      if (prop) out.push(prop);
    }
  }
  return out;
}

/** `.roots` reads of the field `target` names: `this.caps` / `this.#caps` in its class, `state.caps` on a local. */
function fieldReads(target: Node, prov: Provenance): Node[] {
  if (target.type === 'MemberExpression' && target.object.type === 'Identifier') return localFieldReads(target, target.object, prov);
  if (target.type !== 'MemberExpression' || unwrap(target.object).type !== 'ThisExpression') return [];
  const key = memberName(target);
  const cls = thisClass(target);
  if (key === undefined || !cls) return [];
  const out: Node[] = [];
  walkAll(cls, (n) => {
    if (n.type === 'MemberExpression' && n !== target && n.object.type === 'ThisExpression' && memberName(n) === key) {
      const p = n.parent;
      if (p?.type === 'MemberExpression' && p.object === n && propertyName(p) === 'roots') out.push(p);
      else if (isRootsInCheck(n)) out.push(p!);
      else if (p?.type === 'AssignmentExpression' && p.right === n) out.push(...downlevelReads(p));
    }
    // sucrase: `_optionalChain([this, 'access', _ => _.#caps, 'optionalAccess', _ => _.roots])`.
    if (n.type === 'ArrayExpression' && n.elements[0]?.type === 'ThisExpression' && transpiledChain(n, key)) out.push(n.parent!);
  });
  return out;
}

function localFieldReads(target: TSESTree.MemberExpression, object: TSESTree.Identifier, prov: Provenance): Node[] {
  const key = memberName(target);
  const out: Node[] = [];
  for (const ref of prov.variableOf(object)?.references ?? []) {
    const field = ref.identifier.parent;
    if (field === target || field?.type !== 'MemberExpression' || field.object !== ref.identifier || memberName(field) !== key) continue;
    const p = field.parent;
    if (p?.type === 'MemberExpression' && p.object === field && propertyName(p) === 'roots') out.push(p);
    else if (isRootsInCheck(field)) out.push(p!);
  }
  return out;
}

/**
 * tsc's `?.` for ES2019 and older: `(_a = <caps>) === null || _a === void 0 ? void 0 : _a.roots`.
 * The temporary is read for `.roots` in the alternate of the conditional the assignment tests.
 */
function downlevelReads(assign: TSESTree.AssignmentExpression): Node[] {
  if (assign.left.type !== 'Identifier') return [];
  const temp = assign.left.name;
  let node: Node = assign;
  for (let hops = 0; hops < 4 && node.parent; hops++) {
    const parent: Node = node.parent;
    if (parent.type === 'ConditionalExpression' && parent.test === node) {
      let read: Node = parent.alternate;
      while (read.type === 'MemberExpression' && !(read.object.type === 'Identifier' && read.object.name === temp)) read = read.object;
      return read.type === 'MemberExpression' && propertyName(read) === 'roots' ? [read] : [];
    }
    if (parent.type !== 'BinaryExpression' && parent.type !== 'LogicalExpression') return [];
    node = parent;
  }
  return [];
}

/** `_optionalChain([caps, 'optionalAccess', _ => _.roots, …])` with `caps` the first element. */
function transpiledRootsRead(array: Node, first: Node): boolean {
  return array.type === 'ArrayExpression' && array.elements[0] === first && transpiledChain(array, undefined);
}

/**
 * Sucrase's optional chain helper call: `[object, op, _ => _.a, op, _ => _.b, …]`. With `field`,
 * the first step must read that field and the next `.roots`; without, the first step reads `.roots`.
 */
function transpiledChain(array: TSESTree.ArrayExpression, field: string | undefined): boolean {
  const call = array.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== array || call.callee.type !== 'Identifier' || !/^_optionalChain/.test(call.callee.name)) return false;
  const steps = array.elements;
  const expected = field === undefined ? ['roots'] : [field, 'roots'];
  return expected.every((key, i) => staticString(steps[1 + 2 * i]) !== undefined && stepKey(steps[2 + 2 * i]) === key);
}

/** The key an `_ => _.key` step of a transpiled chain reads. */
function stepKey(step: Node | null | undefined): string | undefined {
  if (step?.type !== 'ArrowFunctionExpression' || step.params[0]?.type !== 'Identifier') return undefined;
  const body = step.body;
  if (body.type !== 'MemberExpression' || body.object.type !== 'Identifier' || body.object.name !== step.params[0].name) return undefined;
  return memberName(body);
}

/** `'roots' in capabilities`. */
export function isRootsInCheck(node: Node): boolean {
  const p = node.parent;
  return p?.type === 'BinaryExpression' && p.operator === 'in' && p.right === node && staticString(p.left) === 'roots';
}

function memberName(node: TSESTree.MemberExpression): string | undefined {
  return node.property.type === 'PrivateIdentifier' ? `#${node.property.name}` : propertyName(node);
}
