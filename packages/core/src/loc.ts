// Where a node is, as ESLint says it (`loc`: 1-based line, 0-based column), for the few nodes anything
// reports. ESLint's parsers put `loc` on every node; the CLI's parse (parse.ts) does not, because most
// nodes of a file are never reported and one location object per node is a tenth of the parse's time:
// it keeps each file's line starts here instead, and the location is worked out when asked for.
import type { TSESTree } from '@typescript-eslint/types';

const lineStartsOf = new WeakMap<TSESTree.Node, number[]>();

/** parse.ts: the line starts of the file whose Program this is. */
export function rememberLines(program: TSESTree.Program, starts: number[]): void {
  lineStartsOf.set(program, starts);
}

/** `node.loc`, from ESLint's parse, or worked out from the node's range in the file the CLI parsed. */
export function locOf(node: TSESTree.Node): TSESTree.SourceLocation {
  if (node.loc) return node.loc;
  let root: TSESTree.Node = node;
  while (root.parent) root = root.parent;
  const starts = lineStartsOf.get(root);
  if (!starts) throw new Error(`locOf: a ${node.type} node outside any parsed file`);
  return { start: position(starts, node.range[0]), end: position(starts, node.range[1]) };
}

/** The line (1-based) and column (0-based) of `offset`, from a file's line starts. */
export function position(starts: number[], offset: number): TSESTree.Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! };
}
