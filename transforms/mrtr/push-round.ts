// One MRTR round for a handler's push-style elicitation and sampling requests: what `--to mrtr` proves before it
// moves them, next to the handler's roots request, into `inputRequired({ inputRequests })`. A request the handler
// makes, as `const name = await …` (itself, or through a helper it calls: helper-ask.ts), is asked at the handler's
// entry when its parameters need nothing the handler computes and nothing before it can act or end the handler;
// otherwise it is asked where the handler makes it, in a round of its own (under its `if`, after an early return on
// an earlier answer), when nothing before it acts (round-statements.ts). Anything else is Unprovable: the handler is
// left whole.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type RootsSite, enclosingFunction, functionName, reachesOf, staticString, unwrap } from '@uproot/core/planning';
import { type ChainHop, type HandlerChain, type SitePlan, handlerChain } from './chains.ts';
import { type Unit, Unprovable } from './unit.ts';
import { type PushRequest, isPushRequest } from '../push-requests.ts';
import { type StateWiring, stateWiring } from './request-state.ts';
import { type FreshValue, freshValue } from './fresh-values.ts';
import { type HelperAsk, HelperHold, helperAsk, helperTailInert, splitFormOf } from './helper-ask.ts';
import { type ConcurrentGroup, type RequestPlace, acts, concurrentGroup, holdingStatement, isCapabilityCall, isPlain, lineOf, onlyAwaits, placeOf, placeOfStatement, replays, runsBefore, visit, isReference } from './round-statements.ts';

/** The `inputRequired` builder a request becomes. */
export type AskKind = 'elicit' | 'createMessage';

export interface RoundRequest {
  site: RootsSite;
  /** Where the handler makes it: the request itself, or its call of the helper that makes it. */
  anchor: Node;
  /** Made in a helper the handler calls: the helper is split into what it asks and what it does with the answer. */
  via?: HelperAsk;
  /** The key its answer travels under: the bound variable in snake_case. */
  key: string;
  ask: AskKind;
  /** Source text of the request's parameters, now evaluated at the handler's entry. */
  params: string;
  /**
   * How the original failed for a client without the capability: the SDK's own check in `elicitInput`
   * (`Client does not support form elicitation.`), or the client's `Method not found` to a raw request or
   * a sampling request (the SDK does not check sampling).
   */
  missing: 'form-elicitation' | 'method-not-found';
  /**
   * Asked where the handler made it, in a round of its own, because its parameters use an earlier answer (or a
   * value computed from one), or an earlier request was asked so: the original's order of asking is kept.
   */
  inPlace: boolean;
  /**
   * Asked in place with earlier answers (or carried values) the handler may still read after it: its round carries
   * them in signed requestState. None when every earlier request sits in a branch that ends the handler.
   */
  carries?: boolean;
  /** The statement of the handler's body that holds the request (a concise arrow body is its one statement). */
  top: TSESTree.Statement | TSESTree.Expression;
  /** The innermost statement that holds it, in a block or an `if` branch: a round of its own is asked before it. */
  holder: Node;
  /** The Promise.all array it is sent in with other requests: each is asked whatever the others' clients can answer. */
  group?: Node;
}

/** `if (!server.getClientCapabilities()?.elicitation) return …;` before a request: the original's own fallback. */
export interface CapabilityGate {
  /** The gate's test, where each capability read is to be replaced. */
  test: Node;
  reads: CapabilityRead[];
  /** Where the gate stands: the entry turns a client away before asking anything the handler asks after it. */
  at: number;
}

export interface CapabilityRead {
  /** `server.getClientCapabilities()?.elicitation` (its ChainExpression, when optional). */
  node: Node;
  receiver: string;
  capability: 'elicitation' | 'sampling';
}

export interface PushRound {
  chain: HandlerChain;
  /** In the order the handler makes them. */
  requests: RoundRequest[];
  /** Capability gates before the requests: a client they turn away is asked nothing after them. */
  gates: CapabilityGate[];
  /** With requests asked in place or fresh values: the server construction that verifies the carried state. */
  state?: StateWiring;
  /** Timestamps and ids computed before the requests: computed in the first round only, then carried. */
  fresh: FreshValue[];
  /** Offset of the handler's roots request when it asks one: the entry asks it in the handler's order. */
  rootsAt?: number;
  /** The Promise.all array the roots request is sent in, with requests of this round. */
  rootsGroup?: Node;
  /** `getClientCapabilities()` calls of the handler, each now asked of this request's client. */
  capabilityCalls: TSESTree.CallExpression[];
}

/** A request that cannot move, and why; the message names it by form and line. */
export class PushHold extends Unprovable {
  readonly site: RootsSite;
  readonly why: string;
  /** `place`: where the request is, when not in the handler's file (`in askName() (ask.js:8)`). */
  constructor(site: RootsSite, why: string, place = `(line ${site.line})`) {
    super('push-request', `${site.form} ${place} cannot move into the handler's inputRequests: ${why}`);
    this.site = site;
    this.why = why;
  }
}

function hold(site: RootsSite, why: string): PushHold {
  return new PushHold(site, why);
}

/**
 * The round for `callback`, or Unprovable naming the first request that cannot move and why. `viaHelper`: for a
 * request made in a helper, the chain from this handler to it (one hop: the handler's call of the helper).
 */
export function planPushRound(callback: FunctionNode, requests: readonly PushRequest[], unit: Unit, viaHelper: ReadonlyMap<RootsSite, HandlerChain[]> = new Map(), units: readonly Unit[] = [unit]): PushRound {
  const located: Located[] = [];
  try {
    for (const request of requests) located.push({ request, hop: helperHop(request, callback, unit, viaHelper) });
    return planRound(callback, located, unit, viaHelper, units);
  } catch (error) {
    // A request in a helper is named with its helper and file: its line alone would point into the handler's file.
    const hop = error instanceof PushHold ? located.find((l) => l.request.site === error.site)?.hop : undefined;
    if (!(error instanceof PushHold) || !hop) throw error;
    const request = located.find((l) => l.request.site === error.site)!.request;
    const file = path.relative(path.dirname(unit.path), request.file).split(path.sep).join('/');
    throw new PushHold(error.site, error.why, `in ${functionName(hop.fn) ?? 'a helper'}() (${file}:${request.site.line})`);
  }
}

/** A request of the handler, and the handler's call of the helper that makes it (none when the handler makes it). */
interface Located {
  request: PushRequest;
  hop: ChainHop | undefined;
}

/** Where a request's answer arrives in the handler: `RequestPlace`, or the one statement of a concise arrow body. */
type Place = Omit<RequestPlace, 'statement' | 'top'> & { statement: Node; top: TSESTree.Statement | TSESTree.Expression };

function planRound(callback: FunctionNode, located: Located[], unit: Unit, viaHelper: ReadonlyMap<RootsSite, HandlerChain[]>, units: readonly Unit[]): PushRound {
  const body = callback.body;
  const anchorOf = (l: Located): Node => l.hop?.call ?? l.request.site.node;
  const ordered = [...located].sort((a, b) => anchorOf(a).range[0] - anchorOf(b).range[0]);
  const first = ordered[0];
  if (!first) throw new Error('a push round needs at least one request');
  const keys = new Set(['roots']);
  // A concise arrow body is one statement: the entry turns it into a block that returns it.
  const fresh = body.type === 'BlockStatement' ? body.body.flatMap((statement) => freshValue(statement, unit) ?? []) : [];
  const planned = ordered.map((l) => {
    const { request, hop } = l;
    const { site } = request;
    const anchor = anchorOf(l);
    if (site.sdk !== 2) throw hold(site, 'the v1 SDK has no multi round-trip requests');
    if (!hop && (request.file !== unit.path || enclosingFunction(site.node) !== callback)) {
      throw hold(site, 'it is made in a helper, and uproot moves only the requests a handler makes itself or through a helper it calls');
    }
    const place = placeIn(site, anchor, body, unit, hop && functionName(hop.fn));
    const fnUnit = hop ? units.find((u) => u.path === request.file) : unit;
    if (!fnUnit) throw hold(site, 'it is made in a file outside the run');
    // A helper an earlier run split asks what its builder returns.
    const parts = requestParts(site, fnUnit, hop ? splitFormOf(site, hop.fn)?.params : undefined);
    let via: HelperAsk | undefined;
    if (hop) {
      try {
        via = helperAsk(site, hop.fn, fnUnit, hop.call, unit, parts.ask === 'elicit' ? 'Elicitation' : 'Sampling', parts.paramsNode);
      } catch (error) {
        if (!(error instanceof HelperHold)) throw error;
        throw hold(site, error.message);
      }
    }
    // A helper's request is asked with the handler's arguments to the helper: those must be ready where it is asked.
    const inputs = hop ? hop.call.arguments : [parts.paramsNode];
    const locals = inputs.map((n) => firstLocal(n, callback, unit, fresh));
    const dependsOn = locals.find((d) => d?.effect) ?? locals.find(Boolean);
    if (dependsOn?.effect) throw hold(site, `its parameters use ${dependsOn.name}`);
    const params = via ? `${via.builderCallee}(${hop!.call.arguments.map((a) => unit.text.slice(a.range[0], a.range[1])).join(', ')})` : unit.text.slice(parts.paramsNode.range[0], parts.paramsNode.range[1]);
    return { site, anchor, via, place, parts, params, dependsOn };
  });
  for (const group of new Set(planned.flatMap((p) => (p.place.group ? [p.place.group] : [])))) checkGroup(group, planned, unit);
  for (const p of planned) if (p.via && p.place.group) checkHelperInGroup(p.site, p.via, p.place.group, planned, unit);
  // The statements the entry may ask past: requests it can ask there, and what neither acts nor ends the handler.
  const atEntry = (p: (typeof planned)[number]) => !p.place.nested && !p.dependsOn;
  const entryCandidates = new Set<Node>(planned.filter((p) => planned.every((q) => q.place.statement !== p.place.statement || atEntry(q))).map((p) => p.place.statement));
  const { gates, blocker } = body.type === 'BlockStatement' ? entryPrefix(body, unit, fresh, entryCandidates) : { gates: [], blocker: undefined };
  const asked = new Set<Node>([...planned.map((p) => p.place.statement), ...fresh.map((v) => v.statement), ...(body.type === 'BlockStatement' ? rootsStatements(body, unit) : [])]);
  const out: RoundRequest[] = [];
  // From the first request that needs an earlier answer, sits under a condition, follows a statement that may end the
  // handler, or follows a helper whose code after its own request may throw or act, each is asked where the handler
  // makes it, in a round of its own.
  const inPlaces: boolean[] = [];
  for (const [i, { place, dependsOn }] of planned.entries()) {
    const afterActingHelper = planned.slice(0, i).some((q) => q.via && !helperTailInert(q.site, q.via.fn, q.via.fnUnit));
    inPlaces.push(!!dependsOn || place.nested || afterActingHelper || inPlaces.some(Boolean) || (!!blocker && blocker.range[0] < place.top.range[0]));
  }
  // Requests sent together (Promise.all) are asked together: all in place when one is.
  for (const [i, p] of planned.entries()) if (p.place.group && planned.some((q, j) => inPlaces[j] && q.place.group === p.place.group)) inPlaces[i] = true;
  for (const [i, { site, anchor, via, place, parts, params }] of planned.entries()) {
    const inPlace = inPlaces[i]!;
    if (inPlace && body.type !== 'BlockStatement') throw hold(site, 'it needs a round of its own, and the handler is a concise arrow function with no statement to ask it before');
    if (inPlace) checkReplays(site, place as RequestPlace, body as TSESTree.BlockStatement, unit, asked);
    const request: RoundRequest = { site, anchor, ...(via ? { via } : {}), key: uniqueKey(snakeCase(place.name), keys), ask: parts.ask, params, missing: parts.missing, inPlace, top: place.top, holder: place.statement };
    out.push(place.group ? { ...request, group: place.group.elements } : request);
  }
  const lastTop = out[out.length - 1]!.top;
  const carried = fresh.filter((v) => v.statement.range[0] < lastTop.range[0]);
  // The handler's own roots request is asked at the entry, before any request asked in place: its answer is carried.
  const asksRoots = unit.sites.some((s) => s.kind === 'request' && s.range[0] >= callback.body.range[0] && s.range[1] <= callback.body.range[1]);
  for (const r of out) {
    // Requests sent together share one round: none carries another's answer.
    if (r.inPlace) r.carries = carried.length > 0 || asksRoots || out.some((q) => q !== r && (!r.group || q.group !== r.group) && q.anchor.range[0] < r.anchor.range[0] && !exitsApart(q, r));
  }
  const chain = roundChain(first.request.site, first.hop, callback, unit, viaHelper);
  const capabilityCalls = perRequestCapabilityCalls(callback, unit, gates, out.flatMap((r) => (r.via ? [r.anchor] : [])));
  if (!out.some((r) => r.carries) && !carried.length) return { chain, requests: out, gates, fresh: [], capabilityCalls };
  const wiring = stateWiring(chain);
  if (typeof wiring === 'string') {
    const dependent = out.find((r) => r.inPlace);
    if (!dependent) throw hold(first.request.site, `${carried[0]!.name} is computed before it and must be carried to the next round in requestState, which uproot signs only where it can wire the server's requestState.verify, and ${wiring}`);
    throw hold(dependent.site, `it needs a round of its own, whose requestState (the earlier answers) uproot signs only where it can wire the server's requestState.verify, and ${wiring}`);
  }
  return { chain, requests: out, gates, state: wiring, fresh: carried, capabilityCalls };
}

/**
 * Whether `earlier` is asked in a branch of an `if` that holds no `later` and always ends the handler (its last
 * statement returns or throws): a call that got `earlier`'s answer never reaches `later`, and only that branch reads it.
 */
function exitsApart(earlier: RoundRequest, later: RoundRequest): boolean {
  for (let n: Node | undefined = earlier.holder; n && n !== earlier.top.parent; n = n.parent) {
    const parent: Node | undefined = n.parent;
    const branch = parent?.type === 'IfStatement' && (parent.consequent === n || parent.alternate === n);
    if (!branch || (later.anchor.range[0] >= n.range[0] && later.anchor.range[1] <= n.range[1])) continue;
    const last = n.type === 'BlockStatement' ? n.body[n.body.length - 1] : n;
    if (last?.type === 'ReturnStatement' || last?.type === 'ThrowStatement') return true;
  }
  return false;
}

/**
 * Where the handler gets the answer `anchor` (the request, or its call of the helper that makes it) awaits. Awaited
 * into a variable (alone or destructured from Promise.all), at any depth round-statements.ts can ask from; else, an
 * answer the handler uses unbound (`return text(await askModel(…))`, a concise arrow body), the first thing a
 * statement of the handler's own body does, keyed by the helper's name or what is asked.
 */
function placeIn(site: RootsSite, anchor: Node, body: TSESTree.BlockStatement | TSESTree.Expression, unit: Unit, helper: string | undefined): Place {
  if (body.type === 'BlockStatement' && (boundAnswer(anchor) || concurrentGroup(anchor, unit))) {
    const place = placeOf(anchor === site.node ? site : { ...site, node: anchor }, body, unit, helper);
    if (typeof place === 'string') throw hold(site, place);
    return place;
  }
  const holder = body.type === 'BlockStatement' ? holdingStatement(anchor) : undefined;
  // Used unbound under a condition or in a block (`if (sampling) return text(await askModel(…));`): asked in place.
  if (body.type === 'BlockStatement' && holder && holder.parent !== body) {
    const awaited = anchor.parent;
    if (awaited?.type !== 'AwaitExpression' || !evaluatedFirst(awaited, holder, unit)) {
      throw hold(site, 'it is asked after something else its statement does, and asking it before that statement would ask a client the original never asked');
    }
    const place = placeOfStatement(holder, helper ?? (site.kind === 'sampling-request' ? 'sampling' : 'elicitation'), body);
    if (typeof place === 'string') throw hold(site, place);
    return place;
  }
  const name = keyName(site, anchor, body, helper, unit);
  const top = statementOf(anchor, body)!;
  return { statement: top, name, top, nested: false };
}

/** `const answer = await <anchor>` (a cast around the await changes no value). */
function boundAnswer(anchor: Node): boolean {
  const awaited = anchor.parent;
  let declarator: Node | undefined = awaited?.parent;
  while (declarator && (declarator.type === 'TSAsExpression' || declarator.type === 'TSSatisfiesExpression' || declarator.type === 'TSNonNullExpression')) declarator = declarator.parent;
  return awaited?.type === 'AwaitExpression' && declarator?.type === 'VariableDeclarator';
}

/** The handler's one call of the helper that makes `request`, when it is made in a helper this handler calls. */
function helperHop(request: PushRequest, callback: FunctionNode, unit: Unit, viaHelper: ReadonlyMap<RootsSite, HandlerChain[]>): ChainHop | undefined {
  if (request.file === unit.path && enclosingFunction(request.site.node) === callback) return undefined;
  const chains = (viaHelper.get(request.site) ?? []).filter((c) => c.callback === callback);
  if (!chains.length) return undefined;
  if (chains.length > 1) throw hold(request.site, 'the handler calls the helper that makes it more than once');
  const hops = chains[0]!.hops;
  if (hops.length !== 1) throw hold(request.site, 'it is made more than one helper deep, and uproot splits only the helper a handler calls');
  return hops[0]!;
}

/** The handler's chain for the round: from a request it makes itself, or from its call of a helper (no hops). */
function roundChain(site: RootsSite, hop: ChainHop | undefined, callback: FunctionNode, unit: Unit, viaHelper: ReadonlyMap<RootsSite, HandlerChain[]>): HandlerChain {
  if (hop) {
    const chain = viaHelper.get(site)!.find((c) => c.callback === callback)!;
    return { ...chain, hops: [] };
  }
  const reach = reachesOf(site.node, unit.prov).find((r) => r.callback === callback && r.hops.length === 0);
  if (!reach) throw hold(site, 'no tools/call, prompts/get or resources/read registration of this handler could be traced');
  try {
    return handlerChain(site, reach, unit, unit, []);
  } catch (error) {
    if (!(error instanceof Unprovable)) throw error;
    throw hold(site, error.message);
  }
}

/**
 * Where the handler's roots request is asked at the entry, among the other requests in the handler's order: it must
 * be a statement of the handler's own body that only awaits it, asked at the entry like every request before it,
 * with nothing before it that acts or ends the handler. Its offset, and the Promise.all it is sent in.
 */
export function rootsPosition(round: PushRound, plan: SitePlan): { at: number; group?: Node } {
  const body = round.chain.callback.body;
  const chain = plan.chains.find((c) => c.callback === round.chain.callback);
  if (!chain) return { at: body.range[0] };
  const first = round.requests[0]!;
  const statement = chain.hops.length === 0 && body.type === 'BlockStatement' ? statementOf(plan.site.node, body) : undefined;
  const group = concurrentGroup(plan.site.node, round.chain.unit);
  if (!statement || body.type !== 'BlockStatement' || !(onlyAwaits(statement, plan.site.node) || group?.statement === statement)) {
    throw hold(first.site, "the handler's roots request is not a statement of its own in the handler's body, so asking both at the entry would change what a client without one of them sees");
  }
  const inPlace = round.requests.find((r) => r.inPlace);
  if (inPlace && inPlace.top.range[0] < statement.range[0]) {
    throw hold(inPlace.site, "it is asked in a round of its own, before the handler's roots request, which uproot asks only at the entry");
  }
  const { blocker } = entryPrefix(body, round.chain.unit, round.fresh, new Set(round.requests.filter((r) => !r.inPlace).map((r) => r.top)));
  if (blocker && blocker.range[0] < statement.range[0]) {
    throw hold(first.site, `the statement at line ${lineOf(blocker, round.chain.unit)} runs before the handler's roots request, which uproot asks at the entry`);
  }
  return { at: plan.site.range[0], ...(group ? { group: group.elements } : {}) };
}

/**
 * The key a request's answer travels under: the variable it is awaited into (`const userName = await …` →
 * `user_name`), else the helper's name or what is asked. Asked at the entry, it must be the first thing its statement
 * does (`return text(await askModel(…))`), in a statement of the handler's own body, unconditionally.
 */
function keyName(site: RootsSite, anchor: Node, body: TSESTree.BlockStatement | TSESTree.Expression, helper: string | undefined, unit: Unit): string {
  const awaited = anchor.parent;
  if (awaited?.type !== 'AwaitExpression') throw hold(site, 'its answer is not awaited where it is asked, so uproot cannot tell when the handler uses it');
  const statement = statementOf(anchor, body);
  if (!statement || !evaluatedFirst(awaited, statement, unit)) {
    throw hold(site, 'it is asked conditionally or inside a nested block (or after something else its statement does), and asking it at the entry would ask a client the original never asked');
  }
  const declarator = awaited.parent;
  if (declarator?.type === 'VariableDeclarator' && declarator.init === awaited) {
    if (declarator.id.type !== 'Identifier') throw hold(site, 'its answer is not awaited into one variable (const answer = await …), so there is no name to key it by');
    return declarator.id.name;
  }
  return helper ?? (site.kind === 'sampling-request' ? 'sampling' : 'elicitation');
}

/** Whether `node` is evaluated first in `statement`, and always: everything evaluated before it is plain. */
function evaluatedFirst(node: Node, statement: Node, unit: Unit): boolean {
  let child = node;
  while (child !== statement) {
    const parent = child.parent;
    if (!parent) return false;
    const before = (list: readonly (Node | null)[]) => list.slice(0, list.indexOf(child)).every((n) => !n || isPlain(n, unit));
    switch (parent.type) {
      case 'CallExpression':
        if (parent.callee === child || !isPlain(parent.callee, unit) || !before(parent.arguments)) return false;
        break;
      case 'TemplateLiteral':
        if (!before(parent.expressions)) return false;
        break;
      case 'ArrayExpression':
        if (!before(parent.elements)) return false;
        break;
      case 'Property':
        if (parent.value !== child || parent.computed) return false;
        break;
      case 'ObjectExpression':
        if (!before(parent.properties)) return false;
        break;
      case 'BinaryExpression':
        if (parent.right === child && !isPlain(parent.left, unit)) return false;
        break;
      case 'VariableDeclarator':
        if (parent.init !== child) return false;
        break;
      case 'VariableDeclaration':
        if (parent.declarations.length !== 1) return false;
        break;
      case 'MemberExpression':
        if (parent.object !== child) return false;
        break;
      case 'AwaitExpression':
      case 'ReturnStatement':
      case 'ExpressionStatement':
      case 'TSAsExpression':
      case 'TSNonNullExpression':
      case 'ChainExpression':
        break;
      default:
        return false;
    }
    child = parent;
  }
  return true;
}

/** The request's parameters, which builder it becomes, and how a client without the capability failed it. */
function requestParts(site: RootsSite, unit: Unit, built?: Node): { paramsNode: Node; ask: AskKind; missing: RoundRequest['missing'] } {
  const call = site.node as TSESTree.CallExpression;
  const method = site.form.slice(0, site.form.indexOf('('));
  if (method === 'elicitInput' || method === 'createMessage' || method === 'requestSampling') {
    if (call.arguments.length !== 1) throw hold(site, 'it passes request options (a timeout, a signal) that have no counterpart in an input request');
    const params = built ?? call.arguments[0]!;
    if (method === 'elicitInput') return { paramsNode: formParams(site, params), ask: 'elicit', missing: 'form-elicitation' };
    return { paramsNode: samplingParams(site, params), ask: 'createMessage', missing: 'method-not-found' };
  }
  // request / send / sendRequest({ method: 'elicitation/create' | 'sampling/createMessage', params }, ResultSchema?)
  if (call.arguments.length > 2) throw hold(site, 'it passes request options (a timeout, a signal) that have no counterpart in an input request');
  const request = call.arguments[0] && unwrap(call.arguments[0]);
  const sampling = site.kind === 'sampling-request';
  const schema = call.arguments[1];
  if (schema && unit.prov.is(schema, 'schema')?.name !== (sampling ? 'CreateMessageResultSchema' : 'ElicitResultSchema')) {
    throw hold(site, 'it parses the answer with its own result schema');
  }
  const params = request?.type === 'ObjectExpression' && propertyValue(request, 'params') ? (built ?? propertyValue(request, 'params')) : undefined;
  if (!params) throw hold(site, 'its request is not an object literal with the parameters in it');
  return sampling
    ? { paramsNode: samplingParams(site, params), ask: 'createMessage', missing: 'method-not-found' }
    : { paramsNode: formParams(site, params), ask: 'elicit', missing: 'method-not-found' };
}

/** Form-mode elicitation parameters, spelled out so their mode is known. */
function formParams(site: RootsSite, params: Node): Node {
  const object = unwrap(params);
  if (object.type !== 'ObjectExpression' || object.properties.some((p) => p.type !== 'Property')) {
    throw hold(site, 'its parameters are not an object literal, so uproot cannot tell a form from a URL elicitation');
  }
  const mode = propertyValue(object, 'mode');
  if (mode && staticString(mode) !== 'form') throw hold(site, 'it is a URL-mode (or computed-mode) elicitation, which uproot does not move yet');
  return params;
}

/** Sampling parameters without tools (a tools request needs a capability check the rewrite does not make). */
function samplingParams(site: RootsSite, params: Node): Node {
  const object = unwrap(params);
  if (object.type !== 'ObjectExpression' || object.properties.some((p) => p.type !== 'Property')) {
    throw hold(site, 'its parameters are not an object literal, so uproot cannot tell whether it asks for tools');
  }
  if (propertyValue(object, 'tools') || propertyValue(object, 'toolChoice')) throw hold(site, 'it offers the model tools, which uproot does not move yet');
  return params;
}

function propertyValue(object: TSESTree.ObjectExpression, name: string): Node | undefined {
  for (const p of object.properties) {
    if (p.type !== 'Property' || p.computed) continue;
    const key = p.key.type === 'Identifier' ? p.key.name : staticString(p.key);
    if (key === name) return p.value;
  }
  return undefined;
}

/**
 * What stops `params` from being evaluated at the handler's entry: a variable the handler declares (another
 * request's answer, a local), or an expression that acts (a call, an assignment). `undefined` when nothing does.
 */
function firstLocal(params: Node, callback: FunctionNode, unit: Unit, fresh: FreshValue[]): { name: string; effect: boolean } | undefined {
  let found: { name: string; effect: boolean } | undefined;
  visit(params, (node) => {
    if (found?.effect) return;
    if (acts(node, unit)) {
      found = { name: `${unit.text.slice(node.range[0], node.range[1]).split('\n')[0]!.slice(0, 40)} (an expression with effects)`, effect: true };
      return;
    }
    if (found || node.type !== 'Identifier' || !isReference(node)) return;
    const def = unit.prov.variableOf(node)?.defs[0]?.name;
    // The handler's parameters are as they were at the entry: nothing before the request may write them. A
    // variable of the handler's body is an earlier answer or a plain value computed from one (checkNothingBefore).
    // A fresh value is declared ahead of the entry now, so a request that uses it is still asked there.
    if (fresh.some((v) => v.name === node.name && v.statement.declarations[0]!.id === def)) return;
    if (def && def.range[0] >= callback.body.range[0] && def.range[1] <= callback.body.range[1]) found = { name: node.name, effect: false };
  });
  return found;
}

/**
 * The statements at the top of the handler the entry may ask past, up to the first it may not (`blocker`): requests
 * it asks there, the roots request, fresh values (moved ahead of the entry) and plain declarations, which neither act
 * nor end the handler, and capability gates, whose test the entry asks of each request's client.
 */
function entryPrefix(body: TSESTree.BlockStatement, unit: Unit, fresh: FreshValue[], requests: ReadonlySet<Node>): { gates: CapabilityGate[]; blocker?: TSESTree.Statement } {
  const roots = rootsStatements(body, unit);
  const gates: CapabilityGate[] = [];
  for (const statement of body.body) {
    if (requests.has(statement) || roots.has(statement) || fresh.some((v) => v.statement === statement)) continue;
    if (statement.type === 'VariableDeclaration' && statement.declarations.every((d) => !d.init || isPlain(d.init, unit))) continue;
    const gate = statement.type === 'IfStatement' ? capabilityGate(statement, unit) : undefined;
    if (!gate) return { gates, blocker: statement };
    gates.push({ ...gate, at: statement.range[0] });
  }
  return { gates };
}

/** Statements of the handler's body that only await one of its roots requests (alone, or in a Promise.all group). */
function rootsStatements(body: TSESTree.BlockStatement, unit: Unit): Set<Node> {
  const out = new Set<Node>();
  for (const site of unit.sites) {
    if (site.kind !== 'request') continue;
    const statement = statementOf(site.node, body);
    if (!statement) continue;
    const group = concurrentGroup(site.node, unit);
    // Beside it in Promise.all only other requests and plain values: nothing that acts.
    const together = (e: Node | null) => !!e && (unit.sites.some((s) => s.node === e && (s.kind === 'request' || isPushRequest(s))) || isPlain(e, unit));
    if (onlyAwaits(statement, site.node) || (group?.statement === statement && group.elements.elements.every(together))) out.add(statement);
  }
  return out;
}

/**
 * A Promise.all group moves whole into the entry: every other element is the roots request or a plain value, and the
 * answers are read in the array's order, so the first refusal must be the one the original met first. A client
 * without form elicitation failed `elicitInput` before anything was sent; every other request failed when the
 * client's "Method not found" came back. Such an elicitation after another request would fail first in the original
 * but second when read.
 */
function checkGroup(group: ConcurrentGroup, planned: Array<{ site: RootsSite; anchor: Node; parts: { missing: RoundRequest['missing'] } }>, unit: Unit): void {
  let sent: RootsSite | undefined;
  for (const element of group.elements.elements) {
    // An element is a request, or the handler's call of a helper that makes one (its anchor).
    const request = planned.find((p) => p.anchor === element);
    const roots = unit.sites.find((s) => s.kind === 'request' && s.node === element);
    const site = request?.site ?? planned.find((p) => group.elements.elements.includes(p.anchor as TSESTree.Expression))!.site;
    if (!element || element.type === 'SpreadElement' || (!request && !roots && !isPlain(element, unit))) {
      throw hold(site, `it is sent in Promise.all beside an element that acts (line ${lineOf(element ?? group.elements, unit)}), which asking at the entry would run after it`);
    }
    if (request?.parts.missing === 'form-elicitation' && sent) {
      throw hold(request.site, `it follows ${sent.form} in Promise.all, and a client without form elicitation saw this one fail first, which reading the answers in order would not keep`);
    }
    if (roots || (request && request.parts.missing !== 'form-elicitation')) sent ??= (request?.site ?? roots)!;
  }
}

/**
 * A helper called in Promise.all hands its answer on a few microtasks after a request read directly: the group's
 * first refusal may come from a later element. The original ran the helper's code after its request as answers
 * arrived, so that code may not throw or act, and every request of the group must fail a client without its
 * capability with the same error ("Method not found"), whichever fails first.
 */
function checkHelperInGroup(site: RootsSite, via: HelperAsk, group: ConcurrentGroup, planned: Array<{ site: RootsSite; anchor: Node; parts: { missing: RoundRequest['missing'] } }>, unit: Unit): void {
  const name = `${functionName(via.fn) ?? 'the helper'}()`;
  if (!helperTailInert(site, via.fn, via.fnUnit)) {
    throw hold(site, `the handler calls ${name} in Promise.all, and ${name} may throw or act after its request, which the original did as answers arrived and the rewrite would do in the array's order`);
  }
  const members = planned.filter((p) => group.elements.elements.includes(p.anchor as TSESTree.Expression));
  const roots = unit.sites.filter((s) => s.kind === 'request' && group.elements.elements.includes(s.node as TSESTree.Expression));
  const form = members.find((p) => p.parts.missing === 'form-elicitation');
  if (form && members.length + roots.length > 1) {
    throw hold(form.site, `it is sent in Promise.all beside other requests, one of them through ${name}, and a client without form elicitation saw this one fail first, which reading a helper's answer a few steps after a request's would not keep`);
  }
}

/** A request asked where the handler makes it: what runs before it runs again on every round, so it may not act. */
function checkReplays(site: RootsSite, place: RequestPlace, body: TSESTree.BlockStatement, unit: Unit, asked: ReadonlySet<Node>): void {
  const before = runsBefore(place, body);
  const test = before.tests.find((t) => !isPlain(t, unit));
  if (test) throw hold(site, `it is asked under the condition at line ${lineOf(test, unit)}, which acts (a call, an assignment), and would act again on every round`);
  const statement = before.statements.find((s) => !replays(s, unit, asked));
  if (statement) {
    throw hold(site, `the statement at line ${lineOf(statement, unit)} runs before it, and would run again on every round (uproot moves requests only past plain declarations, conditions on plain values, early returns and throws, capability gates, and other requests)`);
  }
}

/**
 * Every `<server>.getClientCapabilities()` of the handler not already asked per request by a gate: on 2026-07-28 the
 * client declares its capabilities with each request, so each becomes that request's declaration.
 */
function perRequestCapabilityCalls(callback: FunctionNode, unit: Unit, gates: CapabilityGate[], helperCalls: Node[]): TSESTree.CallExpression[] {
  // Left to their own rewrite: gate reads, roots capability reads, and requests and calls of helpers that make one
  // (their parameters are copied as written).
  const taken = [
    ...gates.flatMap((g) => g.reads.map((r) => r.node)),
    ...helperCalls,
    ...unit.sites.filter((s) => (s.kind === 'capability' && s.side === 'server') || s.kind === 'request' || isPushRequest(s)).map((s) => s.node),
  ];
  const out: TSESTree.CallExpression[] = [];
  visit(callback.body, (node) => {
    if (taken.some((t) => t.range[0] <= node.range[0] && node.range[1] <= t.range[1])) return false;
    // A nested function may run later, or name its own ctx: its reads stay as they were.
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return false;
    if (isCapabilityCall(node, unit)) out.push(node);
    return undefined;
  });
  return out;
}

/**
 * `if (<test of elicitation / sampling capability reads>) return <plain value>;` (braces optional, no else): the
 * gate turns a client away before the requests after it, and nothing else.
 */
function capabilityGate(statement: TSESTree.IfStatement, unit: Unit): Omit<CapabilityGate, 'at'> | undefined {
  if (statement.alternate) return undefined;
  const consequent = statement.consequent.type === 'BlockStatement' && statement.consequent.body.length === 1 ? statement.consequent.body[0]! : statement.consequent;
  if (consequent.type !== 'ReturnStatement' || (consequent.argument && !isPlain(consequent.argument, unit))) return undefined;
  const reads: CapabilityRead[] = [];
  const ok = (node: Node): boolean => {
    if (node.type === 'UnaryExpression' && node.operator === '!') return ok(node.argument);
    if (node.type === 'LogicalExpression') return ok(node.left) && ok(node.right);
    const read = capabilityRead(node, unit);
    if (read) reads.push(read);
    return !!read;
  };
  return ok(statement.test) ? { test: statement.test, reads } : undefined;
}

/** `<server>.getClientCapabilities()?.elicitation` / `.sampling`, on a low-level Server spelled as a plain path. */
function capabilityRead(node: Node, unit: Unit): CapabilityRead | undefined {
  const member = node.type === 'ChainExpression' ? node.expression : node;
  if (member.type !== 'MemberExpression' || member.computed || member.property.type !== 'Identifier') return undefined;
  const capability = member.property.name;
  if (capability !== 'elicitation' && capability !== 'sampling') return undefined;
  const call = member.object;
  if (call.type !== 'CallExpression' || call.arguments.length || call.callee.type !== 'MemberExpression') return undefined;
  const callee = call.callee;
  if (callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'getClientCapabilities') return undefined;
  if (unit.prov.valueOf(callee.object)?.kind !== 'server') return undefined;
  const receiver = unit.text.slice(callee.object.range[0], callee.object.range[1]);
  return /^(this|[A-Za-z_$][\w$]*)(\.[A-Za-z_$][\w$]*)*$/.test(receiver) ? { node, receiver, capability } : undefined;
}

function statementOf(node: Node, body: TSESTree.BlockStatement): TSESTree.Statement | undefined;
function statementOf(node: Node, body: TSESTree.BlockStatement | TSESTree.Expression): TSESTree.Statement | TSESTree.Expression | undefined;
function statementOf(node: Node, body: TSESTree.BlockStatement | TSESTree.Expression): TSESTree.Statement | TSESTree.Expression | undefined {
  // A concise arrow body is the handler's one statement.
  if (body.type !== 'BlockStatement') return node.range[0] >= body.range[0] && node.range[1] <= body.range[1] ? body : undefined;
  let n: Node | undefined = node;
  while (n && n.parent !== body) n = n.parent;
  return n as TSESTree.Statement | undefined;
}

/** `userName` → `user_name`, `HTTPReply` → `http_reply`: the key the conformance suite expects. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/^_+|_+$/g, '')
    .replace(/\$/g, '_')
    .toLowerCase();
}

function uniqueKey(key: string, taken: Set<string>): string {
  let out = key || 'answer';
  for (let i = 2; taken.has(out); i++) out = `${key}_${i}`;
  taken.add(out);
  return out;
}
