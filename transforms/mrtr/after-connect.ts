// A roots request that runs after the server connected, in the same start-up function or one it calls there
// (`await server.connect(transport); await getRoots();`): a start-up fetch, not a handler's request. 2026-07-28 has
// no session start to ask at, so the marker says lifecycle rather than "no caller could be traced".
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, enclosingFunction, unwrap } from '@uproot/core/planning';
import type { Reach } from '@uproot/core/planning';
import type { Unit } from './unit.ts';

/**
 * The function in which `from` (the request, or a call of the function that makes it) or a call on the way from the
 * reach runs after an MCP server's `connect(…)`, if any.
 */
export function connectedBefore(from: Node, reach: Reach, unit: Unit): string | undefined {
  // Innermost first: `from` itself, then each call that leads to it.
  const points: Node[] = [from, ...reach.hops.map((h) => h.call as Node).reverse()];
  for (const point of points) {
    const fn = enclosingFunction(point);
    if (fn && awaitsConnectBefore(point, fn, unit)) return nameOf(fn);
  }
  return undefined;
}

/** Whether a statement of `fn` before `point`, in a block that holds it, awaits `<MCP server>.connect(…)`. */
function awaitsConnectBefore(point: Node, fn: Node, unit: Unit): boolean {
  for (let node: Node | undefined = point; node && node !== fn; node = node.parent) {
    const block: Node | undefined = node.parent;
    if (block?.type !== 'BlockStatement') continue;
    for (const statement of block.body as Node[]) {
      if (statement === node) break;
      if (statement.type === 'ExpressionStatement' && isConnect(statement.expression, unit)) return true;
    }
  }
  return false;
}

function isConnect(expression: Node, unit: Unit): boolean {
  const inner = unwrap(expression.type === 'AwaitExpression' ? expression.argument : expression);
  if (expression.type !== 'AwaitExpression' || inner.type !== 'CallExpression') return false;
  const callee = unwrap(inner.callee);
  if (callee.type !== 'MemberExpression' || callee.property.type === 'PrivateIdentifier' || callee.computed) return false;
  if ((callee.property as TSESTree.Identifier).name !== 'connect') return false;
  return !!unit.prov.is(callee.object, 'server', 'mcp-server');
}

function nameOf(fn: Node): string {
  if (fn.type === 'FunctionDeclaration' && fn.id) return `${fn.id.name}()`;
  const parent = fn.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return `${parent.id.name}()`;
  if (parent?.type === 'MethodDefinition' && parent.key.type === 'Identifier') return `${parent.key.name}()`;
  return 'the start-up function';
}
