// What a statement does with a debounce timer's handle: only clear it, only restart it, or start the
// timer from a scheduler the list_changed handler calls. Once the per-request form retires the one
// statement that assigns the handle a timer (`h = setTimeout(…)`), the handle never holds one again:
// a `clearTimeout(h)` or `h = undefined` anywhere else (a shutdown method) does nothing from then on,
// so it goes with the timer. A read that answers something (`h !== undefined` returned to a caller)
// is not such a statement: the original could answer true, so it keeps the marker.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, enclosingFunction, isExported, propertyName, thisClass, unwrap, walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { fillReferences } from './fill-references.ts';

const CLEARS = new Set(['clearTimeout', 'clearInterval']);

/** No value, `undefined` or `null`: what a handle holds when no timer is pending. */
export function empty(init: Node | null | undefined): boolean {
  const x = init && unwrap(init);
  return !x || (x.type === 'Identifier' && x.name === 'undefined') || (x.type === 'Literal' && x.value === null);
}

/**
 * `clearTimeout(h);`, `h = undefined;`, `h.unref();`, or `if (h) …` of those with no else; `scheduler`
 * also accepts `h.refresh();` and a bare `return;` (a scheduler goes whole with the handler, so what
 * it restarts or where it stops is the debounce's own business).
 */
export function debounceStatement(s: Node, is: (n: Node) => boolean, scheduler = false): boolean {
  if (s.type === 'BlockStatement') return s.body.every((x) => debounceStatement(x, is, scheduler));
  if (s.type === 'IfStatement') return !s.alternate && handleTest(s.test, is) && debounceStatement(s.consequent, is, scheduler);
  if (scheduler && s.type === 'ReturnStatement') return !s.argument;
  if (s.type !== 'ExpressionStatement') return false;
  const e = unwrap(s.expression.type === 'ChainExpression' ? s.expression.expression : s.expression);
  if (e.type === 'AssignmentExpression') return e.operator === '=' && is(e.left) && empty(e.right);
  if (e.type !== 'CallExpression') return false;
  if (CLEARS.has(calleeName(e) ?? '') && unwrap(e.callee).type === 'Identifier') return e.arguments.length === 1 && is(e.arguments[0]!);
  const callee = unwrap(e.callee);
  const method = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  return callee.type === 'MemberExpression' && (method === 'unref' || (scheduler && method === 'refresh')) && is(callee.object) && e.arguments.length === 0;
}

/** `h`, `h !== undefined`, `h != null`, `h !== null`: asks only whether a timer is pending. */
export function handleTest(test: Node, is: (n: Node) => boolean): boolean {
  const t = unwrap(test);
  if (is(t)) return true;
  if (t.type !== 'BinaryExpression' || !['!==', '!='].includes(t.operator)) return false;
  return (is(t.left) && empty(t.right)) || (is(t.right) && empty(t.left));
}

/**
 * A use of the handle outside the debounce that only clears it — `clearTimeout(h);`, `h = undefined;`,
 * or `if (h) { … }` of those — written as a statement of a block: that statement. `h.unref()` is not
 * one: on a handle that never holds a timer it would throw where the original did not.
 */
export function clearStatement(ref: Node, is: (n: Node) => boolean): Node | undefined {
  let s: Node | undefined = ref;
  while (s && !(s.parent?.type === 'BlockStatement' || s.parent?.type === 'Program')) {
    if (s.type.endsWith('Statement') && s.type !== 'ExpressionStatement' && s.type !== 'IfStatement' && s.type !== 'BlockStatement') return undefined;
    s = s.parent;
  }
  return s && clearsOnly(s, is) ? s : undefined;
}

function clearsOnly(s: Node, is: (n: Node) => boolean): boolean {
  if (s.type === 'BlockStatement') return s.body.every((x) => clearsOnly(x, is));
  if (s.type === 'IfStatement') return !s.alternate && handleTest(s.test, is) && clearsOnly(s.consequent, is);
  if (s.type !== 'ExpressionStatement') return false;
  const e = unwrap(s.expression);
  if (e.type === 'AssignmentExpression') return e.operator === '=' && is(e.left) && empty(e.right);
  return e.type === 'CallExpression' && CLEARS.has(calleeName(e) ?? '') && unwrap(e.callee).type === 'Identifier' && e.arguments.length === 1 && is(e.arguments[0]!);
}

export interface Scheduler {
  fn: FunctionNode;
  /** The handler's statement calling it (`this.scheduleRootsUpdate(server);`). */
  call: Node;
  /** The list_changed handler it is called from. */
  handler: FunctionNode;
}

/**
 * `starter` (the function whose statement starts the timer) as a scheduler: a function or method
 * called once, as a statement of a list_changed handler's own body, with arguments that only read
 * (names, `this`, members) — so retiring the handler leaves it uncalled and it goes too.
 */
export function schedulerOf(starter: FunctionNode, prov: Provenance, isRefresh: (fn: FunctionNode) => boolean): Scheduler | undefined {
  // Only a private method or an unexported function is sure to have no callers but these.
  const member = starter.parent;
  const method = (member?.type === 'MethodDefinition' || member?.type === 'PropertyDefinition') && member.value === starter ? member : undefined;
  if (method ? method.static || (method.accessibility !== 'private' && method.key.type !== 'PrivateIdentifier') : isExported(starter)) return undefined;
  const refs = method?.key.type === 'PrivateIdentifier' ? privateReferences(method as TSESTree.MethodDefinition | TSESTree.PropertyDefinition) : fillReferences(starter, prov);
  if (refs.length !== 1) return undefined;
  const call = refs[0]!.parent;
  if (call?.type !== 'CallExpression' || call.callee !== refs[0] || !call.arguments.every(readsOnly)) return undefined;
  const statement = call.parent?.type === 'UnaryExpression' && call.parent.operator === 'void' ? call.parent.parent : call.parent;
  const handler = statement?.type === 'ExpressionStatement' ? enclosingFunction(statement) : undefined;
  if (!handler || handler.body.type !== 'BlockStatement' || statement!.parent !== handler.body || !isRefresh(handler)) return undefined;
  return { fn: starter, call: statement!, handler };
}

function readsOnly(arg: TSESTree.CallExpressionArgument): boolean {
  const x = unwrap(arg);
  if (x.type === 'Identifier' || x.type === 'ThisExpression' || x.type === 'Literal') return true;
  return x.type === 'MemberExpression' && !x.computed && readsOnly(x.object as TSESTree.Expression);
}

/** `this.#name` in the class of a `#name` method (which `fillReferences` does not name). */
function privateReferences(member: TSESTree.MethodDefinition | TSESTree.PropertyDefinition): Node[] {
  const key = member.key as TSESTree.PrivateIdentifier;
  const cls = member.parent.parent;
  const refs: Node[] = [];
  walkAll(cls, (n) => {
    if (n.type === 'MemberExpression' && n.object.type === 'ThisExpression' && n.property.type === 'PrivateIdentifier' && n.property.name === key.name && thisClass(n) === cls) refs.push(n);
  });
  return refs;
}
