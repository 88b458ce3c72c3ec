// `--lifecycle per-request` when the fill, besides writing the answer, calls another writer of the
// same state for the client without roots or the empty answer (`initializeFallbackRoot()`, which
// sets the state to the working directory when it is empty). The per-request helper runs the fill
// on every request, so that call runs on every request too: it may, when all it does is write the
// state and log — the state is what the helper derives again anyway, and a write the original made
// at the same point of the same sequence leaves the state the handlers read the same. A writer that
// does anything else (starts a watcher, writes a file, takes arguments) keeps the marker.
import type { TSESTree } from '@typescript-eslint/types';
import path from 'node:path';
import { type FunctionNode, type Node, contains, enclosingFunction, functionName, isFunction, locOf, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import type { RootsState, VariableLike } from '@uproot/core/planning';
import { isConsoleCall } from '../hook-statements.ts';
import type { ProjectIndex, UnitIndex } from './project-index.ts';
import type { Unit } from './unit.ts';

/**
 * The calls a per-request helper may repeat: a level log (`log('warning', …)`) anywhere in the fill
 * and its triggers (`logged`), and in the helper alone (the code that runs on every request; a
 * trigger's code is retired) a call of another writer of `state` alone (`initializeFallbackRoot()`).
 * `fallbacks`: whether the helper holds such a call — it may sit on the path of a client without
 * roots, so the handlers run the helper for every client, as the hooks did.
 */
export function repeatableCalls(logged: readonly Node[], helper: FunctionNode, unit: Unit, project: ProjectIndex | undefined, state: RootsState): Repeatable {
  const calls = new Set<Node>();
  const writers: Writer[] = [];
  let fallbacks = false;
  const visit = (root: Node, withWriters: boolean) =>
    walkAll(root, (n) => {
      if (n.type !== 'ExpressionStatement') return;
      const e = unwrap(n.expression.type === 'AwaitExpression' ? n.expression.argument : n.expression);
      if (isLevelLog(e)) calls.add(e);
      else if (withWriters) {
        const writer = stateFallback(n, unit, project, state);
        if (!writer) return;
        calls.add(e);
        fallbacks = true;
        if (!writers.some((w) => w.fn === writer.fn)) writers.push(writer);
      }
    });
  for (const fn of logged) visit(fn, false);
  visit(helper, true);
  return { calls, fallbacks, writers };
}

export interface Repeatable {
  calls: Set<Node>;
  fallbacks: boolean;
  /** The other writers of the state the helper runs. */
  writers: Writer[];
}

interface Writer {
  unit: Unit;
  fn: FunctionNode;
}

/**
 * A write of the state (an identifier of the state's module) the per-request plan may leave: it is
 * in one of the helper's other writers, which only this file calls — from code `exempt` accepts (the
 * helper, the retired hooks, start-up code) or ahead of the server's connect, so it runs only where
 * the original ran it. `startup`: those calls ahead of the connect (their reads of the state too
 * happen before any request).
 */
export function writtenByFallback(repeatable: Repeatable, unit: Unit, project: ProjectIndex | undefined, exempt: (call: Node) => boolean): { fallback: (write: Node, file: string) => boolean; startup: Node[]; refused?: string } {
  const startup: Node[] = [];
  let refused: string | undefined;
  const shown = (at: Unit) => path.relative(path.dirname(unit.path), at.path).split(path.sep).join('/');
  const ok = repeatable.writers.filter((w) => {
    const name = functionName(w.fn) ?? 'the fall-back';
    if (w.unit.prov.referencesTo(w.fn).length > 0 && w.unit !== unit) {
      refused ??= `${name}() writes the roots state too and is also used in ${shown(w.unit)}`;
      return false;
    }
    const callers = project?.callersOf(w.unit, w.fn);
    if (!callers) {
      refused ??= `${name}() writes the roots state too and is used in a way uproot cannot follow`;
      return false;
    }
    const early = callers.filter(({ unit: at, call }) => at.path === unit.path && !exempt(call) && beforeConnect(call, at)).map(({ call }) => call);
    const stray = callers.find(({ unit: at, call }) => !(at.path === unit.path && (early.includes(call) || exempt(call))));
    if (stray) {
      refused ??= `${name}() writes the roots state too and is also called at line ${locOf(stray.call).start.line} of ${shown(stray.unit)}, which no per-request helper replays`;
      return false;
    }
    startup.push(...early);
    return true;
  });
  return { fallback: (write, file) => ok.some((w) => w.unit.path === file && write.range[0] >= w.fn.range[0] && write.range[1] <= w.fn.range[1]), startup, ...(refused ? { refused } : {}) };
}

/**
 * `call` is a statement of the function that connects the server, ahead of the connect: no hook and
 * no request runs before it, in the original or the per-request form (`initializeFallbackRoot();`
 * between the hook installs and `await server.connect(transport)`).
 */
export function beforeConnect(call: Node, unit: Unit): boolean {
  const fn = enclosingFunction(call);
  const body = fn ? fn.body : unit.ast;
  if (body.type !== 'BlockStatement' && body.type !== 'Program') return false;
  const at = body.body.find((st) => contains(st, call));
  if (!at || at.type !== 'ExpressionStatement' || unwrap(at.expression.type === 'AwaitExpression' ? at.expression.argument : at.expression) !== call) return false;
  return body.body.some((st) => {
    if (st.range[0] < at.range[1] || st.type !== 'ExpressionStatement') return false;
    const e = unwrap(st.expression.type === 'AwaitExpression' ? st.expression.argument : st.expression);
    return e.type === 'CallExpression' && e.callee.type === 'MemberExpression' && propertyName(e.callee) === 'connect' && !!unit.prov.is(e.callee.object, 'server', 'mcp-server');
  });
}

function stateFallback(s: Node, unit: Unit, project: ProjectIndex | undefined, state: RootsState): Writer | undefined {
  if (s.type !== 'ExpressionStatement') return undefined;
  const e = unwrap(s.expression.type === 'AwaitExpression' ? s.expression.argument : s.expression);
  if (e.type !== 'CallExpression' || e.callee.type !== 'Identifier' || e.arguments.length > 0) return undefined;
  const target = writerOf(e.callee, unit, project);
  const variable = target && holderIn(target.unit, state, unit);
  return variable && writesOnly(target.fn, target.unit, variable) ? target : undefined;
}

/** The function a call names: a function of this file, or an import followed through barrels to a unit of the run. */
function writerOf(callee: TSESTree.Identifier, unit: Unit, project: ProjectIndex | undefined): { unit: Unit; fn: FunctionNode } | undefined {
  const variable = unit.prov.variableOf(callee);
  const def = variable?.defs[0];
  if (!def || variable!.defs.length !== 1) return undefined;
  if (def.type === 'FunctionName' && isFunction(def.node as Node)) return { unit, fn: def.node as FunctionNode };
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init && isFunction(unwrap(def.node.init))) {
    return variable!.references.some((r) => r.isWrite() && r.identifier !== def.name) ? undefined : { unit, fn: unwrap(def.node.init) as FunctionNode };
  }
  if (def.type !== 'ImportBinding' || def.parent?.type !== 'ImportDeclaration' || def.node.type !== 'ImportSpecifier') return undefined;
  const graph = unit.prov.moduleOrigin?.graph;
  const units = project && 'unitAt' in project ? (project as ProjectIndex & UnitIndex) : undefined;
  const name = def.node.imported.type === 'Identifier' ? def.node.imported.name : def.node.imported.value;
  const found = graph?.exportedAt?.(unit.path, def.parent.source.value, name);
  const node = found && unwrap(found.node);
  const other = found && units?.unitAt(found.module.file);
  if (!node || !other || !isFunction(node)) return undefined;
  let fn: FunctionNode | undefined;
  walkAll(other.ast, (n) => {
    if (!fn && isFunction(n) && n.range[0] === node.range[0] && n.range[1] === node.range[1]) fn = n;
  });
  return fn ? { unit: other, fn } : undefined;
}

/** The state's own variable as the writer's module sees it: a module variable of this file, or the setter's. */
export function holderIn(at: Unit, state: RootsState, unit: Unit): VariableLike | undefined {
  if (state.kind === 'module-variable') return at === unit ? state.variable : undefined;
  if (state.kind !== 'setter' || state.module.file !== at.path) return undefined;
  const declared = state.variable.defs[0]?.name;
  let found: VariableLike | undefined;
  walkAll(at.ast, (n) => {
    if (found || !declared || n.type !== 'Identifier' || n.range[0] !== declared.range[0] || n.range[1] !== declared.range[1]) return;
    found = at.prov.variableOf(n);
  });
  return found;
}

/** Takes no parameters, and its statements only declare locals, write `variable`, log, branch and return nothing. */
function writesOnly(fn: FunctionNode, at: Unit, variable: VariableLike): boolean {
  if (fn.params.length > 0 || fn.body.type !== 'BlockStatement') return false;
  let self = false;
  if (fn.type !== 'ArrowFunctionExpression') walkAll(fn.body, (n) => (self ||= n.type === 'ThisExpression'));
  if (self) return false;
  const locals = new Set<unknown>();
  // Assignments only to the state or to the writer's own locals, anywhere in an expression.
  const pure = (e: Node) => {
    let ok = true;
    walkAll(e, (n) => {
      if (n.type === 'UpdateExpression') ok = false;
      if (n.type === 'AssignmentExpression') ok &&= n.left.type === 'Identifier' && locals.has(at.prov.variableOf(n.left));
    });
    return ok;
  };
  const visit = (s: Node): boolean => {
    switch (s.type) {
      case 'BlockStatement':
        return s.body.every(visit);
      case 'VariableDeclaration':
        for (const d of s.declarations) walkAll(d.id, (n) => n.type === 'Identifier' && locals.add(at.prov.variableOf(n)));
        return s.declarations.every((d) => !d.init || pure(d.init));
      case 'ExpressionStatement': {
        const e = unwrap(s.expression);
        if (e.type === 'AssignmentExpression' && e.left.type === 'Identifier' && at.prov.variableOf(e.left) === variable) return pure(e.right);
        return isConsoleCall(e) || isLevelLog(e);
      }
      case 'IfStatement':
        return pure(s.test) && visit(s.consequent) && (!s.alternate || visit(s.alternate));
      case 'ReturnStatement':
        return !s.argument;
      case 'EmptyStatement':
        return true;
      default:
        return false;
    }
  };
  return visit(fn.body);
}

/** `log('info', …)`: a module's logging function called with a level first. */
export function isLevelLog(e: Node): boolean {
  const x = unwrap(e);
  if (x.type !== 'CallExpression' || x.callee.type !== 'Identifier' || !/^log$|logger$/i.test(x.callee.name)) return false;
  const level = x.arguments[0];
  return level?.type === 'Literal' && typeof level.value === 'string' && LEVELS.has(level.value);
}

const LEVELS = new Set(['trace', 'debug', 'info', 'notice', 'warn', 'warning', 'error', 'fatal', 'verbose']);
