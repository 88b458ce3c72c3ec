// From a push-style request to every handler that reaches it: the chain of helper calls (possibly
// across files) along which ctx must be threaded. Anything that cannot be proven throws Unprovable.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, functionName, unwrap } from '../../packages/core/src/ast.ts';
import { contextReason } from '../../packages/core/src/classify.ts';
import { isRequestHandler } from '../../packages/core/src/context.ts';
import type { Provenance } from '../../packages/core/src/provenance.ts';
import { type Reach, reachesOf } from '../../packages/core/src/reach.ts';
import { callbackExtraIndex } from '../../packages/core/src/registrations.ts';
import type { RootsSite } from '../../packages/core/src/types.ts';
import { type Unit, Unprovable } from './unit.ts';

export interface ChainHop {
  fn: FunctionNode;
  fnUnit: Unit;
  /** The call that enters `fn`; it sits in `callUnit`. */
  call: TSESTree.CallExpression;
  callUnit: Unit;
}

export interface HandlerChain {
  unit: Unit;
  reach: Reach;
  callback: FunctionNode;
  extraIndex: number;
  /** The low-level Server, as spelled in the handler, for the 2025-era capability check. */
  server: string;
  hops: ChainHop[];
}

export interface SitePlan {
  site: RootsSite;
  unit: Unit;
  chains: HandlerChain[];
}

/** Cross-file callers of exported functions, over the files of one run. */
export interface ProjectIndex {
  /** Every call of `fn` from other files, or undefined when some use is not a plain call uproot can follow. */
  callersOf(unit: Unit, fn: FunctionNode): Array<{ unit: Unit; call: TSESTree.CallExpression }> | undefined;
}

const MAX_FILES_DEEP = 4;

export function planSite(site: RootsSite, unit: Unit, project?: ProjectIndex): SitePlan {
  checkRequestForm(site, unit.prov);
  const chains: HandlerChain[] = [];
  extend(site.node, unit, [], chains, project, 0, new Set());
  if (chains.length === 0) throw new Unprovable('unresolved-chain', 'no handler reaches this request');
  return { site, unit, chains };
}

function extend(node: Node, unit: Unit, tail: ChainHop[], chains: HandlerChain[], project: ProjectIndex | undefined, depth: number, external: Set<FunctionNode>): void {
  const reaches = reachesOf(node, unit.prov);
  if (reaches.length === 0) throw new Unprovable('unresolved-chain', 'no handler reaches this request');
  for (const reach of reaches) {
    const hops: ChainHop[] = [...reach.hops.map((h) => ({ fn: h.fn, fnUnit: unit, call: h.call, callUnit: unit })), ...tail];
    // Exported helpers on the way may also be called from other files: those callers need ctx too.
    for (let i = 0; i < reach.hops.length; i++) {
      const fn = reach.hops[i]!.fn;
      if (!isExported(fn)) continue;
      if (!project) throw new Unprovable('unresolved-chain', `${name(fn)} is exported, so callers in other files would break; run uproot migrate on the whole project`);
      followExternal(fn, unit, hops.slice(i + 1), chains, project, depth, external);
    }
    if (reach.handler === 'other' && reach.unresolved) {
      const fn = reach.unresolved;
      if (!project || !isExported(fn)) {
        throw new Unprovable('unresolved-chain', `no caller of ${name(fn)} could be traced to a tools/call, prompts/get or resources/read handler`);
      }
      if (!followExternal(fn, unit, hops, chains, project, depth, external)) {
        throw new Unprovable('unresolved-chain', `${name(fn)} is exported but no caller in the given paths could be traced`);
      }
      continue;
    }
    chains.push(handlerChain(reach, unit, hops));
  }
}

function followExternal(fn: FunctionNode, unit: Unit, rest: ChainHop[], chains: HandlerChain[], project: ProjectIndex, depth: number, external: Set<FunctionNode>): boolean {
  if (external.has(fn)) return true;
  external.add(fn);
  if (depth >= MAX_FILES_DEEP) throw new Unprovable('unresolved-chain', `the chain through ${name(fn)} crosses more files than uproot follows`);
  const callers = project.callersOf(unit, fn);
  if (!callers) throw new Unprovable('unresolved-chain', `${name(fn)} is used in another file in a way other than a plain call`);
  for (const caller of callers) {
    extend(caller.call, caller.unit, [{ fn, fnUnit: unit, call: caller.call, callUnit: caller.unit }, ...rest], chains, project, depth + 1, external);
  }
  return callers.length > 0;
}

function handlerChain(reach: Reach, unit: Unit, hops: ChainHop[]): HandlerChain {
  if (!isRequestHandler(reach.handler)) {
    throw new Unprovable(contextReason({ handler: reach.handler, name: reach.name, via: [] }), `reached from ${reach.name ?? reach.handler}`);
  }
  const { callback, registration, receiver } = reach;
  if (!callback || !registration || !receiver) throw new Unprovable('unresolved-chain', 'the handler is wrapped or built by a factory uproot cannot follow');
  const extraIndex = callbackExtraIndex(registration, receiver.kind, callback);
  if (extraIndex === undefined) throw new Unprovable('unresolved-chain', 'cannot tell at which argument the SDK passes ctx to this handler');
  const param = callback.params[extraIndex];
  if (param && param.type !== 'Identifier') throw new Unprovable('unresolved-chain', 'the handler destructures ctx; name it to let uproot thread it');
  if (callback.params.some((p) => p.type === 'RestElement')) throw new Unprovable('unresolved-chain', 'the handler takes rest parameters');
  for (const hop of hops) checkHelper(hop);
  return { unit, reach, callback, extraIndex, server: serverExpression(reach, unit), hops };
}

/** Only the forms whose answer is exactly a ListRootsResult, with no options MRTR cannot honour. */
function checkRequestForm(site: RootsSite, prov: Provenance): void {
  const call = site.node as TSESTree.CallExpression;
  const callee = unwrap(call.callee) as TSESTree.MemberExpression;
  const method = callee.property.type === 'Identifier' ? callee.property.name : '';
  if (method === 'listRoots') {
    if (call.arguments.length > 0) throw new Unprovable('unresolved-chain', 'listRoots() is called with parameters that have no MRTR counterpart');
    return;
  }
  if (method === 'send') {
    if (call.arguments.length > 1) throw new Unprovable('unresolved-chain', 'the request passes a result schema or options');
    return;
  }
  const schema = call.arguments[1];
  if (schema && prov.is(schema, 'schema')?.name !== 'ListRootsResultSchema') {
    throw new Unprovable('unresolved-chain', 'the request parses the answer with its own result schema');
  }
}

function checkHelper(hop: ChainHop): void {
  const { fn, call } = hop;
  if (fn.params.some((p) => p.type === 'RestElement')) throw new Unprovable('unresolved-chain', `${name(fn)} takes rest parameters`);
  if (call.arguments.some((a) => a.type === 'SpreadElement')) throw new Unprovable('unresolved-chain', `${name(fn)} is called with spread arguments`);
  if (call.arguments.length > fn.params.length) throw new Unprovable('unresolved-chain', `${name(fn)} is called with more arguments than it declares`);
}

export function isExported(fn: FunctionNode): boolean {
  let p: Node | undefined = fn.parent;
  if (p?.type === 'VariableDeclarator') p = p.parent?.parent;
  if (p?.type === 'ExportNamedDeclaration' || p?.type === 'ExportDefaultDeclaration') return true;
  // `export { helper }` further down the file.
  const id = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  if (!id) return false;
  let program: Node = fn;
  while (program.parent) program = program.parent;
  return (program as TSESTree.Program).body.some(
    (s) => s.type === 'ExportNamedDeclaration' && !s.source && s.specifiers.some((spec) => spec.local.type === 'Identifier' && spec.local.name === id.name),
  );
}

function name(fn: FunctionNode): string {
  return functionName(fn) ?? 'a helper';
}

const PLAIN = /^(this|[A-Za-z_$][\w$]*)(\.[A-Za-z_$][\w$]*)*$/;

/** The low-level Server for the 2025-era capability check, spelled as it is in scope in the handler. */
function serverExpression(reach: Reach, unit: Unit): string {
  const registration = reach.registration!;
  const callee = unwrap(registration.callee) as TSESTree.MemberExpression;
  const receiverNode = unwrap(callee.object);
  const receiverText = unit.text.slice(receiverNode.range[0], receiverNode.range[1]);
  if (!PLAIN.test(receiverText)) throw new Unprovable('unresolved-chain', 'the server is not a plain name in the handler');
  const root = receiverText.split('.')[0]!;
  const callback = reach.callback!;
  if (root === 'this' && callback.type !== 'ArrowFunctionExpression') throw new Unprovable('unresolved-chain', '`this` differs inside the handler');
  if (callback.params.some((p) => p.type === 'Identifier' && p.name === root)) throw new Unprovable('unresolved-chain', 'the handler shadows the server name');
  const inline = registration.arguments.includes(callback as TSESTree.Expression);
  if (!inline && root !== 'this') {
    const variable = receiverNode.type === 'Identifier' ? unit.prov.variableOf(receiverNode) : undefined;
    const declaredAt = variable?.defs[0]?.name;
    if (!declaredAt || enclosingFunction(declaredAt)) throw new Unprovable('unresolved-chain', 'the server is not in scope where the handler is defined');
  }
  return reach.receiver!.kind === 'mcp-server' ? `${receiverText}.server` : receiverText;
}

export { PLAIN };
