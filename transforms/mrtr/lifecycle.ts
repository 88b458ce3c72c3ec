// `--lifecycle per-request`: the common lifecycle shape — an init fetch (oninitialized) and a
// list_changed refresh feeding one module variable that tool handlers read — becomes a per-request
// derivation in each consuming handler, through MRTR; the fetch and the refresh are retired.
// Assumes one client per process (what a per-process variable filled from "the" client implied).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, enclosingFunction, enclosingStatement, isFunction, propertyName, unwrap } from '@uproot/core/planning';
import { walkAll } from '@uproot/core/planning';
import { reachesOf } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { handlerChain } from './chains.ts';
import { HELPER_NAMES } from './helpers-block.ts';
import type { DerivedState } from './rewrite.ts';
import type { ProjectIndex } from './chains.ts';
import { planHookHelper } from './hook-helper.ts';
import { importedFillOf, planImportedFill } from './imported-fill.ts';
import { callbackSinkDetail } from './callback-sink.ts';
import { handedFetchDetail, methodSinkDetail } from './handed-fetch.ts';
import { fetchingFunction } from './fetcher-param.ts';
import { hookOf, triggersOf } from '../param/state/hooks.ts';
import { otherCallers } from './other-callers.ts';
import { checkKind, consumerCheck, planStateGroup, stateGroups } from './state.ts';
import { type Unit, Unprovable } from './unit.ts';
import { holdBoundedRequests } from './request-options.ts';
import { frameworkDetail } from './framework-api.ts';

export const ONE_CLIENT_NOTE = 'roots are now requested per call in each handler that read the shared state; this assumes one client per process, as the shared state did';

export interface LifecyclePlan {
  derived: DerivedState[];
  /** Sites the plan retires (the fetch, the refresh, their capability gate). */
  covered: Set<RootsSite>;
  /** Why a site's state could not be derived per request: its marker says so. */
  failures: Map<RootsSite, Unprovable>;
  /** What the report adds for a covered site (a read outside any request that now sees roots at another moment). */
  notes: Map<RootsSite, string>;
}

type VariableLike = NonNullable<ReturnType<Unit['prov']['variableOf']>>;

/**
 * Plan every state of one file: a local variable read in handler bodies is shadowed there; any other
 * state the core analysis finds (class field, setter, variable read through helpers) is written again
 * at each consuming handler's entry. States that do not fit are left to the markers.
 */
export function planLifecycle(unit: Unit, project?: ProjectIndex): LifecyclePlan {
  const plan: LifecyclePlan = { derived: [], covered: new Set(), failures: new Map(), notes: new Map() };
  const byVariable = new Map<VariableLike, RootsSite[]>();
  for (const site of unit.sites) {
    if (site.kind !== 'request' || (site.reason !== 'lifecycle' && site.reason !== 'list-changed')) continue;
    const assignment = assignmentOf(site.node);
    const variable = assignment && assignment.left.type === 'Identifier' ? unit.prov.variableOf(assignment.left) : undefined;
    if (!variable) continue;
    byVariable.set(variable, [...(byVariable.get(variable) ?? []), site]);
  }
  for (const [variable, sites] of byVariable) {
    try {
      const derived = planVariable(unit, variable, sites);
      plan.derived.push(...derived.states);
      for (const s of derived.covered) plan.covered.add(s);
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
    }
  }
  const left = unit.sites.filter((s) => s.kind === 'request' && s.side === 'server' && (s.reason === 'lifecycle' || s.reason === 'list-changed' || s.reason === 'background' || namedFetcher(s, unit)) && !plan.covered.has(s));
  const groups = stateGroups(unit, left);
  const stateless = left.filter((site) => !groups.some((g) => g.sites.includes(site)));
  // The answer handed to a fill imported from another module: the state is found there.
  const fill = importedFillOf(unit, stateless);
  if (fill) {
    try {
      const derived = planImportedFill(unit, fill.sites, fill.callee, project, { retirableHook, statementRange });
      plan.derived.push(...derived.states);
      for (const s of derived.covered) plan.covered.add(s);
      if (derived.note) for (const s of derived.covered) plan.notes.set(s, derived.note);
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
      for (const s of fill.sites) plan.failures.set(s, error);
    }
  }
  for (const site of stateless) {
    if (!plan.covered.has(site) && !plan.failures.has(site)) plan.failures.set(site, new Unprovable(site.reason!, handedFetchDetail(site, unit.prov, fill?.callee.name) ?? methodSinkDetail(site, unit.prov) ?? callbackSinkDetail(site, unit.prov) ?? 'uproot cannot tell which one state these roots are kept in'));
  }
  for (const group of groups) {
    try {
      const elsewhere = otherCallers(unit, project);
      checkKind(group, unit, elsewhere);
      const checks = consumerCheck(unit, project, group.sites[0]!.reason ?? 'lifecycle');
      const tools = { retirableHook, statementRange };
      // The simple shape first (the write moves inline); a hook that does more becomes a helper.
      let derived;
      try {
        derived = planStateGroup(unit, group, checks, tools);
      } catch (error) {
        if (!(error instanceof Unprovable)) throw error;
        derived = planHookHelper(unit, group, checks, tools, elsewhere, project);
      }
      plan.derived.push(...derived.states);
      for (const s of derived.covered) plan.covered.add(s);
      if (derived.note) for (const s of derived.covered) plan.notes.set(s, derived.note);
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
      for (const s of group.sites) plan.failures.set(s, error);
    }
  }
  // Roots a framework hands to its users: say which API the framework needs, not which state shape failed.
  for (const site of plan.failures.keys()) {
    const detail = frameworkDetail(site, unit);
    if (detail) plan.failures.set(site, new Unprovable(site.reason ?? 'lifecycle', detail));
  }
  return plan;
}

function planVariable(unit: Unit, variable: VariableLike, sites: RootsSite[]): { states: DerivedState[]; covered: RootsSite[] } {
  const declarator = variable.defs[0]?.node;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') throw new Unprovable('lifecycle', 'not a plain variable');
  const name = declarator.id.name;
  const initial = declarator.init ? unit.text.slice(declarator.init.range[0], declarator.init.range[1]) : 'undefined';
  if (declarator.init && !isPure(declarator.init)) throw new Unprovable('lifecycle', 'its initial value is not a plain literal');
  const type = declarator.id.typeAnnotation ? unit.text.slice(declarator.id.typeAnnotation.range[0], declarator.id.typeAnnotation.range[1]) : '';
  const writes = variable.references.filter((r) => r.isWrite() && r.identifier !== declarator.id);
  const hooks: Node[] = [];
  let derive: { text: string; site: RootsSite } | undefined;
  for (const write of writes) {
    const assignment = write.identifier.parent;
    const site = sites.find((s) => assignment && s.node.range[0] >= assignment.range[0] && s.node.range[1] <= assignment.range[1]);
    if (assignment?.type !== 'AssignmentExpression' || !site) throw new Unprovable('lifecycle', `${name} is also written elsewhere`);
    const hook = retirableHook(unit, assignment, site);
    hooks.push(hook);
    holdBoundedRequests([site.node]);
    const rhs = unit.text.slice(assignment.right.range[0], site.node.range[0]) + `${HELPER_NAMES.answer}(__CTX__)` + unit.text.slice(site.node.range[1], assignment.right.range[1]);
    if (derive && derive.text !== rhs) throw new Unprovable('lifecycle', `${name} is computed differently by the fetch and the refresh`);
    derive = { text: rhs, site };
    checkClosed(unit, assignment.right, enclosingFunction(assignment)!);
  }
  if (!derive) throw new Unprovable('lifecycle', `${name} is never filled from roots`);
  const reads = variable.references.filter((r) => !r.isWrite());
  const callbacks = new Map<FunctionNode, ReturnType<typeof handlerChain>>();
  for (const read of reads) {
    const reaches = reachesOf(read.identifier, unit.prov);
    for (const reach of reaches) {
      if (reach.hops.length > 0 || !reach.callback) throw new Unprovable('lifecycle', `${name} is read outside a handler body`);
      if (!callbacks.has(reach.callback)) callbacks.set(reach.callback, handlerChain(derive.site, reach, unit, unit, []));
    }
  }
  if (callbacks.size === 0) throw new Unprovable('lifecycle', `no handler reads ${name}`);
  // The shared variable goes too: every read now sees the handler's own derivation.
  const declaration = declarator.parent;
  const retiredNodes: Node[] = [...new Set(hooks)];
  if (declaration?.type === 'VariableDeclaration' && declaration.declarations.length === 1) retiredNodes.push(declaration);
  const retire = retiredNodes.map((h) => ({ unit, range: statementRange(unit, h) }));
  const states: DerivedState[] = [...callbacks.values()].map((chain) => ({
    chain,
    retire,
    declaration: (ctx) => `const ${name}${type} = ${HELPER_NAMES.declares}(${ctx}, ${chain.server}) ? ${derive!.text.replace('__CTX__', ctx)} : ${initial};`,
  }));
  const covered = unit.sites.filter((s) => hooks.some((h) => s.node.range[0] >= h.range[0] && s.node.range[1] <= h.range[1]));
  return { states, covered };
}

/**
 * A request in a named function a hook hands to a call (`const askRoots = async () => server.listRoots();
 * await fill(askRoots)`): scan sees a function passed as a value, whose chain it leaves to the planners.
 */
function namedFetcher(site: RootsSite, unit: Unit): boolean {
  if (site.kind !== 'request' || site.side !== 'server') return false;
  const requests = new Set<Node>(unit.sites.filter((s) => s.kind === 'request').map((s) => s.node));
  const fn = fetchingFunction(site.node, requests, unit.prov);
  if (!fn || fn === enclosingFunction(site.node)) return false;
  const listChanged = new Set(unit.sites.filter((s) => s.kind === 'list-changed').map((s) => s.node));
  // Handed over by a hook, or by a function only hooks run (`await fillRoots()` in the hook): planImportedFill
  // follows that function to its hooks, as it does a fill's request written in it.
  return !!hookOf(fn, listChanged) || !!triggersOf(fn, unit.prov, listChanged);
}

function assignmentOf(node: Node): TSESTree.AssignmentExpression | undefined {
  let current: Node = node;
  while (current.parent && !isFunction(current.parent) && !current.parent.type.endsWith('Statement')) {
    if (current.parent.type === 'AssignmentExpression' && current.parent.right === current) return current.parent;
    current = current.parent;
  }
  return undefined;
}

function isPure(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'Literal' || n.type === 'Identifier') return true;
  if (n.type === 'ArrayExpression') return n.elements.every((e) => !e || (e.type !== 'SpreadElement' && isPure(e)));
  if (n.type === 'ObjectExpression') return n.properties.length === 0;
  return false;
}

/**
 * The statement that registers the hook holding this assignment — `x.oninitialized = async () => {...}`
 * or `setNotificationHandler(list_changed, ...)` — when the hook does nothing else.
 */
function retirableHook(unit: Unit, assignment: Node, site: RootsSite): Node {
  const fn = enclosingFunction(assignment);
  if (!fn) throw new Unprovable('lifecycle', 'the fetch is not inside a hook');
  const holder = fn.parent;
  const isInit = holder?.type === 'AssignmentExpression' && holder.left.type === 'MemberExpression' && propertyName(holder.left) === 'oninitialized';
  const isRefresh = holder?.type === 'CallExpression' && site.reason === 'list-changed';
  if (!isInit && !isRefresh) throw new Unprovable('lifecycle', 'the fetch is not in oninitialized or a list_changed handler');
  // The hook's body must be only the (optionally capability-gated) assignment.
  // The expression statement itself: `if (x) a = b;` must be seen as gated, not as one statement.
  let statement: Node = assignment;
  while (statement.parent && statement.type !== 'ExpressionStatement' && !isFunction(statement.parent)) statement = statement.parent;
  const body = fn.body.type === 'BlockStatement' ? fn.body.body : [];
  const only = body.length === 1 && (body[0] === statement || (body[0]!.type === 'IfStatement' && !body[0]!.alternate && gatedOnly(body[0]!, statement)));
  if (fn.body.type === 'BlockStatement' && !only) throw new Unprovable('lifecycle', 'the hook does more than fetch roots');
  void unit;
  return enclosingStatement(holder!);
}

function gatedOnly(gate: TSESTree.IfStatement, statement: Node): boolean {
  if (!isRootsGate(gate.test)) return false;
  const c = gate.consequent;
  return c === statement || (c.type === 'BlockStatement' && c.body.length === 1 && c.body[0] === statement);
}

/** `if (x.getClientCapabilities()?.roots)`: the only condition the per-request check stands for. */
function isRootsGate(test: Node): boolean {
  let t = unwrap(test);
  if (t.type === 'ChainExpression') t = t.expression;
  if (t.type !== 'MemberExpression' || propertyName(t) !== 'roots') return false;
  const object = unwrap(t.object);
  return object.type === 'CallExpression' && calleeName(object) === 'getClientCapabilities';
}

/** Every name the derivation uses must also be visible from the handlers (not local to the hook). */
function checkClosed(unit: Unit, expr: Node, hook: FunctionNode): void {
  walkAll(expr, (n) => {
    if (n.type !== 'Identifier') return;
    const p = n.parent;
    if (p?.type === 'MemberExpression' && p.property === n && !p.computed) return;
    if (p?.type === 'Property' && p.key === n && !p.computed) return;
    const variable = unit.prov.variableOf(n);
    const declared = variable?.defs[0]?.name;
    if (!declared) return;
    const inExpr = declared.range[0] >= expr.range[0] && declared.range[1] <= expr.range[1];
    const inHook = declared.range[0] >= hook.range[0] && declared.range[1] <= hook.range[1];
    if (inHook && !inExpr) throw new Unprovable('lifecycle', `the roots are derived with ${n.name}, which only the hook can see`);
  });
}

export function statementRange(unit: Unit, statement: Node): [number, number] {
  let start = statement.range[0];
  let end = statement.range[1];
  // Take the whole line(s), indentation and line break included, so no blank husk is left.
  while (start > 0 && (unit.text[start - 1] === ' ' || unit.text[start - 1] === '\t')) start--;
  if (unit.text[end] === '\r') end++;
  if (unit.text[end] === '\n') end++;
  // And one blank line after it, so the code around closes up as if it had never been there.
  const blank = /^[ \t]*\r?\n/.exec(unit.text.slice(end));
  if (blank && (start === 0 || unit.text[start - 1] === '\n')) end += blank[0].length;
  return [start, end];
}
