// Why a receiver is not the MCP value a roots site needs, in words a user can check: the finder calls
// this only when `uproot scan --explain` asks, for candidates it looked at and did not report.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, propertyName, thisClass, unwrap } from './ast.ts';
import type { Provenance } from './provenance.ts';
import type { McpValue, McpValueKind } from './surface.ts';

const kindNames: Record<McpValueKind, string> = {
  'server-class': 'the low-level Server class',
  'mcp-server-class': 'the McpServer class',
  'client-class': 'the MCP Client class',
  server: 'a low-level MCP Server',
  'mcp-server': 'an McpServer (its roots requests go through `.server`)',
  client: 'an MCP client',
  'handler-extra': "a handler's extra / ctx",
  'mcp-req': 'ctx.mcpReq',
  'request-fn': 'a request function',
  'input-required': 'the inputRequired builder',
  schema: 'an MCP schema',
  module: 'an MCP module namespace',
};

/** "receiver `x` is not an MCP value (an any-typed field)", or what it is when it is the wrong MCP value. */
export function whyNotReceiver(receiver: Node, value: McpValue | undefined, wanted: string, prov: Provenance, text: string): string {
  const shown = excerpt(text, receiver);
  if (value) return `receiver \`${shown}\` is ${kindNames[value.kind]}, not ${wanted}`;
  const origin = originOf(receiver, prov, text);
  return `receiver \`${shown}\` is not an MCP value${origin ? ` (${origin})` : ''}`;
}

/** Where the root of an expression comes from, when that explains why provenance stopped there. */
function originOf(expr: Node, prov: Provenance, text: string): string | undefined {
  let n = unwrap(expr);
  for (;;) {
    if (n.type === 'MemberExpression' && unwrap(n.object).type !== 'ThisExpression') n = unwrap(n.object);
    else if (n.type === 'CallExpression') n = unwrap(n.callee);
    else break;
  }
  if (n.type === 'MemberExpression' && unwrap(n.object).type === 'ThisExpression') return fieldOrigin(n);
  if (n.type === 'ThisExpression') return '`this` in a class that does not extend an MCP Server or Client';
  if (n.type !== 'Identifier') return undefined;
  const def = prov.variableOf(n)?.defs[0];
  if (!def) return 'a global uproot cannot trace to an MCP import';
  if (def.type === 'ImportBinding') {
    const source = def.parent?.type === 'ImportDeclaration' ? def.parent.source.value : undefined;
    if (!source) return undefined;
    return source.startsWith('.') ? `imported from '${source}', which exports no MCP value uproot can trace` : `imported from '${source}', not an MCP package`;
  }
  const annotated = annotationText(def.name as TSESTree.Identifier, def.node);
  const role = def.type === 'Parameter' ? 'parameter' : def.type === 'Variable' ? 'variable' : undefined;
  if (!role) return undefined;
  if (annotated === 'any' || annotated === 'unknown') return `an ${annotated}-typed ${role}`;
  if (annotated === OTHER_TYPE) return `a ${role} whose declared type is not an MCP type`;
  if (annotated) return `a ${role} of type \`${annotated}\`, not an MCP type`;
  if (role === 'parameter') return 'an untyped parameter that no traced caller passes an MCP value to';
  const init = def.node.type === 'VariableDeclarator' && def.node.id === def.name ? def.node.init : null;
  return init ? `a variable set from \`${excerpt(text, init)}\`, which uproot cannot trace to an MCP value` : 'a variable uproot cannot trace to an MCP value';
}

/** `this.x`: an any-typed field, a field of another type, or one never assigned an MCP value. */
function fieldOrigin(member: TSESTree.MemberExpression): string {
  const key = propertyName(member);
  const cls = thisClass(member);
  const field = cls?.body.body.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && propertyName(m) === key);
  const type = field?.typeAnnotation?.typeAnnotation;
  if (type?.type === 'TSAnyKeyword') return 'an any-typed field';
  if (type?.type === 'TSUnknownKeyword') return 'an unknown-typed field';
  return 'a field uproot cannot trace to an MCP value';
}

function annotationText(name: TSESTree.Identifier, defNode: Node): string | undefined {
  const type = name.typeAnnotation?.typeAnnotation ?? (defNode.type === 'VariableDeclarator' ? defNode.id.typeAnnotation?.typeAnnotation : undefined);
  if (!type) return undefined;
  if (type.type === 'TSAnyKeyword') return 'any';
  if (type.type === 'TSUnknownKeyword') return 'unknown';
  if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier') return type.typeName.name;
  return OTHER_TYPE;
}

const OTHER_TYPE = 'other';

export function excerpt(text: string, node: Node): string {
  const s = text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
