// Markers: the reason-coded comment uproot leaves above a statement it will not rewrite
// (design.md §4). One line, never inside an expression, never twice.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, enclosingStatement } from '../ast.ts';
import { describeReason, reasonDocsUrl } from '../messages.ts';
import type { ReasonCode } from '../types.ts';
import { type TextEdit, eolOf, indentAt, insert, lineStart } from './edits.ts';

export const MARKER_PREFIX = 'uproot: [';

/** A comment body that cannot end its comment or spill onto another line. */
export function sanitizeMarkerText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/\*\//g, '* /').trim();
}

/**
 * The reason's general line, prefixed by what the planner found. For unresolved-chain the specific
 * cause replaces the general line: "no caller could be traced" would contradict "the handler is wrapped".
 */

export function markerText(reason: ReasonCode, detail?: string): string {
  const why = describeReason(reason, detail);
  return sanitizeMarkerText(`${MARKER_PREFIX}${reason}] ${why}. See ${reasonDocsUrl(reason)}`);
}

/** Plan the marker for a site, unless the line above already carries the same reason. */
/** Whether the line above the site's statement already carries a marker with this reason (an earlier run's). */
export function hasMarker(text: string, site: TSESTree.Node, reason: ReasonCode): boolean {
  const start = lineStart(text, enclosingStatement(site).range[0]);
  return start > 0 && text.slice(lineStart(text, start - 1), start).includes(`${MARKER_PREFIX}${reason}]`);
}

export function planMarker(text: string, site: TSESTree.Node, reason: ReasonCode, detail?: string): TextEdit | undefined {
  const statement = enclosingStatement(site);
  if (hasMarker(text, site, reason)) return undefined;
  const start = lineStart(text, statement.range[0]);
  // A statement that does not start its line (`foo(); bar()`) still gets its marker on its own line above.
  const indent = indentAt(text, statement.range[0]);
  const marker = `// ${markerText(reason, detail)}${eolOf(text)}`;
  // ...unless that line starts inside a template literal, a string, JSX text or a comment (the
  // statement follows one that spans lines): there a comment would become text, so break the line
  // right before the statement instead.
  if (insideTextOrComment(statement, start)) return insert(statement.range[0], `${marker}${indent}`);
  return insert(start, `${indent}${marker}`);
}

/** Whether `offset` falls strictly inside a token whose text is not code. */
function insideTextOrComment(from: Node, offset: number): boolean {
  let root: Node = from;
  while (root.parent) root = root.parent;
  const comments = root.type === 'Program' ? (root.comments ?? []) : [];
  if (comments.some((c) => c.range[0] < offset && offset < c.range[1])) return true;
  for (let node: Node | undefined = root; node; node = childAround(node, offset)) {
    if (node.type === 'TemplateElement' || node.type === 'JSXText' || (node.type === 'Literal' && typeof node.value === 'string')) return true;
  }
  return false;
}

function childAround(node: Node, offset: number): Node | undefined {
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child) && child.range[0] < offset && offset < child.range[1]) return child;
    }
  }
  return undefined;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && Array.isArray((value as { range?: unknown }).range);
}

/** Collapse markers planned for the same line and reason. */
export function dedupeMarkers(edits: TextEdit[]): TextEdit[] {
  const seen = new Set<string>();
  return edits.filter((e) => {
    const key = `${e.start}:${e.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Remove the uproot marker on the line above a statement that a plan now rewrites (a re-run after a fix). */
export function planMarkerRemoval(text: string, site: TSESTree.Node): TextEdit | undefined {
  const statement = enclosingStatement(site);
  const start = lineStart(text, statement.range[0]);
  if (start === 0) return undefined;
  const previousStart = lineStart(text, start - 1);
  const previous = text.slice(previousStart, start);
  return /^[ \t]*\/\/ uproot: \[[a-z-]+\]/.test(previous) ? { start: previousStart, end: start, text: '' } : undefined;
}
