// uproot's era split of a roots request whose wait is bounded (`listRoots({}, { timeout: 5000 })` in a fill the
// handlers call, `--to mrtr --lifecycle per-request`): a 2026-07-28 request takes the client's answer from its
// retry, and a 2025-era connection, where the v2 SDK still sends server-to-client requests, is asked by the
// original request itself, bound and all:
//
//   (ctx.mcpReq.envelope && PROTOCOL_VERSION_META_KEY in ctx.mcpReq.envelope ? rootsFromAnswer(ctx) : server.listRoots({}, { timeout: 5000 }))
//
// The planner writes the test with `modernRequestTest`, and site finding recognises the request in the 2025 branch
// with `onlyOnLegacyEra`: one definition, so scan, the ESLint rules and a second `uproot migrate` agree that
// the request is migrated (it never runs on 2026-07-28, where push requests throw).
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, unwrap } from './ast.ts';

/** The `@modelcontextprotocol/server` export naming the envelope key every 2026-07-28 request carries. */
export const ERA_META_KEY = 'PROTOCOL_VERSION_META_KEY';

/**
 * The request was sent for protocol revision 2026-07-28: its envelope names the revision (the 2026 codec refuses a
 * request without it; a 2025-era request has no envelope).
 */
export function modernRequestTest(ctx: string): string {
  return `${ctx}.mcpReq.envelope && ${ERA_META_KEY} in ${ctx}.mcpReq.envelope`;
}

/** `node` is the 2025-era branch of `modernRequestTest(ctx) ? … : node`. */
export function onlyOnLegacyEra(node: Node): boolean {
  const parent = node.parent;
  return parent?.type === 'ConditionalExpression' && parent.alternate === node && isModernTest(parent.test);
}

function isModernTest(test: Node): boolean {
  const t = unwrap(test);
  if (t.type !== 'LogicalExpression' || t.operator !== '&&') return false;
  const envelope = envelopeOf(t.left);
  const right = unwrap(t.right);
  if (!envelope || right.type !== 'BinaryExpression' || right.operator !== 'in') return false;
  return right.left.type === 'Identifier' && right.left.name === ERA_META_KEY && envelopeOf(right.right) === envelope;
}

/** `ctx.mcpReq.envelope` → `ctx` (the context's name), for a plain name only. */
function envelopeOf(node: Node): string | undefined {
  const n = unwrap(node);
  if (!isMember(n, 'envelope')) return undefined;
  const req = unwrap(n.object);
  if (!isMember(req, 'mcpReq')) return undefined;
  const ctx = unwrap(req.object);
  return ctx.type === 'Identifier' ? ctx.name : undefined;
}

function isMember(n: Node, name: string): n is TSESTree.MemberExpression {
  return n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier' && n.property.name === name;
}
