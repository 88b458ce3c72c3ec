// What the statements a handler runs before a push request may do, for each way the request can be asked. Asked at
// the handler's entry, nothing before it may act, branch or end the handler (plain values only). Asked where the
// handler makes it, in a round of its own, everything before it runs again on every round: it may branch and end the
// handler (an early `return` or `throw` on an earlier answer ends it in the round that takes it, as the original
// ended), but it may not act, since an effect would happen once per round instead of once per call.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, type RootsSite, castOuter } from '@uproot/core/planning';
import type { Unit } from './unit.ts';

/** Nodes whose evaluation could act on the world, wait, or differ when moved to the handler's entry. */
export const ACTIVE = new Set([
  'CallExpression',
  'NewExpression',
  'AwaitExpression',
  'AssignmentExpression',
  'UpdateExpression',
  'YieldExpression',
  'TaggedTemplateExpression',
  'ImportExpression',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ClassExpression',
]);

/**
 * `<server>.getClientCapabilities()`: a read of what the client declared, which the rewrite asks of each request's
 * client instead. Reading it earlier or again changes nothing.
 */
export function isCapabilityCall(node: Node, unit: Unit): node is TSESTree.CallExpression {
  if (node.type !== 'CallExpression' || node.arguments.length || node.callee.type !== 'MemberExpression') return false;
  const callee = node.callee;
  if (callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'getClientCapabilities') return false;
  return unit.prov.valueOf(callee.object)?.kind === 'server';
}

/** Global conversions of a value to a primitive: `String(x)`, `Number(x)`, `Boolean(x)`, unless the file shadows them. */
const CONVERSIONS = new Set(['String', 'Number', 'Boolean']);

export function isConversion(node: Node, unit: Unit): boolean {
  if (node.type !== 'CallExpression' || node.arguments.length > 1 || node.arguments.some((a) => a.type === 'SpreadElement')) return false;
  const callee = node.callee;
  return callee.type === 'Identifier' && CONVERSIONS.has(callee.name) && !unit.prov.variableOf(callee)?.defs.length;
}

/** `Promise.resolve(x)`, the global: a promise of a value, which acts on nothing (a request `--to param` answered). */
function isPromiseResolve(node: Node, unit: Unit): boolean {
  if (node.type !== 'CallExpression' || node.arguments.length > 1 || node.arguments.some((a) => a.type === 'SpreadElement')) return false;
  const callee = node.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'resolve') return false;
  return callee.object.type === 'Identifier' && callee.object.name === 'Promise' && !unit.prov.variableOf(callee.object)?.defs.length;
}

/** A call (or its await) of a function the planner was told only reads: `await rootsFromDirectory(directory, 'directory')`. */
function isReplaySafe(node: Node, unit: Unit): boolean {
  if (!unit.replaySafe?.size) return false;
  const call = node.type === 'AwaitExpression' ? node.argument : node;
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || !unit.replaySafe.has(call.callee.name)) return false;
  // The file's own binding of that name (a declaration or an import), not a parameter or local that shadows it.
  const defs = unit.prov.variableOf(call.callee)?.defs ?? [];
  return defs.length === 1 && (defs[0]!.type === 'FunctionName' || defs[0]!.type === 'ImportBinding');
}

/** Whether evaluating `node` itself (not its children) could act, wait, or give another value later. */
export function acts(node: Node, unit: Unit): boolean {
  if (isConversion(node, unit) || isReplaySafe(node, unit) || isPromiseResolve(node, unit)) return false;
  return ACTIVE.has(node.type) || (node.type === 'UnaryExpression' && node.operator === 'delete');
}

/** An expression of literals, names, member reads, conversions and capability reads: evaluating it earlier or again changes nothing. */
export function isPlain(node: Node, unit: Unit): boolean {
  let plain = true;
  visit(node, (n) => {
    if (n.type === 'CallExpression' && isCapabilityCall(n, unit)) return false;
    if (acts(n, unit)) plain = false;
    return plain;
  });
  return plain;
}

/**
 * `const [a, b, { roots }] = await Promise.all([<request>, <request>, <roots request>])`: requests the original sent
 * together, each answer destructured by its position. The global `Promise.all` over an array literal.
 */
export interface ConcurrentGroup {
  statement: TSESTree.VariableDeclaration;
  elements: TSESTree.ArrayExpression;
  pattern: TSESTree.ArrayPattern;
}

/** The group `site` is an element of, when it stands directly in one. */
export function concurrentGroup(site: Node, unit: Unit): ConcurrentGroup | undefined {
  const elements = site.parent;
  const call = elements?.parent;
  if (elements?.type !== 'ArrayExpression' || call?.type !== 'CallExpression' || call.arguments.length !== 1 || call.arguments[0] !== elements) return undefined;
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'all') return undefined;
  if (callee.object.type !== 'Identifier' || callee.object.name !== 'Promise' || unit.prov.variableOf(callee.object)?.defs.length) return undefined;
  const awaited = call.parent;
  // `(await Promise.all([…])) as [A, B]`: a cast around the await changes no answer.
  const held = awaited?.type === 'AwaitExpression' ? castOuter(awaited) : undefined;
  const declarator = held?.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== held || declarator.id.type !== 'ArrayPattern') return undefined;
  const statement = declarator.parent;
  if (statement?.type !== 'VariableDeclaration' || statement.declarations.length !== 1) return undefined;
  return { statement, elements, pattern: declarator.id };
}

/** `const x = await <site>` / `await <site>;`: the statement does nothing but await the request. */
export function onlyAwaits(statement: TSESTree.Statement, site: Node): boolean {
  const awaited = site.parent;
  if (awaited?.type !== 'AwaitExpression') return false;
  if (statement.type === 'ExpressionStatement') return statement.expression === awaited;
  if (statement.type !== 'VariableDeclaration' || statement.declarations.length !== 1) return false;
  return statement.declarations[0]!.init === awaited;
}

/** Where a request stands in the handler: its statement, and the statement of the handler's body that holds it. */
export interface RequestPlace {
  /** The statement a round of its own is asked before: it declares the answer, or its first act is to await it. */
  statement: TSESTree.Statement;
  /** The variable its answer is bound to (or, for a helper's answer used unbound or destructured, the helper's name). */
  name: string;
  /** Sent together with other requests (Promise.all). */
  group?: ConcurrentGroup;
  top: TSESTree.Statement;
  /** Inside an `if` or a block: asked only where the handler makes it, when the handler gets there. */
  nested: boolean;
}

/**
 * The request's place, or why it has none the rewrite can ask from: only blocks and `if` branches may hold it (a
 * loop would ask under one key many times, a try or a switch changes where a refusal goes).
 */
export function placeOf(site: RootsSite, body: TSESTree.BlockStatement, unit: Unit, helper?: string): RequestPlace | string {
  const group = concurrentGroup(site.node, unit);
  if (group) {
    const element = group.pattern.elements[group.elements.elements.indexOf(site.node as TSESTree.Expression)];
    // A helper's answer is what the helper returns: however it is destructured, its request is keyed by the helper.
    if (element?.type === 'Identifier') return placed(group.statement, element.name, body, group);
    if (helper) return placed(group.statement, helper, body, group);
    return 'its answer is not destructured from Promise.all into one variable, so there is no name to key it by';
  }
  const awaited = site.node.parent;
  let declarator: Node | undefined = awaited?.parent;
  // `(await …) as ElicitResult`: a cast changes no value.
  while (declarator && (declarator.type === 'TSAsExpression' || declarator.type === 'TSSatisfiesExpression' || declarator.type === 'TSNonNullExpression')) declarator = declarator.parent;
  const name = declarator?.type === 'VariableDeclarator' && declarator.id.type === 'Identifier' ? declarator.id.name : helper;
  if (awaited?.type !== 'AwaitExpression' || declarator?.type !== 'VariableDeclarator' || !name) {
    return 'its answer is not awaited into one variable (const answer = await …), so there is no name to key it by';
  }
  const statement = declarator.parent;
  if (statement?.type !== 'VariableDeclaration' || statement.declarations.length !== 1 || statement.parent?.type !== 'BlockStatement') {
    return 'it is asked inside an expression or a declaration of several variables, and asking it apart would change what runs before it';
  }
  return placed(statement, name, body);
}

/**
 * The place of an answer the handler uses unbound (`return text(await askModel(…))`) in `statement`, the innermost
 * statement holding it, which a block or an `if` branch holds (`if (sampling) return text(await askModel(…));`).
 */
export function placeOfStatement(statement: TSESTree.Statement, name: string, body: TSESTree.BlockStatement): RequestPlace | string {
  return placed(statement, name, body);
}

/** The innermost statement holding `node` that a block or a branch of an `if` holds (none past a nested function). */
export function holdingStatement(node: Node): TSESTree.Statement | undefined {
  let n: Node = node;
  while (n.parent && n.parent.type !== 'BlockStatement' && !isBranch(n)) {
    if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration') return undefined;
    n = n.parent;
  }
  return n.parent ? (n as TSESTree.Statement) : undefined;
}

/** `node` is the consequent or the alternate of an `if`, without braces of its own. */
export function isBranch(node: Node): boolean {
  const parent = node.parent;
  return parent?.type === 'IfStatement' && (parent.consequent === node || parent.alternate === node);
}

function placed(statement: TSESTree.Statement, name: string, body: TSESTree.BlockStatement, group?: ConcurrentGroup): RequestPlace | string {
  if (statement.parent?.type !== 'BlockStatement' && !isBranch(statement)) return 'it is asked inside an expression, and asking it apart would change what runs before it';
  let n: Node = statement;
  while (n.parent !== body) {
    const parent: Node | undefined = n.parent;
    const branch = parent?.type === 'IfStatement' && (parent.consequent === n || parent.alternate === n);
    if (!parent || (parent.type !== 'BlockStatement' && !branch)) {
      return 'it is asked inside a loop, a try, a switch or a nested function, and asking it where the handler makes it could ask a client the original never asked';
    }
    n = parent;
  }
  return { statement, name, ...(group ? { group } : {}), top: n as TSESTree.Statement, nested: n !== statement };
}

/**
 * What runs before `place` in the handler: the statements before it in each block that holds it, with the tests of
 * the `if`s it is under.
 */
export function runsBefore(place: RequestPlace, body: TSESTree.BlockStatement): { statements: TSESTree.Statement[]; tests: Node[] } {
  const statements: TSESTree.Statement[] = [];
  const tests: Node[] = [];
  const path: Node[] = [];
  for (let n: Node | undefined = place.statement; n && n !== body; n = n.parent) path.unshift(n);
  let block: TSESTree.BlockStatement = body;
  for (const n of path) {
    if (n.parent === block) statements.push(...block.body.slice(0, block.body.indexOf(n as TSESTree.Statement)));
    if (n.type === 'IfStatement') tests.push(n.test);
    if (n.type === 'BlockStatement') block = n;
  }
  return { statements, tests };
}

/**
 * A statement that may run again on every round before a request asked in place: the same answers lead it the same
 * way, and it acts on nothing. `requests` are the statements of the round's requests (asked, or read, when reached).
 */
export function replays(statement: TSESTree.Statement, unit: Unit, requests: ReadonlySet<Node>): boolean {
  switch (statement.type) {
    case 'EmptyStatement':
      return true;
    // Ends the handler, in the round that gets here: the original ended here too, once.
    case 'ReturnStatement':
    case 'ThrowStatement':
      return true;
    case 'VariableDeclaration':
      return requests.has(statement) || statement.declarations.every((d) => !d.init || isPlain(d.init, unit));
    case 'BlockStatement':
      return statement.body.every((s) => replays(s, unit, requests));
    case 'IfStatement':
      return isPlain(statement.test, unit) && replays(statement.consequent, unit, requests) && (!statement.alternate || replays(statement.alternate, unit, requests));
    default:
      return requests.has(statement);
  }
}

export function lineOf(node: Node, unit: Unit): number {
  return unit.text.slice(0, node.range[0]).split('\n').length;
}

/** Depth-first over the AST; `fn` returning false skips the node's children. */
export function visit(node: Node, fn: (node: Node) => boolean | void): void {
  if (fn(node) === false) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child === 'object' && typeof (child as Node).type === 'string') visit(child as Node, fn);
    } else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') {
      visit(value as Node, fn);
    }
  }
}

/** Whether `id` reads a variable (not a property name or an object key). */
export function isReference(id: TSESTree.Identifier): boolean {
  const parent = id.parent;
  if (parent?.type === 'MemberExpression' && parent.property === id && !parent.computed) return false;
  if (parent?.type === 'Property' && parent.key === id && !parent.computed && !parent.shorthand) return false;
  return true;
}
