// oxc's TS-ESTree ranges and TypeScript's nodes agree on offsets (both exclude leading trivia), so
// an ESTree node maps to the innermost TypeScript node spanning exactly the same text.
import { ts } from 'ts-morph';

export function tsNodeAt(file: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (node.end < end || node.pos > start) return;
    const nodeStart = node.getStart(file);
    if (nodeStart > start) return;
    if (nodeStart === start && node.end === end) found = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return found;
}
