// `--lifecycle per-request` when the function that fills the state takes the answer as its parameter
// (`await updateAllowedDirectoriesFromRoots(response.roots)`, as the reference filesystem server
// does): the hooks that call it are where the request lives, so the per-request helper is the init
// hook itself, replayed with the MRTR answer, and the fill function stays as it is. That holds when
// every caller hands it only what the request returned, and when the fill does nothing a request
// may not repeat: it computes from its parameters, writes the state and logs.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, contains, locOf, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import { statesOf } from '@uproot/core/planning';
import type { Provenance, RootsSite, RootsState, VariableLike } from '@uproot/core/planning';
import { isConsoleCall } from '../hook-statements.ts';
import { type Hook, fillReferences, fillerOf, hookOf } from '../param/state/hooks.ts';
import { Unprovable } from './unit.ts';
import { checkReplayable } from './replay-statements.ts';

type Reason = NonNullable<RootsSite['reason']>;

export interface AnswerFillContext {
  prov: Provenance;
  /** The roots requests of the state. */
  requests: ReadonlySet<Node>;
  /** The state's writes (assignments or setter calls). */
  writes: ReadonlySet<Node>;
  /** A fill handed a function fetching the roots: its call of it (fetcher-param.ts), the fill's fetch. */
  fetch?: Node;
}

/**
 * The calls of `fill` when it is an answer fill: each one sits in a trigger hook (or an IIFE or the
 * request's `.then` there), as a statement, and passes only the request's answer (`response`,
 * `response.roots`, a destructured `roots`, a cast of either). Throws with the reason otherwise.
 */
export interface AnswerFill {
  calls: TSESTree.CallExpression[];
  /**
   * Other states the fill copies the state into (`setAllowedDirectories(allowedDirectories)` after
   * `allowedDirectories = dirs`): replayed with it, so their readers must derive per request too.
   */
  mirrors: RootsState[];
}

export function answerFill(fill: FunctionNode, hooks: readonly Hook[], c: AnswerFillContext, reason: Reason): AnswerFill {
  const name = fillName(fill);
  const calls: TSESTree.CallExpression[] = [];
  for (const ref of fillReferences(fill, c.prov)) {
    const call = ref.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref) throw new Unprovable(reason, `${name}() is used at line ${locOf(ref).start.line} other than by a call`);
    const hook = hooks.find((h) => h.fn === fillerOf(call, c.requests));
    if (!hook) throw new Unprovable(reason, `${name}() is called at line ${locOf(call).start.line} from outside the hooks that fetch the roots`);
    const used = call.parent?.type === 'AwaitExpression' ? call.parent : call;
    if (used.parent?.type !== 'ExpressionStatement') throw new Unprovable(reason, `the result of ${name}() is used at line ${locOf(call).start.line}, which a per-request helper would not keep`);
    for (const arg of call.arguments) {
      if (!answerDerived(arg, hook.fn, c, 0)) throw new Unprovable(reason, `${name}() is given something besides the roots answer at line ${locOf(arg).start.line}`);
    }
    calls.push(call);
  }
  if (calls.length === 0) throw new Unprovable(reason, `${name}() is never called with the roots answer`);
  return { calls, mirrors: checkFillBody(fill, c, reason) };
}

/**
 * The hooks a fill handed the answer runs from, found from its calls as `fillerOf` sees them (the
 * request's `.then` callback and an IIFE are the hook's own code); undefined when one call is elsewhere.
 */
export function answerTriggers(fill: FunctionNode, prov: Provenance, listChanged: ReadonlySet<Node>, requests: ReadonlySet<Node>): Hook[] | undefined {
  const hooks: Hook[] = [];
  for (const ref of fillReferences(fill, prov)) {
    const call = ref.parent;
    const caller = call?.type === 'CallExpression' && call.callee === ref ? fillerOf(call, requests) : undefined;
    const hook = caller && hookOf(caller, listChanged);
    if (!hook) return undefined;
    if (!hooks.some((h) => h.fn === hook.fn)) hooks.push(hook);
  }
  return hooks.length ? hooks : undefined;
}

/** Reads only the request's answer: the request itself, or a local of the hook that holds (part of) it. */
export function answerDerived(expr: Node, hook: FunctionNode, c: AnswerFillContext, depth = 0): boolean {
  let ok = true;
  // The type of a cast (`answer as ListRootsResult`) names no value.
  const types: Node[] = [];
  walkAll(expr, (n) => {
    // The request, its receiver and arguments included, is the answer.
    if (!ok || [...c.requests, ...types].some((r) => contains(r, n))) return;
    if (n.type === 'TSAsExpression' || n.type === 'TSSatisfiesExpression' || n.type === 'TSTypeAssertion') types.push(n.typeAnnotation);
    if (n.type === 'AssignmentExpression' || n.type === 'UpdateExpression') ok = false;
    // Only the request itself may be called: anything else could do more than read the answer.
    if (n.type === 'CallExpression' || n.type === 'NewExpression') ok = false;
    if (n.type === 'Identifier' && !isPropertyName(n) && !answerLocal(n, hook, c, depth)) ok = false;
  });
  return ok;
}

/** A `const` of the hook initialized from the answer, or the parameter of the request's `.then` callback. */
function answerLocal(id: TSESTree.Identifier, hook: FunctionNode, c: AnswerFillContext, depth: number): boolean {
  const variable = c.prov.variableOf(id);
  const def = variable?.defs[0];
  if (!variable || variable.defs.length !== 1 || !def || !contains(hook, def.name)) return false;
  if (variable.references.some((r) => r.isWrite() && r.identifier !== def.name)) return false;
  const node = def.node as Node;
  if (node.type === 'VariableDeclarator') return !!node.init && depth < 3 && answerDerived(node.init, hook, c, depth + 1);
  // `request.then((answer) => fill(answer.roots))`: the callback's parameter is the answer.
  if (def.type === 'Parameter' && (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression')) {
    const call = node.parent;
    return call?.type === 'CallExpression' && call.arguments[0] === node && call.callee.type === 'MemberExpression' && propertyName(call.callee) === 'then' && c.requests.has(unwrap(call.callee.object));
  }
  return false;
}

function isPropertyName(n: Node): boolean {
  const p = n.parent;
  return (p?.type === 'MemberExpression' && p.property === n && !p.computed) || (p?.type === 'Property' && p.key === n && !p.computed && p.value !== n);
}

/**
 * What the fill runs on every request now: declarations computed from its parameters, the state's
 * writes, logging, and branches, loops and try blocks of those. A statement with an effect of its own
 * (a watcher started, a file written) would repeat per request, so it keeps the marker.
 */
export function checkFillBody(fill: FunctionNode, c: AnswerFillContext, reason: Reason, name = fillName(fill)): RootsState[] {
  const mirrors: RootsState[] = [];
  const fail = (s: Node): never => {
    throw new Unprovable(reason, `${name}() does more than fill the roots state (line ${locOf(s).start.line}), which a per-request helper would repeat on every call`);
  };
  if (fill.body.type !== 'BlockStatement') {
    if (!c.writes.has(unwrap(fill.body))) fail(fill.body);
    return mirrors;
  }
  const locals: VariableLike[] = [];
  for (const p of fill.params) walkAll(p, (n) => n.type === 'Identifier' && locals.push(...[c.prov.variableOf(n)].filter((v): v is VariableLike => !!v)));
  checkReplayable(fill.body, {
    variableOf: (id) => c.prov.variableOf(id),
    locals,
    finallyAllowed: false,
    fail,
    expression(e, { local, pure }) {
      if (c.writes.has(e) || isConsoleCall(e)) return true;
      // `await fetch().then(({ roots }) => { … })`: the callback is the fill's own code, held to the same rules.
      const then = c.fetch ? fetchThen(e, c.fetch) : undefined;
      if (then) {
        mirrors.push(...checkFillBody(then, { ...c, fetch: undefined }, reason, fillName(fill)));
        return true;
      }
      if (e.type === 'AssignmentExpression' && local(e.left) && pure(e.right)) return true;
      if (e.type === 'CallExpression' && e.callee.type === 'MemberExpression' && local(e.callee.object) && pure(e)) return true;
      const mirror = e.type === 'CallExpression' ? mirrorOf(e, c) : undefined;
      if (!mirror) return false;
      mirrors.push(mirror);
      return true;
    },
  });
  return mirrors;
}

/** A call that hands one of its arguments to another state (an imported setter, a session map): that state, with this call as its write. */
function mirrorOf(call: TSESTree.CallExpression, c: AnswerFillContext): RootsState | undefined {
  for (const arg of call.arguments) {
    for (const state of statesOf(arg, c.prov)) {
      if (state.kind === 'setter' && state.writes.some((w) => w.node === call)) return state;
    }
  }
  return undefined;
}

/** The callback of `fetch().then(cb)`, when `e` is that call. */
function fetchThen(e: Node, fetch: Node): FunctionNode | undefined {
  if (e.type !== 'CallExpression' || e.callee.type !== 'MemberExpression' || unwrap(e.callee.object) !== fetch || propertyName(e.callee) !== 'then' || e.arguments.length !== 1) return undefined;
  const cb = unwrap(e.arguments[0]!);
  return cb.type === 'ArrowFunctionExpression' || cb.type === 'FunctionExpression' ? cb : undefined;
}

export function fillName(fill: FunctionNode): string {
  if (fill.type !== 'ArrowFunctionExpression' && fill.id) return fill.id.name;
  const p = fill.parent;
  if (p?.type === 'VariableDeclarator' && p.id.type === 'Identifier') return p.id.name;
  if ((p?.type === 'MethodDefinition' || p?.type === 'PropertyDefinition') && !p.computed) return propertyName(p) ?? 'the fill function';
  return 'the fill function';
}
