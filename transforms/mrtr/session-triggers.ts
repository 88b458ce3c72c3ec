// The start-up triggers of a per-session sync: a timer or call only \`oninitialized\` runs. 2026-07-28 never
// runs them, and per request nothing waits for them, so they go with the rewrite (session-fill.ts).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, contains, enclosingFunction, enclosingStatement, functionName, isCalledInPlace, isExported, propertyName, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import type { ProjectIndex } from './chains.ts';
import type { Unit } from './unit.ts';

/**
 * The calls of S that are triggers: a timer started from oninitialized (`setTimeout(() => S(server, id), 350)`)
 * or a call right in oninitialized. Each goes, with a local it alone used (`const sessionId = …transport?.sessionId`).
 * Every other call is left to the chain planner, which threads ctx from a handler or refuses.
 */
/** `trigger`: the statement that starts the sync (false for a local only it read, which goes with it). */
export function syncTriggers(syncFn: FunctionNode, unit: Unit, project: ProjectIndex | undefined, fail: (why: string) => never): { triggers: Array<{ unit: Unit; node: Node; trigger: boolean }>; callers: number } {
  const callers: Array<{ unit: Unit; call: TSESTree.CallExpression }> = unit.prov.callsOf(syncFn).map((call) => ({ unit, call }));
  if (isExported(syncFn)) {
    const external = project?.callersOf(unit, syncFn);
    if (!external) fail(`${functionName(syncFn)}() is exported and used in another file in a way other than a plain call`);
    callers.push(...external!);
  }
  const out: Array<{ unit: Unit; node: Node; trigger: boolean }> = [];
  let others = 0;
  for (const { unit: at, call } of callers) {
    const statement = triggerStatement(call, at.prov);
    if (!statement) {
      others++;
      continue;
    }
    out.push({ unit: at, node: statement, trigger: true });
    for (const local of onlyUsedBy(statement, call, at)) out.push({ unit: at, node: local, trigger: false });
  }
  return { triggers: out, callers: others };
}

function triggerStatement(call: TSESTree.CallExpression, prov: Provenance): Node | undefined {
  let fn = enclosingFunction(call);
  let statement = enclosingStatement(call);
  // `setTimeout(() => S(…), ms)`: the timer's statement in the hook.
  const body = fn?.type === 'ArrowFunctionExpression' ? fn.body : undefined;
  const ran = body && body.type !== 'BlockStatement' ? unwrap(body.type === 'UnaryExpression' && body.operator === 'void' ? body.argument : body) : undefined;
  if (fn && body && (ran === call || (body.type === 'BlockStatement' && body.body.length === 1 && body.body[0] === statement))) {
    const timer = fn.parent;
    if (timer?.type === 'CallExpression' && timer.arguments[0] === fn && ['setTimeout', 'setImmediate', 'queueMicrotask'].includes(calleeName(timer) ?? '')) {
      statement = enclosingStatement(timer);
      fn = enclosingFunction(timer);
    }
  }
  if (!fn || !runsAtInit(fn, prov) || statement.type !== 'ExpressionStatement') return undefined;
  return statement;
}

/**
 * `x.oninitialized = () => { … }` — the hook 2026-07-28 never runs — or code only it runs: an IIFE in it,
 * a named function only it (or such code) calls.
 */
function runsAtInit(fn: FunctionNode, prov: Provenance, depth = 0): boolean {
  const holder = fn.parent;
  if (holder?.type === 'AssignmentExpression' && holder.right === fn && holder.left.type === 'MemberExpression' && propertyName(holder.left) === 'oninitialized') return true;
  if (depth > 3) return false;
  const outer = (node: Node) => {
    const f = enclosingFunction(node);
    return !!f && runsAtInit(f, prov, depth + 1);
  };
  if (isCalledInPlace(fn)) return outer(fn.parent!);
  const calls = prov.callsOf(fn);
  return calls.length > 0 && prov.referencesTo(fn).length === calls.length && calls.every(outer);
}

/** `const sessionId = server.server.transport?.sessionId;` read only by the retired call: it goes too. */
function onlyUsedBy(statement: Node, call: TSESTree.CallExpression, unit: Unit): Node[] {
  const out: Node[] = [];
  for (const arg of call.arguments) {
    const a = unwrap(arg);
    if (a.type !== 'Identifier') continue;
    const variable = unit.prov.variableOf(a);
    const declarator = variable?.defs[0]?.node;
    const declaration = declarator?.parent;
    if (declarator?.type !== 'VariableDeclarator' || declaration?.type !== 'VariableDeclaration' || declaration.declarations.length !== 1 || !declarator.init || !plainRead(declarator.init)) continue;
    if (enclosingFunction(declaration) !== enclosingFunction(statement)) continue;
    if (variable!.references.every((r) => r.identifier === declarator.id || contains(statement, r.identifier))) out.push(declaration);
  }
  return out;
}

/** A member chain without calls: reading it has no effect to keep. */
function plainRead(node: Node): boolean {
  let n = unwrap(node);
  if (n.type === 'ChainExpression') n = n.expression;
  while (n.type === 'MemberExpression') {
    if (n.computed) return false;
    n = unwrap(n.object);
  }
  return n.type === 'Identifier' || n.type === 'ThisExpression';
}
