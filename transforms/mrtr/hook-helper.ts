// `--lifecycle per-request` when the fill does more than one plain write: it gates on the capability,
// destructures the answer, catches and logs, runs in an async IIFE or the request's `.then`, or is a
// named function the hooks, the list_changed handler and timers share (its promise perhaps kept and
// awaited by the tools). The fill is found the way `--to param` finds it (param/state/hooks.ts: one
// model of source, triggers and storage for both strategies). The code that fills the state stays as
// it is but becomes a per-request helper taking ctx — the named fill function itself, else the init
// hook (`oninitialized = async () => …` → `const deriveRootsState = async (ctx) => …`): its request
// reads the MRTR answer, its capability checks become per-request checks, the work it started in
// place is awaited, and every handler that reads the state calls it after asking for roots. The
// triggers (hooks, list_changed, timers) and a promise only they kept go.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, calleeName, contains, enclosingFunction, functionName, insert, isCalledInPlace, locOf, propertyName, thisClass, unwrap, walkAll } from '@uproot/core/planning';
import { consumersOfState } from '@uproot/core/planning';
import type { RootsSite, RootsState } from '@uproot/core/planning';
import { type HandlerChain, PLAIN, type ProjectIndex } from './chains.ts';
import { HELPER_NAMES } from './helpers-block.ts';
import { addParameter } from './rewrite.ts';
import type { DerivedState } from './rewrite.ts';
import { syncHandlerBlocker } from './sync-handler.ts';
import { type ConsumerCheck, type Group, type StatePlan, type StateTools, checkOtherWrites, consumingHandlers, exempted, type Exempt } from './state.ts';
import { moduleReaders, onlyWrittenHere } from './module-reads.ts';
import { type ElsewhereHandler, planElsewhere } from './handlers-elsewhere.ts';
import { sharedMirror } from './shared-mirror.ts';
import { type Unit, Unprovable } from './unit.ts';
import { eraSplitRequests, requestReplacement } from './request-options.ts';
import { type Hook, type HookContext, declarationOf, fillFunctionOf, fillerOf, hookOf, keptStatements, triggersOf } from '../param/state/hooks.ts';
import { answerFill, answerTriggers } from './answer-fill.ts';
import { boundReceivers, receiverMisuse, receiversVisible } from './receiver-param.ts';
import { repeatableCalls, writtenByFallback } from './fallback-fill.ts';
import { isReport } from './reports.ts';
import { shownTimingNote } from './shown-reads.ts';
import { type OtherCallers, untriggeredUse } from './trigger-detail.ts';
import { debounceDeclarations, hookOnlyFlags } from './hook-flags.ts';
import { rederive } from './rederive.ts';
type Reason = NonNullable<RootsSite['reason']>;

export function planHookHelper(unit: Unit, group: Group, checks: ConsumerCheck, tools: StateTools, elsewhere?: OtherCallers, project?: ProjectIndex): StatePlan {
  const { state } = group;
  const reason: Reason = group.sites[0]!.reason ?? 'lifecycle';
  const listChanged = new Set<Node>(unit.sites.filter((s) => s.kind === 'list-changed' && s.side === 'server').map((s) => s.node));
  const requests = new Set<Node>(group.sites.map((s) => s.node));
  // Keyed by the statement that installs each trigger (a timer handed the fill function has no function of its own).
  const hooks = new Map<Node, Hook>();
  const fills = new Set<FunctionNode>();
  // Fill functions that only start the fill (`fillRoots = async () => { ready = refresh(); }`): retired with their triggers.
  const starters = new Set<FunctionNode>();
  for (const w of state.writes) {
    const fn = fillerOf(w.node, requests);
    if (!fn) throw new Unprovable(reason, `${state.name} is filled at module level, outside any hook`);
    const hook = hookOf(fn, listChanged);
    if (hook) {
      hooks.set(hook.statement, hook);
      continue;
    }
    const outer = new Set<FunctionNode>();
    const triggers = triggersOf(fn, unit.prov, listChanged, outer, 0, true) ?? (fn.params.length > 0 ? answerTriggers(fn, unit.prov, listChanged, requests) : undefined);
    const name = functionName(fn);
    if (!triggers) {
      // Say which use is not a trigger, so the author knows what to change.
      const use = name ? untriggeredUse(fn, unit.prov, listChanged, elsewhere) : undefined;
      const what = use ? `by ${name}(), which ${use}` : name ? `by ${name}(), which also runs from somewhere other than a lifecycle hook, a list_changed handler or a timer` : 'outside a lifecycle hook, a list_changed handler or a timer';
      throw new Unprovable(reason, `${state.name} is filled ${what}, so there is no one place a per-request derivation can replay`);
    }
    for (const o of outer) starters.add(o);
    fills.add(fn);
    for (const t of triggers) hooks.set(t.statement, t);
  }
  if (fills.size > 1) throw new Unprovable(reason, `${state.name} is filled by more than one function`);
  let fill: FunctionNode | undefined = [...fills][0];
  const writes = new Set<Node>(state.writes.map((w) => w.node));
  // A fill handed the answer (`update(response.roots)`): the init hook calling it becomes the helper and the fill stays.
  let answerCalls: TSESTree.CallExpression[] = [];
  let mirrors: RootsState[] = [];
  // Or a named function without parameters the hook runs, which asks and hands the answer over (`fillRoots()`): that one is the helper.
  const starter = fill && fill.params.length > 0 && starters.size === 1 ? [...starters][0]! : undefined;
  const asks = !!starter && starter.params.length === 0 && [...requests].some((r) => contains(starter, r));
  // Or a fill whose parameters are only the server it asks (`refresh(mcp.server)`): the handlers pass that server too.
  const bound = fill ? boundReceivers(fill, unit, requests, [...hooks.values()].flatMap((h) => h.debounce?.retired ?? [])) : undefined;
  if (fill && !bound && fill.params.length > 0 && (starters.size === 0 || asks)) {
    // A fill asking through a server it is handed, which it also uses otherwise: say so, not what answerFill finds amiss.
    const misuse = receiverMisuse(fill, unit, requests);
    if (misuse) throw new Unprovable(reason, `${state.name} is filled by ${functionName(fill) ?? 'a function'}(), whose parameter ${misuse}`);
    const callers = asks ? [...hooks.values(), { fn: starter!, statement: declarationOf(starter!), kind: 'background' as const }] : [...hooks.values()];
    ({ calls: answerCalls, mirrors } = answerFill(fill, callers, { prov: unit.prov, requests, writes }, reason));
    fill = asks ? starter : undefined;
  }
  const inits = [...hooks.values()].filter((h) => h.kind === 'init' || (h.kind === 'background' && !periodic(h)));
  if (!fill && inits.length !== 1) throw new Unprovable(reason, `${state.name} is filled by ${inits.length === 0 ? 'no' : 'more than one'} initialization hook${inits.length === 0 && hooks.size > 0 && [...hooks.values()].every((h) => h.kind === 'refresh') ? ONLY_REFRESHED : ''}`);
  if (fill && inits.length === 0) throw new Unprovable(reason, `${state.name} is only filled when the client's roots change or a timer fires, never at start`);
  // The helper: the named fill function, else the one init hook's function.
  const helper = fill ?? inits[0]!.fn;
  if (helper.params.length > 0 && !bound) throw new Unprovable(reason, `${fill ? `${functionName(fill) ?? 'the fill function'}()` : 'the initialization hook'} takes parameters, which a per-request helper would not have`);
  // A method's `this` is its instance: the handlers calling `this.fill(ctx)` must be arrows of the same class.
  const method = methodOf(helper);
  if (helper.type !== 'ArrowFunctionExpression' && !method && hasThis(helper)) throw new Unprovable(reason, 'the function that fills the roots uses a `this` of its own');
  for (const s of unit.sites) {
    if (s.kind === 'request' && !requests.has(s.node) && [...hooks.keys(), ...fills, ...starters].some((h) => contains(h, s.node))) throw new Unprovable(reason, 'the hook also fetches roots for other state');
  }
  // Each trigger and the fill may only fetch roots into the state (and log): what --to param retires.
  const gates = new Set<Node>(unit.sites.filter((s) => s.kind === 'capability' && s.side === 'server' && [...hooks.keys(), ...fills, ...starters].some((h) => contains(h, s.node))).map((s) => s.node));
  const repeatable = repeatableCalls([...hooks.keys(), ...fills, ...starters], helper, unit, project, state);
  // With a named fill every hook goes (none becomes the helper): flags only they use go too.
  const flagged = fill ? hookOnlyFlags([...hooks.values()], unit.prov) : undefined;
  if (flagged) for (const h of hooks.values()) h.flags = new Set([...(h.flags ?? []), ...flagged.flags]);
  const context: HookContext = { prov: unit.prov, text: unit.text, requests, gates, helpers: new Set([...fills, ...starters]), writes, repeatable: repeatable.calls, isState: stateTarget(state, unit) };
  for (const f of [...fills, ...starters]) if (!answerCalls.length) onlyLogs(keptStatements({ fn: f, statement: declarationOf(f), kind: 'background' }, context), reason);
  // The asking function the hooks await: what it keeps for a client without roots only reports (its throw reaches the hook's onerror).
  if (answerCalls.length && fill) onlyLogs(keptStatements({ fn: fill, statement: declarationOf(fill), kind: 'background' }, context), reason, [...hooks.values()].every((h) => h.kind === 'init' || h.kind === 'refresh'));
  for (const hook of hooks.values()) onlyLogs(keptStatements(hook, context), reason, hook.kind === 'init' || hook.kind === 'refresh');
  // Reads in the hooks (their logging) go with them, the helper's run inside the handlers; start-up code keeps the fall-back value.
  const shownReads: Node[] = [];
  const exempt: Exempt = { hooks: [...hooks.keys()], helpers: [helper, ...(answerCalls.length ? fills : [])], shown: shownReads };
  const { fallback, startup, refused } = writtenByFallback(repeatable, unit, project, (call) => exempted(unit, call, exempt));
  exempt.startup = startup;
  // A finally that re-derives state (rederive.ts): the derivation runs in the helper, the states it writes are mirrors.
  if (context.derivations?.length) {
    const derived = rederive(unit, context.derivations, state, helper, exempt.hooks, reason);
    exempt.helpers.push(...derived.functions);
    startup.push(...derived.startup);
    mirrors = [...mirrors, ...derived.mirrors];
  }
  try {
    // The gate's no-roots writes stay in the helper, replayed for every client (else-writes.ts): not other writers.
    const replayed = (context.replayed ?? []).map((node) => ({ node: node as TSESTree.AssignmentExpression, value: (node as TSESTree.AssignmentExpression).right }));
    checkOtherWrites(unit, replayed.length ? { ...state, writes: [...state.writes, ...replayed] } : state, reason, exempt, fallback);
  } catch (error) {
    // A fall-back writer the helper runs, refused: say which call keeps it from being replayed.
    if (error instanceof Unprovable && refused) throw new Unprovable(reason, refused);
    throw error;
  }
  const callbacks = consumingHandlers(unit, state, group.analysis, group.sites[0]!, reason, exempt);
  // Readers in handlers another module registers, of the state or a mirror (handlers-elsewhere.ts).
  const found: ElsewhereHandler[] = [];
  // The handlers reading a state the fill copies the roots into derive them too.
  for (const mirror of mirrors) {
    checkOtherWrites(unit, mirror, reason, exempt);
    const analysis = { states: [mirror], consumers: consumersOfState(mirror, unit.prov, unit.text) };
    for (const [callback, chain] of consumingHandlers(unit, mirror, analysis, group.sites[0]!, reason, exempt)) if (!callbacks.has(callback)) callbacks.set(callback, chain);
    sharedMirror(unit, mirror, checks, project, group.sites[0]!, reason, (call) => exempted(unit, call, exempt), fallback, callbacks, [...hooks.keys()], found);
  }
  // None found here: the state's getters may be read through other modules of the run. Every read
  // followed, the other importers only matter as writers.
  const skip = (call: Node) => exempted(unit, call, exempt);
  const throughModules = callbacks.size === 0 && found.length === 0 ? moduleReaders(unit, state, project, group.sites[0]!, reason, skip, found) : undefined;
  for (const [callback, chain] of throughModules ?? []) callbacks.set(callback, chain);
  // Handlers another module registers on this server read it too: they import the fill (handlers-elsewhere.ts).
  const registered = found.length ? planElsewhere(found, { unit, site: group.sites[0]!, stateName: state.name, fill, bound, hooks: [...hooks.keys()], project: project!, reason }) : undefined;
  if (callbacks.size === 0 && !registered) throw new Unprovable(reason, `no tools/call, prompts/get or resources/read handler reads ${state.name}`);
  if (throughModules) onlyWrittenHere(unit, state, project, reason, skip, fallback);
  else checks(state);
  const scope = fill ? declarationOf(fill).parent : inits[0]!.statement.parent;
  for (const chain of callbacks.values()) {
    const sync = syncHandlerBlocker(chain);
    if (sync) throw new Unprovable(reason, `a handler reading ${state.name} ${sync}, so it cannot await the roots`);
    if (!scope || !contains(scope, chain.callback)) throw new Unprovable(reason, `a handler reading ${state.name} cannot see the function that fills it`);
    if (bound && !receiversVisible(bound, chain.callback)) throw new Unprovable(reason, `a handler reading ${state.name} cannot see ${bound.args}, the server ${functionName(helper) ?? 'the fill function'}() is given`);
    if (method && (chain.callback.type !== 'ArrowFunctionExpression' || thisClass(chain.callback) !== method.parent.parent)) throw new Unprovable(reason, `a handler reading ${state.name} has a \`this\` of its own, so it cannot call ${functionName(helper) ?? 'the fill method'}()`);
  }
  // A promise only the triggers kept (`ready = refresh()`): its declaration and every `await ready;` go.
  const retiredNodes: Node[] = [...[...hooks.values()].filter((h) => fill || h !== inits[0]).map((h) => h.statement), ...[...starters].filter((f) => f !== helper).map(declarationOf)];
  if (flagged) {
    // A clear of the debounce handle inside a hook that goes already goes with it: one removal, not two overlapping.
    const debounced = debounceDeclarations([...hooks.values()].filter((h) => retiredNodes.includes(h.statement)));
    retiredNodes.push(...flagged.declarations, ...debounced.filter((n) => !retiredNodes.some((r) => r !== n && contains(r, n))));
  }
  const awaited = new Set<FunctionNode>();
  for (const [variable, stored] of context.stored ?? []) {
    const stray = stored.writes.find((w) => !retiredNodes.some((r) => contains(r, w)));
    if (stray || !fill) throw new Unprovable(reason, `${variable.name} keeps the promise of the fill${stray ? ' and is also assigned outside the hooks' : ' inside the hook'}, which a per-request helper cannot stand for`);
    if (stored.declaration) retiredNodes.push(stored.declaration);
    for (const a of stored.awaits) {
      if (retiredNodes.some((r) => contains(r, a))) continue;
      retiredNodes.push(a);
      const fn = enclosingFunction(a);
      if (fn) awaited.add(fn);
    }
  }
  const ctx = 'ctx';
  const name = method ? `this.${propertyName(method) ?? ''}` : fill ? functionName(fill) : freshHelperName(unit.text);
  if (!name) throw new Unprovable(reason, 'the function that fills the roots has no name the handlers can call');
  const edits: TextEdit[] = [];
  if (fill) {
    edits.push(...addParameter(fill, unit, 0, ctx));
  } else {
    // `x.oninitialized = async () => {` → `const deriveRootsState = async (ctx) => {`
    const init = inits[0]!;
    edits.push({ start: init.statement.range[0], end: helper.range[0], text: `const ${name} = ` });
    edits.push({ start: helper.range[1], end: init.statement.range[1], text: ';' });
    edits.push(...addParameter(helper, unit, 0, ctx));
  }
  const split = eraSplitRequests([...requests].filter((r) => contains(helper, r)));
  for (const request of requests) if (contains(helper, request)) edits.push({ start: request.range[0], end: request.range[1], text: requestReplacement(unit.text, request, ctx, split) });
  edits.push(...capabilityEdits(helper, unit, ctx, tools, reason));
  const inHelper = [...state.writes.map((w) => w.node), ...answerCalls].filter((w) => contains(helper, w));
  edits.push(...awaitEdits(helper, inHelper, requests, reason));
  // The answer fill's promise is the state being filled: the helper settles only once it has.
  const asyncFill = answerCalls.length > 0 && fillFunctionOf(answerCalls[0]!.callee, unit.prov)?.async;
  for (const call of answerCalls) if (asyncFill && contains(helper, call) && call.parent?.type !== 'AwaitExpression') edits.push(insert(call.range[0], 'await '));
  const retire = retiredNodes.map((n) => ({ unit, range: tools.statementRange(unit, n) }));
  const covered = unit.sites.filter((s) => [...hooks.keys(), ...fills, ...(answerCalls.length ? starters : [])].some((h) => contains(h, s.node)));
  const eraSplit = split.size ? { covered } : undefined;
  const chains: Array<{ chain: HandlerChain; args?: string }> = [...[...callbacks.values()].map((chain) => ({ chain })), ...(registered?.chains ?? [])];
  const states: DerivedState[] = chains.map(({ chain, args: own }, i) => ({
    chain,
    retire,
    // A handler that awaited the fill's own promise saw its failure (a client without roots among
    // them): it runs the helper whatever the client declared, whose rootsFromAnswer fails the same way.
    // So does one whose helper writes a fall-back of its own (the path a client without roots took),
    // or whose gate's no-roots path writes the state (else-writes.ts).
    declaration: (c) => {
      const args = bound ? `${own ?? bound.args}, ${c}` : c;
      return awaited.has(chain.callback) || repeatable.fallbacks || context.everyClient ? `await ${name}(${args});` : `if (${HELPER_NAMES.declares}(${c}, ${chain.server})) await ${name}(${args});`;
    },
    ...(i === 0 ? { edits, contextType: unit.typescript, at: unit, ...(registered ? { elsewhere: registered.edits } : {}) } : {}),
    ...(eraSplit ? { eraSplit } : {}),
  }));
  return { states, covered, ...(shownReads.length ? { note: shownTimingNote(shownReads.map((n) => locOf(n).start.line)) } : {}) };
}

/**
 * Why a state only the list_changed handler fills stays marked: per request it would hold the client's
 * roots from the first call, where the original held its start value until the first change.
 */
const ONLY_REFRESHED =
  ": until the client's first notifications/roots/list_changed the tools saw its start value (on 2026-07-28, where that handler cannot ask, always), so a per-request derivation would apply roots from the first call — answers the original never gave; fetch the roots at start-up too if that is what was meant, or configure the directories";

/** `setInterval(fill, ms)`: it refreshes; the tools saw nothing from it before its first tick. */
function periodic(hook: Hook): boolean {
  let x: Node | undefined = hook.statement.type === 'ExpressionStatement' ? unwrap(hook.statement.expression) : undefined;
  if (x?.type === 'UnaryExpression') x = unwrap(x.argument);
  if (x?.type === 'CallExpression' && x.callee.type === 'MemberExpression' && propertyName(x.callee) === 'unref') x = unwrap(x.callee.object);
  return x?.type === 'CallExpression' && calleeName(x) === 'setInterval';
}

/** What a hook keeps besides fetching roots (what a client without roots got) must only report: a per-request helper drops it. */
export function onlyLogs(kept: Node[], reason: Reason, throws = false): void {
  if (!kept.every((s) => isReport(s, throws))) throw new Unprovable(reason, 'the hook does more than fetch roots for a client that declares none');
}

/**
 * Work the helper started in place and did not wait for — `void (async () => { … })()`, a
 * `.then(…).catch(…)` chain on the request — is awaited, so the state is filled when the helper's
 * promise settles; a function that now awaits becomes async.
 */
export function awaitEdits(helper: FunctionNode, writes: Node[], requests: ReadonlySet<Node>, reason: Reason): TextEdit[] {
  const edits = new Map<number, TextEdit>();
  const asyncFns = new Set<FunctionNode>([helper]);
  for (const write of writes) {
    let fn = enclosingFunction(write);
    while (fn && fn !== helper) {
      const call = isCalledInPlace(fn) ? fn.parent! : thenCall(fn, requests);
      if (!call) throw new Unprovable(reason, 'the roots are written in a callback the fill does not wait for');
      const top = chainTop(call);
      const p = top.parent;
      if (p?.type === 'UnaryExpression' && p.operator === 'void') edits.set(p.range[0], { start: p.range[0], end: p.argument.range[0], text: 'await ' });
      else if (p?.type === 'ExpressionStatement') edits.set(top.range[0], insert(top.range[0], 'await '));
      else if (p?.type !== 'AwaitExpression' && p?.type !== 'ReturnStatement') throw new Unprovable(reason, 'the work that fills the roots is kept as a promise the per-request helper cannot wait for');
      fn = enclosingFunction(call);
      if (fn && p?.type !== 'ReturnStatement') asyncFns.add(fn);
    }
  }
  for (const fn of asyncFns) {
    if (fn.async) continue;
    if (fn.returnType) throw new Unprovable(reason, 'the function that fills the roots declares a return type a per-request helper would change');
    // A method's function starts at its parameters: `async` goes before its name.
    const at = methodOf(fn)?.key.range[0] ?? fn.range[0];
    edits.set(at, insert(at, 'async '));
  }
  return [...edits.values()];
}

/** `request.then(fn)` with fn the callback: the call. */
function thenCall(fn: FunctionNode, requests: ReadonlySet<Node>): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn || call.callee.type !== 'MemberExpression' || propertyName(call.callee) !== 'then') return undefined;
  return requests.has(unwrap(call.callee.object)) ? call : undefined;
}

/** The outermost `.then` / `.catch` / `.finally` call chained on `call`. */
function chainTop(call: Node): Node {
  let top = call;
  for (;;) {
    const member = top.parent;
    if (member?.type === 'MemberExpression' && member.object === top && ['then', 'catch', 'finally'].includes(propertyName(member) ?? '') && member.parent?.type === 'CallExpression' && member.parent.callee === member) top = member.parent;
    else if (top.parent?.type === 'ChainExpression') top = top.parent;
    else return top;
  }
}

/**
 * Every capabilities read in the hook becomes the per-request check: `x.getClientCapabilities()?.roots`
 * in place, and `const caps = x.getClientCapabilities()` (read only as `caps?.roots`) at each read.
 */
export function capabilityEdits(fn: FunctionNode, unit: Unit, ctx: string, tools: StateTools, reason: Reason): TextEdit[] {
  const edits: TextEdit[] = [];
  const check = (receiver: Node) => {
    const text = unit.text.slice(receiver.range[0], receiver.range[1]);
    if (!PLAIN.test(text)) throw new Unprovable(reason, 'the hook reads the capabilities of a server uproot cannot name in the handlers');
    return `${HELPER_NAMES.declares}(${ctx}, ${text})`;
  };
  const rootsMember = (n: Node): Node | undefined => {
    const p = n.parent;
    if (p?.type !== 'MemberExpression' || p.object !== n || propertyName(p) !== 'roots') return undefined;
    // `caps?.roots?.listChanged` asks more than whether roots are declared.
    if (p.parent?.type === 'MemberExpression' && p.parent.object === p) return undefined;
    return p.parent?.type === 'ChainExpression' ? p.parent : p;
  };
  walkAll(fn.body, (n) => {
    if (n.type !== 'CallExpression' || calleeName(n) !== 'getClientCapabilities') return;
    const callee = unwrap(n.callee);
    if (callee.type !== 'MemberExpression') throw new Unprovable(reason, 'the hook reads the capabilities in a way uproot cannot follow');
    const replacement = check(callee.object);
    const member = rootsMember(n);
    if (member) {
      edits.push({ start: member.range[0], end: member.range[1], text: replacement });
      return;
    }
    if (n.parent?.type === 'MemberExpression') throw new Unprovable(reason, 'the hook reads the client capabilities for more than roots');
    const declarator = n.parent;
    const declaration = declarator?.parent;
    if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || declaration?.type !== 'VariableDeclaration' || declaration.declarations.length !== 1) {
      throw new Unprovable(reason, 'the hook reads the client capabilities for more than roots');
    }
    const reads = unit.prov.variableOf(declarator.id)?.references.filter((r) => r.identifier !== declarator.id) ?? [];
    const members = reads.map((r) => rootsMember(r.identifier));
    if (members.some((m) => !m)) throw new Unprovable(reason, 'the hook reads the client capabilities for more than roots');
    for (const m of members) edits.push({ start: m!.range[0], end: m!.range[1], text: replacement });
    const [start, end] = tools.statementRange(unit, declaration);
    edits.push({ start, end, text: '' });
  });
  return edits;
}

/** The class method (`private async refresh() { … }`) whose function `fn` is. */
function methodOf(fn: FunctionNode): TSESTree.MethodDefinition | undefined {
  const p = fn.parent;
  return p?.type === 'MethodDefinition' && p.value === fn && p.kind === 'method' && !p.static && !p.computed ? p : undefined;
}

function hasThis(fn: FunctionNode): boolean {
  let found = false;
  walkAll(fn.body, (n) => {
    if (n.type === 'ThisExpression') found = true;
  });
  return found;
}

export function freshHelperName(text: string): string {
  for (const name of ['deriveRootsState', 'deriveRootsStateFromRequest']) if (!new RegExp(`\\b${name}\\b`).test(text)) return name;
  return 'uprootDeriveRootsState';
}

/** Whether an assignment target is `state` itself: its variable, or `this.field` in its class. */
function stateTarget(state: RootsState, unit: Unit): (target: Node) => boolean {
  return (target) => {
    const t = unwrap(target);
    if (state.kind === 'class-field') return t.type === 'MemberExpression' && t.object.type === 'ThisExpression' && !t.computed && propertyName(t) === state.field && thisClass(t) === state.cls;
    if (state.kind === 'module-variable') return t.type === 'Identifier' && unit.prov.variableOf(t) === state.variable;
    return false;
  };
}
