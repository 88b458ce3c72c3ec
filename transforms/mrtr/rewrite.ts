// Turn proven site plans into text edits, per file: ctx parameters, the roots-first entry check,
// threaded helper calls, the replaced requests and capability gates, helper functions and imports.
import type { TSESTree } from '@typescript-eslint/types';
import { ERA_META_KEY, type FunctionNode, type Node, enclosingFunction, unwrap } from '@uproot/core/planning';
import { type TextEdit, EditConflictError, applyEdits, indentAt, insert, replace } from '@uproot/core/planning';
import { cjsRequires, planImports, planPrunes, type ImportName } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { type HandlerChain, PLAIN, type SitePlan } from './chains.ts';
import { comparedWithNothing } from './capability-compare.ts';
import { HELPER_NAMES, entryCheck, helperImports, helpersBlock } from './helpers-block.ts';
import { type Unit, Unprovable } from './unit.ts';
import type { SharedHelpers } from '../shared-helpers/names.ts';
import { boundAtTopLevel } from '../shared-helpers/imports.ts';
import type { PushRound } from './push-round.ts';
import { codecDeclaration, wiringEdit } from './request-state.ts';
import { answerArgument, helperSplitEdits, helperSplitTypes } from './helper-ask-edits.ts';
import { type PushHelperUse, answerCall, capabilitiesHelper, hasCapabilitiesHelper, inPlaceAsk, perRequestCapabilities, perRequestRead, removeStatement, hasPushHelpers, pushHelperImports, pushHelpersBlock, roundEntryEdits } from './push-round-edits.ts';
import { nameContext, nameableContext } from './destructured-context.ts';
import { handedTypeEdits } from './handed-types.ts';
import { asyncEdit } from './sync-handler.ts';
import { requestReplacement } from './request-options.ts';

const SERVER_MODULE = '@modelcontextprotocol/server';
/** An edit that writes the era test (request-options.ts, the split entry check) needs the key imported. */
const ERA_KEY_USE = new RegExp(`\\b${ERA_META_KEY}\\b`);

export interface UnitNeeds {
  edits: TextEdit[];
  removed: Array<[number, number]>;
  helpers: boolean; // uses clientDeclaresRoots / rootsFromAnswer
  entry: boolean; // returns inputRequired
  serverContextType: boolean;
  resultTypes: Set<string>;
  /** Answer readers of elicitation and sampling requests moved into a push round. */
  push?: Set<'elicitation' | 'sampling' | 'capabilities'>;
  /** Declares the requestState codec (a round asks in place, and a server here verifies its state). */
  stateCodec?: boolean;
  /** Builders of split helpers this file imports, by module specifier. */
  builders?: Map<string, string[]>;
}

export interface Rewrite {
  edits: Map<Unit, TextEdit[]>;
  gates: Set<RootsSite>;
  /** Files that gain the helper functions (inline, or imported from a shared module). */
  helpers: Set<Unit>;
}

const HELPER_CALL = new RegExp(`\\b(?:${HELPER_NAMES.declares}|${HELPER_NAMES.answer})\\(`);

/** State a consuming handler now derives per request (`--lifecycle per-request`). */
export interface DerivedState {
  chain: HandlerChain;
  /** The declaration that shadows the retired module state, given the handler's ctx name. */
  declaration: (ctx: string) => string;
  /** Statements that only fed the state (the init fetch, the list_changed refresh). */
  retire: Array<{ unit: Unit; range: [number, number] }>;
  /** Further edits (a hook turned into a helper), in `at` (the fill's file) or else the handler's, and whether they name ServerContext. */
  edits?: TextEdit[];
  at?: Unit;
  /** Edits in further files: the fill exported, and imported where handlers of other modules call it (handlers-elsewhere.ts). */
  elsewhere?: ReadonlyMap<Unit, TextEdit[]>;
  contextType?: boolean;
  /** The fill asks a 2025-era client itself (request-options.ts): the sites its states cover, shared by the group's states. */
  eraSplit?: { covered: RootsSite[] };
}

/** `rounds`: handlers whose elicitation and sampling requests move with their roots request (or alone) into one round. */
/** `fileEdits`: further edits per file that go with the plans (session-fill.ts), their removals pruned like the rest. */
export function buildRewrite(plans: SitePlan[], derived: DerivedState[] = [], shared?: SharedHelpers, rounds: PushRound[] = [], fileEdits: ReadonlyMap<Unit, TextEdit[]> = new Map()): Rewrite {
  const needs = new Map<Unit, UnitNeeds>();
  const need = (u: Unit) => {
    let n = needs.get(u);
    if (!n) needs.set(u, (n = { edits: [], removed: [], helpers: false, entry: false, serverContextType: false, resultTypes: new Set() }));
    return n;
  };
  const handlers = new Map<FunctionNode, HandlerChain>();
  const helperFns = new Map<FunctionNode, Unit>();
  const calls = new Map<TSESTree.CallExpression, { caller: FunctionNode; callee: FunctionNode; unit: Unit }>();
  const declarations = new Map<FunctionNode, DerivedState[]>();
  for (const d of derived) {
    handlers.set(d.chain.callback, handlers.get(d.chain.callback) ?? d.chain);
    declarations.set(d.chain.callback, [...(declarations.get(d.chain.callback) ?? []), d]);
  }
  for (const plan of plans) {
    for (const chain of plan.chains) {
      handlers.set(chain.callback, chain);
      let caller: FunctionNode = chain.callback;
      for (const hop of chain.hops) {
        helperFns.set(hop.fn, hop.fnUnit);
        calls.set(hop.call, { caller, callee: hop.fn, unit: hop.callUnit });
        caller = hop.fn;
      }
    }
  }
  // Handlers that ask for roots; a push round's handler may ask for nothing else.
  const asksRoots = new Set(handlers.keys());
  const roundOf = new Map(rounds.map((r) => [r.chain.callback, r]));
  for (const round of rounds) if (!handlers.has(round.chain.callback)) handlers.set(round.chain.callback, round.chain);
  const ctxOf = new Map<FunctionNode, string>();
  /** Helpers already split into what they ask and what they do with the answer. */
  const split = new Set<FunctionNode>();
  for (const [callback, chain] of handlers) {
    const existing = callback.params[chain.extraIndex];
    ctxOf.set(callback, existing?.type === 'Identifier' ? existing.name : freshName(callback, chain.unit.text));
  }
  for (const [fn, unit] of helperFns) if (!ctxOf.has(fn)) ctxOf.set(fn, freshName(fn, unit.text));
  // A helper whose earlier parameters are optional gets an optional ctx (TS1016); every call passes it.
  const optionalCtx = new Set<FunctionNode>();
  const use = (fn: FunctionNode) => `${ctxOf.get(fn)!}${optionalCtx.has(fn) ? '!' : ''}`;

  for (const [callback, chain] of handlers) {
    const u = chain.unit;
    const n = need(u);
    const ctx = ctxOf.get(callback)!;
    n.entry = true;
    if (asksRoots.has(callback)) n.helpers = true;
    if (!callback.params[chain.extraIndex]) {
      n.edits.push(...addParameter(callback, u, chain.extraIndex, ctx));
      n.serverContextType = true;
    }
    const states = (declarations.get(callback) ?? []).map((d) => d.declaration(ctx));
    // The fill is awaited at the entry: a handler that was not async becomes so (sync-handler.ts says when it may).
    const becomesAsync = !callback.async && states.some((line) => /\bawait\b/.test(line));
    if (becomesAsync) n.edits.push(asyncEdit(callback));
    if (u.typescript) {
      const type = resultType(chain);
      n.resultTypes.add(type);
      const edit = annotateReturn(callback, u.text, type, becomesAsync);
      if (edit) n.edits.push(edit);
    }
    const pattern = callback.params[chain.extraIndex];
    if (nameableContext(pattern)) {
      // A name read only inside this handler's replaced requests is no longer read at all.
      const replaced = plans.filter((p) => p.chains.some((c) => c.callback === callback)).map((p) => p.site.node);
      const unused = (id: TSESTree.Identifier) => (u.prov.variableOf(id)?.references ?? []).every((r) => r.identifier === id || replaced.some((node) => node.range[0] <= r.identifier.range[0] && r.identifier.range[1] <= node.range[1]));
      const named = nameContext(pattern, u.text, ctx, unused);
      n.edits.push(named.edit);
      if (named.statement) states.unshift(named.statement);
    }
    const round = roundOf.get(callback);
    if (round) {
      n.edits.push(...roundEntryEdits(callback, u, ctx, chain.server, round, asksRoots.has(callback), states));
      n.push ??= new Set();
      for (const r of round.requests) {
        n.push.add(r.ask === 'elicit' ? 'elicitation' : 'sampling');
        if (r.via) {
          // The helper is split once, whichever handlers call it; each call hands it this handler's answer.
          if (!split.has(r.via.fn)) {
            split.add(r.via.fn);
            const h = need(r.via.fnUnit);
            h.edits.push(...helperSplitEdits(r, r.via));
            if (!r.via.alreadySplit) for (const t of helperSplitTypes(r)) h.resultTypes.add(t);
          }
          n.edits.push(answerArgument(r.via, answerCall(r, ctx)));
          if (r.via.builderImport) {
            n.builders ??= new Map();
            n.builders.set(r.via.builderImport, [...new Set([...(n.builders.get(r.via.builderImport) ?? []), r.via.builder])]);
          }
        } else {
          n.edits.push(replace(r.site.node, answerCall(r, ctx)));
          n.removed.push(r.site.range);
        }
        // A group sent together (Promise.all) is asked once, before its statement, for all of its requests.
        const together = r.group ? round.requests.filter((q) => q.group === r.group) : [r];
        if (r.inPlace && together[0] === r) n.edits.push(...inPlaceAsk(together, callback, u, ctx, chain.server, round.fresh));
      }
      // Fresh values move ahead of the entry, read from the carried state after the first round.
      for (const v of round.fresh) {
        const edit = removeStatement(v.statement, u.text);
        n.edits.push(edit);
        n.removed.push([edit.start, edit.end]);
      }
      if (round.state) {
        const w = need(round.state.unit);
        w.stateCodec = true;
        const edit = wiringEdit(round.state);
        if (!w.edits.some((e) => e.start === edit.start && e.text === edit.text)) w.edits.push(edit);
      }
      // The handler's own capability gates now ask about this request's client.
      for (const read of round.gates.flatMap((g) => g.reads)) {
        n.edits.push(replace(read.node, perRequestRead(read, ctx)));
        n.removed.push(read.node.range);
      }
      // So does every other capability read of the handler (a variable, a condition around a request).
      for (const call of round.capabilityCalls) {
        n.push.add('capabilities');
        n.edits.push(replace(call, perRequestCapabilities(call, u.text, ctx)));
        n.removed.push(call.range);
      }
    } else {
      // Only roots from fills that ask a 2025-era client themselves: that era is not asked at the entry (plan.ts
      // keeps such a fill marked when the handler also asks another way).
      const own = declarations.get(callback) ?? [];
      const asks = plans.filter((p) => p.chains.some((c) => c.callback === callback));
      const eraSplit = own.length + asks.length > 0 && own.every((d) => d.eraSplit) && asks.every((p) => p.eraSplit);
      n.edits.push(...entryEdits(callback, u, ctx, chain.server, states, eraSplit));
    }
  }
  for (const d of derived) {
    if (d.edits) {
      const n = need(d.at ?? d.chain.unit);
      n.edits.push(...d.edits);
      // The fill's own file needs the helpers its edits call, whether or not a handler of it asks.
      if (d.edits.some((e) => HELPER_CALL.test(e.text))) n.helpers = true;
      for (const e of d.edits) if (e.text === '') n.removed.push([e.start, e.end]);
      if (d.contextType) n.serverContextType = true;
    }
    for (const [u, edits] of d.elsewhere ?? []) need(u).edits.push(...edits);
    for (const r of d.retire) {
      const n = need(r.unit);
      if (!n.edits.some((e) => e.start === r.range[0] && e.end === r.range[1])) n.edits.push({ start: r.range[0], end: r.range[1], text: '' });
      n.removed.push(r.range);
    }
  }
  for (const [u, edits] of fileEdits) {
    const n = need(u);
    n.edits.push(...edits);
    for (const e of edits) if (e.text === '') n.removed.push([e.start, e.end]);
    if (edits.some((e) => new RegExp(`\\b${HELPER_NAMES.declares}\\(`).test(e.text))) n.helpers = true;
  }
  for (const [fn, unit] of helperFns) {
    if (handlers.has(fn)) continue;
    const n = need(unit);
    const optional = unit.typescript && hasOptionalParameter(fn);
    if (optional) optionalCtx.add(fn);
    n.edits.push(...addParameter(fn, unit, fn.params.length, ctxOf.get(fn)!, optional));
    n.serverContextType = true;
  }
  // Function types a handed-on helper travels under take ctx as the helper does (handed-types.ts).
  for (const [u, edits] of handedTypeEdits(plans)) {
    const n = need(u);
    n.edits.push(...edits);
    n.serverContextType = true;
  }
  for (const [call, { caller, callee, unit }] of calls) {
    // Optional parameters the call leaves out must stay undefined, so ctx lands in its own slot.
    const padding = Array.from({ length: Math.max(0, callee.params.length - call.arguments.length) }, () => 'undefined');
    const args = [...padding, use(caller)].join(', ');
    need(unit).edits.push(insert(call.range[1] - 1, call.arguments.length ? `, ${args}` : args));
  }
  for (const plan of plans) {
    const fn = threadedFunction(plan.site.node, ctxOf);
    if (!fn) throw new Unprovable('unresolved-chain', 'the request is not inside a function that receives ctx');
    const n = need(plan.unit);
    n.helpers = true;
    n.edits.push(replace(plan.site.node, requestReplacement(plan.unit.text, plan.site.node, use(fn), new Set(plan.eraSplit ? [plan.site.node] : []))));
    n.removed.push(plan.site.range);
  }
  // Capability gates inside threaded functions become per-request checks.
  const gates = new Set<RootsSite>();
  const units = new Set<Unit>([...needs.keys()]);
  for (const u of units) {
    for (const site of u.sites) {
      if (site.kind !== 'capability' || site.side !== 'server' || site.node.type !== 'MemberExpression') continue;
      const fn = threadedFunction(site.node, ctxOf);
      const receiver = capabilityReceiver(site.node, u.text);
      if (!fn || !receiver) continue;
      const read = site.node.parent?.type === 'ChainExpression' ? site.node.parent : site.node;
      // `caps?.roots === undefined` compared a value; the per-request check is a boolean, so the comparison goes with it.
      const compared = comparedWithNothing(read);
      const target = compared?.node ?? read;
      const n = need(u);
      n.helpers = true;
      n.edits.push(replace(target, `${compared?.negated ? '!' : ''}${HELPER_NAMES.declares}(${use(fn)}, ${receiver})`));
      n.removed.push(target.range);
      gates.add(site);
    }
  }
  const edits = new Map<Unit, TextEdit[]>();
  const helpers = new Set<Unit>();
  for (const [u, n] of needs) {
    edits.set(u, [...n.edits, ...fileLevelEdits(u, n, shared?.(u.path))]);
    if (n.helpers && !hasHelpers(u)) helpers.add(u);
  }
  return { edits, gates, helpers };
}

function hasHelpers(u: Unit): boolean {
  return new RegExp(`function ${HELPER_NAMES.declares}\\b`).test(u.text);
}

/** Imports, the helper functions (or their import from `shared`, a module specifier), and pruned imports for one file. */
export function fileLevelEdits(u: Unit, n: UnitNeeds, shared?: string): TextEdit[] {
  const out: TextEdit[] = [];
  const has = hasHelpers(u);
  const inline = n.helpers && !has && shared === undefined;
  const names: ImportName[] = [];
  if (n.entry) names.push({ name: 'inputRequired' }, { name: 'inputResponse' }, { name: 'InputRequiredResult', type: true });
  if (inline) names.push(...helperImports);
  const pushInline = n.push?.size && !hasPushHelpers(u.text) ? n.push : undefined;
  if (n.push?.size) names.push({ name: 'InputRequest', type: true });
  if (pushInline) names.push(...pushHelperImports(pushInline));
  // A file an earlier run gave the other helpers may still lack this one.
  const capabilitiesOnly = !pushInline && n.push?.has('capabilities') && !hasCapabilitiesHelper(u.text);
  if (capabilitiesOnly) names.push({ name: 'CLIENT_CAPABILITIES_META_KEY' }, { name: 'ClientCapabilities', type: true }, { name: 'ServerContext', type: true });
  const codec = n.stateCodec && !/\bconst requestStateCodec\b/.test(u.text);
  if (codec) names.push({ name: 'createRequestStateCodec' });
  if (n.serverContextType) names.push({ name: 'ServerContext', type: true });
  // The era split of a bounded request (request-options.ts) and the entry check that goes with it.
  if (n.edits.some((e) => ERA_KEY_USE.test(e.text))) names.push({ name: ERA_META_KEY });
  for (const t of n.resultTypes) names.push({ name: t, type: true });
  const unique = names.filter((x, i) => names.findIndex((y) => y.name === x.name) === i);
  out.push(...planImports(u.text, u.ast, SERVER_MODULE, unique, u.typescript).edits);
  if (codec) out.push(...planImports(u.text, u.ast, 'node:crypto', [{ name: 'randomBytes' }], u.typescript).edits);
  for (const [specifier, builders] of n.builders ?? []) out.push(...planImports(u.text, u.ast, specifier, builders.map((name) => ({ name })), u.typescript).edits);
  if (n.helpers && !has && shared !== undefined) {
    // Only the helpers this file calls, and none it already imports (an earlier run).
    const calls = n.edits.map((e) => e.text).join('\n');
    const used = Object.values(HELPER_NAMES).filter((name) => new RegExp(`\\b${name}\\(`).test(calls) && !boundAtTopLevel(u.ast, u.scopeManager, name));
    if (used.length) out.push(...planImports(u.text, u.ast, shared, used.map((name) => ({ name })), u.typescript).edits);
  }
  if (inline || pushInline || capabilitiesOnly || codec) {
    const anchor = helperAnchor(u);
    const blankAfter = /^(?:\r\n|\r|\n)(?:\r\n|\r|\n)/.test(u.text.slice(anchor));
    const lead = anchor === 0 ? '' : `${u.eol}${u.eol}`;
    const blocks = [
      inline ? helpersBlock(u.typescript, u.eol, u.indent) : '',
      pushInline ? pushHelpersBlock(pushInline as PushHelperUse, u.typescript, u.eol, u.indent) : '',
      capabilitiesOnly ? capabilitiesHelper(u.typescript, u.eol, u.indent) : '',
      codec ? codecDeclaration(u.typescript, u.eol) : '',
    ].filter(Boolean);
    out.push(insert(anchor, `${lead}${blocks.join(`${u.eol}${u.eol}`)}${blankAfter ? '' : u.eol}${anchor === 0 ? u.eol : ''}`));
  }
  // Names the new code uses stay imported even when the code they served is gone.
  const inserted = [...n.edits, ...out].map((e) => e.text).join('\n');
  const prunes = planPrunes(u.text, u.ast, u.prov, n.removed, (name) => new RegExp(`\\b${name}\\b`).test(inserted));
  try {
    applyEdits(u.text, [...n.edits, ...out, ...prunes]);
    out.push(...prunes);
  } catch (error) {
    if (!(error instanceof EditConflictError)) throw error;
  }
  return out;
}

export function freshName(fn: FunctionNode, text: string): string {
  const body = text.slice(fn.range[0], fn.range[1]);
  for (const name of ['ctx', 'mcpCtx', 'rootsCtx']) if (!new RegExp(`\\b${name}\\b`).test(body)) return name;
  return 'uprootCtx';
}

/** The nearest enclosing function that receives ctx. */
function threadedFunction(node: Node, ctxOf: Map<FunctionNode, string>): FunctionNode | undefined {
  let fn = enclosingFunction(node);
  while (fn && !ctxOf.has(fn)) fn = enclosingFunction(fn);
  return fn;
}

function capabilityReceiver(member: TSESTree.MemberExpression, text: string): string | undefined {
  const call = unwrap(member.object);
  if (call.type !== 'CallExpression') return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const receiver = text.slice(callee.object.range[0], callee.object.range[1]);
  return PLAIN.test(receiver) ? receiver : undefined;
}

export function resultType(chain: HandlerChain): string {
  const byKind: Record<string, string> = { tool: 'CallToolResult', prompt: 'GetPromptResult', resource: 'ReadResourceResult' };
  const byMethod: Record<string, string> = { 'tools/call': 'CallToolResult', 'prompts/get': 'GetPromptResult', 'resources/read': 'ReadResourceResult' };
  return byKind[chain.reach.handler] ?? byMethod[chain.reach.name ?? ''] ?? 'CallToolResult';
}

/** Give a function its ctx parameter at `index`, filling `_args` placeholders when needed. */
export function addParameter(fn: FunctionNode, u: Unit, index: number, ctx: string, optional = false): TextEdit[] {
  const { text } = u;
  const typed = u.typescript ? `${ctx}${optional ? '?' : ''}: ServerContext` : ctx;
  const params = fn.params;
  if (params.length === 0) {
    const open = text.indexOf('(', fn.type === 'FunctionDeclaration' && fn.id ? fn.id.range[1] : fn.range[0]);
    const arrow = fn.type === 'ArrowFunctionExpression' ? text.indexOf('=>', fn.range[0]) : Infinity;
    if (open < 0 || open > arrow) throw new Unprovable('unresolved-chain', 'cannot find the parameter list');
    const list = [...Array.from({ length: index }, (_, i) => (i === 0 ? '_args' : `_arg${i}`)), typed].join(', ');
    return [insert(open + 1, list)];
  }
  const last = params[params.length - 1]!;
  const parenthesised = text.slice(fn.range[0], params[0]!.range[0]).includes('(');
  const filler = Array.from({ length: Math.max(0, index - params.length) }, (_, i) => `_arg${params.length + i}`);
  const tail = [...filler, typed].join(', ');
  if (!parenthesised) return [insert(params[0]!.range[0], '('), insert(last.range[1], `, ${tail})`)];
  return [insert(last.range[1], `, ${tail}`)];
}

export function hasOptionalParameter(fn: FunctionNode): boolean {
  return fn.params.some((p) => p.type === 'AssignmentPattern' || (p.type === 'Identifier' && p.optional) || (p.type === 'TSParameterProperty' && p.parameter.type === 'AssignmentPattern'));
}

/** `: Promise<CallToolResult | InputRequiredResult>` on the handler, or widen the one it has. */
/** `becomesAsync`: the rewrite makes the handler async, so a plain return type `R` becomes `Promise<R | InputRequiredResult>`. */
export function annotateReturn(fn: FunctionNode, text: string, type: string, becomesAsync = false): TextEdit | undefined {
  const returnType = fn.returnType?.typeAnnotation;
  if (returnType) {
    const current = text.slice(returnType.range[0], returnType.range[1]);
    if (current.includes('InputRequiredResult')) return undefined;
    if (returnType.type === 'TSTypeReference' && returnType.typeName.type === 'Identifier' && returnType.typeName.name === 'Promise' && returnType.typeArguments?.params.length === 1) {
      return insert(returnType.typeArguments.params[0]!.range[1], ' | InputRequiredResult');
    }
    return { start: returnType.range[0], end: returnType.range[1], text: becomesAsync ? `Promise<${current} | InputRequiredResult>` : `${current} | InputRequiredResult` };
  }
  // A handler that is not async yet reaches a roots request returns its promise (`() => fetch().then(…)`); the
  // entry check returns its input request as a plain value: both forms are in the annotation.
  const annotation = fn.async || becomesAsync ? `: Promise<${type} | InputRequiredResult>` : `: ${type} | InputRequiredResult | Promise<${type} | InputRequiredResult>`;
  const bodyStart = fn.body.range[0];
  const searchTo = fn.type === 'ArrowFunctionExpression' ? text.lastIndexOf('=>', bodyStart) : bodyStart;
  const close = text.lastIndexOf(')', searchTo);
  // `x => ...` has no parameter parentheses of its own: contextual typing covers it.
  if (close < fn.range[0] || (fn.params.length && close < fn.params[fn.params.length - 1]!.range[1])) return undefined;
  return insert(close + 1, annotation);
}

export function entryEdits(fn: FunctionNode, u: Unit, ctx: string, server: string, states: string[] = [], eraSplit = false): TextEdit[] {
  const { text, eol, indent: unit } = u;
  const body = fn.body;
  const after = (indent: string) => states.map((line) => `${eol}${indent}${line}`).join('');
  if (body.type === 'BlockStatement') {
    const first = body.body[0];
    const indent = first ? indentAt(text, first.range[0]) : indentAt(text, fn.range[0]) + unit;
    return [insert(body.range[0] + 1, `${eol}${entryCheck(ctx, server, eol, indent, unit, eraSplit)}${after(indent)}`)];
  }
  // A concise body becomes a block; `return` must share a line with the expression (ASI).
  const indent = indentAt(text, fn.range[0]);
  const arrow = text.lastIndexOf('=>', body.range[0]) + 2;
  const expressionStart = arrow + /^\s*/.exec(text.slice(arrow))![0].length;
  return [
    { start: arrow, end: expressionStart, text: ` {${eol}${entryCheck(ctx, server, eol, indent + unit, unit, eraSplit)}${after(indent + unit)}${eol}${indent}${unit}return ` },
    insert(fn.range[1], `;${eol}${indent}}`),
  ];
}

function helperAnchor(u: Unit): number {
  const imports = u.ast.body.filter((s) => s.type === 'ImportDeclaration');
  const last = imports[imports.length - 1] ?? cjsRequires(u.ast).at(-1);
  if (last) return last.range[1];
  // After a hashbang line, whatever line break the file uses (CR-only files exist).
  if (!u.text.startsWith('#!')) return 0;
  const m = /\r\n|\r|\n/.exec(u.text);
  return m ? m.index + m[0].length : u.text.length;
}
