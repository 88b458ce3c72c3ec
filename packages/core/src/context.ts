// Which handler reaches a site, and through which functions: walk out of the enclosing function to
// the registration that receives it, or to the callers of a named helper, in the same file.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, enclosingFunction, functionName, isFunction, propertyName, unwrap } from './ast.ts';
import type { Provenance } from './provenance.ts';
import { handledMethod, registrationKind, requestHandlerKind } from './registrations.ts';
import { backgroundCallees, lifecycleHooks } from './surface.ts';
import type { HandlerKind, SiteContext } from './types.ts';

const listenerMethods = new Set(['on', 'once', 'addListener', 'addEventListener', 'subscribe', 'watch']);
const MAX_CHAIN = 8;

export function contextsOf(node: Node, prov: Provenance): SiteContext[] {
  const out: SiteContext[] = [];
  walk(node, [], new Set(), prov, out);
  return dedupe(out);
}

/** The context that decides what can be done: a non-handler caller blocks a rewrite, so it wins. */
export function primaryContext(contexts: SiteContext[]): SiteContext {
  const blocking = contexts.find((c) => !isRequestHandler(c.handler));
  return blocking ?? contexts[0] ?? { handler: 'other', via: [] };
}

export function isRequestHandler(kind: HandlerKind): boolean {
  return kind === 'tool' || kind === 'prompt' || kind === 'resource' || kind === 'request-handler';
}

function walk(node: Node, via: string[], seen: Set<Node>, prov: Provenance, out: SiteContext[]): void {
  const fn = enclosingFunction(node);
  if (!fn) {
    out.push({ handler: 'lifecycle', name: 'module top level', via });
    return;
  }
  if (seen.has(fn) || via.length > MAX_CHAIN) {
    out.push({ handler: 'other', via });
    return;
  }
  seen.add(fn);
  // Climb through wrappers: `wrap(async (args, extra) => ...)` passed to a registration.
  let position: Node = fn;
  while (position.parent?.type === 'CallExpression' && position.parent.arguments.includes(position as TSESTree.Expression)) {
    const call: TSESTree.CallExpression = position.parent;
    const found = callContext(call, via, prov);
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
      out.push({ handler: 'lifecycle', name: hook, via });
      return;
    }
  }
  if (position !== fn) {
    // A callback to something that is not MCP (`roots.map(...)`, `Promise.all`): it runs in its caller.
    walk(position, via, seen, prov, out);
    return;
  }
  const name = functionName(fn);
  const references = namedReferences(fn, prov);
  if (!name || references.length === 0) {
    out.push({ handler: 'other', via: name ? [name, ...via] : via });
    return;
  }
  const nextVia = [name, ...via];
  for (const ref of references) {
    const p = ref.parent;
    if (p?.type === 'CallExpression' && p.callee === ref) {
      walk(p, nextVia, seen, prov, out);
    } else if (p?.type === 'CallExpression') {
      const found = callContext(p, via, prov);
      if (found) out.push(found);
      else walk(p, nextVia, seen, prov, out);
    } else if (p?.type === 'AssignmentExpression' && p.left.type === 'MemberExpression' && lifecycleHooks.has(propertyName(p.left) ?? '')) {
      out.push({ handler: 'lifecycle', name: propertyName(p.left), via: nextVia });
    } else {
      out.push({ handler: 'other', via: nextVia });
    }
  }
}

/** References to a named function: identifier uses, plus `this.name(...)` calls for class members. */
function namedReferences(fn: FunctionNode, prov: Provenance): Node[] {
  const refs: Node[] = [...prov.referencesTo(fn)];
  for (const call of prov.callsOf(fn)) {
    const callee = unwrap(call.callee);
    if (callee.type === 'MemberExpression') refs.push(callee.parent === call ? callee : call.callee);
  }
  return refs.map((r) => (r.parent?.type === 'MemberExpression' && r.parent.property === r ? r.parent : r));
}

/** What a callback given to `call` is: an MCP handler, a timer or listener, or nothing known. */
function callContext(call: TSESTree.CallExpression, via: string[], prov: Provenance): SiteContext | undefined {
  const name = calleeName(call);
  const callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression') {
    const receiver = prov.valueOf(callee.object);
    if (receiver) {
      const kind = registrationKind(call, receiver.kind);
      if (kind === 'tool' || kind === 'prompt' || kind === 'resource') {
        const label = call.arguments[0] ? literalName(call.arguments[0]) : undefined;
        return { handler: kind, name: label, via };
      }
      if (kind === 'request' || kind === 'notification') {
        const method = handledMethod(call.arguments[0], (n) => prov.is(n, 'schema')?.name);
        if (kind === 'notification') return { handler: 'notification-handler', name: method, via };
        if (receiver.kind === 'client') return { handler: 'other', name: method ? `client ${method} handler` : undefined, via };
        return { handler: requestHandlerKind(method), name: method, via };
      }
    }
    if (name === 'then' || name === 'finally') {
      const inner = unwrap(callee.object);
      if (inner.type === 'CallExpression' && calleeName(inner) === 'connect') return { handler: 'lifecycle', name: 'after connect', via };
    }
    if (name && listenerMethods.has(name)) return { handler: 'background', name: `${name} listener`, via };
  }
  if (name && backgroundCallees.has(name)) return { handler: 'background', name, via };
  if (name === 'nextTick') return { handler: 'background', name, via };
  return undefined;
}

function literalName(node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type === 'Literal' && typeof n.value === 'string') return n.value;
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

function dedupe(contexts: SiteContext[]): SiteContext[] {
  const seen = new Set<string>();
  return contexts.filter((c) => {
    const key = JSON.stringify([c.handler, c.name, c.via]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export { isFunction };
