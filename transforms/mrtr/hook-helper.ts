// `--lifecycle per-request` when the init hook (oninitialized, a notifications/initialized handler, a
// startup timer) does more than one write: it gates on the capability, destructures the answer, catches and logs. The hook's function stays as it is but becomes a local
// helper taking ctx (`oninitialized = async () => …` → `const deriveRootsState = async (ctx) => …`):
// its request reads the MRTR answer, its capability checks become per-request checks, and every
// handler that reads the state calls it after asking for roots. The list_changed refresh goes.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, calleeName, contains, enclosingFunction, functionName, isCalledInPlace, locOf, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { PLAIN } from './chains.ts';
import { HELPER_NAMES } from './helpers-block.ts';
import { addParameter } from './rewrite.ts';
import type { DerivedState } from './rewrite.ts';
import { type ConsumerCheck, type Group, type StatePlan, type StateTools, checkOtherWrites, consumingHandlers } from './state.ts';
import { type Unit, Unprovable } from './unit.ts';
import { isCapabilitiesRead, isConsoleCall } from '../hook-statements.ts';

type Reason = NonNullable<RootsSite['reason']>;

interface Hook {
  fn: FunctionNode;
  statement: TSESTree.ExpressionStatement;
  kind: 'init' | 'refresh';
}

export function planHookHelper(unit: Unit, group: Group, checks: ConsumerCheck, tools: StateTools): StatePlan {
  const { state } = group;
  const reason: Reason = group.sites[0]!.reason ?? 'lifecycle';
  const listChanged = new Set<Node>(unit.sites.filter((s) => s.kind === 'list-changed' && s.side === 'server').map((s) => s.node));
  const hooks = new Map<FunctionNode, Hook>();
  for (const w of state.writes) {
    const fn = enclosingFunction(w.node);
    const hook = fn && hookOf(fn, listChanged);
    if (!hook) throw new Unprovable(reason, `${state.name} is filled ${fillPlace(fn)}, not in the body of oninitialized, a notifications/initialized handler or a list_changed handler, which is what a per-request derivation replays (--to param retires it)`);
    hooks.set(fn, hook);
  }
  const inits = [...hooks.values()].filter((h) => h.kind === 'init');
  if (inits.length !== 1) throw new Unprovable(reason, `${state.name} is filled by ${inits.length === 0 ? 'no' : 'more than one'} initialization hook`);
  const init = inits[0]!;
  if (init.fn.params.length > 0) throw new Unprovable(reason, 'the initialization hook takes parameters, which a per-request helper would not have');
  if (init.fn.type !== 'ArrowFunctionExpression' && hasThis(init.fn)) throw new Unprovable(reason, 'the initialization hook uses a `this` of its own');
  const writes = new Set<Node>(state.writes.map((w) => w.node));
  const requests = new Set<Node>(unit.sites.filter((s) => s.kind === 'request').map((s) => s.node));
  for (const hook of hooks.values()) checkBody(hook.fn, unit, writes, requests, reason);
  for (const s of unit.sites) {
    if (s.kind === 'request' && [...hooks.values()].some((h) => contains(h.fn, s.node)) && !group.sites.includes(s)) throw new Unprovable(reason, 'the hook also fetches roots for other state');
  }
  checkOtherWrites(unit, state, reason);
  const callbacks = consumingHandlers(unit, state, group.analysis, group.sites[0]!, reason);
  if (callbacks.size === 0) throw new Unprovable(reason, `no tools/call, prompts/get or resources/read handler reads ${state.name}`);
  checks(state);
  const scope = init.statement.parent;
  for (const chain of callbacks.values()) {
    if (!chain.callback.async) throw new Unprovable(reason, `a handler reading ${state.name} is not async, so it cannot await the roots`);
    if (!scope || !contains(scope, chain.callback)) throw new Unprovable(reason, `a handler reading ${state.name} cannot see the initialization hook`);
  }
  const name = freshHelperName(unit.text);
  const ctx = 'ctx';
  const edits: TextEdit[] = [];
  // `x.oninitialized = async () => {` → `const deriveRootsState = async (ctx) => {`
  edits.push({ start: init.statement.range[0], end: init.fn.range[0], text: `const ${name} = ` });
  if (init.fn.range[1] !== init.statement.expression.range[1]) edits.push({ start: init.fn.range[1], end: init.statement.range[1], text: ';' });
  edits.push(...addParameter(init.fn, unit, 0, ctx));
  for (const request of requests) if (contains(init.fn, request)) edits.push({ start: request.range[0], end: request.range[1], text: `${HELPER_NAMES.answer}(${ctx})` });
  edits.push(...capabilityEdits(init.fn, unit, ctx, tools, reason));
  const refreshes = [...hooks.values()].filter((h) => h.kind === 'refresh');
  const retire = refreshes.map((h) => ({ unit, range: tools.statementRange(unit, h.statement) }));
  const states: DerivedState[] = [...callbacks.values()].map((chain, i) => ({
    chain,
    retire,
    declaration: (c) => `if (${HELPER_NAMES.declares}(${c}, ${chain.server})) await ${name}(${c});`,
    ...(i === 0 ? { edits, contextType: unit.typescript } : {}),
  }));
  const covered = unit.sites.filter((s) => [...hooks.values()].some((h) => contains(h.statement, s.node)));
  return { states, covered };
}

function hookOf(fn: FunctionNode, listChanged: ReadonlySet<Node>): Hook | undefined {
  const p = fn.parent;
  const statement = p?.parent;
  if (statement?.type !== 'ExpressionStatement') return undefined;
  if (p?.type === 'AssignmentExpression' && p.right === fn && p.left.type === 'MemberExpression' && propertyName(p.left) === 'oninitialized') return { fn, statement, kind: 'init' };
  // A startup timer fetches once, like an init hook: `setTimeout(async () => { … }, 1000)`.
  if (p?.type === 'CallExpression' && p.arguments[0] === fn && ['setTimeout', 'setImmediate', 'queueMicrotask'].includes(calleeName(p) ?? '') && p.callee.type === 'Identifier') {
    return { fn, statement, kind: 'init' };
  }
  if (p?.type === 'CallExpression' && p.arguments.length === 2 && p.arguments[1] === fn && calleeName(p) === 'setNotificationHandler') {
    const method = p.arguments[0]!;
    if (listChanged.has(method)) return { fn, statement, kind: 'refresh' };
    if (method.type === 'Literal' && method.value === 'notifications/initialized') return { fn, statement, kind: 'init' };
  }
  return undefined;
}

/**
 * The hook may only fetch roots into the state: declarations from the answer or the capabilities,
 * the state's writes, logging, capability gates, early returns, and try/catch around them.
 */
function checkBody(fn: FunctionNode, unit: Unit, writes: ReadonlySet<Node>, requests: ReadonlySet<Node>, reason: Reason): void {
  const locals = new Set<unknown>();
  const touches = (n: Node) => {
    let found = false;
    walkAll(n, (x) => {
      if (requests.has(x)) found = true;
    });
    return found;
  };
  const onlyLocals = (n: Node) => {
    let ok = true;
    walkAll(n, (x) => {
      if (x.type === 'CallExpression' || x.type === 'AssignmentExpression' || x.type === 'UpdateExpression' || x.type === 'AwaitExpression' || x.type === 'NewExpression') ok = false;
      if (x.type !== 'Identifier' || isKey(x) || x.name === 'undefined') return;
      if (!locals.has(unit.prov.variableOf(x))) ok = false;
    });
    return ok;
  };
  const expression = (e: Node): boolean => {
    const x = unwrap(e.type === 'AwaitExpression' ? e.argument : e);
    if (writes.has(x) || isConsoleCall(x)) return true;
    return false;
  };
  const statement = (s: Node): void => {
    switch (s.type) {
      case 'ExpressionStatement':
        if (expression(s.expression)) return;
        break;
      case 'VariableDeclaration':
        if (s.declarations.every((d) => d.init && (touches(d.init) || isCapabilitiesRead(d.init) || onlyLocals(d.init)))) {
          for (const d of s.declarations) walkAll(d.id, (n) => n.type === 'Identifier' && locals.add(unit.prov.variableOf(n)));
          return;
        }
        break;
      case 'BlockStatement':
        for (const inner of s.body) statement(inner);
        return;
      case 'IfStatement':
        if (onlyLocals(s.test) || isGateTest(s.test)) {
          statement(s.consequent);
          if (s.alternate) statement(s.alternate);
          return;
        }
        break;
      case 'TryStatement':
        if (!s.finalizer) {
          statement(s.block);
          if (s.handler) for (const h of s.handler.body.body) if (!(h.type === 'ExpressionStatement' && isConsoleCall(unwrap(h.expression)))) fail(h);
          return;
        }
        break;
      case 'ReturnStatement':
        if (!s.argument) return;
        break;
      case 'EmptyStatement':
        return;
    }
    fail(s);
  };
  const fail = (s: Node): never => {
    throw new Unprovable(reason, `the hook does more than fetch roots (line ${locOf(s).start.line})`);
  };
  if (fn.body.type !== 'BlockStatement') {
    if (!expression(fn.body)) fail(fn.body);
    return;
  }
  statement(fn.body);
}

/** `if (caps?.roots)`, `if (!x.getClientCapabilities()?.roots)`: a test of the roots capability only. */
function isGateTest(test: Node): boolean {
  let t = unwrap(test);
  if (t.type === 'UnaryExpression' && t.operator === '!') t = unwrap(t.argument);
  if (t.type === 'ChainExpression') t = t.expression;
  return t.type === 'MemberExpression' && propertyName(t) === 'roots';
}

/**
 * Every capabilities read in the hook becomes the per-request check: `x.getClientCapabilities()?.roots`
 * in place, and `const caps = x.getClientCapabilities()` (read only as `caps?.roots`) at each read.
 */
function capabilityEdits(fn: FunctionNode, unit: Unit, ctx: string, tools: StateTools, reason: Reason): TextEdit[] {
  const edits: TextEdit[] = [];
  const check = (receiver: Node) => {
    const text = unit.text.slice(receiver.range[0], receiver.range[1]);
    if (!PLAIN.test(text)) throw new Unprovable(reason, 'the hook reads the capabilities of a server uproot cannot name in the handlers');
    return `${HELPER_NAMES.declares}(${ctx}, ${text})`;
  };
  const rootsMember = (n: Node): Node | undefined => {
    const p = n.parent;
    if (p?.type !== 'MemberExpression' || p.object !== n || propertyName(p) !== 'roots') return undefined;
    // `caps?.roots?.listChanged` asks more than whether roots are declared.
    if (p.parent?.type === 'MemberExpression' && p.parent.object === p) return undefined;
    return p.parent?.type === 'ChainExpression' ? p.parent : p;
  };
  walkAll(fn.body, (n) => {
    if (n.type !== 'CallExpression' || calleeName(n) !== 'getClientCapabilities') return;
    const callee = unwrap(n.callee);
    if (callee.type !== 'MemberExpression') throw new Unprovable(reason, 'the hook reads the capabilities in a way uproot cannot follow');
    const replacement = check(callee.object);
    const member = rootsMember(n);
    if (member) {
      edits.push({ start: member.range[0], end: member.range[1], text: replacement });
      return;
    }
    if (n.parent?.type === 'MemberExpression') throw new Unprovable(reason, 'the hook reads the client capabilities for more than roots');
    const declarator = n.parent;
    const declaration = declarator?.parent;
    if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || declaration?.type !== 'VariableDeclaration' || declaration.declarations.length !== 1) {
      throw new Unprovable(reason, 'the hook reads the client capabilities for more than roots');
    }
    const reads = unit.prov.variableOf(declarator.id)?.references.filter((r) => r.identifier !== declarator.id) ?? [];
    const members = reads.map((r) => rootsMember(r.identifier));
    if (members.some((m) => !m)) throw new Unprovable(reason, 'the hook reads the client capabilities for more than roots');
    for (const m of members) edits.push({ start: m!.range[0], end: m!.range[1], text: replacement });
    const [start, end] = tools.statementRange(unit, declaration);
    edits.push({ start, end, text: '' });
  });
  return edits;
}

function isKey(n: TSESTree.Identifier): boolean {
  const p = n.parent;
  return (p?.type === 'MemberExpression' && p.property === n && !p.computed) || (p?.type === 'Property' && p.key === n && !p.computed && p.value !== n);
}

function hasThis(fn: FunctionNode): boolean {
  let found = false;
  walkAll(fn.body, (n) => {
    if (n.type === 'ThisExpression') found = true;
  });
  return found;
}

function freshHelperName(text: string): string {
  for (const name of ['deriveRootsState', 'deriveRootsStateFromRequest']) if (!new RegExp(`\\b${name}\\b`).test(text)) return name;
  return 'uprootDeriveRootsState';
}

/** Where a write the per-request form cannot replay sits, in the marker's words. */
function fillPlace(fn: FunctionNode | undefined): string {
  if (!fn) return 'at module level';
  if (isCalledInPlace(fn)) return 'in an IIFE the hook starts';
  const p = fn.parent;
  if (p?.type === 'CallExpression' && p.arguments[0] === fn && p.callee.type === 'MemberExpression' && propertyName(p.callee) === 'then') return 'in a .then callback of the roots request';
  const name = functionName(fn);
  return name ? `by ${name}(), a function the hooks or timers call` : 'in a callback';
}
