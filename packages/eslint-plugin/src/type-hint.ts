// With type information (typescript-eslint's projectService), confirm receivers the syntax could not
// trace: a value whose type is declared by an @modelcontextprotocol package is an MCP value.
import type { ParserServicesWithTypeInformation } from '@typescript-eslint/utils';
import type { McpValue } from '@uproot/core';
import type { McpValueKind } from '@uproot/core/planning';
import type { TSESTree } from '@typescript-eslint/utils';

const kindOfType: Record<string, McpValueKind> = {
  Server: 'server',
  McpServer: 'mcp-server',
  Client: 'client',
  RequestHandlerExtra: 'handler-extra',
  ServerContext: 'handler-extra',
  inputRequired: 'input-required',
  InputRequiredBuilder: 'input-required',
};

/** A class value (something you `new`) rather than an instance of it. */
const classKind: Partial<Record<McpValueKind, McpValueKind>> = { server: 'server-class', 'mcp-server': 'mcp-server-class', client: 'client-class' };

export function typeHintFrom(services: ParserServicesWithTypeInformation): (node: TSESTree.Node) => McpValue | undefined {
  const checker = services.program.getTypeChecker();
  return (node) => {
    if (node.type === 'Literal' || node.type === 'ObjectExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return undefined;
    let tsNode;
    try {
      tsNode = services.esTreeNodeToTSNodeMap.get(node as never);
    } catch {
      return undefined;
    }
    if (!tsNode) return undefined;
    const type = checker.getTypeAtLocation(tsNode);
    const symbol = type.getSymbol() ?? type.aliasSymbol;
    if (!symbol) return undefined;
    const instanceKind = kindOfType[symbol.getName()];
    if (!instanceKind) return undefined;
    const kind = type.getConstructSignatures().length > 0 ? (classKind[instanceKind] ?? instanceKind) : instanceKind;
    for (const decl of symbol.getDeclarations() ?? []) {
      const file = decl.getSourceFile().fileName.replace(/\\/g, '/');
      const m = /\/node_modules\/@modelcontextprotocol\/(sdk|server|client|core)\//.exec(file);
      if (m) return { kind, sdk: m[1] === 'sdk' ? 1 : 2 };
    }
    return undefined;
  };
}
