// `--lifecycle per-request` on a fetching function that a start-up call runs once after the server connects and that
// handlers run too, through its value handed on (pi-delegate-mcp: `await server.connect(t); await getRoots();`, and
// every tool calling `ctx.getRoots()`). The handlers' calls ask per request once ctx is threaded to them; the start-up
// call is retired, which keeps what the handlers answer when the state it filled is read only by the function itself,
// after its own request: each handler's call asks first, then reads. The one difference left is said in the detail.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, contains, enclosingFunction, functionName, isExported as isExportedFn, locOf, unwrap, walkAll } from '@uproot/core/planning';
import type { TextEdit } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import type { Retired } from './chains.ts';
import { connectedBefore } from './after-connect.ts';
import { statementRange } from './lifecycle.ts';
import { type Unit, Unprovable } from './unit.ts';

/** Not this shape: the site is left to the other planners and their markers. */
export class NotStartupFetch extends Unprovable {}

export interface StartupRetire {
  retired: Retired;
  edits: Map<Unit, TextEdit[]>;
  detail: string;
  /** The v1-sdk marker's detail: what the rewrite would do once the SDK is v2. */
  onceUpgraded: string;
}

export function planStartupRetire(site: RootsSite, unit: Unit): StartupRetire {
  const fetcher = enclosingFunction(site.node);
  const name = fetcher && functionName(fetcher);
  if (!fetcher || !name || site.kind !== 'request' || site.side !== 'server') throw new NotStartupFetch('lifecycle', 'not a named fetching function');
  const starts: TSESTree.CallExpression[] = [];
  for (const ref of unit.prov.referencesTo(fetcher)) {
    const call = ref.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref) continue;
    if (connectedBefore(call, { handler: 'other', hops: [] }, unit)) starts.push(call);
  }
  if (starts.length === 0) throw new NotStartupFetch('lifecycle', 'no start-up call after connect');
  // Only the start-up call runs it: nothing asks per request once it goes (the lifecycle marker stays).
  if (unit.prov.referencesTo(fetcher).length === starts.length && !isExportedFn(fetcher)) throw new NotStartupFetch('lifecycle', 'nothing but the start-up call runs it');
  const statements = starts.map((call) => {
    const statement = discardedStatement(call);
    if (!statement) throw new Unprovable('lifecycle', `the start-up call of ${name}() after connect (line ${locOf(call).start.line}) keeps its result, which has no request to come from on 2026-07-28`);
    return statement;
  });
  const kept = outerState(fetcher, unit);
  const readers = kept.flatMap(({ id, variable }) =>
    variable.references.filter((r) => !r.isWrite() && !contains(fetcher, r.identifier)).map((r) => `${id.name} is read at line ${locOf(r.identifier).start.line}`),
  );
  if (readers.length) throw new Unprovable('lifecycle', `the start-up call of ${name}() after connect fills state read outside ${name}() (${readers.join(', ')}), which would see the start-up answer no request asks for on 2026-07-28`);
  const edits: TextEdit[] = statements.map((s) => {
    const [start, end] = statementRange(unit, s);
    return { start, end, text: '' };
  });
  const retired: Retired = (node, u) => u === unit && starts.some((c) => contains(c, node) || c === node);
  const state = kept.length ? `${kept.map((k) => k.id.name).join(', ')}, which only ${name}() reads after its own request` : 'no state outside it';
  const detail = `the start-up call of ${name}() after connect is retired (2026-07-28 has no session start to ask at): it filled ${state}, so each caller's request now asks and reads as before; only a first call whose own answer is empty or fails no longer falls back to the start-up answer`;
  const onceUpgraded = `once the SDK is v2, each handler that reaches ${name}() can ask for roots per request and its start-up call after connect can go`;
  return { retired, edits: new Map([[unit, edits]]), detail, onceUpgraded };
}

/** `await f();`, `f();`, `void f();` as a statement of its own: the result goes nowhere. */
function discardedStatement(call: TSESTree.CallExpression): Node | undefined {
  let x: Node = call;
  if (x.parent?.type === 'AwaitExpression' || (x.parent?.type === 'UnaryExpression' && x.parent.operator === 'void')) x = x.parent;
  return x.parent?.type === 'ExpressionStatement' ? x.parent : undefined;
}

type VariableLike = NonNullable<ReturnType<Unit['prov']['variableOf']>>;

/** Variables declared outside `fn` that it assigns; a write to a member or a destructured target gives up. */
function outerState(fn: FunctionNode, unit: Unit): Array<{ id: TSESTree.Identifier; variable: VariableLike }> {
  const out: Array<{ id: TSESTree.Identifier; variable: VariableLike }> = [];
  walkAll(fn.body, (n) => {
    const target = n.type === 'AssignmentExpression' ? unwrap(n.left) : n.type === 'UpdateExpression' ? unwrap(n.argument) : undefined;
    if (!target) return;
    if (target.type !== 'Identifier') {
      if (target.type === 'MemberExpression' || target.type === 'ObjectPattern' || target.type === 'ArrayPattern') {
        const root = rootOf(target);
        const variable = root?.type === 'Identifier' ? unit.prov.variableOf(root) : undefined;
        const declared = variable?.defs[0]?.name;
        if (!declared || !contains(fn, declared)) throw new Unprovable('lifecycle', `the start-up call of ${functionName(fn)}() after connect writes at line ${locOf(target).start.line} to state uproot does not follow`);
      }
      return;
    }
    const variable = unit.prov.variableOf(target);
    const declared = variable?.defs[0]?.name;
    if (variable && declared && !contains(fn, declared) && !out.some((o) => o.variable === variable)) out.push({ id: declared as TSESTree.Identifier, variable });
  });
  return out;
}

function rootOf(node: Node): Node | undefined {
  let x = node;
  while (x.type === 'MemberExpression') x = unwrap(x.object);
  return x.type === 'Identifier' || x.type === 'ThisExpression' ? x : undefined;
}
