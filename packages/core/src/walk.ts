// Every node under a root, in the order the finder has always visited them. A file is walked whole
// by up to nine passes (sites, client answers, each MRTR rule) and a class once per member asked
// about: the order is worked out on the first walk of a program or class and replayed after that.
import type { TSESTree } from '@typescript-eslint/types';

type Node = TSESTree.Node;

/** Roots worth remembering: walked many times, and few enough that the lists stay small. */
const REPLAYED = new Set(['Program', 'ClassDeclaration', 'ClassExpression', 'ClassBody']);
const orders = new WeakMap<Node, Node[]>();

export function walkAll(root: Node, visit: (node: Node) => void): void {
  if (!REPLAYED.has(root.type)) {
    walkInOrder(root, visit);
    return;
  }
  let order = orders.get(root);
  if (!order) {
    const list: Node[] = [];
    walkInOrder(root, (n) => list.push(n));
    orders.set(root, (order = list));
  }
  for (const node of order) visit(node);
}

function walkInOrder(root: Node, visit: (node: Node) => void): void {
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    visit(node);
    for (const key of Object.keys(node)) {
      if (key === 'parent' || key === 'range' || key === 'loc' || key === 'tokens' || key === 'comments') continue;
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const c of child) if (isNode(c)) stack.push(c);
      } else if (isNode(child)) stack.push(child);
    }
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
