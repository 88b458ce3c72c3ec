// The same-file function a call (or a callee name) names: a function declaration, or a variable
// initialised with an arrow or function expression. The state analysis and the param planner both
// follow roots into such helpers, so they share this one reading of "a local helper".
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, isFunction, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';

export function localFunction(target: TSESTree.CallExpression | TSESTree.Identifier, prov: Provenance): FunctionNode | undefined {
  const callee = target.type === 'CallExpression' ? unwrap(target.callee) : target;
  if (callee.type !== 'Identifier') return undefined;
  const def = prov.variableOf(callee)?.defs[0];
  if (def?.type === 'FunctionName' && def.node.type === 'FunctionDeclaration') return def.node;
  const init = def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init ? unwrap(def.node.init) : undefined;
  return init && isFunction(init) ? init : undefined;
}
