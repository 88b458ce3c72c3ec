// `--lifecycle per-request` on the core state analysis: roots an init fetch or a list_changed refresh
// wrote into a class field, a module variable read through helpers, or a setter of another module are
// written again at the top of every handler that reads that state, from the MRTR answer, after the
// entry check (so before any side effect) and before the handler's own code; the fetch and the
// refresh are retired. The state itself stays: its helpers, across files, read it as before.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, analyzeState, contains, inTypeOnly, enclosingFunction, enclosingStatement, isRequestHandler, locOf, propertyName, reachesOf, thisClass, unwrap, walkAll } from '@uproot/core/planning';
import type { Reach, RootsSite, RootsState, StateAnalysis } from '@uproot/core/planning';
import type { HandlerChain, ProjectIndex } from './chains.ts';
import { handlerChain } from './chains.ts';
import { HELPER_NAMES } from './helpers-block.ts';
import type { DerivedState } from './rewrite.ts';
import { inReport } from './reports.ts';
import { shownOnly, shownTimingNote, whyNotShown } from './shown-reads.ts';
import { sessionMapDetail } from './session-detail.ts';
import type { OtherCallers } from './trigger-detail.ts';
import { callsReaching } from './setter-reads.ts';
import { atStartup } from './startup.ts';
import { isTestFileOf } from './test-files.ts';
import { type Unit, Unprovable } from './unit.ts';
import { holdBoundedRequests } from './request-options.ts';
import { syncHandlerBlocker } from './sync-handler.ts';


export interface StatePlan {
  states: DerivedState[];
  covered: RootsSite[];
  /** What the rewrite changed that the report must say (shown-reads.ts: when a read outside any request sees new roots). */
  note?: string;
}

export interface Group {
  state: RootsState;
  analysis: StateAnalysis;
  sites: RootsSite[];
}

/** Group the lifecycle sites `planVariable` left by the state they feed (one state per site, or the site is left alone). */
export function stateGroups(unit: Unit, sites: RootsSite[]): Group[] {
  const groups = new Map<unknown, Group>();
  for (const site of sites) {
    const analysis = analyzeState(site.node, unit.prov, unit.text);
    if (analysis.states.length !== 1) continue;
    const state = analysis.states[0]!;
    const key = state.kind === 'class-field' ? `${state.cls.range[0]}:${state.field}` : state.variable;
    const known = groups.get(key);
    if (known) {
      known.sites.push(site);
      for (const w of state.writes) if (!known.state.writes.some((x) => x.node === w.node)) known.state.writes.push(w);
    } else groups.set(key, { state, analysis, sites: [site] });
  }
  return [...groups.values()];
}

export interface StateTools {
  /** The statement registering the hook around a write, when the hook does nothing else. */
  retirableHook(unit: Unit, write: Node, site: RootsSite): Node;
  statementRange(unit: Unit, statement: Node): [number, number];
}

/** A check of the state's consumers beyond this file (the setter module's other importers). */
export type ConsumerCheck = (state: RootsState) => void;

/** State kinds a per-request rewrite can never take over. */
export function checkKind(group: Group, unit: Unit, elsewhere?: OtherCallers): void {
  const { state } = group;
  const reason = group.sites[0]!.reason ?? 'lifecycle';
  if (state.kind === 'session-map') {
    const listChanged = new Set<Node>(unit.sites.filter((s) => s.kind === 'list-changed' && s.side === 'server').map((s) => s.node));
    throw new Unprovable(reason, sessionMapDetail(state, unit.prov, unit.text, listChanged, new Set<Node>(group.sites.map((s) => s.node)), elsewhere));
  }
  if (state.kind === 'lazy-getter') throw new Unprovable(reason, `${state.name} is filled on first use, not by a lifecycle hook`);
}

export function consumerCheck(unit: Unit, project: ProjectIndex | undefined, reason: NonNullable<RootsSite['reason']>): ConsumerCheck {
  return (state) => {
    if (state.kind === 'setter') checkNoOtherImporters(unit, state, project, reason);
  };
}

/** The simple shape: the hook only (gated) writes the state; the write itself moves to each reading handler. */
export function planStateGroup(unit: Unit, group: Group, checks: ConsumerCheck, tools: StateTools): StatePlan {
  const { state, analysis } = group;
  const reason = group.sites[0]!.reason ?? 'lifecycle';
  // Filled only on list_changed, the original's tools saw nothing until the roots changed: not the same.
  if (!group.sites.some((s) => s.reason === 'lifecycle')) throw new Unprovable(reason, `${state.name} is only filled when the client's roots change`);
  const hooks: Node[] = [];
  let write: { text: string; node: Node } | undefined;
  for (const w of state.writes) {
    const site = group.sites.find((s) => contains(w.node, s.node));
    if (!site || enclosingStatement(w.node).type !== 'ExpressionStatement' || unwrap((enclosingStatement(w.node) as TSESTree.ExpressionStatement).expression) !== w.node) {
      throw new Unprovable(reason, `${state.name} is filled from roots in a way uproot cannot move into the handlers`);
    }
    hooks.push(tools.retirableHook(unit, w.node, site));
    holdBoundedRequests([site.node]);
    const text = unit.text.slice(w.node.range[0], site.node.range[0]) + `${HELPER_NAMES.answer}(__CTX__)` + unit.text.slice(site.node.range[1], w.node.range[1]);
    if (write && write.text !== text) throw new Unprovable(reason, `${state.name} is computed differently by the fetch and the refresh`);
    write = { text, node: w.node };
  }
  if (!write) throw new Unprovable(reason, `${state.name} is never filled from roots`);
  checkOtherWrites(unit, state, reason);
  const exempt: Exempt = { hooks: [], helpers: [], shown: [] };
  const callbacks = consumingHandlers(unit, state, analysis, group.sites[0]!, reason, exempt);
  if (callbacks.size === 0) throw new Unprovable(reason, `no tools/call, prompts/get or resources/read handler reads ${state.name}`);
  checks(state);
  const awaits = /\bawait\b/.test(write.text);
  for (const chain of callbacks.values()) {
    const sync = awaits ? syncHandlerBlocker(chain) : undefined;
    if (sync) throw new Unprovable(reason, `a handler reading ${state.name} ${sync}, so it cannot await the roots`);
    checkVisible(unit, write.node, chain.callback, hooks, reason);
    if (state.kind === 'class-field' && (chain.callback.type !== 'ArrowFunctionExpression' || thisClass(chain.callback) !== state.cls)) {
      throw new Unprovable(reason, `a handler reading ${state.name} has a \`this\` of its own`);
    }
  }
  const retire = [...new Set(hooks)].map((h) => ({ unit, range: tools.statementRange(unit, h) }));
  const text = write.text;
  const states: DerivedState[] = [...callbacks.values()].map((chain) => ({
    chain,
    retire,
    declaration: (ctx) => `if (${HELPER_NAMES.declares}(${ctx}, ${chain.server})) ${text.replace('__CTX__', ctx)};`,
  }));
  const covered = unit.sites.filter((s) => hooks.some((h) => contains(h, s.node)));
  return { states, covered, ...(exempt.shown!.length ? { note: shownTimingNote(exempt.shown!.map((n) => locOf(n).start.line)) } : {}) };
}

/** Besides the retired fetches, only the declaration (and, for a setter, the setter itself) may write the state. */
/** What a per-request plan keeps apart from the state's consumers and writers: the hooks it retires or replays, and the helper replaying the fill. */
export interface Exempt {
  /** Hook statements (top-level ones also mark where start-up code ends, see startup.ts). */
  hooks: Node[];
  /** The per-request helper and the functions it runs: their reads run inside the handlers, after the roots were asked for. */
  helpers: Node[];
  /** Filled with the reads outside any MCP request that only show the state (shown-reads.ts): the report says their timing moved. */
  shown?: Node[];
  /** Calls ahead of the server's connect (fallback-fill.ts): they run before any hook or request. */
  startup?: Node[];
}

/** `owner`: for a read, the state's declaration (see atStartup). */
export const exempted = (unit: Unit, node: Node, exempt: Exempt | undefined, owner?: Node) =>
  // Shown reads first: a log-only read outside any request is also one `inReport` lets through, but the report must name it.
  !!exempt && (atStartup(node, exempt.hooks, unit.prov, owner) || shown(unit, node, exempt) || inReport(node) || [...exempt.hooks, ...exempt.helpers, ...(exempt.startup ?? [])].some((h) => contains(h, node)));

function shown(unit: Unit, node: Node, exempt: Exempt): boolean {
  if (!exempt.shown || !shownOnly(node, unit.prov)) return false;
  exempt.shown.push(node);
  return true;
}

/** `fallback`: a write of a setter's module a per-request plan leaves in place (fallback-fill.ts). */
export function checkOtherWrites(unit: Unit, state: RootsState, reason: NonNullable<RootsSite['reason']>, exempt?: Exempt, fallback?: (write: Node, file: string) => boolean): void {
  const retired = new Set<Node>(state.writes.map((w) => w.node));
  if (state.kind === 'class-field') {
    walkAll(state.cls, (n) => {
      const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : undefined;
      if (target?.type === 'MemberExpression' && target.object.type === 'ThisExpression' && propertyName(target) === state.field && !retired.has(n) && !initialValue(n)) {
        throw new Unprovable(reason, `${state.name} is also written at line ${locOf(n).start.line}`);
      }
    });
    return;
  }
  if (state.kind === 'setter') {
    for (const ref of unit.prov.variableOf(state.local)?.references ?? []) {
      const call = ref.identifier.parent;
      if (!(call?.type === 'CallExpression' && (retired.has(call) || exempted(unit, call, exempt)))) throw new Unprovable(reason, `${state.name} is also used at line ${locOf(ref.identifier).start.line}`);
    }
    const writes = state.variable.references.filter((r) => r.isWrite() && !declares(state.variable, r.identifier) && !fallback?.(r.identifier, state.module.file));
    if (writes.length !== 1) throw new Unprovable(reason, `${state.variable.name} is written by more than ${state.name} in ${path.relative(path.dirname(unit.path), state.module.file).split(path.sep).join('/')}`);
    return;
  }
  if (state.kind !== 'module-variable') return;
  for (const ref of state.variable.references) {
    if (!ref.isWrite() || declares(state.variable, ref.identifier)) continue;
    const assignment = ref.identifier.parent;
    if (!(assignment && (retired.has(assignment) || atStartup(assignment, exempt?.hooks ?? [], unit.prov)))) throw new Unprovable(reason, `${state.name} is also written at line ${locOf(ref.identifier).start.line}`);
  }
}

/** Every read of the state must be reached only from tools/call, prompts/get or resources/read handlers. */
export function consumingHandlers(unit: Unit, state: RootsState, analysis: StateAnalysis, site: RootsSite, reason: NonNullable<RootsSite['reason']>, exempt?: Exempt): Map<FunctionNode, HandlerChain> {
  const reaches: Reach[] = [];
  if (state.kind === 'setter') {
    // Reads in the state's module count through the calls here that carry them (consumersOfState).
    const all = state.variable.references.filter((r) => !r.isWrite() && !inTypeOnly(r.identifier));
    const calls: Node[] = analysis.consumers.flatMap((c) => (c.call ? [c.call] : []));
    for (const r of all) {
      // A private helper of the module, or an exported function: covered when the calls here that run it are
      // (all of them: core's consumers carry only the calls handlers make, not a timer's or start-up code's).
      const reaching = callsReaching(r.identifier, state, unit);
      if (!reaching) throw new Unprovable(reason, `${state.variable.name} is read in ${path.relative(path.dirname(unit.path), state.module.file).split(path.sep).join('/')} by code no handler of this file reaches`);
      calls.push(...reaching);
    }
    for (const call of new Set(calls)) if (!exempted(unit, call, exempt, state.module.program)) reaches.push(...onlyHandlers(call, unit, state.name, reason));
  } else {
    for (const read of readNodes(state)) if (!exempted(unit, read, exempt, ownerOf(state))) reaches.push(...onlyHandlers(read, unit, state.name, reason));
  }
  const out = new Map<FunctionNode, HandlerChain>();
  for (const reach of reaches) {
    const callback = reach.callback!;
    if (!out.has(callback)) out.set(callback, handlerChain(site, { ...reach, hops: [] }, unit, unit, []));
  }
  return out;
}

export function onlyHandlers(node: Node, unit: Unit, name: string, reason: NonNullable<RootsSite['reason']>): Reach[] {
  // A recursive helper's call of itself is entered through its other callers, which are checked.
  const reaches = reachesOf(node, unit.prov).filter((r) => !recursion(r));
  if (reaches.length === 0) throw new Unprovable(reason, `${name} is read at line ${locOf(node).start.line} outside any handler`);
  for (const r of reaches) {
    if (!isRequestHandler(r.handler) || !r.callback) {
      const why = whyNotShown(node, unit.prov);
      throw new Unprovable(reason, `${name} is read at line ${locOf(node).start.line} from ${r.name ?? r.handler}, which has no request to ask for roots${why ? `; ${why}` : ''}`);
    }
  }
  return reaches;
}

/** Where the state is declared: its variable's declaration, or its class. */
function ownerOf(state: RootsState): Node | undefined {
  if (state.kind === 'class-field') return state.cls;
  if (state.kind === 'setter') return state.module.program;
  return state.variable.defs[0]?.name;
}

/** The reach ended where a function calls itself again (`buildTree` inside `buildTree`): a cycle, not a way in. */
function recursion(r: Reach): boolean {
  const entered = r.hops[0];
  if (r.handler !== 'other' || r.unresolved || !entered) return false;
  const caller = enclosingFunction(entered.call);
  return r.hops.some((h) => h.fn === caller);
}

function readNodes(state: RootsState): Node[] {
  if (state.kind === 'class-field') {
    const reads: Node[] = [];
    walkAll(state.cls, (n) => {
      if (n.type !== 'MemberExpression' || n.object.type !== 'ThisExpression' || propertyName(n) !== state.field) return;
      const p = n.parent;
      if (!((p?.type === 'AssignmentExpression' && p.left === n) || p?.type === 'UpdateExpression')) reads.push(n);
    });
    return reads;
  }
  if (state.kind === 'setter') return [];
  return state.variable.references.filter((r) => !r.isWrite()).map((r) => r.identifier);
}

/** Another file of the run that imports the setter's module would read state its handlers no longer fill. */
function checkNoOtherImporters(unit: Unit, state: Extract<RootsState, { kind: 'setter' }>, project: ProjectIndex | undefined, reason: NonNullable<RootsSite['reason']>): void {
  // Test files drive the module themselves (they set its state): they serve no client whose roots they would miss.
  const others = project?.importersOf?.(state.module.file, unit.path)?.filter((f) => !isTestFileOf(f, path.dirname(state.module.file)));
  // Named relative to the marked file: a marker in the source never holds a path of the machine that ran uproot.
  const near = (file: string) => path.relative(path.dirname(unit.path), file).split(path.sep).join('/');
  if (!others) throw new Unprovable(reason, `${state.name} keeps the roots in ${near(state.module.file)}; run uproot migrate on the whole project so every file reading it is seen`);
  if (others.length) throw new Unprovable(reason, `${near(state.module.file)} is also imported by ${others.map(near).join(', ')}, whose handlers would no longer see the roots`);
}

/** The names the moved write uses must be in scope in the handler, and none may be a local of the hook. */
function checkVisible(unit: Unit, write: Node, callback: FunctionNode, hooks: Node[], reason: NonNullable<RootsSite['reason']>): void {
  walkAll(write, (n) => {
    if (n.type !== 'Identifier') return;
    const p = n.parent;
    if (p?.type === 'MemberExpression' && p.property === n && !p.computed) return;
    if (p?.type === 'Property' && p.key === n && !p.computed && p.value !== n) return;
    const declared = unit.prov.variableOf(n)?.defs[0]?.name;
    if (!declared || contains(write, declared)) return;
    const scope = enclosingFunction(declared);
    if (hooks.some((h) => contains(h, declared)) || (scope && !contains(scope, callback))) {
      throw new Unprovable(reason, `the roots are stored with ${n.name}, which the handlers cannot see`);
    }
  });
}

/** `this.root = undefined` at the top level of the constructor: how JavaScript classes declare a field. */
function initialValue(n: Node): boolean {
  if (n.type !== 'AssignmentExpression' || n.operator !== '=') return false;
  const statement = n.parent;
  const body = statement?.parent;
  const ctor = body?.parent;
  const right = unwrap(n.right);
  const plain = right.type === 'Literal' || (right.type === 'Identifier' && right.name === 'undefined') || (right.type === 'ArrayExpression' && right.elements.length === 0);
  return plain && statement?.type === 'ExpressionStatement' && body?.type === 'BlockStatement' && ctor?.type === 'FunctionExpression' && ctor.parent?.type === 'MethodDefinition' && ctor.parent.kind === 'constructor';
}

/** `let allowed = []`: the declaration's own initial write. */
function declares(variable: { defs: Array<{ name: Node }> }, id: Node): boolean {
  return variable.defs.some((d) => d.name === id);
}
