// Proxies and gateways: code that is a server to one peer and a client to another, passing roots along
// without spelling them. A request or notification relayed as it arrived (`front.request(request, …)` inside
// a roots/list handler), client capabilities handed on (`new Client(info, { capabilities:
// front.getClientCapabilities() })`), and the client's capabilities read in an `initialize` handler.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, isFunction, propertyName, staticString, unwrap } from './ast.ts';
import { patternKeys } from './provenance-types.ts';
import { handledMethod } from './registrations.ts';
import type { Provenance } from './provenance.ts';
import { walkAll } from './walk.ts';

const MAX_HOPS = 6;

/**
 * The method of a message relayed unchanged: the request (or notification) parameter of a handler registered for
 * that method, passed on whole (`request`), spread (`{ ...request }`) or rebuilt from its own method.
 */
export function relayedMethod(arg: Node | undefined, prov: Provenance): string | undefined {
  if (!arg) return undefined;
  const n = unwrap(arg);
  if (n.type === 'ObjectExpression') {
    for (const p of n.properties) {
      if (p.type === 'SpreadElement') return relayedMethod(p.argument, prov);
      if (p.type === 'Property' && propertyName(p) === 'method') {
        const value = unwrap(p.value);
        return value.type === 'MemberExpression' && propertyName(value) === 'method' ? relayedMethod(value.object, prov) : undefined;
      }
    }
    return undefined;
  }
  if (n.type !== 'Identifier') return undefined;
  const def = prov.variableOf(n)?.defs[0];
  if (def?.type !== 'Parameter' || !isFunction(def.node) || def.node.params[0] !== def.name) return undefined;
  const registration = registrationOf(def.node);
  return registration && handledMethod(registration.arguments[0], (s) => prov.is(s, 'schema')?.name);
}

/** `x.setRequestHandler(method, fn)` / `setNotificationHandler`: the call that registers `fn` as its handler. */
function registrationOf(fn: FunctionNode): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.arguments[call.arguments.length - 1] !== fn) return undefined;
  const name = calleeName(call);
  return name === 'setRequestHandler' || name === 'setNotificationHandler' ? call : undefined;
}

/**
 * A value that is the capabilities another peer declared, handed on whole: a server's
 * `getClientCapabilities()`, or the `params.capabilities` of the initialize request it handles itself.
 */
export function isRelayedClientCapabilities(node: Node, prov: Provenance): boolean {
  const n = unwrap(node);
  if (n.type === 'CallExpression' && calleeName(n) === 'getClientCapabilities' && n.callee.type === 'MemberExpression') {
    return prov.valueOf(n.callee.object)?.kind === 'server';
  }
  const path = requestPath(n, prov, 0);
  return !!path && path.handler === 'initialize' && path.keys.join('.') === 'params.capabilities';
}

/**
 * In an initialize handler registered on an MCP server: the places that read the client's `roots` capability
 * (`request.params.capabilities.roots`, `capabilities?.roots` after destructuring, `'roots' in capabilities`).
 */
export function initializeRootsReads(call: TSESTree.CallExpression, prov: Provenance): Node[] {
  const fn = handlerFunction(call, prov);
  if (!fn) return [];
  const out: Node[] = [];
  const isCapabilities = (n: Node) => {
    const path = requestPath(n, prov, 0);
    return !!path && path.fn === fn && path.keys.join('.') === 'params.capabilities';
  };
  walkAll(fn.body, (n) => {
    if (n.type === 'MemberExpression' && propertyName(n) === 'roots' && isCapabilities(n.object)) out.push(n);
    else if (n.type === 'BinaryExpression' && n.operator === 'in' && staticString(n.left) === 'roots' && isCapabilities(n.right)) out.push(n);
    else if (n.type === 'VariableDeclarator' && n.init && n.id.type === 'ObjectPattern' && isCapabilities(n.init)) {
      const prop = n.id.properties.find((p) => p.type === 'Property' && propertyName(p) === 'roots');
      if (prop) out.push(prop);
    }
  });
  return out;
}

function handlerFunction(call: TSESTree.CallExpression, prov: Provenance): FunctionNode | undefined {
  const last = call.arguments[call.arguments.length - 1];
  if (!last) return undefined;
  const n = unwrap(last);
  if (isFunction(n)) return n;
  if (n.type !== 'Identifier') return undefined;
  const def = prov.variableOf(n)?.defs[0];
  if (def?.type === 'FunctionName' && isFunction(def.node)) return def.node;
  const init = def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init ? unwrap(def.node.init) : undefined;
  return init && isFunction(init) ? init : undefined;
}

interface RequestPath {
  fn: FunctionNode;
  /** The method the handler is registered for. */
  handler: string | undefined;
  /** The keys read from the handler's request parameter down to this value. */
  keys: string[];
}

/** `request.params.capabilities` (or a local destructured from it) as a path from a handler's request parameter. */
function requestPath(input: Node, prov: Provenance, hops: number): RequestPath | undefined {
  if (hops > MAX_HOPS) return undefined;
  const n = unwrap(input);
  if (n.type === 'MemberExpression') {
    const key = propertyName(n);
    const base = key === undefined ? undefined : requestPath(n.object, prov, hops + 1);
    return base && { ...base, keys: [...base.keys, key!] };
  }
  if (n.type !== 'Identifier') return undefined;
  const def = prov.variableOf(n)?.defs[0];
  if (!def) return undefined;
  if (def.type === 'Parameter' && isFunction(def.node)) {
    const fn = def.node;
    const registration = registrationOf(fn);
    const first = fn.params[0];
    if (!registration || !first) return undefined;
    const keys = patternKeys(first, def.name as TSESTree.Identifier);
    const receiver = registration.callee.type === 'MemberExpression' ? prov.valueOf(registration.callee.object) : undefined;
    if (!keys || receiver?.kind !== 'server') return undefined;
    return { fn, handler: handledMethod(registration.arguments[0], (s) => prov.is(s, 'schema')?.name), keys };
  }
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init) {
    const base = requestPath(def.node.init, prov, hops + 1);
    const keys = base && patternKeys(def.node.id, def.name as TSESTree.Identifier);
    return base && keys ? { ...base, keys: [...base.keys, ...keys] } : undefined;
  }
  return undefined;
}
