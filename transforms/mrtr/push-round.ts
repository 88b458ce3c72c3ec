// One MRTR round for a handler's push-style elicitation and sampling requests: what `--to mrtr` proves before it
// moves them, next to the handler's roots request, into one `inputRequired({ inputRequests })` asked at the
// handler's entry. A request moves when the handler itself makes it, unconditionally, as `const name = await …`,
// with parameters that need nothing the handler computes (no other answer, no local, no call), and nothing before
// it can end the handler or act on the world. Anything else is Unprovable: the handler is left whole.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type RootsSite, enclosingFunction, functionName, reachesOf, staticString, unwrap } from '@uproot/core/planning';
import { type ChainHop, type HandlerChain, type SitePlan, handlerChain } from './chains.ts';
import { type Unit, Unprovable } from './unit.ts';
import type { PushRequest } from '../push-requests.ts';
import { type StateWiring, stateWiring } from './request-state.ts';
import { type FreshValue, freshValue } from './fresh-values.ts';
import { type HelperAsk, HelperHold, helperAsk, helperTailInert, splitFormOf } from './helper-ask.ts';

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
}

/** `if (!server.getClientCapabilities()?.elicitation) return …;` before a request: the original's own fallback. */
export interface CapabilityGate {
  /** The gate's test, where each capability read is to be replaced. */
  test: Node;
  reads: CapabilityRead[];
  /** Index of the first request the gate stands before. */
  before: number;
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
  const body = callback.body;
  const located = requests.map((request) => ({ request, hop: helperHop(request, callback, unit, viaHelper) }));
  const anchorOf = (l: (typeof located)[number]): Node => l.hop?.call ?? l.request.site.node;
  const ordered = located.sort((a, b) => anchorOf(a).range[0] - anchorOf(b).range[0]);
  const first = ordered[0];
  if (!first) throw new Error('a push round needs at least one request');
  const out: RoundRequest[] = [];
  const keys = new Set(['roots']);
  // A concise arrow body is one statement: the entry turns it into a block that returns it.
  const fresh = body.type === 'BlockStatement' ? body.body.flatMap((statement) => freshValue(statement, unit) ?? []) : [];
  for (const located of ordered) {
    try {
      planRequest(located);
    } catch (error) {
      // A request in a helper is named with its helper and file: its line alone would point into the handler's file.
      const { request, hop } = located;
      if (!(error instanceof PushHold) || !hop) throw error;
      const file = path.relative(path.dirname(unit.path), request.file).split(path.sep).join('/');
      throw new PushHold(error.site, error.why, `in ${functionName(hop.fn) ?? 'a helper'}() (${file}:${request.site.line})`);
    }
  }
  function planRequest(located: (typeof ordered)[number]): void {
    const { request, hop } = located;
    const { site } = request;
    const anchor = anchorOf(located);
    if (site.sdk !== 2) throw hold(site, 'the v1 SDK has no multi round-trip requests');
    if (!hop && (request.file !== unit.path || enclosingFunction(site.node) !== callback)) {
      throw hold(site, 'it is made in a helper, and uproot moves only the requests a handler makes itself or through a helper it calls');
    }
    const name = keyName(site, anchor, body, hop && functionName(hop.fn));
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
    // A helper's request is asked with the handler's arguments to the helper: those must be ready at the entry.
    const inputs = hop ? hop.call.arguments : [parts.paramsNode];
    const dependsOn = inputs.map((n) => firstLocal(n, callback, unit, fresh)).find((d) => d?.effect) ?? inputs.map((n) => firstLocal(n, callback, unit, fresh)).find(Boolean);
    if (dependsOn?.effect) throw hold(site, `its parameters use ${dependsOn.name}`);
    // From the first request that needs an earlier answer on, each is asked where the handler makes it; so is every
    // request after a helper whose code after its own request may throw or act.
    const inPlace = !!dependsOn || out.some((r) => r.inPlace || (r.via && !helperTailInert(r.site, r.via.fn)));
    const params = via ? `${via.builderCallee}(${hop!.call.arguments.map((a) => unit.text.slice(a.range[0], a.range[1])).join(', ')})` : unit.text.slice(parts.paramsNode.range[0], parts.paramsNode.range[1]);
    out.push({ site, anchor, ...(via ? { via } : {}), key: uniqueKey(snakeCase(name), keys), ask: parts.ask, params, missing: parts.missing, inPlace });
  }
  const gates = checkNothingBefore(out, body, unit, fresh);
  const carried = fresh.filter((v) => v.statement.range[0] < statementOf(out[out.length - 1]!.anchor, body)!.range[0]);
  const chain = roundChain(first.request.site, first.hop, callback, unit, viaHelper);
  if (!out.some((r) => r.inPlace) && !carried.length) return { chain, requests: out, gates, fresh: [] };
  const wiring = stateWiring(chain);
  if (typeof wiring === 'string') {
    const dependent = out.find((r) => r.inPlace);
    if (!dependent) throw hold(first.request.site, `${carried[0]!.name} is computed before it and must be carried to the next round in requestState, which uproot signs only where it can wire the server's requestState.verify, and ${wiring}`);
    throw hold(dependent.site, `it needs a second round, whose requestState (the earlier answers) uproot signs only where it can wire the server's requestState.verify, and ${wiring}`);
  }
  return { chain, requests: out, gates, state: wiring, fresh: carried };
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
 * The handler's roots request is asked first at the entry, so in the original it must come before every
 * elicitation or sampling request, in the handler's own body, as a statement that only awaits it.
 */
export function checkRootsFirst(round: PushRound, plan: SitePlan): void {
  const body = round.chain.callback.body;
  const chain = plan.chains.find((c) => c.callback === round.chain.callback);
  if (!chain) return;
  const first = round.requests[0]!;
  const statement = chain.hops.length === 0 ? statementOf(plan.site.node, body) : undefined;
  const firstPush = statementOf(first.anchor, body)!;
  if (!statement || !onlyAwaits(statement, plan.site.node) || statement.range[0] >= firstPush.range[0]) {
    throw hold(first.site, 'the handler\'s roots request is not a statement of its own before it, so asking both at the entry would change what a client without one of them sees');
  }
}

/**
 * The key a request's answer travels under: the variable it is awaited into (`const userName = await …` →
 * `user_name`), else the helper's name or what is asked. Asked at the entry, it must be the first thing its statement
 * does (`return text(await askModel(…))`), in a statement of the handler's own body, unconditionally.
 */
function keyName(site: RootsSite, anchor: Node, body: TSESTree.BlockStatement | TSESTree.Expression, helper: string | undefined): string {
  const awaited = anchor.parent;
  if (awaited?.type !== 'AwaitExpression') throw hold(site, 'its answer is not awaited where it is asked, so uproot cannot tell when the handler uses it');
  const statement = statementOf(anchor, body);
  if (!statement || !evaluatedFirst(awaited, statement)) {
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
function evaluatedFirst(node: Node, statement: Node): boolean {
  let child = node;
  while (child !== statement) {
    const parent = child.parent;
    if (!parent) return false;
    const before = (list: readonly (Node | null)[]) => list.slice(0, list.indexOf(child)).every((n) => !n || isPlain(n));
    switch (parent.type) {
      case 'CallExpression':
        if (parent.callee === child || !isPlain(parent.callee) || !before(parent.arguments)) return false;
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
        if (parent.right === child && !isPlain(parent.left)) return false;
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

/** Nodes whose evaluation could act on the world, wait, or differ when moved to the handler's entry. */
const ACTIVE = new Set([
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
 * What stops `params` from being evaluated at the handler's entry: a variable the handler declares (another
 * request's answer, a local), or an expression that acts (a call, an assignment). `undefined` when nothing does.
 */
function firstLocal(params: Node, callback: FunctionNode, unit: Unit, fresh: FreshValue[]): { name: string; effect: boolean } | undefined {
  let found: { name: string; effect: boolean } | undefined;
  visit(params, (node) => {
    if (found?.effect) return;
    if (ACTIVE.has(node.type) || (node.type === 'UnaryExpression' && node.operator === 'delete')) {
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

function isReference(id: TSESTree.Identifier): boolean {
  const parent = id.parent;
  if (parent?.type === 'MemberExpression' && parent.property === id && !parent.computed) return false;
  if (parent?.type === 'Property' && parent.key === id && !parent.computed && !parent.shorthand) return false;
  return true;
}

/**
 * Everything the handler does before its last request runs after the entry now: it must not be able to end the
 * handler or act (a call, an assignment, a return, a branch). Allowed: the requests themselves, the roots
 * request's own statement, and declarations of plain values.
 */
function checkNothingBefore(requests: RoundRequest[], body: TSESTree.BlockStatement | TSESTree.Expression, unit: Unit, fresh: FreshValue[]): CapabilityGate[] {
  const last = requests[requests.length - 1]!;
  const lastStatement = statementOf(last.anchor, body)!;
  const requestStatements = requests.map((r) => statementOf(r.anchor, body));
  const roots = unit.sites.filter((s) => s.kind === 'request');
  const gates: CapabilityGate[] = [];
  for (const statement of body.type === 'BlockStatement' ? body.body : [body]) {
    if (statement === lastStatement) return gates;
    if (requestStatements.includes(statement) || fresh.some((v) => v.statement === statement)) continue;
    if (roots.some((s) => statementOf(s.node, body) === statement && onlyAwaits(statement, s.node))) continue;
    if (statement.type === 'VariableDeclaration' && statement.declarations.every((d) => !d.init || isPlain(d.init))) continue;
    const gate = statement.type === 'IfStatement' ? capabilityGate(statement, unit) : undefined;
    if (gate) {
      gates.push({ ...gate, before: requestStatements.findIndex((r) => r!.range[0] > statement.range[0]) });
      continue;
    }
    const line = unit.text.slice(0, statement.range[0]).split('\n').length;
    throw hold(last.site, `the statement at line ${line} runs before it, and asking at the entry would ask before it (uproot moves requests only past plain declarations, capability gates that return, and other requests)`);
  }
  return gates;
}

/**
 * `if (<test of elicitation / sampling capability reads>) return <plain value>;` (braces optional, no else): the
 * gate turns a client away before the requests after it, and nothing else.
 */
function capabilityGate(statement: TSESTree.IfStatement, unit: Unit): Omit<CapabilityGate, 'before'> | undefined {
  if (statement.alternate) return undefined;
  const consequent = statement.consequent.type === 'BlockStatement' && statement.consequent.body.length === 1 ? statement.consequent.body[0]! : statement.consequent;
  if (consequent.type !== 'ReturnStatement' || (consequent.argument && !isPlain(consequent.argument))) return undefined;
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

/** An expression of literals, names and member reads: evaluating it earlier or later changes nothing. */
function isPlain(node: Node): boolean {
  let plain = true;
  visit(node, (n) => {
    if (ACTIVE.has(n.type) || (n.type === 'UnaryExpression' && n.operator === 'delete')) plain = false;
  });
  return plain;
}

/** `const x = await <site>` / `await <site>;`: the statement does nothing but await the request. */
function onlyAwaits(statement: TSESTree.Statement | TSESTree.Expression, site: Node): boolean {
  const awaited = site.parent;
  if (awaited?.type !== 'AwaitExpression') return false;
  if (statement.type === 'ExpressionStatement') return statement.expression === awaited;
  if (statement.type !== 'VariableDeclaration' || statement.declarations.length !== 1) return false;
  return statement.declarations[0]!.init === awaited;
}

function statementOf(node: Node, body: TSESTree.BlockStatement | TSESTree.Expression): TSESTree.Statement | TSESTree.Expression | undefined {
  // A concise arrow body is the handler's one statement.
  if (body.type !== 'BlockStatement') return node.range[0] >= body.range[0] && node.range[1] <= body.range[1] ? body : undefined;
  let n: Node | undefined = node;
  while (n && n.parent !== body) n = n.parent;
  return n as TSESTree.Statement | undefined;
}

function visit(node: Node, fn: (node: Node) => void): void {
  fn(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child === 'object' && typeof (child as Node).type === 'string') visit(child as Node, fn);
    } else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') {
      visit(value as Node, fn);
    }
  }
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
