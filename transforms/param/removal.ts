// Removing whole statements without leaving blank lines or stray indentation behind.
import type { Node } from '@uproot/core/planning';
import { type TextEdit, lineStart } from '@uproot/core/planning';

export function removeStatement(text: string, node: Node | { range: [number, number] }): TextEdit {
  return removeRange(text, node.range[0], node.range[1]);
}

/** Remove [start, end); when that leaves its lines empty (or holding only its trailing comment), remove the lines too. */
export function removeRange(text: string, start: number, end: number): TextEdit {
  const from = lineStart(text, start);
  const ownsStart = /^[ \t]*$/.test(text.slice(from, start));
  const rest = /^[ \t]*(\/\/[^\r\n]*)?(\r?\n|$)/.exec(text.slice(end));
  if (!ownsStart || !rest) return { start, end, text: '' };
  let to = end + rest[0].length;
  // A blank line on both sides would become two in a row: keep one.
  const blankBefore = from === 0 || /\n[ \t]*\r?\n$/.test(text.slice(0, from));
  const blankAfter = /^[ \t]*\r?\n/.exec(text.slice(to));
  if (blankBefore && blankAfter) to += blankAfter[0].length;
  return { start: from, end: to, text: '' };
}

/** Deletions that overlap or touch become one (import pruning can plan neighbours that share a comma). */
export function mergeDeletions(text: string, edits: TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const out: TextEdit[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && e.text === '' && last.text === '' && e.start <= last.end) {
      last.end = Math.max(last.end, e.end);
      // The merged run ended the list: the comma before it goes too (`{ a, b, c }` minus b and c is `{ a }`).
      const comma = /,\s*$/.exec(text.slice(0, last.start));
      if (comma && /^\s*}/.test(text.slice(last.end))) last.start -= comma[0].length;
    } else out.push({ ...e });
  }
  return out;
}
