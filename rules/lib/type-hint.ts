// With type information (typescript-eslint's projectService), confirm receivers the syntax could not
// trace: a value whose type is declared by an @modelcontextprotocol package is an MCP value.
import type { ParserServicesWithTypeInformation } from '@typescript-eslint/utils';
import { type McpValue, mcpValueOfType } from '@uproot/core';
import type { TSESTree } from '@typescript-eslint/utils';

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
    return mcpValueOfType(checker.getTypeAtLocation(tsNode));
  };
}
