// A debounced list_changed refresh: the handler clears the pending timer and starts a new one that
// runs the fill (`if (h) clearTimeout(h); h = setTimeout(() => void refresh(), 100);`). The timer is
// that handler's own work, so it is a list_changed trigger like a direct call — as long as its handle
// is kept only for the handler to clear. A handle used anywhere else (a shutdown `clearTimeout`, a
// read in a tool) is more than a debounce, and the trigger is not recognised.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type VariableLike, calleeName, contains, enclosingFunction, enclosingStatement, locOf, propertyName, thisClass, unwrap, walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { clearStatement, debounceStatement, empty, schedulerOf } from './debounce-statements.ts';

export interface Debounce {
  /** The list_changed handler that (re)starts the timer. */
  handler: FunctionNode;
  /** The handler's statements that only debounce (clear the handle, start the timer): they go with it. */
  statements: Set<Node>;
  /** The timer's callback, when it is a function of its own (not the fill handed over by name). */
  callback?: FunctionNode;
  /** Statements in the callback that only reset the handle (`h = undefined;`). */
  resets: Set<Node>;
  /** The handle's declaration (`let h;`, a private field), which goes once the handler does. */
  declaration?: Node;
  /**
   * What else goes once the handler does: the scheduler the handler alone calls to start the timer
   * (its declaration), and statements elsewhere that only clear the handle (a shutdown
   * `clearTimeout(h)`), which do nothing once no statement assigns it a timer.
   */
  retired: Node[];
}

/**
 * `h = setTimeout(cb, ms)` (perhaps `.unref()`-ed) written as a statement directly in a function
 * `isRefresh` accepts, with `h` a local or private handle used only there: the debounce. Otherwise,
 * `stray` says where the handle is used besides (for the marker's detail).
 */
export function debounceOf(call: TSESTree.CallExpression, prov: Provenance, isRefresh: (fn: FunctionNode) => boolean): Debounce | { stray: string } | undefined {
  const assign = timerAssignment(call);
  if (!assign) return undefined;
  const timer = assign.parent;
  const starter = enclosingFunction(timer);
  if (!starter || starter.body.type !== 'BlockStatement' || timer.parent !== starter.body) return undefined;
  // The timer started by the handler itself, or by a scheduler only the handler calls (`this.scheduleRootsUpdate(server)`).
  const scheduler = isRefresh(starter) ? undefined : schedulerOf(starter, prov, isRefresh);
  if (!isRefresh(starter) && !scheduler) return undefined;
  const handler = scheduler?.handler ?? starter;
  const handle = handleOf(assign.left, prov);
  if (!handle) return undefined;
  const arg = unwrap(call.arguments[0]);
  const callback = arg.type === 'ArrowFunctionExpression' || arg.type === 'FunctionExpression' ? arg : undefined;
  const statements = new Set<Node>(scheduler ? [scheduler.call] : [timer]);
  // The scheduler's statements that only debounce: all of its body must be, since it goes whole.
  const scheduled = new Set<Node>([timer]);
  const resets = new Set<Node>();
  const clears = new Set<Node>();
  for (const ref of handle.refs) {
    if (ref === assign.left) continue;
    const s = handlerStatement(ref, handler);
    if (s && debounceStatement(s, handle.is)) {
      statements.add(s);
      continue;
    }
    const own = scheduler && handlerStatement(ref, scheduler.fn);
    if (own && debounceStatement(own, handle.is, true)) {
      scheduled.add(own);
      continue;
    }
    const reset = callback && resetStatement(ref);
    if (reset && reset.parent === callback.body) {
      resets.add(reset);
      continue;
    }
    const clear = clearStatement(ref, handle.is);
    if (clear && !(callback && contains(callback, clear)) && !contains(handler, clear)) {
      clears.add(clear);
      continue;
    }
    return { stray: strayText(handle.name, ref) };
  }
  if (scheduler && scheduler.fn.body.type === 'BlockStatement' && !scheduler.fn.body.body.every((s) => scheduled.has(s))) return undefined;
  const retired = [...(scheduler ? [declarationOf(scheduler.fn)] : []), ...[...clears].filter((c) => ![...clears].some((o) => o !== c && contains(o, c)))];
  return { handler, statements, ...(callback ? { callback } : {}), resets, ...(handle.declaration ? { declaration: handle.declaration } : {}), retired };
}

/** The statement declaring a scheduler (the method, or the function) that goes with the handler. */
function declarationOf(fn: FunctionNode): Node {
  const p = fn.parent;
  if ((p?.type === 'MethodDefinition' || p?.type === 'PropertyDefinition') && p.value === fn) return p;
  if (fn.type === 'FunctionDeclaration') return fn.parent?.type === 'ExportNamedDeclaration' ? fn.parent : fn;
  return enclosingStatement(fn);
}

/**
 * For a timer whose handle is kept (`h = setTimeout(…)`) anywhere, not only in a list_changed handler:
 * the first use of the handle outside the function that starts the timer, said as in `debounceOf`.
 */
export function strayHandleUse(call: TSESTree.CallExpression, prov: Provenance): string | undefined {
  const assign = timerAssignment(call);
  const starter = assign && enclosingFunction(assign);
  const handle = assign && handleOf(assign.left, prov);
  if (!starter || !handle) return undefined;
  const ref = handle.refs.find((r) => r.range[0] < starter.range[0] || r.range[1] > starter.range[1]);
  return ref && strayText(handle.name, ref);
}

/** `h = setTimeout(cb, ms)` or `h = setTimeout(cb, ms).unref()` as a statement: the assignment. */
function timerAssignment(call: TSESTree.CallExpression): (TSESTree.AssignmentExpression & { parent: TSESTree.ExpressionStatement }) | undefined {
  if (calleeName(call) !== 'setTimeout' || unwrap(call.callee).type !== 'Identifier' || !call.arguments[0]) return undefined;
  let top: Node = call;
  if (top.parent?.type === 'MemberExpression' && top.parent.object === top && propertyName(top.parent) === 'unref' && top.parent.parent?.type === 'CallExpression' && top.parent.parent.callee === top.parent) top = top.parent.parent;
  const assign = top.parent;
  if (assign?.type !== 'AssignmentExpression' || assign.operator !== '=' || assign.right !== top || assign.parent?.type !== 'ExpressionStatement') return undefined;
  return assign as TSESTree.AssignmentExpression & { parent: TSESTree.ExpressionStatement };
}

function strayText(name: string, ref: Node): string {
  const user = enclosingFunction(ref);
  const fn = user && functionNameOf(user);
  return `whose handle ${name} is also used at line ${locOf(ref).start.line}${fn ? ` in ${fn}()` : ''}`;
}

interface Handle {
  name: string;
  refs: Node[];
  declaration?: Node;
  /** Whether a node reads this handle. */
  is: (n: Node) => boolean;
}

/** A handle in a local or module `let` (one declarator, no value yet) or a private field of the class (`private h?`, `#h`). */
function handleOf(target: Node, prov: Provenance): Handle | undefined {
  const x = unwrap(target);
  if (x.type === 'Identifier') {
    const v: VariableLike | undefined = prov.variableOf(x);
    const declarator = v?.defs[0]?.node;
    if (!v || v.defs.length !== 1 || declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.declarations.length !== 1) return undefined;
    if (declarator.parent.parent?.type === 'ExportNamedDeclaration' || !empty(declarator.init)) return undefined;
    const refs = v.references.map((r) => r.identifier as Node).filter((r) => r !== declarator.id);
    const is = (n: Node) => {
      const y = unwrap(n);
      return y.type === 'Identifier' && prov.variableOf(y) === v;
    };
    return { name: x.name, refs, declaration: declarator.parent, is };
  }
  if (x.type !== 'MemberExpression' || x.object.type !== 'ThisExpression' || x.computed) return undefined;
  const name = keyName(x);
  const cls = thisClass(x);
  if (!name || !cls) return undefined;
  let declaration: TSESTree.PropertyDefinition | undefined;
  const refs: Node[] = [];
  const is = (n: Node) => {
    const y = unwrap(n);
    return y.type === 'MemberExpression' && y.object.type === 'ThisExpression' && !y.computed && keyName(y) === name && thisClass(y) === cls;
  };
  walkAll(cls, (n) => {
    if (n.type === 'PropertyDefinition' && !n.computed && !n.static && keyName(n) === name) declaration = n;
    if (is(n)) refs.push(n);
  });
  // Only a private field is sure to be used nowhere but here; a public one may be read from outside the class.
  if (!declaration || !empty(declaration.value) || (declaration.accessibility !== 'private' && declaration.key.type !== 'PrivateIdentifier')) return undefined;
  return { name: `this.${name}`, refs, declaration, is };
}

/** A member's name, `#name` for a private one (which `propertyName` leaves unnamed). */
function keyName(n: TSESTree.MemberExpression | TSESTree.PropertyDefinition): string | undefined {
  const key = n.type === 'MemberExpression' ? n.property : n.key;
  return key.type === 'PrivateIdentifier' ? `#${key.name}` : propertyName(n);
}

/** The statement of `handler`'s own body holding `ref`. */
function handlerStatement(ref: Node, handler: FunctionNode): Node | undefined {
  let n: Node | undefined = ref;
  while (n && n.parent !== handler.body) n = n.parent;
  return n && enclosingFunction(ref) === handler ? n : undefined;
}

/** `h = undefined;` / `h = null;` as a statement. */
function resetStatement(ref: Node): Node | undefined {
  const p = ref.parent;
  if (p?.type !== 'AssignmentExpression' || p.left !== ref || p.operator !== '=' || !empty(p.right) || p.parent?.type !== 'ExpressionStatement') return undefined;
  return p.parent;
}

function functionNameOf(fn: FunctionNode): string | undefined {
  if (fn.type !== 'ArrowFunctionExpression' && fn.id) return fn.id.name;
  const p = fn.parent;
  if (p?.type === 'MethodDefinition' || p?.type === 'PropertyDefinition') return propertyName(p);
  if (p?.type === 'VariableDeclarator' && p.id.type === 'Identifier') return p.id.name;
  return undefined;
}
