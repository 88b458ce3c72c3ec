// What `uproot migrate --to mrtr` does with a site: rewrite it, mark it with a reason code, or
// report it (still deprecated, nothing breaks yet). Decided from the site kind and its contexts.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, calleeName, enclosingFunction, findProperty, unwrap } from './ast.ts';
import { plainSendReceiver, sendPosition } from './client-send-position.ts';
import { isRequestHandler } from './context.ts';
import type { Provenance } from './provenance.ts';
import { ROOTS_LIST_CHANGED, type SdkMajor, type Side } from './surface.ts';
import type { ReasonCode, SiteAction, SiteContext, SiteKind } from './types.ts';

export interface ClassifyInput {
  kind: SiteKind;
  sdk: SdkMajor | null;
  side: Side;
  node: Node;
  contexts: SiteContext[];
  prov: Provenance;
}

export function classify(input: ClassifyInput): { action: SiteAction; reason?: ReasonCode } {
  const { kind, contexts } = input;
  // Elicitation and sampling are migrated with the handler's roots request or not at all (the MRTR planner decides).
  if (kind === 'input-request' || kind === 'capability' || kind === 'elicitation-request' || kind === 'sampling-request') return { action: 'report' };
  if (kind === 'list-changed') {
    return input.side === 'server' ? { action: 'mark', reason: 'list-changed' } : classifyClientSend(input);
  }
  // request
  for (const c of contexts) {
    if (!isRequestHandler(c.handler)) return { action: 'mark', reason: contextReason(c) };
  }
  if (hasTimeoutControl(input.node)) return { action: 'mark', reason: 'timeout-control' };
  if (feedsSharedState(input.node, input.prov)) return { action: 'mark', reason: 'shared-state' };
  if (input.sdk === 1) return { action: 'mark', reason: 'v1-sdk' };
  return { action: 'rewrite' };
}

/**
 * A v2 client's list_changed send, as migrate's era guard treats it (client-send-position.ts): a statement or a
 * returned value is rewritten, a send inside a larger expression or on a receiver no guard can repeat is marked,
 * one already guarded (and a v1 client's, which only speaks 2025 eras) is reported.
 */
function classifyClientSend(input: ClassifyInput): { action: SiteAction; reason?: ReasonCode } {
  if (input.sdk !== 2 || input.node.type !== 'CallExpression') return { action: 'report' };
  if (!plainSendReceiver(input.node)) return { action: 'mark', reason: 'list-changed' };
  const position = sendPosition(input.node);
  if (position.kind === 'guarded') return { action: 'report' };
  return position.kind === 'expression' ? { action: 'mark', reason: 'list-changed' } : { action: 'rewrite' };
}

export function contextReason(c: SiteContext): ReasonCode {
  switch (c.handler) {
    case 'lifecycle':
      return 'lifecycle';
    case 'notification-handler':
      return c.name === ROOTS_LIST_CHANGED ? 'list-changed' : 'background';
    case 'list-handler':
      return 'list-handler';
    case 'background':
      return 'background';
    case 'other':
      return c.name?.startsWith('client ') ? 'proxy' : 'unresolved-chain';
    default:
      return 'unresolved-chain';
  }
}

/**
 * A timeout, abort signal or race around the request has no MRTR counterpart. A try/catch or .catch does:
 * the rewritten request rejects with the errors the push request did, so the same handler runs.
 */
export function hasTimeoutControl(node: Node): boolean {
  return boundedByOptions(node) || racedRequest(node);
}

/** The request's own options bound its wait: `{ timeout }`, `{ signal }`, `{ maxTotalTimeout }`, or options uproot cannot read. */
export function boundedByOptions(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const name = calleeName(node);
  const optionsIndex = name === 'listRoots' ? 1 : name === 'send' && node.arguments.length < 2 ? 1 : 2;
  const options = node.arguments[optionsIndex];
  if (!options) return false;
  const o = unwrap(options);
  return o.type !== 'ObjectExpression' || !!findProperty(o, 'timeout') || !!findProperty(o, 'signal') || !!findProperty(o, 'maxTotalTimeout');
}

/** The request runs inside a race (`Promise.race`, `Promise.any`, `withTimeout(…)`, `timeout(…)`) in its function. */
export function racedRequest(node: Node): boolean {
  let current: Node = node;
  const fn = enclosingFunction(node);
  while (current.parent && current.parent !== fn) {
    const p: Node = current.parent;
    if (p.type === 'CallExpression') {
      const name = calleeName(p);
      if (name === 'race' || name === 'any' || name === 'withTimeout' || name === 'timeout') return true;
    }
    current = p;
  }
  return false;
}

/** The roots land in state that outlives the request: a module variable, a field, a map. */
export function feedsSharedState(node: Node, prov: Provenance): boolean {
  const fn = enclosingFunction(node);
  let current: Node = node;
  while (current.parent && current.parent !== fn) {
    const p: Node = current.parent;
    if (p.type === 'AssignmentExpression' && p.right === current) {
      if (p.left.type === 'MemberExpression') return true;
      if (p.left.type === 'Identifier') {
        const variable = prov.variableOf(p.left);
        const declaredIn = variable?.defs[0]?.node;
        return !!declaredIn && !!fn && !isInside(declaredIn, fn);
      }
    }
    if (p.type === 'CallExpression' && calleeName(p) === 'set' && p.arguments.includes(current as TSESTree.Expression)) return true;
    if (p.type === 'ExpressionStatement' || p.type === 'VariableDeclarator' || p.type === 'ReturnStatement') break;
    current = p;
  }
  return false;
}

function isInside(node: Node, container: Node): boolean {
  return node.range[0] >= container.range[0] && node.range[1] <= container.range[1];
}
