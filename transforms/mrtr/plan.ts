// The MRTR strategy: rewrite push-style roots requests reached from tools/call, prompts/get and
// resources/read handlers into the write-once multi round-trip form, threading the handler's ctx
// down helper chains; mark everything it cannot prove.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type ScopeManagerLike, enclosingFunction, unwrap } from '../../packages/core/src/ast.ts';
import { isRequestHandler } from '../../packages/core/src/context.ts';
import { contextReason } from '../../packages/core/src/classify.ts';
import { type TextEdit, applyEdits, EditConflictError, eolOf, indentAt, indentUnit, insert, replace } from '../../packages/core/src/plan/edits.ts';
import { planImports, planPrunes, cjsRequires } from '../../packages/core/src/plan/imports.ts';
import { dedupeMarkers, planMarker } from '../../packages/core/src/plan/markers.ts';
import { Provenance } from '../../packages/core/src/provenance.ts';
import { type Reach, reachesOf } from '../../packages/core/src/reach.ts';
import { callbackExtraIndex } from '../../packages/core/src/registrations.ts';
import { findRootsSites } from '../../packages/core/src/sites.ts';
import type { ReasonCode, RootsSite } from '../../packages/core/src/types.ts';
import { HELPER_NAMES, entryCheck, helperImports, helpersBlock } from './helpers-block.ts';
import type { FilePlan, SiteOutcome } from '../outcome.ts';

const SERVER_MODULE = '@modelcontextprotocol/server';

interface HandlerPlan {
  callback: FunctionNode;
  reach: Reach;
  extraIndex: number;
  server: string;
}

interface SitePlan {
  site: RootsSite;
  handlers: HandlerPlan[];
  reaches: Reach[];
}

class Unprovable extends Error {
  readonly reason: ReasonCode;
  constructor(reason: ReasonCode, detail: string) {
    super(detail);
    this.reason = reason;
  }
}

export interface MrtrInput {
  text: string;
  filePath: string;
  ast: TSESTree.Program;
  scopeManager: ScopeManagerLike;
  /** Plan only the request site starting at this offset, without markers (ESLint suggestions). */
  onlySiteAt?: number;
}

export function planMrtr(input: MrtrInput): FilePlan {
  const { text, filePath, ast, scopeManager } = input;
  const prov = new Provenance(scopeManager);
  const sites = findRootsSites({ ast, text, scopeManager });
  const outcomes: SiteOutcome[] = [];
  const plans: SitePlan[] = [];
  for (const site of sites) {
    if (input.onlySiteAt !== undefined && !(site.kind === 'request' && site.range[0] === input.onlySiteAt)) continue;
    if (site.kind === 'request' && site.action === 'rewrite') {
      try {
        plans.push(planSite(site, text, prov));
      } catch (error) {
        if (!(error instanceof Unprovable)) throw error;
        outcomes.push({ site, outcome: 'marked', reason: error.reason, detail: error.message });
      }
    } else if (site.action === 'mark' && site.reason) {
      outcomes.push({ site, outcome: 'marked', reason: site.reason });
    } else if (site.kind !== 'capability' || site.side !== 'server') {
      outcomes.push({ site, outcome: 'reported' });
    }
  }
  const rewrite = buildRewrite(input, plans, sites, prov);
  const capabilityGates = new Set(rewrite.gates);
  for (const site of sites) {
    if (site.kind === 'capability' && site.side === 'server') {
      outcomes.push({ site, outcome: capabilityGates.has(site) ? 'rewritten' : 'reported' });
    }
  }
  for (const plan of plans) outcomes.push({ site: plan.site, outcome: 'rewritten' });
  const markers = input.onlySiteAt !== undefined ? [] : dedupeMarkers(
    outcomes.flatMap((o) => (o.outcome === 'marked' && o.reason ? [planMarker(text, o.site.node, o.reason, o.detail)].filter((e): e is TextEdit => !!e) : [])),
  );
  const edits = [...rewrite.edits, ...markers];
  // Prove the edits compose before anyone writes them.
  applyEdits(text, edits);
  void filePath;
  return { edits, outcomes: outcomes.sort((a, b) => a.site.range[0] - b.site.range[0]) };
}

function planSite(site: RootsSite, text: string, prov: Provenance): SitePlan {
  checkRequestForm(site, prov);
  const reaches = reachesOf(site.node, prov);
  if (reaches.length === 0) throw new Unprovable('unresolved-chain', 'no handler reaches this request');
  const handlers: HandlerPlan[] = [];
  for (const reach of reaches) {
    if (!isRequestHandler(reach.handler)) throw new Unprovable(contextReason({ handler: reach.handler, name: reach.name, via: [] }), `reached from ${reach.name ?? reach.handler}`);
    const { callback, registration, receiver } = reach;
    if (!callback || !registration || !receiver) throw new Unprovable('unresolved-chain', 'the handler is wrapped or built by a factory uproot cannot follow');
    const extraIndex = callbackExtraIndex(registration, receiver.kind, callback);
    if (extraIndex === undefined) throw new Unprovable('unresolved-chain', 'cannot tell at which argument the SDK passes ctx to this handler');
    const param = callback.params[extraIndex];
    if (param && param.type !== 'Identifier') throw new Unprovable('unresolved-chain', 'the handler destructures ctx; name it to let uproot thread it');
    if (callback.params.some((p) => p.type === 'RestElement')) throw new Unprovable('unresolved-chain', 'the handler takes rest parameters');
    for (const hop of reach.hops) checkHelper(hop.fn, hop.call);
    handlers.push({ callback, reach, extraIndex, server: serverExpression(reach, text, prov) });
  }
  return { site, handlers, reaches };
}

/** Only the forms whose answer is exactly a ListRootsResult, with no options MRTR cannot honour. */
function checkRequestForm(site: RootsSite, prov: Provenance): void {
  const call = site.node as TSESTree.CallExpression;
  const callee = unwrap(call.callee) as TSESTree.MemberExpression;
  const name = callee.property.type === 'Identifier' ? callee.property.name : '';
  if (name === 'listRoots') {
    if (call.arguments.length > 0) throw new Unprovable('unresolved-chain', 'listRoots() is called with parameters that have no MRTR counterpart');
    return;
  }
  const schema = call.arguments[1];
  if (schema && name !== 'send') {
    if (prov.is(schema, 'schema')?.name !== 'ListRootsResultSchema') throw new Unprovable('unresolved-chain', 'the request parses the answer with its own result schema');
  }
  if (name === 'send' && call.arguments.length > 1) throw new Unprovable('unresolved-chain', 'the request passes a result schema or options');
}

function checkHelper(fn: FunctionNode, call: TSESTree.CallExpression): void {
  const name = fn.type === 'FunctionDeclaration' ? fn.id?.name : undefined;
  if (isExported(fn)) throw new Unprovable('unresolved-chain', `${name ?? 'a helper'} is exported, so callers uproot cannot see would break`);
  if (fn.params.some((p) => p.type === 'RestElement')) throw new Unprovable('unresolved-chain', `${name ?? 'a helper'} takes rest parameters`);
  if (call.arguments.some((a) => a.type === 'SpreadElement')) throw new Unprovable('unresolved-chain', 'a helper is called with spread arguments');
  if (call.arguments.length > fn.params.length) throw new Unprovable('unresolved-chain', 'a helper is called with more arguments than it declares');
}

function isExported(fn: FunctionNode): boolean {
  let p: Node | undefined = fn.parent;
  if (p?.type === 'VariableDeclarator') p = p.parent?.parent;
  return p?.type === 'ExportNamedDeclaration' || p?.type === 'ExportDefaultDeclaration';
}

/** The low-level Server for the 2025-era capability check, spelled as it is in scope in the handler. */
function serverExpression(reach: Reach, text: string, prov: Provenance): string {
  const registration = reach.registration!;
  const callee = unwrap(registration.callee) as TSESTree.MemberExpression;
  const receiverNode = unwrap(callee.object);
  const receiverText = text.slice(receiverNode.range[0], receiverNode.range[1]);
  if (!/^(this|[A-Za-z_$][\w$]*)(\.[A-Za-z_$][\w$]*)*$/.test(receiverText)) {
    throw new Unprovable('unresolved-chain', 'the server is not a plain name in the handler');
  }
  const root = receiverText.split('.')[0]!;
  const callback = reach.callback!;
  if (root === 'this' && callback.type !== 'ArrowFunctionExpression') throw new Unprovable('unresolved-chain', '`this` differs inside the handler');
  if (callback.params.some((p) => p.type === 'Identifier' && p.name === root)) throw new Unprovable('unresolved-chain', 'the handler shadows the server name');
  const inline = registration.arguments.includes(callback as TSESTree.Expression);
  if (!inline && root !== 'this') {
    const id = receiverNode.type === 'Identifier' ? receiverNode : undefined;
    const variable = id ? prov.variableOf(id) : undefined;
    const declaredAt = variable?.defs[0]?.name;
    if (!declaredAt || enclosingFunction(declaredAt)) throw new Unprovable('unresolved-chain', 'the server is not in scope where the handler is defined');
  }
  return reach.receiver!.kind === 'mcp-server' ? `${receiverText}.server` : receiverText;
}

function freshName(fn: FunctionNode, text: string, preferred: string): string {
  const body = text.slice(fn.range[0], fn.range[1]);
  for (const name of [preferred, 'mcpCtx', 'rootsCtx']) if (!new RegExp(`\\b${name}\\b`).test(body)) return name;
  return 'uprootCtx';
}

function buildRewrite(input: MrtrInput, plans: SitePlan[], sites: RootsSite[], prov: Provenance): { edits: TextEdit[]; gates: RootsSite[] } {
  const { text, filePath, ast } = input;
  if (plans.length === 0) return { edits: [], gates: [] };
  const typescript = /\.[cm]?tsx?$/.test(filePath);
  const eol = eolOf(text);
  const unit = indentUnit(text);
  const ctxOf = new Map<FunctionNode, string>();
  const handlers = new Map<FunctionNode, HandlerPlan>();
  const helpers = new Set<FunctionNode>();
  const calls = new Map<TSESTree.CallExpression, { caller: FunctionNode; callee: FunctionNode }>();
  for (const plan of plans) {
    for (const h of plan.handlers) {
      handlers.set(h.callback, h);
      let caller: FunctionNode = h.callback;
      for (const hop of h.reach.hops) {
        helpers.add(hop.fn);
        calls.set(hop.call, { caller, callee: hop.fn });
        caller = hop.fn;
      }
    }
  }
  for (const [callback, h] of handlers) {
    const existing = callback.params[h.extraIndex];
    ctxOf.set(callback, existing?.type === 'Identifier' ? existing.name : freshName(callback, text, 'ctx'));
  }
  for (const fn of helpers) if (!ctxOf.has(fn)) ctxOf.set(fn, freshName(fn, text, 'ctx'));

  const edits: TextEdit[] = [];
  const removed: Array<[number, number]> = [];
  const resultTypes = new Set<string>();
  for (const [callback, h] of handlers) {
    const ctx = ctxOf.get(callback)!;
    if (!callback.params[h.extraIndex]) edits.push(...addParameters(callback, text, h.extraIndex, ctx, typescript));
    if (typescript) {
      const type = resultType(h.reach);
      resultTypes.add(type);
      const edit = annotateReturn(callback, text, type);
      if (edit) edits.push(edit);
    }
    edits.push(...entryEdits(callback, text, ctx, h.server, eol, unit));
  }
  for (const fn of helpers) {
    if (handlers.has(fn)) continue;
    edits.push(...addParameters(fn, text, fn.params.length, ctxOf.get(fn)!, typescript));
  }
  for (const [call, { caller, callee }] of calls) {
    // Optional parameters the call leaves out must stay undefined, so ctx lands in its own slot.
    const padding = Array.from({ length: Math.max(0, callee.params.length - call.arguments.length) }, () => 'undefined');
    const args = [...padding, ctxOf.get(caller)!].join(', ');
    const close = call.range[1] - 1;
    edits.push(insert(close, call.arguments.length ? `, ${args}` : args));
  }
  for (const plan of plans) {
    const fn = siteFunction(plan.site.node, ctxOf);
    edits.push(replace(plan.site.node, `${HELPER_NAMES.answer}(${ctxOf.get(fn!)!})`));
    removed.push(plan.site.range);
  }
  const gates: RootsSite[] = [];
  for (const site of sites) {
    if (site.kind !== 'capability' || site.side !== 'server' || site.node.type !== 'MemberExpression') continue;
    const fn = siteFunction(site.node, ctxOf);
    const receiver = capabilityReceiver(site.node, text);
    if (!fn || !receiver) continue;
    const target = site.node.parent?.type === 'ChainExpression' ? site.node.parent : site.node;
    edits.push(replace(target, `${HELPER_NAMES.declares}(${ctxOf.get(fn)!}, ${receiver})`));
    removed.push(target.range);
    gates.push(site);
  }
  const already = new RegExp(`function ${HELPER_NAMES.declares}\\b`).test(text);
  const names = [
    { name: 'inputRequired' },
    { name: 'InputRequiredResult', type: true },
    ...(already ? [{ name: 'inputResponse' }] : helperImports),
    ...[...resultTypes].map((name) => ({ name, type: true })),
  ];
  const imports = planImports(text, ast, SERVER_MODULE, names, typescript);
  edits.push(...imports.edits);
  if (!already) {
    const anchor = helperAnchor(text, ast);
    const blankAfter = /^\r?\n\r?\n/.test(text.slice(anchor));
    edits.push(insert(anchor, `${eol}${eol}${helpersBlock(typescript, eol, unit)}${blankAfter ? '' : eol}`));
  }
  const prunes = planPrunes(text, ast, prov, removed);
  try {
    applyEdits(text, [...edits, ...prunes]);
    edits.push(...prunes);
  } catch (error) {
    if (!(error instanceof EditConflictError)) throw error;
  }
  return { edits, gates };
}

/** The nearest enclosing function that receives ctx. */
function siteFunction(node: Node, ctxOf: Map<FunctionNode, string>): FunctionNode | undefined {
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
  return /^(this|[A-Za-z_$][\w$]*)(\.[A-Za-z_$][\w$]*)*$/.test(receiver) ? receiver : undefined;
}

function resultType(reach: Reach): string {
  const byKind: Record<string, string> = { tool: 'CallToolResult', prompt: 'GetPromptResult', resource: 'ReadResourceResult' };
  const byMethod: Record<string, string> = { 'tools/call': 'CallToolResult', 'prompts/get': 'GetPromptResult', 'resources/read': 'ReadResourceResult' };
  return byKind[reach.handler] ?? byMethod[reach.name ?? ''] ?? 'CallToolResult';
}

/** Give a function its ctx parameter at `index`, filling an `_args` placeholder when needed. */
function addParameters(fn: FunctionNode, text: string, index: number, ctx: string, typescript: boolean): TextEdit[] {
  const typed = typescript ? `${ctx}: ServerContext` : ctx;
  const params = fn.params;
  if (params.length === 0) {
    const open = text.indexOf('(', fn.type === 'FunctionDeclaration' && fn.id ? fn.id.range[1] : fn.range[0]);
    const arrow = fn.type === 'ArrowFunctionExpression' ? text.indexOf('=>', fn.range[0]) : Infinity;
    if (open < 0 || open > arrow) throw new Unprovable('unresolved-chain', 'cannot find the parameter list');
    const list = index === 0 ? typed : [...Array.from({ length: index }, (_, i) => (i === 0 ? '_args' : `_arg${i}`)), typed].join(', ');
    return [insert(open + 1, list)];
  }
  const last = params[params.length - 1]!;
  const parenthesised = text.slice(fn.range[0], params[0]!.range[0]).includes('(');
  const filler = Array.from({ length: Math.max(0, index - params.length) }, (_, i) => `_arg${params.length + i}`);
  const tail = [...filler, typed].join(', ');
  if (!parenthesised) return [insert(params[0]!.range[0], '('), insert(last.range[1], `, ${tail})`)];
  return [insert(last.range[1], `, ${tail}`)];
}

/** `: Promise<CallToolResult | InputRequiredResult>` on the handler, or widen the one it has. */
function annotateReturn(fn: FunctionNode, text: string, type: string): TextEdit | undefined {
  const returnType = fn.returnType?.typeAnnotation;
  if (returnType) {
    const current = text.slice(returnType.range[0], returnType.range[1]);
    if (current.includes('InputRequiredResult')) return undefined;
    if (returnType.type === 'TSTypeReference' && returnType.typeName.type === 'Identifier' && returnType.typeName.name === 'Promise' && returnType.typeArguments?.params.length === 1) {
      const inner = returnType.typeArguments.params[0]!;
      return insert(inner.range[1], ' | InputRequiredResult');
    }
    return { start: returnType.range[0], end: returnType.range[1], text: `${current} | InputRequiredResult` };
  }
  const annotation = fn.async ? `: Promise<${type} | InputRequiredResult>` : `: ${type} | InputRequiredResult`;
  if (fn.type === 'ArrowFunctionExpression') {
    const arrow = text.indexOf('=>', fn.params.length ? fn.params[fn.params.length - 1]!.range[1] : fn.range[0]);
    const close = text.lastIndexOf(')', arrow);
    if (close < fn.range[0]) return undefined; // `x => ...` gained parentheses in addParameters only when it gained ctx
    return insert(close + 1, annotation);
  }
  const close = text.lastIndexOf(')', fn.body.range[0]);
  return insert(close + 1, annotation);
}

function entryEdits(fn: FunctionNode, text: string, ctx: string, server: string, eol: string, unit: string): TextEdit[] {
  const body = fn.body;
  if (body.type === 'BlockStatement') {
    const first = body.body[0];
    const indent = first ? indentAt(text, first.range[0]) : indentAt(text, fn.range[0]) + unit;
    return [insert(body.range[0] + 1, `${eol}${entryCheck(ctx, server, eol, indent, unit)}`)];
  }
  // A concise body becomes a block; `return` must share a line with the expression (ASI).
  const indent = indentAt(text, fn.range[0]);
  const arrow = text.lastIndexOf('=>', body.range[0]) + 2;
  const expressionStart = arrow + /^\s*/.exec(text.slice(arrow))![0].length;
  return [
    { start: arrow, end: expressionStart, text: ` {${eol}${entryCheck(ctx, server, eol, indent + unit, unit)}${eol}${indent}${unit}return ` },
    insert(fn.range[1], `;${eol}${indent}}`),
  ];
}

function helperAnchor(text: string, ast: TSESTree.Program): number {
  const imports = ast.body.filter((s) => s.type === 'ImportDeclaration');
  const last = imports[imports.length - 1] ?? cjsRequires(ast).at(-1);
  if (last) return last.range[1];
  return text.startsWith('#!') ? text.indexOf('\n') : 0;
}

