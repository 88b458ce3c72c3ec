// uproot/mrtr-client-capabilities, client side: `roots.listChanged` in capabilities that travel on a
// 2026-07-28 request, where ClientCapabilities.roots is `{}` (the SDK does not strip it, see
// mcp-roots-reference.md §4).
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, calleeName, staticString, unwrap } from '../ast.ts';
import { type Provenance, walkAll } from '../provenance.ts';
import { CLIENT_CAPABILITIES_KEY } from './capability-gate.ts';
import type { Finding } from './finding.ts';
import { isMcpExport, mcpExport } from './imports.ts';
import { fieldOf, objectOf, singleValue } from './values.ts';

const MODERN = '2026-07-28';

export function checkRootsListChanged(ast: TSESTree.Program, prov: Provenance): Finding[] {
  const out: Finding[] = [];
  const report = (capabilities: Node | undefined, where: string) => {
    const listChanged = capabilities && rootsListChanged(capabilities, prov);
    if (listChanged) out.push({ messageId: 'rootsListChanged', node: listChanged, data: { where } });
  };
  walkAll(ast, (node) => {
    if (node.type === 'Property' && isEnvelopeKey(node, prov)) {
      report(node.value, ' (the request _meta envelope)');
    } else if (node.type === 'AssignmentExpression' && node.operator === '=' && node.left.type === 'MemberExpression' && isEnvelopeKey(node.left, prov)) {
      report(node.right, ' (the request _meta envelope)');
    } else if (node.type === 'NewExpression') {
      const cls = mcpExport(node.callee, prov);
      const mode = cls?.name === 'Client' && cls.sdk === 2 ? modernNegotiation(node, prov) : undefined;
      const options = mode ? objectOf(node.arguments[1], prov) : undefined;
      const capabilities = options && fieldOf(options, 'capabilities', prov);
      if (capabilities?.state === 'own' || capabilities?.state === 'inherited') report(capabilities.value, ` (a Client with versionNegotiation ${mode})`);
    } else if (node.type === 'CallExpression' && calleeName(node) === 'registerCapabilities' && node.callee.type === 'MemberExpression') {
      const construction = clientConstruction(node.callee.object, prov);
      const mode = construction && modernNegotiation(construction, prov);
      if (mode) report(node.arguments[0], ` (registered on a Client with versionNegotiation ${mode})`);
    }
  });
  return out;
}

/** The `listChanged` property under `roots` of a capabilities object. */
function rootsListChanged(capabilities: Node, prov: Provenance): TSESTree.Property | undefined {
  const caps = objectOf(capabilities, prov);
  const roots = caps && fieldOf(caps, 'roots', prov);
  if (roots?.state !== 'own' && roots?.state !== 'inherited') return undefined;
  const rootsObject = objectOf(roots.value, prov);
  const listChanged = rootsObject && fieldOf(rootsObject, 'listChanged', prov);
  return listChanged?.state === 'own' || listChanged?.state === 'inherited' ? listChanged.property : undefined;
}

/** `'io.modelcontextprotocol/clientCapabilities'` or `[CLIENT_CAPABILITIES_META_KEY]` as a key. */
function isEnvelopeKey(node: TSESTree.Property | TSESTree.MemberExpression, prov: Provenance): boolean {
  const key = node.type === 'Property' ? node.key : node.property;
  if (!node.computed) return key.type === 'Identifier' ? false : staticString(key) === CLIENT_CAPABILITIES_KEY;
  if (staticString(key) === CLIENT_CAPABILITIES_KEY) return true;
  if (isMcpExport(key, 'CLIENT_CAPABILITIES_META_KEY', prov)) return true;
  const value = key.type === 'Identifier' ? singleValue(key, prov) : undefined;
  return !!value && staticString(value) === CLIENT_CAPABILITIES_KEY;
}

/** `'auto'` or `{ pin: '2026-07-28' }`: a Client that can speak 2026-07-28, described for the message. */
function modernNegotiation(construction: TSESTree.NewExpression, prov: Provenance): string | undefined {
  const options = objectOf(construction.arguments[1], prov);
  const negotiation = options && fieldOf(options, 'versionNegotiation', prov);
  if (negotiation?.state !== 'own' && negotiation?.state !== 'inherited') return undefined;
  const config = objectOf(negotiation.value, prov);
  const mode = config && fieldOf(config, 'mode', prov);
  if (mode?.state !== 'own' && mode?.state !== 'inherited') return undefined;
  if (staticString(mode.value) === 'auto') return "mode 'auto'";
  const pinObject = objectOf(mode.value, prov);
  const pin = pinObject && fieldOf(pinObject, 'pin', prov);
  const version = pin && (pin.state === 'own' || pin.state === 'inherited') ? staticString(pin.value) : undefined;
  return version && version >= MODERN ? `pinned to ${version}` : undefined;
}

/** `client` → the `new Client(...)` it was bound to. */
function clientConstruction(receiver: Node, prov: Provenance): TSESTree.NewExpression | undefined {
  const r = unwrap(receiver);
  const value = r.type === 'Identifier' ? singleValue(r, prov) : undefined;
  const n = value && unwrap(value);
  if (n?.type !== 'NewExpression') return undefined;
  return mcpExport(n.callee, prov)?.name === 'Client' ? n : undefined;
}
