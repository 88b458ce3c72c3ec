// `--lifecycle per-request` when the hooks hand the roots answer to a fill function imported from
// another module (`import update from './update.js'; … await update(response.roots)`), which writes
// the state there or through a setter of a third module, read by helpers of yet other modules the
// handlers import. Core `statesOf` follows helpers of the request's own file only; this follows the
// answer into the imported fill, finds the state it writes, and follows every read of that state back
// through the modules of the run to the calls this file's handlers make. The init hook becomes the
// per-request helper replaying the fill with the MRTR answer (as answer-fill.ts does for a same-file
// fill); the fill and the state stay as they are.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, contains, enclosingFunction, functionName, insert, isExported, isFunction, locOf, unwrap, walkAll } from '@uproot/core/planning';
import type { RootsSite, RootsState, VariableLike } from '@uproot/core/planning';
import type { HandlerChain, ProjectIndex } from './chains.ts';
import { handlerChain } from './chains.ts';
import { HELPER_NAMES } from './helpers-block.ts';
import { addParameter } from './rewrite.ts';
import type { DerivedState } from './rewrite.ts';
import { answerDerived, checkFillBody, fillName } from './answer-fill.ts';
import { awaitEdits, capabilityEdits, freshHelperName, onlyLogs } from './hook-helper.ts';
import { replayedArguments } from './fetcher-arguments.ts';
import { resultOnlyReported } from './fill-result.ts';
import { callsInto } from './calls-into.ts';
import { type ElsewhereHandler, planElsewhere, settleInHandlers } from './handlers-elsewhere.ts';
import { checkObjectUses, moduleObjectOf } from './module-object.ts';
import { fetcherArguments, fetcherParamCall, fetchingFunction } from './fetcher-param.ts';
import { isTestFileOf } from './test-files.ts';
import { type SetterHolder, checkOtherWriters, siblingVariables } from './other-writers.ts';
import { inReport } from './reports.ts';
import { atStartup } from './startup.ts';
import { shownOnly, shownTimingNote } from './shown-reads.ts';
import { type StatePlan, type StateTools, onlyHandlers } from './state.ts';
import { type Unit, Unprovable } from './unit.ts';
import { eraSplitRequests, requestReplacement } from './request-options.ts';
import { syncHandlerBlocker } from './sync-handler.ts';
import type { UnitIndex } from './project-index.ts';
import { type Hook, type HookContext, declarationOf, fillerOf, hookOf, keptStatements, triggersOf } from '../param/state/hooks.ts';

export type { UnitIndex } from './project-index.ts';

type Reason = NonNullable<RootsSite['reason']>;


/** The imported fill the sites' answers are handed to, when there is one (undefined: not this shape). */
export function importedFillOf(unit: Unit, sites: readonly RootsSite[]): { callee: TSESTree.Identifier; sites: RootsSite[] } | undefined {
  const callee = firstImportedFill(unit, sites);
  if (!callee) return undefined;
  // The sites whose fetching function hands its answer to that fill; any other keeps its own marker.
  const requests = new Set<Node>(sites.map((s) => s.node));
  const refs = unit.prov.variableOf(callee)?.references.map((r) => r.identifier) ?? [];
  const own = sites.filter((s) => {
    const fn = fetchingFunction(s.node, requests, unit.prov);
    return !!fn && refs.some((r) => contains(fn, r));
  });
  return { callee, sites: own };
}

/**
 * The expression holds (part of) the answer: the request itself, a `const` initialized from it, or the
 * parameter of the request's `.then` callback. (answerDerived also lets constants through, `[]` among them.)
 */
function mentionsAnswer(expr: Node, unit: Unit, requests: ReadonlySet<Node>, depth: number): boolean {
  let found = false;
  walkAll(expr, (n) => {
    if (found) return;
    if (requests.has(n)) found = true;
    if (n.type !== 'Identifier' || depth >= 3) return;
    const def = unit.prov.variableOf(n)?.defs[0];
    const node = def?.node as Node | undefined;
    if (node?.type === 'VariableDeclarator' && node.init && node.id !== n) found = mentionsAnswer(node.init, unit, requests, depth + 1);
    else if (def?.type === 'Parameter' && node && isFunction(node)) {
      const then = node.parent;
      found = then?.type === 'CallExpression' && then.callee.type === 'MemberExpression' && requests.has(unwrap(then.callee.object));
    }
  });
  return found;
}

/**
 * What the call hands the fill: the answer (every argument derived from it, one mentioning it), or a
 * function fetching it (fetcher-param.ts; any other argument a constant): the fetcher's index then.
 * Undefined when it is neither.
 */
function handedOver(call: TSESTree.CallExpression, caller: FunctionNode, unit: Unit, requests: ReadonlySet<Node>): { answer: true } | { fetcher: number } | undefined {
  if (call.arguments.length === 0) return undefined;
  const context = { prov: unit.prov, requests, writes: new Set<Node>() };
  const fetchers = fetcherArguments(call, unit.prov, requests);
  if (fetchers.length === 1) {
    const others = call.arguments.filter((_, i) => i !== fetchers[0]!.index);
    return others.every((a) => answerDerived(a, caller, context) && !mentionsAnswer(a, unit, requests, 0) && !isFunction(unwrap(a))) ? { fetcher: fetchers[0]!.index } : undefined;
  }
  // A function among the arguments is not the answer, even when it reads it.
  if (fetchers.length > 0 || call.arguments.some((a) => isFunction(unwrap(a)))) return undefined;
  return call.arguments.every((a) => answerDerived(a, caller, context)) && call.arguments.some((a) => mentionsAnswer(a, unit, requests, 0)) ? { answer: true } : undefined;
}

function firstImportedFill(unit: Unit, sites: readonly RootsSite[]): TSESTree.Identifier | undefined {
  const requests = new Set<Node>(sites.map((s) => s.node));
  for (const site of sites) {
    const hook = fetchingFunction(site.node, requests, unit.prov);
    let found: TSESTree.Identifier | undefined;
    if (hook) {
      walkAll(hook.body, (n) => {
        if (found || n.type !== 'CallExpression' || n.callee.type !== 'Identifier' || !importBinding(n.callee, unit)) return;
        if (handedOver(n, hook, unit, requests)) found = n.callee;
      });
    }
    if (found) return found;
  }
  return undefined;
}

export function planImportedFill(unit: Unit, sites: readonly RootsSite[], callee: TSESTree.Identifier, project: ProjectIndex | undefined, tools: StateTools): StatePlan {
  const reason: Reason = sites[0]!.reason ?? 'lifecycle';
  const fail = (why: string): never => {
    throw new Unprovable(reason, why);
  };
  const units = project && 'unitAt' in project ? (project as ProjectIndex & UnitIndex) : undefined;
  if (!units) fail(`${callee.name}() fills the roots state in another module; run uproot migrate on the whole project so that module is seen`);
  const requests = new Set<Node>(sites.map((s) => s.node));
  const listChanged = new Set<Node>(unit.sites.filter((s) => s.kind === 'list-changed' && s.side === 'server').map((s) => s.node));
  const hooks: Hook[] = [];
  const addHook = (hook: Hook) => {
    if (!hooks.some((h) => h.statement === hook.statement)) hooks.push(hook);
  };
  // The request sits in a hook, or in a named function without parameters the hooks run (`await fillRoots();`).
  let named: FunctionNode | undefined;
  let replayed: string[] = [];
  const intermediates = new Set<FunctionNode>();
  for (const site of sites) {
    const fn = fetchingFunction(site.node, requests, unit.prov);
    const hook = fn && hookOf(fn, listChanged);
    if (hook) {
      addHook(hook);
      continue;
    }
    // Functions between a hook and the fetcher (`fillRoots()` awaited in the hook, calling it) go with the hooks.
    const triggers = fn && !methodOrThis(fn) ? triggersOf(fn, unit.prov, listChanged, intermediates) : undefined;
    if (!triggers) return fail(`the roots handed to ${callee.name}() are fetched at line ${site.line} outside a lifecycle hook, a list_changed handler or a function only they run`);
    const replay = replayedArguments(fn!, triggers, unit.prov, unit.text, listChanged);
    if ('why' in replay) return fail(`the roots handed to ${callee.name}() are fetched by ${functionName(fn!) ?? 'a function'}() with parameters: ${replay.why}`);
    replayed = replay.texts;
    if (named && named !== fn) fail(`the roots handed to ${callee.name}() are fetched by more than one function`);
    named = fn!;
    for (const t of triggers) addHook(t);
  }
  const fetchers = new Set<FunctionNode>([...hooks.map((h) => h.fn), ...(named ? [named] : [])]);
  // A function fetching the roots, declared outside the hook that hands it over, would keep asking the old way.
  for (const site of sites) if (![...fetchers].some((f) => contains(f, site.node))) fail(`the function that fetches the roots handed to ${callee.name}() is declared outside the hook handing it over (line ${site.line}), where a per-request helper cannot hand it this request's answer`);
  // Every use of the imported fill here is a statement of a hook handing it the answer and nothing else.
  const answerCalls: TSESTree.CallExpression[] = [];
  // Where the hooks hand a function fetching the roots instead: its argument index, one for every call.
  let fetcherIndex: number | undefined;
  for (const ref of unit.prov.variableOf(callee)?.references ?? []) {
    const call = ref.identifier.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref.identifier) return fail(`${callee.name}() is used at line ${locOf(ref.identifier).start.line} other than by a call`);
    const caller = fillerOf(call, requests);
    if (!caller || !fetchers.has(caller)) return fail(`${callee.name}() is called at line ${locOf(call).start.line} from outside the hooks that fetch the roots`);
    if (!awaitedStatement(call, requests) && !resultOnlyReported(call, caller, unit.prov)) fail(`the result of ${callee.name}() is used at line ${locOf(call).start.line}, which a per-request helper would not keep`);
    const handed = handedOver(call, caller, unit, requests);
    if (!handed) fail(`${callee.name}() is given something besides the roots answer at line ${locOf(call).start.line}`);
    const index = handed && 'fetcher' in handed ? handed.fetcher : undefined;
    if (answerCalls.length > 0 && index !== fetcherIndex) fail(`${callee.name}() is handed the roots answer at one call and a function fetching them at another (line ${locOf(call).start.line}), or that function at another argument`);
    fetcherIndex = index;
    answerCalls.push(call);
  }
  // The fill, parsed as a unit of the run (its own module may hold the state).
  const fillUnit = importedUnit(unit, callee, units!);
  if (!fillUnit) return fail(`${callee.name}() comes from a module uproot cannot read`);
  const { unit: other, fn: fill } = fillUnit;
  // The state is what the fill writes that outlives it: its module's variables (a setter it calls
  // is found by checkFillBody as a mirror). Whatever else it does decides whether it may be replayed.
  const fillWrites = new Set<Node>();
  const states = new Map<unknown, RootsState>();
  // A module object whose properties the fill assigns (`state.roots = …`) is a state too (module-object.ts).
  const objects = new Set<VariableLike>();
  walkAll(fill.body, (n) => {
    if (n.type !== 'AssignmentExpression') return;
    const object = n.left.type === 'MemberExpression' ? moduleObjectOf(n, other.prov) : undefined;
    if (object) {
      fillWrites.add(n);
      objects.add(object.variable);
      const known = states.get(object.variable);
      if (known) known.writes.push({ node: n, value: n.right });
      else states.set(object.variable, { kind: 'module-variable', name: object.name, variable: object.variable, writes: [{ node: n, value: n.right }] });
      return;
    }
    if (n.left.type !== 'Identifier') return;
    const variable = other.prov.variableOf(n.left);
    const declared = variable?.defs[0]?.name;
    if (!variable || !declared || enclosingFunction(declared)) return;
    fillWrites.add(n);
    const known = states.get(variable);
    if (known) known.writes.push({ node: n, value: n.right });
    else states.set(variable, { kind: 'module-variable', name: n.left.name, variable, writes: [{ node: n, value: n.right }] });
  });
  // Handed a function that fetches the roots, the fill's one awaited call of it is its fetch (fetcher-param.ts).
  const fetch = fetcherIndex === undefined ? undefined : fetcherParamCall(fill, fetcherIndex, other.prov, reason, fillName(fill));
  const mirrors = checkFillBody(fill, { prov: other.prov, requests: new Set(), writes: fillWrites, ...(fetch ? { fetch } : {}) }, reason);
  for (const m of mirrors) if (m.kind !== 'class-field' && !states.has(m.variable)) states.set(m.variable, m);
  if (states.size === 0) fail(`uproot cannot tell which state ${fillName(fill)}() keeps the roots in`);
  // The fill runs only from this file's hooks.
  checkOnlyCalledFrom(other, fill, unit, new Set(answerCalls), units!, fail);
  // What each hook keeps besides handing the answer over only reports.
  const gates = new Set<Node>(unit.sites.filter((s) => s.kind === 'capability' && s.side === 'server' && [...hooks.map((h) => h.statement), ...fetchers].some((h) => contains(h, s.node))).map((s) => s.node));
  const handedFetchers = new Set<Node>(answerCalls.flatMap((call) => fetcherArguments(call, unit.prov, requests).map((f) => f.fetcher)));
  const context: HookContext = { prov: unit.prov, text: unit.text, requests, gates, helpers: new Set([...(named ? [named] : []), ...intermediates]), writes: new Set(answerCalls), fetchers: handedFetchers };
  const asHook = (fn: FunctionNode): Hook => ({ fn, statement: declarationOf(fn), kind: 'background' });
  for (const hook of [...hooks, ...(named ? [asHook(named)] : []), ...[...intermediates].map(asHook)]) onlyLogs(keptStatements(hook, context), reason, hook.kind !== 'background' || hooks.every((h) => h.kind === 'init' || h.kind === 'refresh'));
  const inits = hooks.filter((h) => h.kind === 'init');
  if (named ? inits.length === 0 : inits.length !== 1) fail(`what ${fillName(fill)}() fills is filled by ${inits.length === 0 ? 'no' : 'more than one'} initialization hook`);
  // The helper: the named function the hooks run, else the init hook itself.
  const init = inits[0]!;
  const helper = named ?? init.fn;
  const hookStatements = hooks.map((h) => h.statement);
  // Each state: written only by the fill (and the start-up code here), read only through this file's handlers.
  const calls = new Set<Node>();
  // Reads in handlers other modules register are collected there (handlers-elsewhere.ts), not followed on.
  const readers: ElsewhereHandler[] = [];
  for (const state of states.values()) {
    const found = holderOf(state, other, units!);
    if (!found) return fail(`${state.name} keeps the roots in a module uproot cannot read`);
    // A setter's state is every module variable it assigns; the others must be written as checkOtherWriters allows.
    const group = found.setter ? [found.variable, ...siblingVariables(found as SetterHolder)] : [found.variable];
    for (const variable of group) {
      const holder = { ...found, variable };
      // An exported binding is read by its importers without a reference here: their reads would go unseen.
      if (exportedBinding(holder.variable)) fail(`${holder.variable.name} is exported from ${shown(unit, holder.unit)}, so its importers read it directly`);
      if (variable === found.variable) checkWrites(holder, state, fill, other, unit, hookStatements, units!, fail);
      if (objects.has(variable)) checkObjectUses(variable, [fill], shown(unit, holder.unit), fail);
      if (found.setter) checkOtherWriters(found as SetterHolder, variable, group, unit, hookStatements, units!, fail);
      for (const ref of holder.variable.references) {
        if (ref.isWrite() || ref.identifier === holder.variable.defs[0]?.name) continue;
        const broken: { why?: string } = {};
        const reaching = callsInto(holder.unit, ref.identifier, unit, units!, 0, new Set(), { settled: settleInHandlers(readers), broken });
        if (!reaching) return fail(`${holder.variable.name} is read in ${shown(unit, holder.unit)} at line ${locOf(ref.identifier).start.line} by code no handler can be shown to reach${broken.why ? `: ${broken.why}` : ''}`);
        for (const c of reaching) calls.add(c);
      }
    }
  }
  const callbacks = new Map<FunctionNode, HandlerChain>();
  const shownReads: Node[] = [];
  for (const call of calls) {
    // Reads in the hooks (their logging) go with them; start-up code keeps the start-up value.
    if ([...hookStatements, ...fetchers].some((h) => contains(h, call)) || atStartup(call, hookStatements, unit.prov)) continue;
    // A read outside any MCP request that only picks what a log line or a non-MCP response says (shown-reads.ts).
    if (shownOnly(call, unit.prov)) {
      shownReads.push(call);
      continue;
    }
    if (inReport(call)) continue;
    for (const reach of onlyHandlers(call, unit, `what ${fillName(fill)}() fills`, reason)) {
      if (!callbacks.has(reach.callback!)) callbacks.set(reach.callback!, handlerChain(sites[0]!, { ...reach, hops: [] }, unit, unit, []));
    }
  }
  const registered = readers.length ? planElsewhere(readers, { unit, site: sites[0]!, stateName: `what ${fillName(fill)}() fills`, fill: named, hooks: hookStatements, project: units!, reason }) : undefined;
  if (callbacks.size === 0 && !registered) fail(`no tools/call, prompts/get or resources/read handler reads what ${fillName(fill)}() fills`);
  const scope = named ? declarationOf(named).parent : init.statement.parent;
  for (const chain of callbacks.values()) {
    const sync = syncHandlerBlocker(chain);
    if (sync) fail(`a handler reading what ${fillName(fill)}() fills ${sync}, so it cannot await the roots`);
    if (!scope || !contains(scope, chain.callback)) fail(`a handler reading what ${fillName(fill)}() fills cannot see the function that fetches the roots`);
  }
  if (!named && helper.params.length > 0) fail('the initialization hook takes parameters, which a per-request helper would not have');
  const ctx = 'ctx';
  const name = named ? functionName(named) : freshHelperName(unit.text);
  if (!name) return fail('the function that fetches the roots has no name the handlers can call');
  const edits: TextEdit[] = named
    ? []
    : [
        // `x.oninitialized = async () => {` → `const deriveRootsState = async (ctx) => {`
        { start: init.statement.range[0], end: init.fn.range[0], text: `const ${name} = ` },
        { start: init.fn.range[1], end: init.statement.range[1], text: ';' },
      ];
  edits.push(...addParameter(helper, unit, 0, ctx));
  const split = eraSplitRequests([...requests].filter((r) => contains(helper, r)));
  for (const request of requests) if (contains(helper, request)) edits.push({ start: request.range[0], end: request.range[1], text: requestReplacement(unit.text, request, ctx, split) });
  edits.push(...capabilityEdits(helper, unit, ctx, tools, reason));
  // Work the helper starts in place (an IIFE, the request's `.then`) is awaited, and so is the fill's
  // promise, the state being filled: the helper settles only once it has.
  const inHelper = answerCalls.filter((c) => contains(helper, c));
  edits.push(...awaitEdits(helper, inHelper, requests, reason));
  for (const call of inHelper) if (fill.async && call.parent?.type === 'ExpressionStatement') edits.push(insert(call.range[0], 'await '));
  const retire = [...hooks.filter((h) => named || h !== init).map((h) => h.statement), ...[...intermediates].map(declarationOf)].map((statement) => ({ unit, range: tools.statementRange(unit, statement) }));
  const everyClient = !!fetch && caughtIn(fetch, fill);
  const covered = unit.sites.filter((s) => [...hooks.map((h) => h.statement), ...(named ? [named] : [])].some((h) => contains(h, s.node)));
  const eraSplit = split.size ? { covered } : undefined;
  const derived: DerivedState[] = [...callbacks.values(), ...(registered?.chains.map((c) => c.chain) ?? [])].map((chain, i) => ({
    chain,
    retire,
    // A fill that catches its own fetch's failure ran that path for a client without roots too (its request
    // failed): per request the fetcher fails the same way (rootsFromAnswer's "Method not found"), so it runs for every client.
    declaration: (c) => (everyClient ? `await ${name}(${[...replayed, c].join(', ')});` : `if (${HELPER_NAMES.declares}(${c}, ${chain.server})) await ${name}(${[...replayed, c].join(', ')});`),
    ...(i === 0 ? { edits, contextType: unit.typescript, at: unit, ...(registered ? { elsewhere: registered.edits } : {}) } : {}),
    ...(eraSplit ? { eraSplit } : {}),
  }));
  return { states: derived, covered, ...(shownReads.length ? { note: shownTimingNote(shownReads.map((n) => locOf(n).start.line)) } : {}) };
}

/** `node` runs inside a `try` of `fn` that catches (its failure handled there). */
function caughtIn(node: Node, fn: FunctionNode): boolean {
  for (let x: Node | undefined = node; x && x !== fn; x = x.parent) {
    const p: Node | undefined = x.parent;
    if (p?.type === 'TryStatement' && p.block === x && p.handler) return true;
  }
  return false;
}

/**
 * The call is a statement of its own (awaited or not: the helper awaits it), or what the request's
 * `.then` callback returns in an awaited statement (`await request.then(({ roots }) => fill(roots));`).
 */
function awaitedStatement(call: TSESTree.CallExpression, requests: ReadonlySet<Node>): boolean {
  const used = call.parent?.type === 'AwaitExpression' ? call.parent : call;
  if (used.parent?.type === 'ExpressionStatement') return true;
  const callback = call.parent;
  if (callback?.type !== 'ArrowFunctionExpression' || callback.body !== call) return false;
  const then = callback.parent;
  if (then?.type !== 'CallExpression' || then.arguments[0] !== callback || then.callee.type !== 'MemberExpression' || !requests.has(unwrap(then.callee.object))) return false;
  return then.parent?.type === 'AwaitExpression' && then.parent.parent?.type === 'ExpressionStatement';
}

/** Another module as the marker names it: relative to the file the marker is in (a path of this machine would be written into the source). */
function shown(unit: Unit, other: Unit): string {
  const relative = path.relative(path.dirname(unit.path), other.path).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** `export let allowed = []`: the declaration itself is exported (an `export { allowed }` is a reference, followed as a read). */
function exportedBinding(variable: VariableLike): boolean {
  const declarator = variable.defs[0]?.node as Node | undefined;
  return declarator?.type === 'VariableDeclarator' && declarator.parent?.parent?.type === 'ExportNamedDeclaration';
}

/** A method (whose `this` the handlers would have to share) or a function using a `this` of its own. */
function methodOrThis(fn: FunctionNode): boolean {
  if (fn.parent?.type === 'MethodDefinition' || fn.parent?.type === 'PropertyDefinition') return true;
  let found = false;
  if (fn.type !== 'ArrowFunctionExpression') walkAll(fn.body, (n) => (found ||= n.type === 'ThisExpression'));
  return found;
}

function importBinding(id: TSESTree.Identifier, unit: Unit): TSESTree.ImportDeclaration | undefined {
  const def = unit.prov.variableOf(id)?.defs[0];
  if (def?.type !== 'ImportBinding' || def.parent?.type !== 'ImportDeclaration') return undefined;
  return def.node.type === 'ImportSpecifier' || def.node.type === 'ImportDefaultSpecifier' ? def.parent : undefined;
}

/** The function an import names, followed through barrels, as a node of its module's unit. */
function importedUnit(unit: Unit, id: TSESTree.Identifier, units: UnitIndex): { unit: Unit; fn: FunctionNode } | undefined {
  const def = unit.prov.variableOf(id)?.defs[0];
  const declaration = importBinding(id, unit);
  const graph = unit.prov.moduleOrigin?.graph;
  if (!def || !declaration || !graph?.exportedAt) return undefined;
  const spec = def.node as TSESTree.ImportSpecifier | TSESTree.ImportDefaultSpecifier;
  const name = spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
  const found = graph.exportedAt(unit.path, declaration.source.value, name);
  const target = found && unwrap(found.node);
  if (!target || !isFunction(target)) return undefined;
  const other = units.unitAt(found.module.file);
  const fn = other && nodeAt(other.ast, target.range, isFunction);
  return other && fn ? { unit: other, fn } : undefined;
}

/** The node of `root` spanning `range` that `is` accepts (the same code in another parse). */
function nodeAt<T extends Node>(root: Node, range: readonly [number, number], is: (n: Node) => n is T): T | undefined {
  let found: T | undefined;
  walkAll(root, (n) => {
    if (!found && n.range[0] === range[0] && n.range[1] === range[1] && is(n)) found = n;
  });
  return found;
}

/** Where a state's variable lives, as a unit of the run: the fill's own module, or the setter's. */
function holderOf(state: RootsState, fillUnit: Unit, units: UnitIndex): { unit: Unit; variable: VariableLike; setter?: FunctionNode } | undefined {
  if (state.kind === 'module-variable') {
    // Only a variable of the fill's module itself (not a local of another function) outlives the call.
    const declared = state.variable.defs[0]?.name;
    return declared && !enclosingFunction(declared) ? { unit: fillUnit, variable: state.variable } : undefined;
  }
  if (state.kind !== 'setter') return undefined;
  const holder = units.unitAt(state.module.file);
  const declared = state.variable.defs[0]?.name;
  const id = holder && declared && nodeAt(holder.ast, declared.range, (n): n is TSESTree.Identifier => n.type === 'Identifier');
  const variable = id ? holder.prov.variableOf(id) : undefined;
  if (!holder || !variable || (declared && enclosingFunction(declared))) return undefined;
  const writes = variable.references.filter((r) => r.isWrite() && r.identifier !== id);
  // Several writers: the setter is the function the fill imports, the others are judged by checkOtherWriters.
  const imported = writes.length > 1 ? importedUnit(fillUnit, state.local, units) : undefined;
  const named = imported?.unit.path === holder.path && writes.some((w) => enclosingFunction(w.identifier) === imported.fn) ? imported.fn : undefined;
  const setter = writes.length === 1 ? enclosingFunction(writes[0]!.identifier) : named;
  return setter ? { unit: holder, variable, setter } : undefined;
}

/**
 * The state is written only by the fill (directly, or through its setter) and, for a setter, by
 * calls in this file's start-up code (the server's own configuration, kept as the fall-back).
 */
function checkWrites(holder: NonNullable<ReturnType<typeof holderOf>>, state: RootsState, fill: FunctionNode, fillUnit: Unit, unit: Unit, hooks: Node[], units: ProjectIndex & UnitIndex, fail: (why: string) => never): void {
  const writes = holder.variable.references.filter((r) => r.isWrite() && r.identifier !== holder.variable.defs[0]?.name);
  if (!holder.setter) {
    for (const w of writes) if (!contains(fill, w.identifier)) fail(`${state.name} is also written at line ${locOf(w.identifier).start.line} of ${shown(unit, holder.unit)}`);
    return;
  }
  const setter = holder.setter;
  if (!isExported(setter) || holder.unit.prov.referencesTo(setter).length > 0) fail(`${state.name} is also called in ${shown(unit, holder.unit)}`);
  const callers = units.callersOf(holder.unit, setter);
  if (!callers) return fail(`${state.name} is used in a way uproot cannot follow`);
  for (const { unit: at, call } of callers) {
    if (at.path === fillUnit.path && contains(fill, call)) continue;
    if (isTestFileOf(at.path, path.dirname(holder.unit.path))) continue;
    if (at.path === unit.path && atStartup(call, hooks, unit.prov)) continue;
    fail(`${state.name} is also called at line ${locOf(call).start.line} of ${shown(unit, at)}`);
  }
}

/** The fill runs only from the given calls of this file: nothing else anywhere calls it. */
function checkOnlyCalledFrom(fillUnit: Unit, fill: FunctionNode, unit: Unit, calls: ReadonlySet<Node>, units: ProjectIndex, fail: (why: string) => never): void {
  if (fillUnit.prov.referencesTo(fill).length > 0) fail(`${fillName(fill)}() is also used in ${shown(unit, fillUnit)}`);
  const callers = units.callersOf(fillUnit, fill);
  if (!callers) return fail(`${fillName(fill)}() is used in a way uproot cannot follow`);
  for (const { unit: at, call } of callers) {
    if (isTestFileOf(at.path, path.dirname(fillUnit.path))) continue;
    if (at.path !== unit.path || ![...calls].some((c) => c.range[0] === call.range[0] && c.range[1] === call.range[1])) fail(`${fillName(fill)}() is also called at line ${locOf(call).start.line} of ${shown(unit, at)}`);
  }
}

