// How a site is reached, with the nodes a planner needs: the handler callback and registration, and
// each helper hop (the function and the call that enters it) between the handler and the site.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, castOuter, enclosingFunction, functionName, propertyName, staticString, unwrap } from './ast.ts';
import { type Provenance, walkAll } from './provenance.ts';
import { handledMethod, registrationKind, requestHandlerKind } from './registrations.ts';
import { backgroundCallees, lifecycleHooks, type McpValue } from './surface.ts';
import type { HandlerKind } from './types.ts';

export interface Hop {
  /** The helper function entered. */
  fn: FunctionNode;
  /** The call that enters it, inside the previous hop (or the handler); for a class getter, the `this.name` read that runs it. */
  call: TSESTree.CallExpression | TSESTree.MemberExpression;
}

export interface Reach {
  handler: HandlerKind;
  name?: string;
  /** For tool / prompt / resource / request handlers: the callback the SDK calls, and how it is registered. */
  callback?: FunctionNode;
  registration?: TSESTree.CallExpression;
  receiver?: McpValue;
  /** Helper hops from the handler towards the site, outermost first. */
  hops: Hop[];
  /** For `other`: the outermost function whose callers are not in this file (exported, or unused). */
  unresolved?: FunctionNode;
}

const listenerMethods = new Set(['on', 'once', 'addListener', 'addEventListener', 'subscribe', 'watch']);
const MAX_CHAIN = 8;

export function reachesOf(node: Node, prov: Provenance): Reach[] {
  const out: Reach[] = [];
  walk(node, [], new Set(), prov, out);
  return out;
}

function walk(node: Node, hops: Hop[], seen: Set<Node>, prov: Provenance, out: Reach[]): void {
  const fn = enclosingFunction(node);
  if (!fn) {
    out.push({ handler: 'lifecycle', name: 'module top level', hops });
    return;
  }
  if (seen.has(fn) || hops.length > MAX_CHAIN) {
    out.push({ handler: 'other', hops });
    return;
  }
  seen.add(fn);
  // Climb through wrappers: `wrap(async (args, extra) => ...)` passed to a registration.
  let position: Node = fn;
  while (position.parent?.type === 'CallExpression' && position.parent.arguments.includes(position as TSESTree.Expression)) {
    const call: TSESTree.CallExpression = position.parent;
    const found = callReach(call, position === fn ? fn : undefined, hops, prov);
    if (found) {
      out.push(found);
      return;
    }
    position = call;
  }
  const parent = position.parent;
  if (parent?.type === 'AssignmentExpression' && parent.right === position && parent.left.type === 'MemberExpression') {
    const hook = propertyName(parent.left);
    if (hook && lifecycleHooks.has(hook)) {
      out.push({ handler: 'lifecycle', name: hook, hops });
      return;
    }
  }
  // An IIFE (`(async () => { … })()`, `void (function () { … })()`) runs where it is called.
  if (position === fn && isCalledInPlace(fn)) {
    walk(fn.parent!, hops, seen, prov, out);
    return;
  }
  if (position !== fn) {
    // A callback to something that is not MCP (`roots.map(...)`, `Promise.all`): it runs in its caller.
    walk(position, hops, seen, prov, out);
    return;
  }
  const references = namedReferences(fn, prov);
  if (!functionName(fn) || references.length === 0) {
    out.push({ handler: 'other', hops, unresolved: fn });
    return;
  }
  for (const ref of references) {
    const p = ref.parent;
    if (p?.type === 'CallExpression' && p.callee === ref) {
      // Cycle detection is per path: a helper called twice from one handler is two paths, not a cycle.
      walk(p, [{ fn, call: p }, ...hops], new Set(seen), prov, out);
    } else if (ref.type === 'MemberExpression' && isGetter(fn)) {
      // `this.workspace` reads a getter: the read runs it.
      walk(ref, [{ fn, call: ref }, ...hops], new Set(seen), prov, out);
    } else if (p?.type === 'CallExpression') {
      const found = callReach(p, fn, hops, prov);
      if (found) out.push(found);
      else out.push({ handler: 'other', hops });
    } else if (p?.type === 'AssignmentExpression' && p.left.type === 'MemberExpression' && lifecycleHooks.has(propertyName(p.left) ?? '')) {
      out.push({ handler: 'lifecycle', name: propertyName(p.left), hops });
    } else {
      out.push({ handler: 'other', hops });
    }
  }
}

/** `fn` is the callee of the call around it: it runs there and then. */
export function isCalledInPlace(fn: FunctionNode): boolean {
  const call = fn.parent;
  return call?.type === 'CallExpression' && unwrap(call.callee) === fn;
}

/** The function `node` runs in: an IIFE (`void (async () => { … })()`) runs in the function around it. */
export function runningFunction(node: Node): FunctionNode | undefined {
  let fn = enclosingFunction(node);
  while (fn && isCalledInPlace(fn)) fn = enclosingFunction(fn);
  return fn;
}

/** A class member `get name() { … }`: reading `this.name` runs it. */
export function isGetter(fn: FunctionNode): boolean {
  return fn.parent?.type === 'MethodDefinition' && fn.parent.kind === 'get';
}

/** The `this.name` reads of a getter inside its class (assignment targets excluded). */
export function getterReads(fn: FunctionNode): TSESTree.MemberExpression[] {
  const member = fn.parent;
  if (member?.type !== 'MethodDefinition' || member.kind !== 'get') return [];
  const name = propertyName(member);
  const cls = member.parent?.parent;
  const out: TSESTree.MemberExpression[] = [];
  if (!name || !cls) return out;
  walkAll(cls, (n) => {
    if (n.type !== 'MemberExpression' || n.object.type !== 'ThisExpression' || propertyName(n) !== name) return;
    const p = n.parent;
    if (p?.type === 'AssignmentExpression' && p.left === n) return;
    if (p?.type === 'CallExpression' && p.callee === n) return;
    out.push(n);
  });
  return out;
}

/** Identifier references to a named function, plus `this.name(...)` callees for class members and `this.name` reads of getters. */
function namedReferences(fn: FunctionNode, prov: Provenance): Node[] {
  const refs: Node[] = [...prov.referencesTo(fn), ...getterReads(fn)];
  // `tools.archive` handed to a registration (its calls come from callsOf below).
  for (const member of prov.memberReferencesTo(fn)) {
    const outer = castOuter(member);
    const p = outer.parent;
    if (!(p?.type === 'CallExpression' && p.callee === outer)) refs.push(outer);
  }
  for (const call of prov.callsOf(fn)) {
    const callee = unwrap(call.callee);
    if (callee.type === 'MemberExpression') refs.push(callee);
  }
  return refs;
}

/** What a callback given to `call` is: an MCP handler, a timer or listener, or nothing known. */
function callReach(call: TSESTree.CallExpression, callback: FunctionNode | undefined, hops: Hop[], prov: Provenance): Reach | undefined {
  const name = calleeName(call);
  const callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression') {
    const receiver = prov.valueOf(callee.object);
    if (receiver) {
      const kind = registrationKind(call, receiver.kind);
      if (kind === 'tool' || kind === 'prompt' || kind === 'resource') {
        const label = call.arguments[0] ? staticString(call.arguments[0]) : undefined;
        return { handler: kind, name: label, callback, registration: call, receiver, hops };
      }
      if (kind === 'request' || kind === 'notification') {
        const method = handledMethod(call.arguments[0], (n) => prov.is(n, 'schema')?.name);
        if (kind === 'notification') return { handler: 'notification-handler', name: method, registration: call, hops };
        if (receiver.kind === 'client') return { handler: 'other', name: method ? `client ${method} handler` : undefined, hops };
        const handler = requestHandlerKind(method);
        return handler === 'request-handler'
          ? { handler, name: method, callback, registration: call, receiver, hops }
          : { handler, name: method, hops };
      }
    }
    if (name === 'then' || name === 'finally') {
      const inner = unwrap(callee.object);
      if (inner.type === 'CallExpression' && calleeName(inner) === 'connect') return { handler: 'lifecycle', name: 'after connect', hops };
    }
    if (name && listenerMethods.has(name)) return { handler: 'background', name: `${name} listener`, hops };
  }
  if (name && (backgroundCallees.has(name) || name === 'nextTick')) return { handler: 'background', name, hops };
  return undefined;
}
