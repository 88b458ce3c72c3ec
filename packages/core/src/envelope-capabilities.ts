// A server reading its client's declared capabilities per request, the way protocol revision 2026-07-28 carries
// them: under the request envelope's `io.modelcontextprotocol/clientCapabilities` key
// (`ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY]`, or the same key under a handler's `_meta`). Reading
// `.roots` there is what `getClientCapabilities()?.roots` is on a 2025 connection, so it is a capability site.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, propertyName, staticString, unwrap } from './ast.ts';
import { CLIENT_CAPABILITIES_KEY } from './mrtr/capability-gate.ts';
import { isMcpExport } from './mrtr/imports.ts';
import { singleValue } from './mrtr/values.ts';
import type { Provenance } from './provenance.ts';
import type { McpValue } from './surface.ts';

/** Members of a handler's request context that hold the per-request `_meta` envelope. */
const ENVELOPES = new Set(['envelope', '_meta']);
/** Handler values that carry it: v2 `ctx.mcpReq`, and a handler's `extra` / `ctx`. */
const CARRIERS = new Set<McpValue['kind']>(['mcp-req', 'handler-extra']);

/**
 * The handler value whose per-request envelope `node` reads the client's capabilities from
 * (`<envelope>[CLIENT_CAPABILITIES_META_KEY]`), if it is one.
 */
export function envelopeCapabilitiesOf(node: TSESTree.MemberExpression, prov: Provenance): McpValue | undefined {
  if (!node.computed || !isCapabilitiesKey(node.property, prov)) return undefined;
  return envelopeCarrier(unwrap(node.object), prov);
}

/** `ctx.mcpReq.envelope`, `extra._meta`, or a binding destructured off one of them (`const { envelope } = ctx.mcpReq`). */
function envelopeCarrier(holder: Node, prov: Provenance): McpValue | undefined {
  if (holder.type === 'MemberExpression') {
    const carrier = ENVELOPES.has(propertyName(holder) ?? '') ? prov.valueOf(holder.object) : undefined;
    return carrier && CARRIERS.has(carrier.kind) ? carrier : undefined;
  }
  if (holder.type !== 'Identifier') return undefined;
  const def = prov.variableOf(holder)?.defs[0];
  if (def?.type !== 'Variable' || def.node.type !== 'VariableDeclarator' || def.node.id.type !== 'ObjectPattern' || !def.node.init) return undefined;
  const prop = def.node.id.properties.find((p): p is TSESTree.Property => p.type === 'Property' && unwrapDefault(p.value as Node) === def.name);
  if (!prop || !ENVELOPES.has(propertyName(prop) ?? '')) return undefined;
  const carrier = prov.valueOf(def.node.init);
  return carrier && CARRIERS.has(carrier.kind) ? carrier : undefined;
}

/** `CLIENT_CAPABILITIES_META_KEY` (an MCP export), its string, or a constant holding that string. */
function isCapabilitiesKey(key: Node, prov: Provenance): boolean {
  if (staticString(key) === CLIENT_CAPABILITIES_KEY) return true;
  if (isMcpExport(key, 'CLIENT_CAPABILITIES_META_KEY', prov)) return true;
  const k = unwrap(key);
  const value = k.type === 'Identifier' ? singleValue(k, prov) : undefined;
  return !!value && staticString(value) === CLIENT_CAPABILITIES_KEY;
}

function unwrapDefault(node: Node): Node {
  return node.type === 'AssignmentPattern' ? node.left : node;
}
