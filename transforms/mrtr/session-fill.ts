// `--lifecycle per-request` for roots kept per session (the reference "everything" server's shape): a
// function S(…, key) fills `map.set(key, answer.roots)` once per session (`if (!map.has(key))`), installs
// the fill as the list_changed refresh, and returns `map.get(key)`; a tool calls S with its session, a
// timer in oninitialized calls it too. A per-session map is storage like any other: every handler that
// reads it goes through S with its own key, so S can ask this request's roots and write them under
// that key each call. The guard and the refresh go (each call's answer is the current one), the
// timer goes (2026-07-28 never runs it; per request nothing waits for it), and the request is threaded
// from the handler like any helper's (chains.ts), the retired callers skipped.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, analyzeState, contains, enclosingFunction, enclosingStatement, functionName, locOf, propertyName, unwrap } from '@uproot/core/planning';
import type { RootsSite, RootsState } from '@uproot/core/planning';
import type { ProjectIndex, Retired } from './chains.ts';
import { fillerOf } from '../param/state/hooks.ts';
import { removeRange, removeStatement } from '../param/removal.ts';
import { rootsCapabilityEdits } from './session-capability.ts';
import { exportedUnread } from './session-readers.ts';
import { syncTriggers } from './session-triggers.ts';
import { type Unit, Unprovable } from './unit.ts';

/** The roots are not kept in the shape this planner takes: the state analysis's own marker stands. */
export class NotSessionFill extends Unprovable {}

export interface SessionFillPlan {
  /** Edits per file: the guard unwrapped, the refresh and the triggers removed, the capability asked per request. */
  edits: Map<Unit, TextEdit[]>;
  /** The statements that go: no chain is followed through them. */
  retired: Retired;
  /** Sites besides the request that the plan settles (the list_changed registration, capability reads in S). */
  covered: RootsSite[];
  detail: string;
}

type Map_ = Extract<RootsState, { variable: unknown }>;

/** Whether the site's roots are kept in a per-session map (the one shape this planner takes). */
export function sessionMapOf(site: RootsSite, unit: Unit): Map_ | undefined {
  const states = analyzeState(site.node, unit.prov, unit.text).states;
  return states.length === 1 && states[0]!.kind === 'session-map' ? states[0] : undefined;
}

export function planSessionFill(site: RootsSite, unit: Unit, project?: ProjectIndex): SessionFillPlan {
  const reason = site.reason ?? 'list-changed';
  const state = sessionMapOf(site, unit);
  if (!state) throw new NotSessionFill(reason, 'the roots are not kept in a per-session map');
  // Until the shape is recognised, the state analysis's marker says more; after, this planner's reason does.
  let shaped = false;
  const fail = (why: string): never => {
    const Failure = shaped ? Unprovable : NotSessionFill;
    throw new Failure(reason, `the roots are kept per session in ${state.name}; ${why}`);
  };
  const requests = new Set<Node>([site.node]);
  const write = state.writes[0]?.node;
  if (state.writes.length !== 1 || write?.type !== 'CallExpression' || !write.arguments[0] || enclosingStatement(write).type !== 'ExpressionStatement') fail('it is written in more than one place, or inside a larger expression');
  const setCall = write as TSESTree.CallExpression;
  const fill = fillerOf(setCall, requests);
  const keyNode = unwrap(setCall.arguments[0] as Node);
  // The key is a parameter of the function the handlers call (S): each caller names its own session.
  const keyVar = keyNode.type === 'Identifier' ? unit.prov.variableOf(keyNode) : undefined;
  const keyDef = keyVar?.defs[0];
  const syncFn = keyDef?.type === 'Parameter' ? (keyDef.node as FunctionNode) : undefined;
  if (!fill || !syncFn || !contains(syncFn, fill) || !keyVar) return fail(`the key ${unit.text.slice(keyNode.range[0], keyNode.range[1])} is not a parameter of the function that fills it, so its callers do not each name their session`);
  const name = functionName(syncFn);
  if (!name) return fail('the function that fills it has no name its callers use');
  const edits: TextEdit[] = [];
  const covered: RootsSite[] = [];
  const retiredNodes: Array<{ unit: Unit; node: Node }> = [];
  // Every other use of the map: `map.has(key)` (the once-per-session guard) or `map.get(key)` read back in S.
  const guards: TSESTree.IfStatement[] = [];
  for (const ref of state.variable.references) {
    const id = ref.identifier;
    if (state.variable.defs.some((d) => d.name === id)) continue;
    const member = id.parent;
    const call = member?.parent;
    const method = member?.type === 'MemberExpression' && member.object === id && call?.type === 'CallExpression' && call.callee === member ? propertyName(member) : undefined;
    const keyed = call?.type === 'CallExpression' && call.arguments[0] && unwrap(call.arguments[0]).type === 'Identifier' && unit.prov.variableOf(unwrap(call.arguments[0]) as TSESTree.Identifier) === keyVar;
    if (call === setCall) continue;
    if (!method || !keyed || !contains(syncFn, id) || (method !== 'get' && method !== 'has')) return fail(`it is also used at line ${locOf(id).start.line}, not only as ${state.name}.get/has(${unit.text.slice(keyNode.range[0], keyNode.range[1])}) in ${name}()`);
    if (method === 'has') guards.push(onceGuard(call as TSESTree.CallExpression, fail));
  }
  shaped = true;
  exportedUnread(state, unit, project, fail);
  // The fill's other references: calls in S (kept, they now run every time) and list_changed registrations (retired).
  const fillName = fill === syncFn ? undefined : fillBinding(fill, unit);
  const listChanged = unit.sites.filter((s) => s.kind === 'list-changed' && s.side === 'server');
  const fillCalls: Node[] = fill === syncFn ? [enclosingStatement(setCall)] : [];
  for (const ref of fillName?.references ?? []) {
    if (fillName!.defs.some((d) => d.name === ref.identifier)) continue;
    // `setNotificationHandler(<list_changed>, fill)`: the site is the registration's statement.
    const handedTo = ref.identifier.parent;
    const registration = handedTo?.type === 'CallExpression' && handedTo.arguments[1] === ref.identifier ? listChanged.find((s) => enclosingStatement(s.node) === enclosingStatement(handedTo)) : undefined;
    if (registration && contains(syncFn, registration.node)) {
      const statement = enclosingStatement(registration.node);
      edits.push(withCommentAbove(removeStatement(unit.text, statement), unit.text));
      retiredNodes.push({ unit, node: statement });
      covered.push(registration);
      continue;
    }
    const call = ref.identifier.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref.identifier || !contains(syncFn, call) || enclosingFunction(call) !== syncFn) return fail(`${fillName!.name}() is also used at line ${locOf(ref.identifier).start.line}, outside ${name}()`);
    fillCalls.push(call);
  }
  // The once-per-session guard goes: every call writes its own request's answer, then reads it back.
  for (const guard of new Set(guards)) {
    if (!fillCalls.some((c) => contains(guard.consequent, c))) return fail(`the check at line ${locOf(guard).start.line} does not guard the fill`);
    edits.push(...unwrapGuard(guard, unit, edits));
  }
  const { triggers, callers } = syncTriggers(syncFn, unit, project, fail);
  // Called from nowhere uproot sees: the state analysis's marker names where the callers were looked for.
  if (callers === 0 && triggers.length === 0) throw new NotSessionFill(reason, `${name}() has no caller uproot can see`);
  const near = (t: { unit: Unit; node: Node }) => `${t.unit === unit ? 'line ' : `${path.relative(path.dirname(unit.path), t.unit.path).split(path.sep).join('/')}:`}${locOf(t.node).start.line}`;
  const where = triggers.filter((t) => t.trigger).map(near);
  if (callers === 0) fail(`${name}() is called only from start-up triggers 2026-07-28 never runs (${where.join(', ')}), so no tools/call, prompts/get or resources/read handler reads ${state.name} and none can ask for roots in its place; remove the fetch by hand if nothing outside the run reads ${state.name}, or configure the roots (--to param)`);
  const capability = rootsCapabilityEdits(syncFn, unit, reason);
  edits.push(...capability.edits);
  covered.push(...capability.sites);
  const byUnit = new Map<Unit, TextEdit[]>([[unit, edits]]);
  for (const t of triggers) {
    retiredNodes.push(t);
    byUnit.set(t.unit, [...(byUnit.get(t.unit) ?? []), removeStatement(t.unit.text, t.node)]);
  }
  const retired: Retired = (node, at) => retiredNodes.some((r) => r.unit === at && contains(r.node, node));
  const detail =
    `each handler that reads ${state.name} through ${name}() asks for roots first and ${name}() writes each request's own roots answer under its session's key, every call` +
    (covered.some((s) => s.kind === 'list-changed') ? '; the list_changed refresh is retired' : '') +
    (where.length ? `; the start-up fetch (${where.join(', ')}) is retired: 2026-07-28 never runs it` : '') +
    `; what ${name}() logs about the roots it received is now logged on each call`;
  return { edits: byUnit, retired, covered, detail };
}

/** `if (!map.has(key)) { … }` without an else: the statement of the once-per-session guard. */
function onceGuard(call: TSESTree.CallExpression, fail: (why: string) => never): TSESTree.IfStatement {
  const not = call.parent;
  const guard = not?.parent;
  if (not?.type !== 'UnaryExpression' || not.operator !== '!' || guard?.type !== 'IfStatement' || guard.test !== not || guard.alternate || guard.consequent.type !== 'BlockStatement') {
    return fail(`it is checked at line ${locOf(call).start.line} in a way other than "not filled for this session yet"`);
  }
  return guard;
}

/**
 * `if (test) {` and its closing `}` go; the block's lines move out one indent (`skip`: ranges other edits
 * remove whole, left alone).
 */
function unwrapGuard(guard: TSESTree.IfStatement, unit: Unit, skip: TextEdit[]): TextEdit[] {
  const block = guard.consequent as TSESTree.BlockStatement;
  const edits = [removeRange(unit.text, guard.range[0], block.range[0] + 1), removeRange(unit.text, block.range[1] - 1, guard.range[1])];
  const bodyEnd = lineStartOf(unit.text, block.range[1] - 1);
  for (let at = unit.text.indexOf('\n', block.range[0]) + 1; at > 0 && at < bodyEnd; at = unit.text.indexOf('\n', at) + 1) {
    if (!unit.text.startsWith(unit.indent, at) || skip.some((e) => e.start <= at && at < e.end) || edits.some((e) => e.start <= at && at < e.end)) continue;
    edits.push({ start: at, end: at + unit.indent.length, text: '' });
  }
  return edits;
}

/** A removal that took whole lines takes the own-line `//` comments right above it too: they described it. */
function withCommentAbove(edit: TextEdit, text: string): TextEdit {
  if (edit.start !== lineStartOf(text, edit.start)) return edit;
  let start = edit.start;
  for (;;) {
    const above = lineStartOf(text, start - 1);
    if (start === 0 || !/^[ \t]*\/\/[^\n]*\n$/.test(text.slice(above, start))) return { ...edit, start };
    start = above;
  }
}

function lineStartOf(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** `const requestRoots = async () => …`: the fill's own name. */
function fillBinding(fill: FunctionNode, unit: Unit) {
  const declarator = fill.parent;
  if (fill.type === 'FunctionDeclaration' && fill.id) return unit.prov.variableOf(fill.id);
  return declarator?.type === 'VariableDeclarator' && declarator.init === fill && declarator.id.type === 'Identifier' ? unit.prov.variableOf(declarator.id) : undefined;
}
