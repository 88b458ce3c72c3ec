// Text edits: the one currency of every planner, applied by the CLI, offered by ESLint suggestions
// and returned by the jscodeshift entry points.
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export class EditConflictError extends Error {}

/** Apply non-overlapping edits; insertions at the same offset keep the order they were planned in. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => a.start - b.start || a.end - b.end || a.i - b.i);
  let out = '';
  let cursor = 0;
  for (const e of ordered) {
    if (e.start < cursor) throw new EditConflictError(`planned edits overlap at offset ${e.start}`);
    out += text.slice(cursor, e.start) + e.text;
    cursor = e.end;
  }
  return out + text.slice(cursor);
}

export function insert(at: number, text: string): TextEdit {
  return { start: at, end: at, text };
}

export function replace(node: { range: [number, number] }, text: string): TextEdit {
  return { start: node.range[0], end: node.range[1], text };
}

/** The line break the file uses, from its first one (CRLF files stay CRLF, old Mac CR files stay CR). */
export function eolOf(text: string): string {
  const first = /\r\n?|\n/.exec(text)?.[0];
  return first === '\r\n' || first === '\r' ? first : '\n';
}

/** Where the line holding `offset` starts; every JavaScript line terminator ends a line (CR, LS and PS too). */
export function lineStart(text: string, offset: number): number {
  const from = offset - 1;
  return Math.max(text.lastIndexOf('\n', from), text.lastIndexOf('\r', from), text.lastIndexOf('\u2028', from), text.lastIndexOf('\u2029', from)) + 1;
}

export function indentAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** The indentation unit the file uses: a tab, or the smallest run of leading spaces (2 or 4). */
export function indentUnit(text: string): string {
  if (/^\t+\S/m.test(text)) return '\t';
  let smallest = Infinity;
  for (const m of text.matchAll(/^( +)\S/gm)) smallest = Math.min(smallest, m[1]!.length);
  return smallest === 4 ? '    ' : '  ';
}
