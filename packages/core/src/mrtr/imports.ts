// Which MCP export an expression names, for the exports the roots surface table does not track
// (`isInputRequiredResult`, `ResourceTemplate`, `completable`, `createRequestStateCodec`, ...).
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, propertyName, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import { type SdkMajor, mcpModule } from '../surface.ts';

export interface McpExport {
  name: string;
  sdk: SdkMajor;
}

/** `name` imported from an MCP module, `mcp.name` on a namespace, or destructured from `require(...)`. */
export function mcpExport(node: Node | undefined, prov: Provenance): McpExport | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type === 'MemberExpression') {
    const base = prov.valueOf(n.object);
    const name = propertyName(n);
    return base?.kind === 'module' && name ? { name, sdk: base.sdk } : undefined;
  }
  if (n.type !== 'Identifier') return undefined;
  const def = prov.variableOf(n)?.defs[0];
  if (!def) return undefined;
  if (def.type === 'ImportBinding' && def.node.type === 'ImportSpecifier' && def.parent?.type === 'ImportDeclaration') {
    const mod = mcpModule(def.parent.source.value);
    const imported = def.node.imported;
    return mod ? { name: imported.type === 'Identifier' ? imported.name : String(imported.value), sdk: mod.sdk } : undefined;
  }
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.id.type === 'ObjectPattern' && def.node.init) {
    const base = prov.valueOf(def.node.init);
    if (base?.kind !== 'module') return undefined;
    const prop = def.node.id.properties.find((p): p is TSESTree.Property => p.type === 'Property' && unwrapPattern(p.value) === def.name);
    const name = prop && propertyName(prop);
    return name ? { name, sdk: base.sdk } : undefined;
  }
  return undefined;
}

export function isMcpExport(node: Node | undefined, name: string, prov: Provenance): boolean {
  // A member names its export: skip the receiver's provenance unless the name matches.
  const n = node && unwrap(node);
  if (n?.type === 'MemberExpression' && propertyName(n) !== name) return false;
  return mcpExport(node, prov)?.name === name;
}

function unwrapPattern(node: Node): Node {
  return node.type === 'AssignmentPattern' ? node.left : node;
}
