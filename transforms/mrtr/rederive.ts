// `--lifecycle per-request` when the fill's `finally` re-derives a second state from the roots state
// (`finally { await recomputeAllowedDirectories(); }`: the allowed directories are the configured ones
// plus the roots, filesystem-context-mcp-server). The handlers read that second state, not the roots
// state, so it is what a per-request plan must follow: each state the derivation writes (a module
// variable, a field of the fill's class, a setter of another module) is a mirror like the ones an
// answer fill copies the roots into (answer-fill.ts), and its readers derive the roots per request. The
// derivation stays in the helper's `finally` and runs on every request, for every client, as the block
// ran after every fill: so it may only compute from what it reads, write those states and report. Its
// other callers may only be start-up code (ahead of the connect, or of every hook), which runs before any
// request in both forms.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, contains, enclosingFunction, functionName, locOf, propertyName, thisClass, unwrap, walkAll } from '@uproot/core/planning';
import { statesOf } from '@uproot/core/planning';
import type { RootsSite, RootsState } from '@uproot/core/planning';
import { isConsoleCall } from '../hook-statements.ts';
import type { Derivation } from '../param/state/finally-derivations.ts';
import { beforeConnect, isLevelLog } from './fallback-fill.ts';
import { atStartup } from './startup.ts';
import { forwardingSetter } from './forwarding-setter.ts';
import { type Unit, Unprovable } from './unit.ts';
import { checkReplayable } from './replay-statements.ts';

type Reason = NonNullable<RootsSite['reason']>;

export interface Rederived {
  /** The derivation functions: their reads of the roots state run inside the helper, or at start-up. */
  functions: FunctionNode[];
  /** The states they write, followed to their readers like an answer fill's mirrors. */
  mirrors: RootsState[];
  /** Their calls ahead of the server's connect. */
  startup: Node[];
}

/** `roots`: the roots state the fill writes (a derivation only reads it); `helper`: the fill that keeps the `finally`. */
export function rederive(unit: Unit, derivations: readonly Derivation[], roots: RootsState, helper: FunctionNode, hooks: readonly Node[], reason: Reason): Rederived {
  const out: Rederived = { functions: [], mirrors: [], startup: [] };
  for (const { fn } of derivations) {
    if (out.functions.includes(fn)) continue;
    const name = `${functionName(fn) ?? 'the derivation'}()`;
    if (fn.params.length > 0) throw new Unprovable(reason, `${name}, which the fill's finally block runs, takes parameters`);
    for (const call of callsOf(fn, unit, reason, name)) {
      if (contains(helper, call)) continue;
      if (beforeConnect(call, unit) || atStartup(call, hooks, unit.prov)) out.startup.push(call);
      else throw new Unprovable(reason, `${name} re-derives state from the roots after every fill and is also called at line ${locOf(call).start.line}, after the server connected, which no per-request helper replays`);
    }
    out.functions.push(fn);
    for (const mirror of writtenStates(fn, unit, roots, reason, name)) addMirror(out.mirrors, mirror);
  }
  // A derivation that writes nothing only reports: it repeats per request as the fill's own logging does.
  return out;
}

/** Every use of `fn` is a call: of the function by name, or of the method as `this.name()` in its class. */
function callsOf(fn: FunctionNode, unit: Unit, reason: Reason, name: string): TSESTree.CallExpression[] {
  const uses: Node[] = [];
  const method = fn.parent?.type === 'MethodDefinition' ? fn.parent : undefined;
  if (method) {
    const cls = method.parent.parent;
    const key = propertyName(method);
    walkAll(cls, (n) => {
      if (n.type === 'MemberExpression' && n.object.type === 'ThisExpression' && !n.computed && propertyName(n) === key && thisClass(n) === cls) uses.push(n);
    });
  } else uses.push(...unit.prov.referencesTo(fn));
  if (!method && !unit.prov.functionVariable(fn)) throw new Unprovable(reason, `${name} has no name its callers can be found by`);
  return uses.map((use) => {
    const call = use.parent;
    if (call?.type !== 'CallExpression' || call.callee !== use) throw new Unprovable(reason, `${name} is used at line ${locOf(use).start.line} other than by a call`);
    return call;
  });
}

/**
 * The states `fn` writes, each with its writes. Its statements may only declare locals, write a module
 * variable of this file, a field of its own class or an imported setter, call what it declared itself
 * (`cleanup()`), report, branch, loop and try: anything else would repeat on every request.
 */
function writtenStates(fn: FunctionNode, unit: Unit, roots: RootsState, reason: Reason, name: string): RootsState[] {
  const states: RootsState[] = [];
  const fail = (s: Node): never => {
    throw new Unprovable(reason, `${name}, which the fill's finally block runs, does more than re-derive state (line ${locOf(s).start.line}), which a per-request helper would repeat on every call`);
  };
  if (fn.body.type !== 'BlockStatement') fail(fn.body);
  checkReplayable(fn.body as TSESTree.BlockStatement, {
    variableOf: (id) => unit.prov.variableOf(id),
    finallyAllowed: true,
    fail,
    expression(e, { local, pure }) {
      if (isConsoleCall(e) || isLevelLog(e)) return true;
      if (e.type === 'AssignmentExpression' && pure(e.right)) {
        if (local(e.left)) return true;
        const state = e.operator === '=' ? assignedState(e, fn, unit, roots) : undefined;
        if (state) {
          states.push(state);
          return true;
        }
      }
      if (e.type === 'CallExpression' && pure(e)) {
        // `dirs.push(x)` on a local, or a function the derivation made itself (`cleanup()`).
        if ((e.callee.type === 'MemberExpression' && local(e.callee.object)) || local(e.callee)) return true;
        const setter = setterOf(e, unit);
        if (setter) {
          states.push(setter);
          return true;
        }
        const callee = unit.text.slice(e.callee.range[0], e.callee.range[1]);
        throw new Unprovable(reason, `${name}, which the fill's finally block runs, calls ${callee}() at line ${locOf(e).start.line}, which uproot cannot show only writes state (a setter it follows assigns a variable of its module from the value it is handed, itself or through one function of its module); per request that call would repeat on every call`);
      }
      return false;
    },
  });
  return states;
}

/** `allowed = …` of a module variable of this file, or `this.allowed = …` in the derivation's own class; never the roots state itself. */
function assignedState(e: TSESTree.AssignmentExpression, fn: FunctionNode, unit: Unit, roots: RootsState): RootsState | undefined {
  const target = unwrap(e.left);
  const write = { node: e, value: e.right };
  if (target.type === 'Identifier') {
    const variable = unit.prov.variableOf(target);
    const declared = variable?.defs[0]?.name;
    if (!variable || !declared || enclosingFunction(declared) || (roots.kind === 'module-variable' && roots.variable === variable)) return undefined;
    return { kind: 'module-variable', name: variable.name, variable, writes: [write] };
  }
  const cls = fn.parent?.type === 'MethodDefinition' ? fn.parent.parent.parent : undefined;
  const field = target.type === 'MemberExpression' && target.object.type === 'ThisExpression' && !target.computed ? propertyName(target) : undefined;
  if (!cls || !field || thisClass(target) !== cls || (roots.kind === 'class-field' && roots.cls === cls && roots.field === field)) return undefined;
  return { kind: 'class-field', name: `this.${field}`, field, cls, writes: [write] };
}

/** A call handing a value to an imported setter (`await setAllowedDirectoriesResolved(combined, signal)`): that state, with this call as its write. */
function setterOf(call: TSESTree.CallExpression, unit: Unit): RootsState | undefined {
  for (const arg of call.arguments) {
    for (const state of statesOf(arg, unit.prov)) if (state.kind === 'setter' && state.writes.some((w) => w.node === call)) return { ...state, writes: state.writes.filter((w) => w.node === call) };
  }
  return forwardingSetter(call, unit);
}

/** One state per variable, field or setter, with all its writes. */
function addMirror(mirrors: RootsState[], state: RootsState): void {
  const same = mirrors.find((m) => key(m) === key(state));
  if (!same) return void mirrors.push(state);
  for (const w of state.writes) if (!same.writes.some((x) => x.node === w.node)) same.writes.push(w);
}

function key(state: RootsState): unknown {
  return state.kind === 'class-field' ? `${state.cls.range[0]}:${state.field}` : state.variable;
}
