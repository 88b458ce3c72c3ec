// The hooks that fill roots state — `oninitialized`, a `notifications/initialized` or roots
// list_changed handler, a `setTimeout` after start — and what is left of each once roots are gone.
// The migrated server behaves as the original did for a client without roots, so a capability
// gate's `else` (what such a client got) stays and everything that only fetched roots goes.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type VariableLike, calleeName, enclosingStatement, isExported, propertyName, thisClass, unwrap } from '@uproot/core/planning';
import { enclosingFunction, isCalledInPlace, runningFunction, localFunction, locOf, reachesOf, walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { Unprovable } from '../unprovable.ts';
import { isCapabilitiesRead, isConsoleCall } from '../../hook-statements.ts';
import { type Debounce, debounceOf } from './debounce.ts';
import { fillReferences } from './fill-references.ts';
import { replayedElse } from './else-writes.ts';
import { type Derivation, finallyDerivations } from './finally-derivations.ts';
import { PURE_METHODS, pureLocalFunction } from './pure-helpers.ts';

export { fillReferences };

export interface Hook {
  fn: FunctionNode;
  /** The statement that installs the hook. */
  statement: Node;
  kind: 'init' | 'refresh' | 'background' | 'lazy';
  /** For a lazy fill: the `await fill();` statements in the handlers, which go with the hook. */
  uses?: Node[];
  /** For a lazy fill: module variables only the hook reads and writes (a "fetched once" flag). */
  flags?: Set<VariableLike>;
  /** For a list_changed handler that debounces the fill through a timer: what of it only debounces. */
  debounce?: Debounce;
}

export interface HookContext {
  prov: Provenance;
  text: string;
  /** The roots requests of the state being retired. */
  requests: Set<Node>;
  /** Capability checks (`getClientCapabilities()?.roots`). */
  gates: Set<Node>;
  /** Same-file functions that only pass roots on into the state (called from hooks only). */
  helpers: Set<FunctionNode>;
  /** Per request: functions declared in the hook that only return the roots request, handed to the fill (fetcher-param.ts). */
  fetchers?: ReadonlySet<Node>;
  /** The state's writes (assignment or setter call). */
  writes: Set<Node>;
  /** A lazy hook's once-flags (`if (fetched) return; fetched = true;` go with the hook). */
  flags?: Set<VariableLike>;
  /** Variables that only hold the fill's promise (`ready = refresh()`), with what goes with them: the declaration and the `await ready;` statements. */
  stored?: Map<StoredPromise, { declaration?: Node; awaits: Node[]; writes: Node[] }>;
  /** `--lifecycle per-request` only: calls the per-request helper may repeat (a level log, another writer of the state alone). */
  repeatable?: ReadonlySet<Node>;
  /** The hook's statements that only debounce the fill (set per hook by keptStatements). */
  skip?: ReadonlySet<Node>;
  /** Set when a capability gate's no-roots path writes the state (else-writes.ts): the helper must run for every client. */
  everyClient?: boolean;
  /** Those no-roots writes: they stay in the helper. */
  replayed?: Node[];
  /** Whether an assignment target is the state (per request: the no-roots path's write, else-writes.ts). */
  isState?: (target: Node) => boolean;
  /** Per request: the calls a fill's `finally` makes to re-derive state (finally-derivations.ts); they stay in the helper. */
  derivations?: Derivation[];
}

/** A variable (`let ready`) or a field (`this.ready`) that holds the fill's promise. */
export interface StoredPromise {
  name: string;
}

/**
 * The function a write of the state runs as part of: an IIFE (`void (async () => { … })()`) and the
 * `.then` callback of the roots request itself are the enclosing function's own code.
 */
export function fillerOf(node: Node, requests: ReadonlySet<Node>): FunctionNode | undefined {
  let fn = enclosingFunction(node);
  while (fn && (isCalledInPlace(fn) || !!requestThen(fn, requests))) fn = enclosingFunction(fn);
  return fn;
}

/** `fn` is the callback of `request.then(fn)` on one of `requests`: the call, when it is. */
function requestThen(fn: Node, requests: ReadonlySet<Node>): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn || call.callee.type !== 'MemberExpression' || propertyName(call.callee) !== 'then') return undefined;
  return requests.has(unwrap(call.callee.object)) ? call : undefined;
}

/**
 * `(async () => { … })()` or `request.then((answer) => { … })`, under `void`, `await` or a logging
 * `.catch`: code run as a statement of the hook. The body, and the callback's own parameters.
 */
function inPlaceBody(e: Node, c: HookContext): { body: Node; params: Node[] } | undefined {
  let x = unwrap(e);
  for (;;) {
    if (x.type === 'UnaryExpression' && x.operator === 'void') x = unwrap(x.argument);
    else if (x.type === 'AwaitExpression') x = unwrap(x.argument);
    else if (x.type === 'CallExpression' && calleeName(x) === 'catch' && x.callee.type === 'MemberExpression' && x.arguments.length === 1 && logsOnly(x.arguments[0]!)) x = unwrap(x.callee.object);
    else break;
  }
  if (x.type !== 'CallExpression') return undefined;
  const then = x.arguments.length === 1 ? unwrap(x.arguments[0]!) : undefined;
  if (then && (then.type === 'ArrowFunctionExpression' || then.type === 'FunctionExpression') && requestThen(then, c.requests)) return { body: then.body, params: then.params };
  if (x.arguments.length > 0) return undefined;
  const fn = unwrap(x.callee);
  return (fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression') && !fn.generator && isCalledInPlace(fn) ? { body: fn.body, params: [] } : undefined;
}

/** A `.catch` callback that only logs (a client without roots got nothing else from it). */
function logsOnly(callback: Node): boolean {
  if (callback.type !== 'ArrowFunctionExpression' && callback.type !== 'FunctionExpression') return false;
  const body = callback.body;
  if (body.type !== 'BlockStatement') return isConsoleCall(body);
  return body.body.every((s) => s.type === 'ExpressionStatement' && isConsoleCall(s.expression));
}

/** The hook around a function that writes roots state, when it is one. */
export function hookOf(fn: FunctionNode, listChanged: ReadonlySet<Node>): Hook | undefined {
  const p = fn.parent;
  if (p?.type === 'AssignmentExpression' && p.right === fn && p.left.type === 'MemberExpression' && propertyName(p.left) === 'oninitialized' && p.parent?.type === 'ExpressionStatement') {
    return { fn, statement: p.parent, kind: 'init' };
  }
  if (p?.type === 'CallExpression' && p.arguments[p.arguments.length - 1] === fn && p.parent?.type === 'ExpressionStatement') {
    const name = calleeName(p);
    if (name === 'setNotificationHandler' && p.arguments[0] && listChanged.has(p.arguments[0])) return { fn, statement: p.parent, kind: 'refresh' };
    if (name === 'setNotificationHandler' && /initialized/i.test(nodeSource(p.arguments[0]))) return { fn, statement: p.parent, kind: 'init' };
  }
  const timer = p?.type === 'CallExpression' && p.arguments[0] === fn ? timerStatement(p) : undefined;
  if (timer) return { fn, statement: timer, kind: 'background' };
  return undefined;
}

const TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask']);

/** `setInterval(cb, ms);`, with `.unref()` chained or under `void`: the statement, when `call` is such a timer whose handle nobody keeps. */
export function timerStatement(call: TSESTree.CallExpression): Node | undefined {
  if (!TIMERS.has(calleeName(call) ?? '') || unwrap(call.callee).type !== 'Identifier') return undefined;
  let top: Node = call;
  const member = top.parent;
  if (member?.type === 'MemberExpression' && member.object === top && propertyName(member) === 'unref' && member.parent?.type === 'CallExpression' && member.parent.callee === member) top = member.parent;
  if (top.parent?.type === 'UnaryExpression' && top.parent.operator === 'void') top = top.parent;
  return top.parent?.type === 'ExpressionStatement' ? top.parent : undefined;
}

/**
 * Where a named fill function runs from, one trigger per reference: a call inside a hook (the hook),
 * or the function itself handed to a timer (`setInterval(refresh, ms)`: the timer statement, a
 * background hook whose body is the function) or registered as the list_changed handler. Undefined when one reference is anything else.
 */
export function triggersOf(fn: FunctionNode, prov: Provenance, listChanged: ReadonlySet<Node>, fills: Set<FunctionNode> = new Set(), depth = 0, debounce = false): Hook[] | undefined {
  const hooks: Hook[] = [];
  for (const ref of fillReferences(fn, prov)) {
    const p = ref.parent;
    if (p?.type === 'CallExpression' && p.callee === ref) {
      // Called from a hook (an IIFE in it counts as the hook), or from another fill function whose own triggers are hooks.
      const caller = runningFunction(p);
      const hook = caller && hookOf(caller, listChanged);
      // `h = setTimeout(() => fill(), ms)` in the list_changed handler (`debounce`: callers that retire the handler whole).
      const timed = hook ?? (debounce && caller?.parent?.type === 'CallExpression' && caller.parent.arguments[0] === caller ? debouncedHook(caller.parent, prov, listChanged) : undefined);
      if (timed) {
        hooks.push(timed);
        continue;
      }
      const outer = caller && depth < 3 && caller !== fn && !fills.has(caller) ? triggersOf(caller, prov, listChanged, fills, depth + 1, debounce) : undefined;
      if (!outer) return undefined;
      fills.add(caller!);
      hooks.push(...outer);
      continue;
    }
    // `setNotificationHandler(RootsListChangedNotificationSchema, refresh)`: the handler is the function itself.
    if (p?.type === 'CallExpression' && p.arguments.length === 2 && p.arguments[1] === ref && calleeName(p) === 'setNotificationHandler' && listChanged.has(p.arguments[0]!) && p.parent?.type === 'ExpressionStatement') {
      hooks.push({ fn, statement: p.parent, kind: 'refresh' });
      continue;
    }
    const timer = p?.type === 'CallExpression' && p.arguments[0] === ref ? timerStatement(p) : undefined;
    const timed = !timer && debounce && p?.type === 'CallExpression' && p.arguments[0] === ref ? debouncedHook(p, prov, listChanged) : undefined;
    if (timed) {
      hooks.push(timed);
      continue;
    }
    if (!timer) return undefined;
    hooks.push({ fn, statement: timer, kind: 'background' });
  }
  return hooks.length ? hooks : undefined;
}

/** The list_changed handler that debounces through `call` (a timer whose handle only it uses), as a refresh hook. */
function debouncedHook(call: TSESTree.CallExpression, prov: Provenance, listChanged: ReadonlySet<Node>): Hook | undefined {
  const d = debounceOf(call, prov, (fn) => hookOf(fn, listChanged)?.kind === 'refresh');
  if (!d || 'stray' in d) return undefined;
  const hook = hookOf(d.handler, listChanged);
  return hook && { ...hook, debounce: d };
}

/**
 * A same-file function the request handlers call first thing (`await ensureRoots();`) to fill the
 * state on first use: every use is such a statement in a tool or prompt, and nothing else calls it.
 */
export function lazyHookOf(fn: FunctionNode, prov: Provenance): Hook | undefined {
  const declaration = declarationOf(fn);
  if (declaration.parent?.type !== 'Program' || isExported(fn)) return undefined;
  const refs = prov.referencesTo(fn);
  const uses: Node[] = [];
  for (const ref of refs) {
    const call = ref.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref) return undefined;
    const used = call.parent?.type === 'AwaitExpression' ? call.parent : call;
    if (used.parent?.type !== 'ExpressionStatement') return undefined;
    const reaches = reachesOf(call, prov);
    if (reaches.length === 0 || reaches.some((r) => r.handler !== 'tool' && r.handler !== 'prompt')) return undefined;
    uses.push(used.parent);
  }
  if (uses.length === 0) return undefined;
  return { fn, statement: declaration, kind: 'lazy', uses, flags: onceFlags(fn, prov) };
}

/** `let fetched = false` read and written only inside `fn`: it only made the fill run once. */
function onceFlags(fn: FunctionNode, prov: Provenance): Set<VariableLike> {
  const flags = new Set<VariableLike>();
  const inside = (n: Node) => n.range[0] >= fn.range[0] && n.range[1] <= fn.range[1];
  walkAll(fn.body, (n) => {
    if (n.type !== 'AssignmentExpression' || n.left.type !== 'Identifier' || unwrap(n.right).type !== 'Literal') return;
    const v = prov.variableOf(n.left);
    const declarator = v?.defs[0]?.node;
    if (!v || declarator?.type !== 'VariableDeclarator' || declarator.parent?.parent?.type !== 'Program' || declarator.parent.declarations.length !== 1) return;
    if (declarator.init && unwrap(declarator.init).type !== 'Literal') return;
    if (v.references.every((r) => inside(r.identifier) || r.identifier === declarator.id)) flags.add(v);
  });
  return flags;
}

function nodeSource(node: Node | undefined): string {
  if (!node) return '';
  const n = unwrap(node);
  if (n.type === 'Literal') return String(n.value);
  if (n.type === 'Identifier') return n.name;
  return '';
}

/**
 * The statements of a hook that stay (a capability gate's `else`); throws when the hook does
 * anything besides fetching roots into the state, logging, or that `else`.
 */
export function keptStatements(hook: Hook, c: HookContext): Node[] {
  const body = hook.fn.body;
  c.flags = hook.flags;
  c.skip = hook.debounce && new Set([...hook.debounce.statements, ...hook.debounce.resets]);
  if (body.type !== 'BlockStatement') {
    if (!rootsExpression(body, c, new Set())) throw new Unprovable('lifecycle', 'the hook does more than fetch roots');
    return [];
  }
  const kept = block(body.body, c, new Set());
  // The debounce timer's callback runs the fill later: it is the handler's own work.
  const later = hook.debounce?.callback?.body;
  if (later) kept.push(...(later.type === 'BlockStatement' ? block(later.body, c, new Set()) : rootsExpression(later, c, new Set()) ? [] : [later]));
  return kept;
}

function block(statements: readonly Node[], c: HookContext, locals: Set<VariableLike>): Node[] {
  const kept: Node[] = [];
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i]!;
    if (onceFlag(s, c) || c.skip?.has(s)) continue;
    // `if (!caps?.roots) return;`: what follows only ran for clients with roots.
    if (s.type === 'IfStatement' && isNegatedGate(s.test, c) && exits(s.consequent, c) && !s.alternate) {
      block(statements.slice(i + 1), c, locals);
      return kept;
    }
    kept.push(...statement(s, c, locals));
  }
  return kept;
}

function statement(s: Node, c: HookContext, locals: Set<VariableLike>): Node[] {
  switch (s.type) {
    case 'ExpressionStatement': {
      if (rootsExpression(s.expression, c, locals)) return [];
      // An IIFE's body is the hook's own code, run in place: it goes when all of it only fetched roots.
      const inPlace = inPlaceBody(s.expression, c);
      if (inPlace) {
        const inner = new Set(locals);
        for (const param of inPlace.params) walkAll(param, (n) => n.type === 'Identifier' && addLocal(n, c, inner));
        const { body } = inPlace;
        if ((body.type === 'BlockStatement' ? block(body.body, c, inner) : rootsExpression(body, c, inner) ? [] : [body]).length === 0) return [];
      }
      break;
    }
    case 'VariableDeclaration':
      // `const { applied } = fill(answer)`: the state's write whose result the hook keeps in locals of its own.
      if (s.declarations.every((d) => d.init && (touchesRoots(d.init, c) || onlyLocals(d.init, c, locals) || isCapabilitiesRead(d.init) || c.writes.has(unwrap(d.init.type === 'AwaitExpression' ? d.init.argument : d.init)) || (!!c.repeatable && derivedLocally(d.init, c, locals))))) {
        for (const d of s.declarations) walkAll(d.id, (n) => n.type === 'Identifier' && addLocal(n, c, locals));
        return [];
      }
      break;
    case 'BlockStatement':
      return block(s.body, c, locals);
    case 'FunctionDeclaration':
      if (c.fetchers?.has(s)) return [];
      break;
    case 'IfStatement': {
      if (isGate(s.test, c)) {
        const inner = statement(s.consequent, c, locals);
        if (inner.length) break;
        // Per request, a no-roots path writing the state a plain value is replayed: the helper then runs for every client.
        if (s.alternate && replays(s.alternate, c)) return [];
        return s.alternate ? [s.alternate] : [];
      }
      if (isNegatedGate(s.test, c)) {
        if (s.alternate && statement(s.alternate, c, locals).length) break;
        if (replays(s.consequent, c)) return [];
        return [s.consequent];
      }
      if (onlyLocals(s.test, c, locals)) return [...statement(s.consequent, c, locals), ...(s.alternate ? statement(s.alternate, c, locals) : [])].length ? fail(s) : [];
      break;
    }
    case 'TryStatement': {
      const tried = () => statement(s.block, c, locals).length === 0;
      // A catch that only reports, or (per request) writes the state a plain value: the path of a failed request, replayed.
      const caught = () => !s.handler || s.handler.body.body.every((h) => h.type === 'ExpressionStatement' && (isConsoleCall(h.expression) || repeatable(h.expression, c))) || replays(s.handler.body, c);
      if (!s.finalizer && tried() && caught()) return [];
      // Per request (only there is `repeatable` set): a finally that re-derives state from the roots
      // state stays in the helper, which then runs for every client, as the block did (finally-derivations.ts).
      if (c.repeatable && s.finalizer && s.finalizer.body.length > 0) {
        const derived = finallyDerivations(s.finalizer, c.prov);
        if (!derived) {
          throw new Unprovable('lifecycle', `the fill's finally block (line ${locOf(s.finalizer).start.line}) does more than call a function of this file that re-derives state (it ran for every client, one that declares no roots included)`);
        }
        if (tried() && caught()) {
          (c.derivations ??= []).push(...derived);
          c.everyClient = true;
          return [];
        }
      }
      break;
    }
    case 'ReturnStatement':
      if (!s.argument) return [];
      break;
    case 'EmptyStatement':
      return [];
  }
  return fail(s);
}

/** `if (fetched) return;` or `fetched = true;` on one of the hook's once-flags. */
function onceFlag(s: Node, c: HookContext): boolean {
  const isFlag = (n: Node) => {
    const x = unwrap(n);
    const v = x.type === 'Identifier' ? c.prov.variableOf(x) : undefined;
    return !!v && !!c.flags?.has(v);
  };
  // `if (!initialized) return;` reads the flag as much as `if (fetched) return;`.
  const test = unwrap(s.type === 'IfStatement' ? s.test : s);
  if (s.type === 'IfStatement' && !s.alternate && exits(s.consequent)) return isFlag(test.type === 'UnaryExpression' && test.operator === '!' ? test.argument : test);
  return s.type === 'ExpressionStatement' && s.expression.type === 'AssignmentExpression' && isFlag(s.expression.left) && unwrap(s.expression.right).type === 'Literal';
}

/** A gate's no-roots path the per-request helper replays (else-writes.ts): noted, so the helper runs for every client. */
function replays(s: Node, c: HookContext): boolean {
  const writes = replayedElse(s, c);
  if (!writes) return false;
  c.everyClient = true;
  (c.replayed ??= []).push(...writes);
  return true;
}

function repeatable(e: Node, c: HookContext): boolean {
  return !!c.repeatable?.has(unwrap(e.type === 'AwaitExpression' ? e.argument : e));
}

function fail(s: Node): never {
  throw new Unprovable('lifecycle', `the hook does more than fetch roots (line ${locOf(s).start.line})`);
}

function rootsExpression(e: Node, c: HookContext, locals: Set<VariableLike>): boolean {
  // `void fill()` starts the same work as `fill()`.
  if (e.type === 'UnaryExpression' && e.operator === 'void') return rootsExpression(e.argument, c, locals);
  const x = unwrap(e.type === 'AwaitExpression' ? e.argument : e);
  if (isConsoleCall(x)) return true;
  if (c.writes.has(x) || repeatable(x, c)) return true;
  // `ready = refresh()` / `this.ready = this.refresh()` (the fill's promise kept for the tools) and `await ready;`.
  if (x.type === 'AssignmentExpression' && x.operator === '=' && isFill(x.right, c, locals) && storedFill(x.left, c)) return true;
  if (e.type === 'AwaitExpression' && storedFill(x, c)) return true;
  if (x.type === 'CallExpression') {
    const fn = fillFunctionOf(x.callee, c.prov);
    if (fn && c.helpers.has(fn)) return true;
  }
  // `roots = result.roots` into a local of the hook.
  if (x.type === 'AssignmentExpression' && x.left.type === 'Identifier') {
    const v = c.prov.variableOf(x.left);
    if (v && locals.has(v) && (touchesRoots(x.right, c) || onlyLocals(x.right, c, locals))) return true;
  }
  return false;
}

/** `refresh()` of a fill function, or the roots request's own `.then` chain: the fill itself, nothing else. */
function isFill(e: Node, c: HookContext, locals: Set<VariableLike>): boolean {
  const x = unwrap(e);
  if (x.type === 'CallExpression' && x.arguments.every((a) => onlyLocals(a, c, locals))) {
    const fn = fillFunctionOf(x.callee, c.prov);
    if (fn && c.helpers.has(fn)) return true;
  }
  const inPlace = inPlaceBody(x, c);
  if (!inPlace) return false;
  const inner = new Set(locals);
  for (const param of inPlace.params) walkAll(param, (n) => n.type === 'Identifier' && addLocal(n, c, inner));
  return (inPlace.body.type === 'BlockStatement' ? block(inPlace.body.body, c, inner) : rootsExpression(inPlace.body, c, inner) ? [] : [inPlace.body]).length === 0;
}

/**
 * `let ready = Promise.resolve();` outside the hook (or a class field `this.ready`), assigned only
 * fills and otherwise only awaited as a statement (`await ready;`, in the tools or the hooks): it only
 * made callers wait for the fill, which configuration loaded at start-up no longer needs. Recorded in `c.stored`.
 */
function storedFill(target: Node, c: HookContext): boolean {
  const x = unwrap(target);
  if (x.type === 'Identifier') return storedVariable(x, c);
  if (x.type === 'MemberExpression' && x.object.type === 'ThisExpression') return storedField(x, c);
  return false;
}

function storedVariable(id: TSESTree.Identifier, c: HookContext): boolean {
  const v = c.prov.variableOf(id);
  const declarator = v?.defs[0]?.node;
  if (!v || v.defs.length !== 1 || declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.declarations.length !== 1) return false;
  if (declarator.parent.parent?.type === 'ExportNamedDeclaration') return false;
  if (c.stored?.has(v)) return true;
  // No value yet, or a settled promise: nothing but the fill ever waits on it.
  if (!settled(declarator.init, c)) return false;
  const uses = storedUses(v.references.filter((r) => r.identifier !== declarator.id).map((r) => r.identifier as Node));
  if (!uses) return false;
  c.stored ??= new Map();
  c.stored.set(v, { declaration: declarator.parent, ...uses });
  return true;
}

/** `this.ready`: every use of the field in its class is a write of a fill or an `await this.ready;` statement. */
function storedField(member: TSESTree.MemberExpression, c: HookContext): boolean {
  const name = propertyName(member);
  const cls = thisClass(member);
  if (!name || !cls || member.computed) return false;
  const known = [...(c.stored?.keys() ?? [])].find((k) => (k as { cls?: Node }).cls === cls && k.name === `this.${name}`);
  if (known) return true;
  let declaration: Node | undefined;
  const refs: Node[] = [];
  walkAll(cls, (n) => {
    if (n.type === 'PropertyDefinition' && !n.computed && !n.static && propertyName(n) === name) declaration = n;
    if (n.type === 'MemberExpression' && n.object.type === 'ThisExpression' && !n.computed && propertyName(n) === name && thisClass(n) === cls) refs.push(n);
  });
  if (declaration?.type === 'PropertyDefinition' && !settled(declaration.value ?? undefined, c)) return false;
  const uses = storedUses(refs);
  if (!uses) return false;
  c.stored ??= new Map();
  c.stored.set({ name: `this.${name}`, cls } as StoredPromise, { ...(declaration ? { declaration } : {}), ...uses });
  return true;
}

/** No initial value, `undefined`, `null` or `Promise.resolve()`. */
function settled(init: Node | null | undefined, c: HookContext): boolean {
  const x = init && unwrap(init);
  return !x || (x.type === 'Identifier' && x.name === 'undefined') || (x.type === 'Literal' && x.value === null) || c.text.slice(x.range[0], x.range[1]).replace(/\s/g, '') === 'Promise.resolve()';
}

/** Each use written as `target = …;` or awaited as `await target;`; undefined when one is anything else. */
function storedUses(refs: Node[]): { awaits: Node[]; writes: Node[] } | undefined {
  const awaits: Node[] = [];
  const writes: Node[] = [];
  for (const r of refs) {
    const p = r.parent;
    if (p?.type === 'AssignmentExpression' && p.left === r) {
      if (p.operator !== '=' || p.parent?.type !== 'ExpressionStatement') return undefined;
      writes.push(p);
    } else if (p?.type === 'AwaitExpression' && p.parent?.type === 'ExpressionStatement') awaits.push(p.parent);
    else return undefined;
  }
  return { awaits, writes };
}

/**
 * The fill function a callee names: a same-file function (`refresh`), or a method of the class the
 * call sits in (`this.refresh`).
 */
export function fillFunctionOf(callee: Node, prov: Provenance): FunctionNode | undefined {
  const x = unwrap(callee);
  if (x.type === 'Identifier') return localFunction(x, prov);
  if (x.type !== 'MemberExpression' || x.object.type !== 'ThisExpression' || x.computed) return undefined;
  const name = propertyName(x);
  const cls = thisClass(x);
  let value: Node | null | undefined;
  for (const m of cls?.body.body ?? []) {
    if ((m.type === 'MethodDefinition' && m.kind === 'method') || m.type === 'PropertyDefinition') {
      if (!m.static && !m.computed && propertyName(m) === name) value = m.value;
    }
  }
  return value && (value.type === 'FunctionExpression' || value.type === 'ArrowFunctionExpression') ? value : undefined;
}

/** `server.server.getClientCapabilities()`: only read to check the roots capability. */

function touchesRoots(node: Node, c: HookContext): boolean {
  let found = false;
  walkAll(node, (n) => {
    if (c.requests.has(n)) found = true;
    if (n.type === 'CallExpression') {
      const fn = fillFunctionOf(n.callee, c.prov);
      if (fn && c.helpers.has(fn)) found = true;
    }
  });
  return found;
}

/** Reads nothing but the hook's own roots-derived locals (plus literals and property names). */
function onlyLocals(node: Node, c: HookContext, locals: Set<VariableLike>): boolean {
  let ok = true;
  walkAll(node, (n) => {
    if (n.type === 'CallExpression' || n.type === 'AssignmentExpression' || n.type === 'UpdateExpression' || n.type === 'AwaitExpression') ok = false;
    if (n.type !== 'Identifier') return;
    const p = n.parent;
    if (p?.type === 'MemberExpression' && p.property === n && !p.computed) return;
    if (n.name === 'undefined') return;
    const v = c.prov.variableOf(n);
    if (!v || !locals.has(v)) ok = false;
  });
  return ok;
}

/**
 * Per request only (the helper runs whole, so nothing here is dropped, only repeated): the hook's
 * locals reshaped by pure array and string methods, `roots.map((root) => root.uri)`, whose callbacks
 * read only their parameters and those locals.
 */
function derivedLocally(node: Node, c: HookContext, locals: Set<VariableLike>): boolean {
  const inner = new Set(locals);
  let ok = true;
  walkAll(node, (n) => {
    if (n.type !== 'CallExpression') return;
    const callee = unwrap(n.callee);
    // `extractRoots(result)`: a function of this file that only computes a value (pure-helpers.ts).
    if (pureLocalFunction(callee, c.prov)) return;
    if (callee.type !== 'MemberExpression' || !PURE_METHODS.has(propertyName(callee) ?? '')) ok = false;
    for (const arg of n.arguments) if (arg.type === 'ArrowFunctionExpression') for (const p of arg.params) walkAll(p, (x) => x.type === 'Identifier' && addLocal(x, c, inner));
  });
  if (!ok) return false;
  // Now every call is a pure method: what remains is reading locals only (calls aside).
  let reads = true;
  walkAll(node, (n) => {
    if (n.type === 'AssignmentExpression' || n.type === 'UpdateExpression' || n.type === 'AwaitExpression' || n.type === 'NewExpression') reads = false;
    if (n.type !== 'Identifier') return;
    const p = n.parent;
    if (p?.type === 'MemberExpression' && p.property === n && !p.computed) return;
    if (p?.type === 'Property' && p.key === n && !p.computed && p.value !== n) return;
    if (n.name === 'undefined' || (p?.type === 'ArrowFunctionExpression' && p.params.includes(n as TSESTree.Parameter))) return;
    if (p?.type === 'CallExpression' && p.callee === n && pureLocalFunction(n, c.prov)) return;
    const v = c.prov.variableOf(n);
    if (!v || !inner.has(v)) reads = false;
  });
  return reads;
}



function addLocal(id: TSESTree.Identifier, c: HookContext, locals: Set<VariableLike>): void {
  const v = c.prov.variableOf(id);
  if (v) locals.add(v);
}

function isGate(test: Node, c: HookContext): boolean {
  const t = unwrap(test);
  if ([...c.gates].some((g) => g === t || (g.range[0] >= t.range[0] && g.range[1] <= t.range[1] && t.type !== 'UnaryExpression' && gateOnly(t, g)))) return true;
  return false;
}

/** The test is the gate itself, or the gate joined with `&&` to checks on the same capabilities object. */
function gateOnly(test: Node, gate: Node): boolean {
  if (test === gate) return true;
  const t = unwrap(test);
  return t.type === 'LogicalExpression' && t.operator === '&&' && (gateOnly(t.right, gate) || gateOnly(t.left, gate));
}

function isNegatedGate(test: Node, c: HookContext): boolean {
  const t = unwrap(test);
  return t.type === 'UnaryExpression' && t.operator === '!' && [...c.gates].some((g) => g === unwrap(t.argument) || g.range[0] >= t.argument.range[0] && g.range[1] <= t.argument.range[1] && unwrap(t.argument).type !== 'LogicalExpression');
}

function exits(s: Node, c?: HookContext): boolean {
  // Per request, a helper may first repeat what it runs anyway: `{ log('info', …); useCwd(); return; }`.
  if (c?.repeatable && s.type === 'BlockStatement' && s.body.length > 1) {
    const before = s.body.slice(0, -1);
    if (before.every((x) => x.type === 'ExpressionStatement' && (isConsoleCall(x.expression) || repeatable(x.expression, c)))) return exits(s.body[s.body.length - 1]!);
  }
  const x = s.type === 'BlockStatement' && s.body.length === 1 ? s.body[0]! : s;
  return x.type === 'ReturnStatement' && !x.argument;
}

/** The statement declaring a helper function (for removal once nothing calls it). */
export function declarationOf(fn: FunctionNode): Node {
  if (fn.type === 'FunctionDeclaration') return fn.parent?.type === 'ExportNamedDeclaration' ? fn.parent : fn;
  if ((fn.parent?.type === 'MethodDefinition' || fn.parent?.type === 'PropertyDefinition') && fn.parent.value === fn) return fn.parent;
  return enclosingStatement(fn);
}

