// Every node under a root, in the order the finder has always visited them. A file is walked whole
// by up to nine passes (sites, client answers, each MRTR rule), a class or a function body once per
// member asked about: the order of a root walked twice is kept and replayed after that.
import type { TSESTree } from '@typescript-eslint/types';
import { visitorKeys } from '@typescript-eslint/visitor-keys';

type Node = TSESTree.Node;

/** A root walked once is marked; walked again, its order is kept: only what is walked repeatedly costs memory. */
const orders = new WeakMap<Node, Node[] | 'once'>();

/** The order of every node under `root`, already known (parse.ts lists a file's nodes as it decorates them). */
export function rememberOrder(root: Node, order: Node[]): void {
  orders.set(root, order);
}

export function walkAll(root: Node, visit: (node: Node) => void): void {
  // A whole file is always walked again (sites and client answers at least): keep its order from the first walk.
  const known = orders.get(root) ?? (root.type === 'Program' ? 'once' : undefined);
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

/**
 * The keys that hold a node's children, in the order its own keys list them (a file's nodes come out
 * in the same order as walking Object.keys, checked over ~6,000 real files): the visitor keys, plus the
 * hashbang oxc puts on the Program.
 */
const CHILD_KEYS: Record<string, readonly string[] | undefined> = { ...visitorKeys, Program: [...(visitorKeys.Program ?? []), 'hashbang'] };
const NOT_CHILDREN = new Set(['parent', 'range', 'loc', 'tokens', 'comments']);

/** The keys of `node` that may hold child nodes, in walk order. */
export function childKeys(node: Node): readonly string[] {
  return CHILD_KEYS[node.type] ?? Object.keys(node).filter((k) => !NOT_CHILDREN.has(k));
}

function walkInOrder(root: Node, visit: (node: Node) => void): void {
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    visit(node);
    for (const key of childKeys(node)) {
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
