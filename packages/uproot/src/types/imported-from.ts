// Where an identifier's binding comes from, when the file says so itself: `import { x } from 'm'`,
// `import * as x from 'm'`, `const x = require('m')` and `const { x } = require('m')`. The oracle answers
// bindings from modules no MCP type can be declared in without asking the checker.
import type { ScopeManagerLike } from '@uproot/core';
import type { Node } from '@uproot/core/planning';
import { variableAt } from './scope-lookup.ts';

/** The module specifier `node`'s binding is imported or required from, or undefined for any other binding. */
export function importedFrom(node: Node, scopeManager: ScopeManagerLike): string | undefined {
  if (node.type !== 'Identifier') return undefined;
  const parent = node.parent;
  if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return undefined;
  const variable = variableAt(node, node.name, scopeManager);
  if (variable?.defs.length !== 1) return undefined;
  const def = variable.defs[0]!;
  if (def.type === 'ImportBinding' && def.parent?.type === 'ImportDeclaration') return def.parent.source.value;
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator') return requiredDirectly(def.node, def.name, scopeManager);
  return undefined;
}

/** `const x = require('m')`, `const { x } = require('m')` (one level, no default): the 'm' that `name` is taken from. */
function requiredDirectly(declarator: Extract<Node, { type: 'VariableDeclarator' }>, name: Node, scopeManager: ScopeManagerLike): string | undefined {
  const init = declarator.init;
  if (init?.type !== 'CallExpression' || init.callee.type !== 'Identifier' || init.callee.name !== 'require' || init.arguments.length !== 1) return undefined;
  // A `require` the file declares itself is not Node's.
  if (variableAt(init, 'require', scopeManager)) return undefined;
  const arg = init.arguments[0]!;
  if (arg.type !== 'Literal' || typeof arg.value !== 'string') return undefined;
  const id = declarator.id;
  if (id === name) return arg.value;
  if (id.type === 'ObjectPattern' && id.properties.some((p) => p.type === 'Property' && p.value === name)) return arg.value;
  return undefined;
}
