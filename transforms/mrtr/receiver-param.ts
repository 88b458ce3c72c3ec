// `--lifecycle per-request` when the function that fetches the roots takes the server it asks as a
// parameter (`async function refresh(server: McpServer['server']) { … server.listRoots() … }`, run
// by the hooks as `refresh(mcp.server)`). The parameter is no answer to replay but the receiver of
// the request and of the capability check: every trigger hands it the same server, so the handlers
// can hand it that server too, and the function stays the per-request helper it would be without the
// parameter. Anything else the parameter is used for (or a different server at one call) keeps the
// marker.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, contains, locOf, propertyName, unwrap } from '@uproot/core/planning';
import { PLAIN } from './chains.ts';
import type { Unit } from './unit.ts';
import { fillReferences } from '../param/state/hooks.ts';

export interface BoundReceivers {
  /** What the handlers pass before ctx, as the triggers wrote it (`server.server`). */
  args: string;
  /** The variables those arguments start from: a handler must see each of them. */
  roots: Set<unknown>;
}

/**
 * The arguments every call of `fill` gives it, when each parameter is only the receiver of the roots
 * request or of `getClientCapabilities()` and every call passes the same plain server expression;
 * undefined otherwise (the fill then is checked as one handed the answer). `retired`: code that goes
 * with the triggers, whose calls are not counted.
 */
export function boundReceivers(fill: FunctionNode, unit: Unit, requests: ReadonlySet<Node>, retired: readonly Node[] = []): BoundReceivers | undefined {
  if (fill.params.length === 0) return undefined;
  for (const param of fill.params) if (!receiverOnly(param, fill, unit, requests)) return undefined;
  let shared: string[] | undefined;
  const roots = new Set<unknown>();
  for (const ref of fillReferences(fill, unit.prov)) {
    // A call in code that goes with the triggers (a debounce scheduler only the list_changed handler ran) hands nothing on.
    if (retired.some((r) => contains(r, ref))) continue;
    const call = ref.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref || call.arguments.length !== fill.params.length) return undefined;
    const texts: string[] = [];
    for (const arg of call.arguments) {
      const text = unit.text.slice(arg.range[0], arg.range[1]);
      const root = rootOf(arg);
      // The same plain path (`server.server`), from the same variable, at every call.
      const variable = root && unit.prov.variableOf(root);
      if (!PLAIN.test(text) || !root || !variable || !unit.prov.is(arg, 'server', 'mcp-server')) return undefined;
      texts.push(text);
      roots.add(variable);
    }
    if (shared && shared.join() !== texts.join()) return undefined;
    shared = texts;
  }
  if (!shared || roots.size !== new Set(shared.map((t) => t.split('.')[0])).size) return undefined;
  return { args: shared.join(', '), roots };
}

/** A handler of `callback` sees every variable the bound arguments start from. */
export function receiversVisible(bound: BoundReceivers, callback: FunctionNode): boolean {
  return [...bound.roots].every((v) => {
    const block = (v as { scope?: { block?: Node } }).scope?.block;
    return !!block && contains(block, callback);
  });
}

/** `server` is read only as `server.listRoots(…)` (a request of the state) or `server.getClientCapabilities()`. */
function receiverOnly(param: TSESTree.Parameter, fill: FunctionNode, unit: Unit, requests: ReadonlySet<Node>, only?: { identifier: Node; isWrite(): boolean }): boolean {
  if (param.type !== 'Identifier') return false;
  const variable = unit.prov.variableOf(param);
  const uses = only ? [only] : (variable?.references.filter((r) => r.identifier !== param) ?? []);
  if (!variable || uses.length === 0) return false;
  return uses.every((r) => {
    if (r.isWrite() || !contains(fill, r.identifier)) return false;
    let member = r.identifier.parent;
    // An McpServer handed over (`update(mcp)`) asks through its low-level server: `server.server.listRoots()`.
    if (member?.type === 'MemberExpression' && member.object === r.identifier && !member.computed && propertyName(member) === 'server' && member.parent?.type === 'MemberExpression' && member.parent.object === member) member = member.parent;
    const call = member?.type === 'MemberExpression' && (member.object === r.identifier || member.object === r.identifier.parent) ? member.parent : undefined;
    if (call?.type !== 'CallExpression' || call.callee !== member) return false;
    return requests.has(call) || calleeName(call) === 'getClientCapabilities';
  });
}

function rootOf(expr: Node): TSESTree.Identifier | undefined {
  let x = unwrap(expr);
  while (x.type === 'MemberExpression' && !x.computed) x = unwrap(x.object);
  return x.type === 'Identifier' ? x : undefined;
}

/**
 * Why a fill that asks through a server it is handed is no bound-receiver fill: the first use of such a
 * parameter (one the fill does ask for roots or read the capabilities through) for anything else —
 * `logToMcp(server, …)` in its catch. A per-request helper would need that server in every handler.
 */
export function receiverMisuse(fill: FunctionNode, unit: Unit, requests: ReadonlySet<Node>): string | undefined {
  for (const param of fill.params) {
    if (param.type !== 'Identifier') continue;
    const uses = unit.prov.variableOf(param)?.references.filter((r) => r.identifier !== param) ?? [];
    const other = uses.find((r) => !receiverOnly(param, fill, unit, requests, r));
    if (!other || !uses.some((r) => r !== other && receiverOnly(param, fill, unit, requests, r))) continue;
    const call = other.identifier.parent;
    const how = call?.type === 'CallExpression' && call.arguments.includes(other.identifier as TSESTree.Expression) ? ` (handed to ${calleeName(call) ?? 'a function'}())` : '';
    return `${param.name}, the server it asks the roots through, is also used at line ${locOf(other.identifier).start.line}${how} for more than asking: a per-request helper would need that same server in every handler that reads the state`;
  }
  return undefined;
}
