// Every node under a root, in the order the finder has always visited them. A file is walked whole
// by up to nine passes (sites, client answers, each MRTR rule), a class or a function body once per
// member asked about: the order of a root walked twice is kept and replayed after that.
import type { TSESTree } from '@typescript-eslint/types';

type Node = TSESTree.Node;

/** A root walked once is marked; walked again, its order is kept: only what is walked repeatedly costs memory. */
const orders = new WeakMap<Node, Node[] | 'once'>();

export function walkAll(root: Node, visit: (node: Node) => void): void {
  const known = orders.get(root);
  if (known === undefined) {
    orders.set(root, 'once');
    walkInOrder(root, visit);
  } else if (known === 'once') {
    const list: Node[] = [];
    walkInOrder(root, (n) => {
      list.push(n);
      visit(n);
    });
    orders.set(root, list);
  } else {
    for (const node of known) visit(node);
  }
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
