// A roots list_changed handler that fetches the roots itself and hands the answer to the same fill as a
// substituted request (`const r = await listRoots(); if (r && 'roots' in r) await update(r.roots);`, in
// a try whose catch only logs: the reference filesystem server's shape) goes with its request: the
// roots now come from configuration, which does not change while the process runs, so the
// notification could only ask for the same directories again, and 2026-07-28 has no such notification.
// The handler may only fetch, test the answer, pass what it read from the answer to a function a
// substituted request's answer also reaches, and log; anything else keeps it (and its marker).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type VariableLike, analyzeState, contains, enclosingFunction, isFunction, nodeText, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import type { Provenance, RootsSite, RootsState } from '@uproot/core/planning';
import { fillFunctionOf } from '../state/hooks.ts';

export interface Refetch {
  /** The registration statement to remove. */
  statement: TSESTree.ExpressionStatement;
  /** The handler's own roots requests, which go with it. */
  requests: RootsSite[];
  /** The state the handler refreshed, as the source names it. */
  states: string[];
}

const LOG_LEVELS = new Set(['log', 'error', 'warn', 'info', 'debug', 'trace']);

/**
 * The registration to remove, when the handler of `site` only refetches roots into the state that the
 * `substituted` requests fill. `own` are the server requests left marked, the handler's among them.
 */
export function refetchOnly(site: RootsSite, own: readonly RootsSite[], substituted: readonly Node[], prov: Provenance, text: string): Refetch | undefined {
  const call = site.node.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== site.node || call.arguments.length !== 2) return undefined;
  const statement = call.parent;
  if (statement?.type !== 'ExpressionStatement') return undefined;
  const callback = unwrap(call.arguments[1]!);
  if (!isFunction(callback)) return undefined;
  const requests = own.filter((r) => contains(callback, r.node));
  if (requests.length === 0) return undefined;
  // Every state the handler's answer is seen to reach is one a substituted request fills.
  const filled = substituted.flatMap((r) => analyzeState(r, prov, text).states);
  const refreshed = requests.flatMap((r) => analyzeState(r.node, prov, text).states);
  if (!refreshed.every((s) => filled.some((t) => sameState(s, t)))) return undefined;
  const c: Walk = { prov, text, requests: new Set(requests.map((r) => r.node)), substituted, answers: new Set(), fills: new Set() };
  const fn = callback as FunctionNode;
  const ok = fn.body.type === 'BlockStatement' ? fn.body.body.every((s) => refetchStatement(s, c)) : refetchExpression(fn.body, c);
  // It must hand the answer on to a shared fill: a handler that only fetched and logged is not this shape.
  if (!ok || c.fills.size === 0) return undefined;
  const names = refreshed.length ? refreshed.map((s) => s.name) : [...c.fills].map((f) => `what ${f} fills`);
  return { statement, requests, states: [...new Set(names)] };
}

function sameState(a: RootsState, b: RootsState): boolean {
  if (a.kind !== b.kind || a.name !== b.name) return false;
  if (a.kind === 'class-field' && b.kind === 'class-field') return a.cls === b.cls && a.field === b.field;
  if ('variable' in a && 'variable' in b) return a.variable === b.variable || a.name === b.name;
  return false;
}

interface Walk {
  prov: Provenance;
  text: string;
  /** The handler's own roots requests. */
  requests: Set<Node>;
  substituted: readonly Node[];
  /** Locals holding the handler's answer or what was read from it (and the catch clause's error). */
  answers: Set<VariableLike>;
  /** The shared fills the handler hands the answer to, as the source names them. */
  fills: Set<string>;
}

function refetchStatement(s: Node, c: Walk): boolean {
  switch (s.type) {
    case 'ExpressionStatement':
      return refetchExpression(s.expression, c);
    case 'VariableDeclaration':
      return s.declarations.every((d) => {
        if (!d.init || !(isOwnRequest(d.init, c) || fromAnswer(d.init, c))) return false;
        walkAll(d.id, (n) => {
          if (n.type !== 'Identifier') return;
          const v = c.prov.variableOf(n);
          if (v) c.answers.add(v);
        });
        return true;
      });
    case 'IfStatement':
      return fromAnswer(s.test, c) && refetchStatement(s.consequent, c) && (!s.alternate || refetchStatement(s.alternate, c));
    case 'BlockStatement':
      return s.body.every((x) => refetchStatement(x, c));
    case 'TryStatement': {
      if (!refetchStatement(s.block, c)) return false;
      if (s.handler) {
        if (s.handler.param) {
          walkAll(s.handler.param, (n) => {
            if (n.type !== 'Identifier') return;
            const v = c.prov.variableOf(n);
            if (v) c.answers.add(v);
          });
        }
        if (!s.handler.body.body.every((x) => x.type === 'ExpressionStatement' && isLogCall(x.expression))) return false;
      }
      return !s.finalizer || refetchStatement(s.finalizer, c);
    }
    case 'ReturnStatement':
      return !s.argument;
    case 'EmptyStatement':
      return true;
    default:
      return false;
  }
}

function refetchExpression(e: Node, c: Walk): boolean {
  if (e.type === 'UnaryExpression' && e.operator === 'void') return refetchExpression(e.argument, c);
  const x = unwrap(e.type === 'AwaitExpression' ? e.argument : e);
  if (isLogCall(x)) return true;
  // `await update(answer.roots)`: a fill a substituted request's answer reaches too.
  if (x.type !== 'CallExpression' || !x.arguments.every((a) => fromAnswer(a, c)) || !sharedFill(x.callee, c)) return false;
  c.fills.add(nodeText(c.text, x.callee));
  return true;
}

/**
 * The callee is a fill the substituted requests feed as well: a function holding one, or a function
 * (same-file, imported, or a method of the class) also called from a function that holds one.
 */
function sharedFill(callee: Node, c: Walk): boolean {
  const fed = (ref: Node) => {
    for (let outer = enclosingFunction(ref); outer; outer = enclosingFunction(outer)) {
      if (c.substituted.some((r) => contains(outer!, r))) return true;
    }
    return false;
  };
  const fn = fillFunctionOf(callee, c.prov);
  if (fn && c.substituted.some((r) => contains(fn, r))) return true;
  const x = unwrap(callee);
  if (x.type === 'Identifier') {
    const v = c.prov.variableOf(x);
    return !!v && v.references.some((r) => r.identifier !== x && fed(r.identifier as Node));
  }
  if (x.type !== 'MemberExpression' || x.object.type !== 'ThisExpression' || x.computed || !fn) return false;
  const member = fn.parent;
  const name = propertyName(x);
  const cls = member?.parent?.parent;
  let found = false;
  if (name && cls) {
    walkAll(cls, (n) => {
      if (n !== x && n.type === 'MemberExpression' && n.object.type === 'ThisExpression' && propertyName(n) === name && fed(n)) found = true;
    });
  }
  return found;
}

/** One of the handler's roots requests, awaited or cast. */
function isOwnRequest(e: Node, c: Walk): boolean {
  const x = unwrap(e.type === 'AwaitExpression' ? e.argument : e);
  return c.requests.has(x);
}

/** Built only from the answer's locals and literals: member reads, tests, `in`, `typeof`, comparisons. */
function fromAnswer(e: Node, c: Walk): boolean {
  const x = unwrap(e);
  switch (x.type) {
    case 'Identifier': {
      if (x.name === 'undefined') return true;
      const v = c.prov.variableOf(x);
      return !!v && c.answers.has(v);
    }
    case 'Literal':
      return true;
    case 'MemberExpression':
      return !x.computed && fromAnswer(x.object, c);
    case 'UnaryExpression':
      return (x.operator === '!' || x.operator === 'typeof') && fromAnswer(x.argument, c);
    case 'LogicalExpression':
    case 'BinaryExpression':
      return x.left.type !== 'PrivateIdentifier' && fromAnswer(x.left, c) && fromAnswer(x.right, c);
    case 'ConditionalExpression':
      return fromAnswer(x.test, c) && fromAnswer(x.consequent, c) && fromAnswer(x.alternate, c);
    default:
      return false;
  }
}

/** `console.error(…)`, `logger.warn(…)`, `this.log.info(…)`: a log line whose arguments change nothing. */
function isLogCall(e: Node): boolean {
  const x = unwrap(e);
  if (x.type !== 'CallExpression' || x.callee.type !== 'MemberExpression' || !LOG_LEVELS.has(propertyName(x.callee) ?? '')) return false;
  const object = unwrap(x.callee.object);
  if (object.type !== 'Identifier' && !(object.type === 'MemberExpression' && unwrap(object.object).type === 'ThisExpression')) return false;
  let changes = false;
  for (const a of x.arguments) {
    walkAll(a, (n) => {
      if (n.type === 'AssignmentExpression' || n.type === 'UpdateExpression' || n.type === 'AwaitExpression' || n.type === 'YieldExpression') changes = true;
    });
  }
  return !changes;
}
