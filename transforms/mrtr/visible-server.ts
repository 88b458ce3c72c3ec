// A handler declared apart from its registration (`const readHandler = async (args) => …` then
// `server.registerTool('read', {…}, readHandler)`) inside a factory (`function createServer() { const
// server = new McpServer(…); … }`) still sees the factory's `server` at its entry: the same binding,
// not a module-level one, and it is initialised by then since the registration itself used it.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, unwrap } from '@uproot/core/planning';
import type { Unit } from './unit.ts';

/** The registration's receiver (`server`, `server.server`) names, from the handler's own scope, the binding it names at the registration. */
export function receiverVisibleAt(receiver: Node, callback: FunctionNode, unit: Unit): boolean {
  let root = unwrap(receiver);
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  if (root.type !== 'Identifier') return false;
  const bound = unit.prov.variableOf(root);
  if (!bound) return false;
  // Resolved from inside the handler, the name must find the same variable (no parameter or local shadows it).
  for (let scope = unit.prov.scopeOf(callback); scope; scope = scope.upper) {
    const found = scope.set.get((root as TSESTree.Identifier).name);
    if (found) return found === bound;
  }
  return false;
}
