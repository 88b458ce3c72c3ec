// From a push-style request to every handler that reaches it: the chain of helper calls (possibly
// across files) along which ctx must be threaded. Anything that cannot be proven throws Unprovable.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, functionName, isExported, staticString, unwrap } from '@uproot/core/planning';
import { contextReason } from '@uproot/core/planning';
import { isRequestHandler } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { type Reach, reachesOf } from '@uproot/core/planning';
import { callbackExtraIndex, handledMethod, registrationKind, requestHandlerKind } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { type Unit, Unprovable } from './unit.ts';
import { connectedBefore } from './after-connect.ts';
import { receiverVisibleAt } from './visible-server.ts';
import { ownResultSchemaDetail } from './result-schema.ts';
import { nameableContext } from './destructured-context.ts';
import { frameworkDetail } from './framework-api.ts';
import { handedOnAsValue } from './value-uses.ts';
import { type ChainHop, followHanded } from './handed-chain.ts';
import type { ProjectIndex } from './project-index.ts';

export type { ChainHop } from './handed-chain.ts';
export type { ProjectIndex } from './project-index.ts';
import { listHandlerFailure } from './list-detail.ts';
import { splitsInHandler } from './request-options.ts';


export interface HandlerChain {
  unit: Unit;
  reach: Reach;
  callback: FunctionNode;
  extraIndex: number;
  /** The low-level Server, as spelled in the handler, for the 2025-era capability check. */
  server: string;
  hops: ChainHop[];
}

export interface SitePlan {
  site: RootsSite;
  unit: Unit;
  chains: HandlerChain[];
  /** A request bounded by its own options, split by era (request-options.ts): its handlers ask only 2026-07-28 requests. */
  eraSplit?: boolean;
}


const MAX_FILES_DEEP = 4;

/** `retired`: callers and registrations the plan removes (session-fill.ts); no chain is followed through them. */
export function planSite(site: RootsSite, unit: Unit, project?: ProjectIndex, retired?: Retired): SitePlan {
  // A split request keeps its arguments on 2025-era connections; only its result schema must be the SDK's.
  const eraSplit = splitsInHandler(site, unit.prov);
  checkRequestForm(site, unit.prov, eraSplit);
  const chains: HandlerChain[] = [];
  extend(site, site.node, unit, [], (reach, at, registrationUnit, hops, factoryCall) => chains.push(handlerChain(site, reach, at, registrationUnit, hops, factoryCall)), project, 0, new Set(), retired);
  if (chains.length === 0) throw new Unprovable('unresolved-chain', 'no handler reaches this request');
  return { site, unit, chains, ...(eraSplit ? { eraSplit } : {}) };
}

/**
 * Every chain from an elicitation or sampling request to the handlers that reach it, as `planSite` finds a roots
 * request's (without the roots request forms it checks). Throws Unprovable where a chain cannot be followed.
 */
export function pushChains(site: RootsSite, unit: Unit, project?: ProjectIndex): HandlerChain[] {
  const chains: HandlerChain[] = [];
  extend(site, site.node, unit, [], (reach, at, registrationUnit, hops, factoryCall) => chains.push(handlerChain(site, reach, at, registrationUnit, hops, factoryCall)), project, 0, new Set());
  return chains;
}

/** Where a chain ends: the handler's reach, the file of the function it reached, the registration's file. */
type ChainEnd = (reach: Reach, unit: Unit, registrationUnit: Unit, hops: ChainHop[], factoryCall?: TSESTree.CallExpression) => void;

/**
 * The handler callbacks that reach `site` (an elicitation or sampling request), along the same chains a roots
 * request is planned through. `traced` is false when some chain could not be followed to its end: then other
 * handlers may reach the request too, and the caller must assume they do.
 */
export function handlerCallbacksReaching(site: RootsSite, unit: Unit, project?: ProjectIndex): { callbacks: FunctionNode[]; traced: boolean } {
  // The file's own handlers first: a chain that fails further out (an exported helper) must not hide them.
  const local = reachesOf(site.node, unit.prov);
  const callbacks: FunctionNode[] = local.flatMap((r) => (r.callback ? [r.callback] : []));
  let traced = local.length > 0;
  const end: ChainEnd = (reach) => {
    if (reach.callback) callbacks.push(reach.callback);
    else if (reach.handler === 'other') traced = false;
  };
  try {
    extend(site, site.node, unit, [], end, project, 0, new Set());
  } catch (error) {
    if (!(error instanceof Unprovable)) throw error;
    traced = false;
  }
  return { callbacks, traced };
}

/** Whether a node of a unit goes with the rewrite (a retired trigger or list_changed registration). */
export type Retired = (node: Node, unit: Unit) => boolean;

function extend(site: RootsSite, node: Node, unit: Unit, tail: ChainHop[], chains: ChainEnd, project: ProjectIndex | undefined, depth: number, external: Set<FunctionNode>, retired?: Retired): void {
  if (retired?.(node, unit)) return;
  const all = reachesOf(node, unit.prov);
  const reaches = retired ? all.filter((r) => !((r.registration && retired(r.registration, unit)) || r.hops.some((h) => retired(h.call, unit)))) : all;
  if (all.length > 0 && reaches.length === 0) return;
  if (reaches.length === 0) throw new Unprovable('unresolved-chain', 'no handler reaches this request');
  // Every reach is followed before one fails the site: a chain uproot cannot close says less than a reach that can
  // never ask per request (a list handler, a timer, a hook), which then names the marker.
  let failure: Unprovable | undefined;
  const failures: Unprovable[] = [];
  for (const reach of reaches) {
    try {
      extendReach(site, node, reach, unit, tail, chains, project, depth, external, retired);
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
      failures.push(error);
      if (!failure || (failure.reason === 'unresolved-chain' && error.reason !== 'unresolved-chain')) failure = error;
    }
  }
  // List handlers are named together, with what the roots decide there (list-detail.ts).
  if (failure?.reason === 'list-handler') failure = listHandlerFailure(failures, site, unit) ?? failure;
  if (failure) throw failure;
}

function extendReach(site: RootsSite, node: Node, reach: Reach, unit: Unit, tail: ChainHop[], chains: ChainEnd, project: ProjectIndex | undefined, depth: number, external: Set<FunctionNode>, retired?: Retired): void {
  // Past `await server.connect(…)` the request is a start-up fetch, whoever calls the function that connects.
  const startUp = reach.handler === 'other' ? connectedBefore(node, reach, unit) : undefined;
  if (startUp) {
    const fetcher = enclosingFunction(site.node);
    const handed = fetcher ? handedOnAsValue(fetcher, unit.prov) : undefined;
    throw new Unprovable('lifecycle', frameworkDetail(site, unit) ?? `the request runs after the server connects, in ${startUp}: 2026-07-28 has no session start to ask for roots at${handed ? `; ${handed}` : ''}`);
  }
  const getter = reach.hops.find((h) => h.call.type !== 'CallExpression');
  // A getter takes no argument to carry the request context in.
  if (getter) throw new Unprovable('unresolved-chain', `the request runs in the getter ${name(getter.fn)}, which can take no ctx argument`);
  const hops: ChainHop[] = [...reach.hops.map((h) => ({ fn: h.fn, fnUnit: unit, call: h.call as TSESTree.CallExpression, callUnit: unit })), ...tail];
  // Exported helpers on the way may also be called from other files: those callers need ctx too.
  for (let i = 0; i < reach.hops.length; i++) {
    const fn = reach.hops[i]!.fn;
    if (!isExported(fn)) continue;
    if (!project) throw new Unprovable('unresolved-chain', `${name(fn)} is exported, so callers in other files would break; run uproot migrate on the whole project`);
    followExternal(site, fn, unit, hops.slice(i + 1), chains, project, depth, external, retired);
  }
  // A function handed on as a value is entered wherever that value is called: those calls are followed as hops.
  if (reach.handler === 'other' && !reach.unresolved) {
    const handed = followHanded(node, reach, unit, tail, project, external);
    if (handed) {
      for (const entry of handed.entries) extend(site, entry.call, entry.unit, entry.hops, chains, project, entry.unit === unit ? depth : depth + 1, external, retired);
      if (isExported(handed.fn)) {
        if (!project) throw new Unprovable('unresolved-chain', `${name(handed.fn)} is exported, so callers in other files would break; run uproot migrate on the whole project`);
        followExternal(site, handed.fn, unit, handed.rest, chains, project, depth, external, retired);
      }
      return;
    }
  }
  if (reach.handler === 'other' && reach.unresolved && returningFunction(reach.unresolved)) {
    // A handler factory: the callback is built here and registered wherever the factory is called.
    followFactory(site, reach.unresolved, unit, hops, chains, project);
    return;
  }
  if (reach.handler === 'other' && reach.unresolved) {
    const fn = reach.unresolved;
    if (!project || !isExported(fn)) {
      throw new Unprovable('unresolved-chain', `no caller of ${name(fn)} could be traced to a tools/call, prompts/get or resources/read handler`);
    }
    if (!followExternal(site, fn, unit, hops, chains, project, depth, external, retired)) {
      throw new Unprovable('unresolved-chain', `${name(fn)} is exported but no caller in the given paths could be traced`);
    }
    return;
  }
  chains(reach, unit, unit, hops);
}

function followExternal(site: RootsSite, fn: FunctionNode, unit: Unit, rest: ChainHop[], chains: ChainEnd, project: ProjectIndex, depth: number, external: Set<FunctionNode>, retired?: Retired): boolean {
  if (external.has(fn)) return true;
  external.add(fn);
  if (depth >= MAX_FILES_DEEP) throw new Unprovable('unresolved-chain', `the chain through ${name(fn)} crosses more files than uproot follows`);
  const callers = project.callersOf(unit, fn);
  if (!callers) throw new Unprovable('unresolved-chain', `${name(fn)} is used in another file in a way other than a plain call`);
  for (const caller of callers) {
    extend(site, caller.call, caller.unit, [{ fn, fnUnit: unit, call: caller.call, callUnit: caller.unit }, ...rest], chains, project, depth + 1, external, retired);
  }
  return callers.some((c) => !retired?.(c.call, c.unit));
}

/** The named function that returns `fn` (`function make() { return async () => ... }`). */
function returningFunction(fn: FunctionNode): FunctionNode | undefined {
  const parent = fn.parent;
  if (parent?.type === 'ReturnStatement') {
    const outer = enclosingFunction(parent);
    return outer && functionName(outer) ? outer : undefined;
  }
  if (parent && isFunctionNode(parent) && parent.body === fn && functionName(parent)) return parent;
  return undefined;
}

function isFunctionNode(node: Node): node is FunctionNode {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration';
}

/** Every call of the factory must hand its result straight to an MCP registration. */
function followFactory(site: RootsSite, callback: FunctionNode, unit: Unit, hops: ChainHop[], chains: ChainEnd, project: ProjectIndex | undefined): void {
  const factory = returningFunction(callback)!;
  const callers: Array<{ unit: Unit; call: TSESTree.CallExpression }> = unit.prov.callsOf(factory).map((call) => ({ unit, call }));
  if (unit.prov.referencesTo(factory).length !== callers.length) throw new Unprovable('unresolved-chain', `${name(factory)} is used other than by calling it`);
  if (isExported(factory)) {
    const external = project?.callersOf(unit, factory);
    if (!external) throw new Unprovable('unresolved-chain', `${name(factory)} is exported, so callers in other files cannot all be seen`);
    callers.push(...external);
  }
  if (callers.length === 0) throw new Unprovable('unresolved-chain', `no caller of the handler factory ${name(factory)} could be traced`);
  for (const { unit: callerUnit, call } of callers) {
    const registration = call.parent;
    if (registration?.type !== 'CallExpression' || registration.arguments[registration.arguments.length - 1] !== call) {
      throw new Unprovable('unresolved-chain', `the handler built by ${name(factory)} is not passed straight to a registration`);
    }
    const callee = unwrap(registration.callee);
    const receiver = callee.type === 'MemberExpression' ? callerUnit.prov.valueOf(callee.object) : undefined;
    const kind = receiver ? registrationKind(registration, receiver.kind) : undefined;
    if (!receiver || !kind || kind === 'notification') throw new Unprovable('unresolved-chain', `the handler built by ${name(factory)} is not registered with an MCP server uproot can see`);
    let handler: Reach['handler'] = kind === 'request' ? 'request-handler' : kind;
    let method: string | undefined;
    if (kind === 'request') {
      method = handledMethod(registration.arguments[0], (n) => callerUnit.prov.is(n, 'schema')?.name);
      handler = requestHandlerKind(method);
    }
    const reach: Reach = { handler, name: method ?? (registration.arguments[0] ? staticString(registration.arguments[0]) : undefined), callback, registration, receiver, hops: [] };
    chains(reach, unit, callerUnit, hops, call);
  }
}

export function handlerChain(site: RootsSite, reach: Reach, unit: Unit, registrationUnit: Unit, hops: ChainHop[], factoryCall?: TSESTree.CallExpression): HandlerChain {
  if (!isRequestHandler(reach.handler)) {
    // `other`: code outside any handler (a module-level call, the function handed on as a value), which names nothing.
    const from = reach.handler === 'other' ? `code outside any tools/call, prompts/get or resources/read handler${reach.name ? ` (${reach.name})` : ''}` : (reach.name ?? reach.handler);
    throw new Unprovable(contextReason({ handler: reach.handler, name: reach.name, via: [] }), `reached from ${from}`);
  }
  const { callback, registration, receiver } = reach;
  if (!callback || !registration || !receiver) throw new Unprovable('unresolved-chain', 'the handler is wrapped or built by a factory uproot cannot follow');
  const extraIndex = callbackExtraIndex(registration, receiver.kind, callback, factoryCall ?? unit.prov.registrationArgument(callback, registration));
  if (extraIndex === undefined) throw new Unprovable('unresolved-chain', 'cannot tell at which argument the SDK passes ctx to this handler');
  const param = callback.params[extraIndex];
  if (param && param.type !== 'Identifier' && !nameableContext(param)) throw new Unprovable('unresolved-chain', 'the handler destructures ctx; name it to let uproot thread it');
  if (callback.params.some((p) => p.type === 'RestElement')) throw new Unprovable('unresolved-chain', 'the handler takes rest parameters');
  for (const hop of hops) checkHelper(hop);
  return { unit, reach, callback, extraIndex, server: serverExpression(site, reach, unit, registrationUnit), hops };
}

/** Only the forms whose answer is exactly a ListRootsResult, with no options MRTR cannot honour. */
function checkRequestForm(site: RootsSite, prov: Provenance, eraSplit: boolean): void {
  const call = site.node as TSESTree.CallExpression;
  const callee = unwrap(call.callee);
  // A destructured `send` / `sendRequest` is called bare; its arity tells the two apart.
  const method =
    callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
      ? callee.property.name
      : callee.type === 'Identifier'
        ? call.arguments.length > 1 ? 'sendRequest' : 'send'
        : '';
  if (method === 'listRoots') {
    if (call.arguments.length > 0 && !eraSplit) throw new Unprovable('unresolved-chain', 'listRoots() is called with parameters that have no MRTR counterpart');
    return;
  }
  if (method === 'send') {
    if (call.arguments.length > 1 && !eraSplit) throw new Unprovable('unresolved-chain', 'the request passes a result schema or options');
    return;
  }
  const schema = call.arguments[1];
  const sdkSchema = schema && prov.is(schema, 'schema')?.name;
  if (schema && sdkSchema !== 'ListRootsResultSchema') throw new Unprovable('unresolved-chain', ownResultSchemaDetail(sdkSchema));
}

function checkHelper(hop: ChainHop): void {
  const { fn, call } = hop;
  if (fn.params.some((p) => p.type === 'RestElement')) throw new Unprovable('unresolved-chain', `${name(fn)} takes rest parameters`);
  if (call.arguments.some((a) => a.type === 'SpreadElement')) throw new Unprovable('unresolved-chain', `${name(fn)} is called with spread arguments`);
  if (call.arguments.length > fn.params.length) throw new Unprovable('unresolved-chain', `${name(fn)} is called with more arguments than it declares`);
}

function name(fn: FunctionNode): string {
  return functionName(fn) ?? 'a helper';
}

const PLAIN = /^(this|[A-Za-z_$][\w$]*)(\.[A-Za-z_$][\w$]*)*$/;

/** The low-level Server for the 2025-era capability check, spelled as it is in scope in the handler. */
function serverExpression(site: RootsSite, reach: Reach, unit: Unit, registrationUnit: Unit): string {
  const registration = reach.registration!;
  const callback = reach.callback!;
  const callee = unwrap(registration.callee) as TSESTree.MemberExpression;
  const receiverNode = unwrap(callee.object);
  const receiverText = registrationUnit.text.slice(receiverNode.range[0], receiverNode.range[1]);
  const root = receiverText.split('.')[0]!;
  const inline = registration.arguments.includes(callback as TSESTree.Expression);
  const usable =
    PLAIN.test(receiverText) &&
    !(root === 'this' && callback.type !== 'ArrowFunctionExpression') &&
    !callback.params.some((p) => p.type === 'Identifier' && p.name === root) &&
    (inline || (registrationUnit === unit && root !== 'this' && (declaredAtTopLevel(receiverNode, unit) || receiverVisibleAt(receiverNode, callback, unit))));
  if (usable) return reach.receiver!.kind === 'mcp-server' ? `${receiverText}.server` : receiverText;
  // Otherwise the request's own server, when it is a closure variable the handler can see at its entry.
  const siteCallee = unwrap((site.node as TSESTree.CallExpression).callee);
  if (siteCallee.type === 'MemberExpression' && enclosingFunction(site.node) === callback) {
    const own = unwrap(siteCallee.object);
    const text = unit.text.slice(own.range[0], own.range[1]);
    const ownRoot = own.type === 'MemberExpression' ? unwrap(own.object) : own;
    if (unit.prov.is(own, 'server') && PLAIN.test(text) && ownRoot.type === 'Identifier') {
      const def = unit.prov.variableOf(ownRoot)?.defs[0]?.name;
      if (def && !(def.range[0] >= callback.range[0] && def.range[1] <= callback.range[1])) return text;
    }
  }
  throw new Unprovable('unresolved-chain', 'the server is not in scope where the handler is defined');
}

function declaredAtTopLevel(node: Node, unit: Unit): boolean {
  const variable = node.type === 'Identifier' ? unit.prov.variableOf(node) : undefined;
  const declaredAt = variable?.defs[0]?.name;
  return !!declaredAt && !enclosingFunction(declaredAt);
}

export { PLAIN };
