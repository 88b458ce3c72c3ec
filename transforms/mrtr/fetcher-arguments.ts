// The named function that fetches the roots for its triggers may take arguments from them: code-tools-mcp's
// `sync('initialized')` in oninitialized and `sync('list_changed')` in the refresh, a label its logs show. The
// per-request helper replays the init hook's own call, arguments included. That keeps what the state becomes when
// every trigger passes the same arguments, or when the parameters are only read to be logged (what the refresh
// passed could only change what it printed); any other parameter would make the refresh compute another state.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, contains, enclosingFunction, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { type Hook, triggersOf } from '../param/state/hooks.ts';
import { inReport } from './reports.ts';

/** Why the arguments cannot be replayed, or the init call's argument texts (empty for a function without parameters). */
export type ReplayedArguments = { texts: string[] } | { why: string };

export function replayedArguments(fn: FunctionNode, hooks: readonly Hook[], prov: Provenance, text: string, listChanged: ReadonlySet<Node>): ReplayedArguments {
  if (fn.params.length === 0) return { texts: [] };
  if (!fn.params.every((p) => p.type === 'Identifier')) return { why: 'its parameters are not plain names' };
  const calls: TSESTree.CallExpression[] = [];
  for (const ref of prov.referencesTo(fn)) {
    const call = ref.parent;
    if (call?.type === 'CallExpression' && call.callee === ref) calls.push(call);
  }
  if (calls.length === 0) return { why: 'nothing here calls it with arguments to replay' };
  const shown = (call: TSESTree.CallExpression) => call.arguments.map((a) => text.slice(a.range[0], a.range[1]));
  // Constants only: the helper runs in each handler, where a name of the hook's scope may not be visible.
  if (!calls.every((c) => c.arguments.every(isConstant))) return { why: 'a trigger passes it something other than a constant' };
  const inits = calls.filter((c) => initCall(c, fn, hooks, prov, listChanged));
  const initTexts = new Set(inits.map((c) => shown(c).join(', ')));
  if (initTexts.size !== 1) return { why: 'no single initialization call gives the arguments to replay' };
  const same = new Set(calls.map((c) => shown(c).join(', '))).size === 1;
  if (!same && !fn.params.every((p) => onlyReported(p as TSESTree.Identifier, fn, prov))) {
    return { why: 'its triggers pass it different arguments, which decide more than what it logs' };
  }
  return { texts: shown(inits[0]!) };
}

/** The call runs from the init hook: inside it, or in a function only init hooks run (`fillRoots()` awaited there). */
function initCall(call: Node, fn: FunctionNode, hooks: readonly Hook[], prov: Provenance, listChanged: ReadonlySet<Node>): boolean {
  const direct = hooks.find((h) => contains(h.fn, call));
  if (direct) return direct.kind === 'init';
  const caller = enclosingFunction(call);
  if (!caller || caller === fn) return false;
  const triggers = triggersOf(caller, prov, listChanged);
  return !!triggers && triggers.every((t) => t.kind === 'init');
}

function isConstant(arg: Node): boolean {
  const a = unwrap(arg);
  if (a.type === 'Literal') return true;
  if (a.type === 'TemplateLiteral') return a.expressions.length === 0;
  return a.type === 'UnaryExpression' && (a.operator === '-' || a.operator === '!') && unwrap(a.argument).type === 'Literal';
}

/** Every read of the parameter is inside `fn` itself (no closure keeps it) and only logged. */
function onlyReported(param: TSESTree.Identifier, fn: FunctionNode, prov: Provenance): boolean {
  const variable = prov.variableOf(param);
  if (!variable) return false;
  return variable.references.every((r) => r.identifier === param || (!r.isWrite() && enclosingFunction(r.identifier) === fn && inReport(r.identifier)));
}
