// The site finder: every roots site of the four kinds (design.md §3) in one parsed file, and the other
// push-style server-to-client requests (elicitation, sampling) that must move with a handler's roots request.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type ScopeManagerLike, calleeName, functionName, isExported, findProperty, propertyName, staticString, unwrap } from './ast.ts';
import { findClientAnswers, mayAnswerInputRequests } from './client-answers.ts';
import { envelopeCapabilitiesOf } from './envelope-capabilities.ts';
import { classify } from './classify.ts';
import { onlyOnLegacyEra } from './legacy-era-branch.ts';
import { isComparedValue } from './compared-values.ts';
import { isTestInput } from './test-inputs.ts';
import { methodsOf } from './method-values.ts';
import { initializeRootsReads, isRelayedClientCapabilities, relayedMethod } from './relays.ts';
import { stateViewOf } from './consumers.ts';
import { contextsOf, primaryContext } from './context.ts';
import { locOf } from './loc.ts';
import { type ModuleOrigin, Provenance, type TypeHint, walkAll, walkOwnBody } from './provenance.ts';
import { moduleGraphFor } from './module-graph.ts';
import { handledMethod, methodValueSchema } from './registrations.ts';
import { INITIALIZE, type McpValue, ROOTS_LIST, ROOTS_LIST_CHANGED, type SdkMajor, type Side, pushRequestMethods, serverRequests } from './surface.ts';
import type { Explain, ReasonCode, RootsSite, SiteContext, SiteKind } from './types.ts';
import { whyNotReceiver } from './why-not.ts';
import { capabilityReads, entryValue, flowEntries } from './provenance-flows.ts';

export interface FindSitesInput {
  ast: TSESTree.Program;
  text: string;
  scopeManager: ScopeManagerLike;
  typeHint?: TypeHint;
  /** The file's path, to follow imports from other files of the project. */
  file?: string;
  /** Where the lint or scan started (ESLint's `context.cwd`): bounds the search for callers of a file no package.json or repository holds. */
  cwd?: string;
  /** Told about each roots candidate the finder looked at and did not report, with why (`scan --explain`). */
  explain?: Explain;
}

/** What the matchers share while walking one file. */
interface Match {
  prov: Provenance;
  out: RawSite[];
  text: string;
  explain?: Explain;
  /** Whether the text names a request method a handler may take off its object (destructured or bound) and call bare. */
  takesPushMethods: boolean;
}

/** Reasons whose roots live on in state that handlers read. */
const STATEFUL = new Set<ReasonCode>(['lifecycle', 'list-changed', 'shared-state', 'background']);

interface RawSite {
  kind: SiteKind;
  node: Node;
  sdk: SdkMajor | null;
  side: Side;
  form: string;
}

export function findRootsSites(input: FindSitesInput): RootsSite[] {
  const prov = new Provenance(input.scopeManager, input.typeHint, originOf(input.file, input.cwd));
  const raw: RawSite[] = [];
  const m: Match = { prov, out: raw, text: input.text, explain: input.explain, takesPushMethods: /elicitInput|requestSampling|createMessage|listRoots/.test(input.text) };
  walkAll(input.ast, (node) => {
    if (node.type === 'CallExpression') matchCall(node, m);
    else if (node.type === 'NewExpression') matchNewClient(node, m);
    else if (node.type === 'ObjectExpression') matchHandBuiltInputRequest(node, m);
    else if (node.type === 'MemberExpression' && node.computed) matchEnvelopeCapabilities(node, m);
    else if (node.type === 'FunctionDeclaration' || node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') matchCapabilityHelper(node, m);
  });
  if (mayAnswerInputRequests(input.text)) {
    for (const a of findClientAnswers(input.ast, prov, input.text, originOf(input.file, input.cwd)?.file, input.explain)) raw.push({ kind: 'capability', node: a.node, sdk: a.sdk, side: 'client', form: a.form });
  }
  const seen = new Set<Node>();
  const sites: RootsSite[] = [];
  for (const r of raw) {
    if (seen.has(r.node)) continue;
    seen.add(r.node);
    // The 2025-era leg of uproot's era split (legacy-era-branch.ts) is migrated: it never runs on 2026-07-28.
    if (r.kind === 'request' && r.side === 'server' && onlyOnLegacyEra(r.node)) continue;
    const contexts: SiteContext[] = contextsOf(r.node, prov);
    const context = primaryContext(contexts);
    const { action, reason } = classify({ kind: r.kind, sdk: r.sdk, side: r.side, node: r.node, contexts, prov });
    const loc = locOf(r.node);
    sites.push({
      kind: r.kind,
      sdk: r.sdk,
      side: r.side,
      form: r.form,
      context,
      action,
      ...(reason ? { reason } : {}),
      ...(reason && STATEFUL.has(reason) ? stateViewOf(r.node, prov, input.text) : {}),
      node: r.node,
      range: [r.node.range[0], r.node.range[1]],
      line: loc.start.line,
      column: loc.start.column + 1,
      endLine: loc.end.line,
      endColumn: loc.end.column + 1,
    });
  }
  return sites.sort((a, b) => a.range[0] - b.range[0]);
}

function matchCall(call: TSESTree.CallExpression, m: Match): void {
  const { prov, out } = m;
  const name = calleeName(call);
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return matchBareRequest(call, callee, m);
  if (!name || callee.type !== 'MemberExpression') return;
  const receiverNode = callee.object;
  switch (name) {
    case 'listRoots': {
      const receiver = prov.valueOf(receiverNode);
      if (receiver?.kind === 'input-required') out.push(site('input-request', call, receiver, 'server', 'inputRequired.listRoots()'));
      else if (receiver?.kind === 'server') out.push(site('request', call, receiver, 'server', 'listRoots()'));
      else reject(m, call, receiverNode, receiver, 'a low-level MCP Server or the inputRequired builder');
      return;
    }
    case 'request':
    case 'sendRequest':
    case 'send': {
      // A gateway relays the request it received as it came: `front.request(request, ListRootsResultSchema)`.
      const named = requestMethod(call.arguments[0], prov) ?? relayedMethod(call.arguments[0], prov);
      const resultSchema = call.arguments[1] ? prov.is(call.arguments[1], 'schema') : undefined;
      const method = named ?? (resultSchema?.name === 'ListRootsResultSchema' ? ROOTS_LIST : undefined);
      const request = method !== undefined && Object.hasOwn(serverRequests, method) ? serverRequests[method] : undefined;
      if (!request) return;
      const receiver = prov.valueOf(receiverNode);
      const viaSchema = resultSchema?.name === request.resultSchema ? resultSchema : undefined;
      const form = `${name}({ method: '${method}' })`;
      // A client asking a server: not the deprecated direction.
      if (receiver?.kind === 'client') return void (request.kind === 'request' && m.explain?.(call, 'an MCP client sending roots/list to a server, not the deprecated server-to-client request'));
      if (name === 'request' && receiver?.kind === 'server') out.push(site(request.kind, call, receiver, 'server', form));
      else if (name === 'sendRequest' && receiver?.kind === 'handler-extra') out.push(site(request.kind, call, receiver, 'server', form));
      else if (name === 'send' && receiver?.kind === 'mcp-req') out.push(site(request.kind, call, receiver, 'server', form));
      else if (!receiver && viaSchema) out.push(site(request.kind, call, viaSchema, 'server', form));
      else if (request.kind === 'request') reject(m, call, receiverNode, receiver, name === 'request' ? 'a low-level MCP Server' : name === 'sendRequest' ? "a handler's extra" : 'ctx.mcpReq');
      return;
    }
    case 'elicitInput':
    case 'createMessage':
    case 'requestSampling': {
      // Another library's `createMessage` is no site: the receiver must be an MCP server or ctx.mcpReq.
      const push = pushRequestMethods[name]!;
      const receiver = prov.valueOf(receiverNode);
      if (receiver && push.receivers.includes(receiver.kind)) out.push(site(serverRequests[push.method]!.kind, call, receiver, 'server', `${name}()`));
      return;
    }
    case 'setNotificationHandler': {
      const method = registeredMethod(call.arguments[0], ROOTS_LIST_CHANGED, prov);
      if (method !== ROOTS_LIST_CHANGED) return;
      const receiver = prov.valueOf(receiverNode);
      const schema = prov.is(methodValueSchema(call.arguments[0]!) ?? call.arguments[0]!, 'schema');
      // Report on the method argument: the whole call spans the handler body.
      const at = call.arguments[0]!;
      if (receiver?.kind === 'server') out.push(site('list-changed', at, receiver, 'server', 'setNotificationHandler(roots list_changed)'));
      // Clients send this notification and never receive it, so a client's handler for it is dead roots code that
      // goes with roots (and stops compiling when the SDK drops the schema): a site all the same, on the client side.
      else if (receiver?.kind === 'client') out.push(site('list-changed', at, receiver, 'client', 'setNotificationHandler(roots list_changed) on a client'));
      else if (!receiver && schema) out.push(site('list-changed', at, schema, 'server', 'setNotificationHandler(roots list_changed)'));
      else reject(m, at, receiverNode, receiver, 'a low-level MCP Server or an MCP client');
      return;
    }
    case 'sendRootsListChanged': {
      const receiver = prov.valueOf(receiverNode);
      if (receiver?.kind === 'client') out.push(site('list-changed', call, receiver, 'client', 'sendRootsListChanged()'));
      else reject(m, call, receiverNode, receiver, 'an MCP client');
      return;
    }
    case 'notification': {
      if ((requestMethod(call.arguments[0], prov) ?? relayedMethod(call.arguments[0], prov)) !== ROOTS_LIST_CHANGED) return;
      const receiver = prov.valueOf(receiverNode);
      if (receiver?.kind === 'client') out.push(site('list-changed', call, receiver, 'client', "notification({ method: 'notifications/roots/list_changed' })"));
      else reject(m, call, receiverNode, receiver, 'an MCP client');
      return;
    }
    case 'setRequestHandler': {
      const method = registeredMethod(call.arguments[0], ROOTS_LIST, prov);
      // A server (a gateway, a framework) answering initialize itself reads the client's roots capability there.
      if (method === INITIALIZE) return matchInitializeHandler(call, receiverNode, m);
      if (method !== ROOTS_LIST) return;
      const receiver = prov.valueOf(receiverNode);
      const schema = prov.is(methodValueSchema(call.arguments[0]!) ?? call.arguments[0]!, 'schema');
      const at = call.arguments[0]!;
      if (receiver?.kind === 'client') out.push(site('capability', at, receiver, 'client', 'setRequestHandler(roots/list)'));
      else if (!receiver && schema) out.push(site('capability', at, schema, 'client', 'setRequestHandler(roots/list)'));
      else if (receiver?.kind === 'server') m.explain?.(at, 'an MCP server answering roots/list itself (a bridge or proxy), not a client capability');
      else reject(m, at, receiverNode, receiver, 'an MCP client');
      return;
    }
    case 'registerCapabilities': {
      const receiver = prov.valueOf(receiverNode);
      const roots = rootsEntries(call.arguments[0], prov);
      if (receiver?.kind !== 'client') return void (roots[0] && reject(m, roots[0], receiverNode, receiver, 'an MCP client'));
      for (const r of roots) out.push(site('capability', r, receiver, 'client', 'registerCapabilities({ roots })'));
      return;
    }
    case 'getClientCapabilities': {
      const receiver = prov.valueOf(receiverNode);
      if (receiver?.kind !== 'server') {
        if (!m.explain) return;
        const why = receiver?.kind === 'client' ? 'an MCP client reading its own capabilities, not a server checking its client' : whyNotReceiver(receiverNode, receiver, 'a low-level MCP Server', prov, m.text);
        for (const use of capabilityReads(call, prov)) m.explain(use, why);
        return;
      }
      for (const use of capabilityReads(call, prov)) out.push(site('capability', use, receiver, 'server', 'getClientCapabilities().roots'));
      return;
    }
    default:
      return;
  }
}

/** `ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY]` read for `.roots`: the 2026 form of `getClientCapabilities()?.roots`. */
function matchEnvelopeCapabilities(node: TSESTree.MemberExpression, m: Match): void {
  const carrier = envelopeCapabilitiesOf(node, m.prov);
  if (!carrier) return;
  for (const use of capabilityReads(node, m.prov)) m.out.push(site('capability', use, carrier, 'server', 'envelope clientCapabilities.roots'));
}

/** `sendRequest({ method: 'roots/list' }, S)` / `send(...)` after destructuring them off extra / ctx.mcpReq. */
function matchBareRequest(call: TSESTree.CallExpression, callee: TSESTree.Identifier, m: Match): void {
  const { prov, out } = m;
  const method = requestMethod(call.arguments[0], prov) ?? relayedMethod(call.arguments[0], prov);
  const request = method !== undefined && Object.hasOwn(serverRequests, method) ? serverRequests[method] : undefined;
  if (!request) {
    // `const { elicitInput } = ctx.mcpReq; await elicitInput({...})`, also renamed while destructuring, or bound off
    // its receiver (`server.server.createMessage.bind(server.server)`).
    if (!m.takesPushMethods) return;
    const taken = prov.is(callee, 'request-fn');
    const push = taken?.name && Object.hasOwn(pushRequestMethods, taken.name) ? pushRequestMethods[taken.name] : undefined;
    if (taken && push) out.push(site(serverRequests[push.method]!.kind, call, taken, 'server', `${taken.name}()`));
    else if (taken?.name === 'listRoots') out.push(site('request', call, taken, 'server', 'listRoots()'));
    return;
  }
  const fn = prov.is(callee, 'request-fn');
  // A request function uproot cannot trace (a parameter typed `any`), given the method and the SDK's result schema.
  const resultSchema = !fn && call.arguments[1] ? prov.is(call.arguments[1], 'schema') : undefined;
  const viaSchema = resultSchema?.name === request.resultSchema && !prov.valueOf(callee) ? resultSchema : undefined;
  if (fn) out.push(site(request.kind, call, fn, 'server', `${callee.name}({ method: '${method}' })`));
  else if (viaSchema) out.push(site(request.kind, call, viaSchema, 'server', `${callee.name}({ method: '${method}' })`));
  else if (request.kind === 'request') m.explain?.(call, whyNotReceiver(callee, prov.valueOf(callee), "sendRequest / send taken off a handler's extra or ctx.mcpReq", prov, m.text));
}

/** `server.setRequestHandler(InitializeRequestSchema, (request) => … request.params.capabilities.roots …)`. */
function matchInitializeHandler(call: TSESTree.CallExpression, receiverNode: Node, m: Match): void {
  const receiver = m.prov.valueOf(receiverNode);
  if (receiver?.kind !== 'server') return;
  for (const read of initializeRootsReads(call, m.prov)) m.out.push(site('capability', read, receiver, 'server', 'initialize params.capabilities.roots'));
}

/**
 * `export function buildCapabilities() { return { roots: {} } }` whose result another file of the package
 * gives an MCP client as its capabilities.
 */
function matchCapabilityHelper(fn: FunctionNode, m: Match): void {
  const graph = m.prov.origin?.graph;
  if (!graph?.callerCapabilityClient || !isExported(fn)) return;
  const returned: Node[] = [];
  if (fn.body.type !== 'BlockStatement') returned.push(fn.body);
  else walkOwnBody(fn.body, (n) => n.type === 'ReturnStatement' && n.argument && returned.push(n.argument));
  const roots = returned.flatMap((r) => rootsEntries(r, m.prov));
  if (!roots.length) return;
  const name = fn.parent?.type === 'ExportDefaultDeclaration' ? 'default' : functionName(fn);
  const client = name ? graph.callerCapabilityClient(m.prov.origin!.file, name) : undefined;
  if (client) for (const r of roots) m.out.push(site('capability', r, client, 'client', 'capabilities.roots'));
}

/** `new Client(info, { capabilities: { roots: ... } })`. */
function matchNewClient(node: TSESTree.NewExpression, m: Match): void {
  const { prov, out } = m;
  const cls = prov.valueOf(node.callee);
  if (cls?.kind !== 'client-class' && !m.explain) return;
  // Options and capabilities may be built anywhere in the file: conditionally, by writes, in helpers.
  const roots = flowEntries(node.arguments[1], 'capabilities', prov).flatMap((c) => rootsEntries(entryValue(c), prov));
  for (const r of roots) {
    if (cls?.kind === 'client-class') out.push(site('capability', r, cls, 'client', 'capabilities.roots'));
    else m.explain?.(r, `\`new ${m.text.slice(node.callee.range[0], node.callee.range[1])}\` is not the MCP Client class, so this roots option is not an MCP capability`);
  }
}

/** `{ method: 'roots/list' }` inside `inputRequests`, or inside a `resultType: 'input_required'` result. */
function matchHandBuiltInputRequest(obj: TSESTree.ObjectExpression, m: Match): void {
  const { prov, out } = m;
  const method = findProperty(obj, 'method');
  if (!method || staticString(method.value) !== ROOTS_LIST) return;
  const entry = (n: Node) => {
    const holder = n.parent;
    return holder?.type === 'Property' && holder.value === n && holder.parent?.type === 'ObjectExpression' && isInputRequestsMap(holder.parent, prov);
  };
  // Inline in the map, or a shared constant (`const ROOTS = { method: 'roots/list' }`) used there.
  if (!entry(outerValue(obj)) && !constantUses(outerValue(obj), prov).some(entry)) {
    // A request argument is explained by its call; a bare object has nothing else to say for it.
    const holder = outerValue(obj).parent;
    if (holder?.type !== 'CallExpression' && holder?.type !== 'NewExpression') m.explain?.(obj, "a `{ method: 'roots/list' }` object that is neither sent by an MCP server nor part of an `inputRequests` map");
    return;
  }
  // `expect(result).toEqual({ inputRequests: { roots: { method: 'roots/list' } } })` describes what other code returns.
  if (isComparedValue(obj, prov)) return void m.explain?.(obj, "a `{ method: 'roots/list' }` object a test assertion compares against, not an input request this code makes");
  if (isTestInput(obj, prov)) return void m.explain?.(obj, "a `{ method: 'roots/list' }` object a test case hands the code under test (it stands for what a server sent), not an input request this code makes");
  out.push({ kind: 'input-request', node: obj, sdk: null, side: 'server', form: "{ method: 'roots/list' } input request" });
}

/** The `inputRequests` object of an input_required result: inline, or a local passed as it. */
function isInputRequestsMap(map: Node, prov: Provenance): boolean {
  const at = outerValue(map);
  const owner = at.parent;
  if (owner?.type === 'Property' && owner.value === at) return propertyName(owner) === 'inputRequests';
  if (owner?.type === 'VariableDeclarator' && owner.id.type === 'Identifier' && owner.id.name === 'inputRequests') return true;
  return constantUses(at, prov).some((use) => {
    const p = use.parent;
    return p?.type === 'Property' && p.value === use && propertyName(p) === 'inputRequests';
  });
}

/** Where a variable initialised with `init` is read, each climbed out of TS casts. */
function constantUses(init: Node, prov: Provenance): Node[] {
  const decl = init.parent;
  if (decl?.type !== 'VariableDeclarator' || decl.init !== init || decl.id.type !== 'Identifier') return [];
  const variable = prov.variableOf(decl.id);
  return (variable?.references ?? []).filter((r) => !r.isWrite()).map((r) => outerValue(r.identifier));
}

/** Climb out of value-preserving TS wrappers (`as`, `satisfies`, `!`, `<T>x`). */
function outerValue(node: Node): Node {
  let current = node;
  while (
    current.parent &&
    (current.parent.type === 'TSAsExpression' ||
      current.parent.type === 'TSSatisfiesExpression' ||
      current.parent.type === 'TSNonNullExpression' ||
      current.parent.type === 'TSTypeAssertion')
  ) {
    current = current.parent;
  }
  return current;
}

/** Tell `scan --explain` (only it pays for the words) why this receiver makes the call no site. */
function reject(m: Match, at: Node, receiverNode: Node, receiver: McpValue | undefined, wanted: string): void {
  m.explain?.(at, whyNotReceiver(receiverNode, receiver, wanted, m.prov, m.text));
}

function site(kind: SiteKind, node: Node, value: McpValue, side: Side, form: string): RawSite {
  return { kind, node, sdk: value.sdk, side, form };
}

/**
 * The method a handler registration names, or `wanted` when a framework's wrapper or registry may carry it there
 * (`on(schema, h) { client.setRequestHandler(schema, h) }` called with ListRootsRequestSchema, a Map of handlers).
 */
function registeredMethod(arg: Node | undefined, wanted: string, prov: Provenance): string | undefined {
  const method = handledMethod(arg, (n) => prov.is(n, 'schema')?.name);
  if (method === wanted || !arg || unwrap(arg).type !== 'Identifier') return method;
  return methodsOf(arg, prov).has(wanted) ? wanted : method;
}

// What a request or notification object may send that uproot reports: the server-to-client requests, roots first.
const SENT_METHODS = [...Object.keys(serverRequests), ROOTS_LIST_CHANGED];

/** The reported method a request object argument sends (a literal object or a local constant holding one). */
function requestMethod(arg: Node | undefined, prov: Provenance): string | undefined {
  const obj = objectOf(arg, prov);
  const method = obj && findProperty(obj, 'method');
  if (!method) return undefined;
  // A literal, an SDK schema's `shape.method.value`, a constant holding either, or a wrapper's parameter its callers fill.
  const methods = methodsOf(method.value, prov);
  return SENT_METHODS.find((m) => methods.has(m));
}

/** Resolve an argument to an object literal: inline, or a `const` initialised with one. */
function objectOf(arg: Node | undefined, prov: Provenance): TSESTree.ObjectExpression | undefined {
  if (!arg) return undefined;
  const n = unwrap(arg);
  if (n.type === 'ObjectExpression') return n;
  if (n.type === 'Identifier') {
    const variable = prov.variableOf(n);
    const def = variable?.defs[0];
    if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.id.type === 'Identifier' && def.node.init) {
      const init = unwrap(def.node.init);
      if (init.type === 'ObjectExpression') return init;
    }
  }
  return undefined;
}

/** Every `roots` entry a client capabilities value may carry, however it was assembled. */
function rootsEntries(capabilities: Node | undefined, prov: Provenance): Node[] {
  // A gateway's client declares whatever its own client declared: `capabilities: front.getClientCapabilities()`.
  return flowEntries(capabilities, 'roots', prov, (n) => isRelayedClientCapabilities(n, prov));
}

/**
 * Follow relative imports from a real file on disk (editor buffers and test snippets have none). `cwd`: the
 * directory the run started from, which bounds the files searched for callers when no package.json or git
 * repository holds the file (default: the process's working directory).
 */
export function originOf(file: string | undefined, cwd?: string): ModuleOrigin | undefined {
  return file && path.isAbsolute(file) ? { file, graph: moduleGraphFor(cwd) } : undefined;
}
