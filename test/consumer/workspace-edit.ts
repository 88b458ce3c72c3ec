// Applies an LSP WorkspaceEdit to one document's text, as an editor does with `workspace/applyEdit`.
import type { Position, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';

/** UTF-16 offset of an LSP position (JavaScript string indices are UTF-16 too). */
export function offsetAt(text: string, position: Position): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) throw new Error(`line ${position.line} is past the end of the document (${line + 1} lines)`);
    offset = next + 1;
  }
  return offset + position.character;
}

/** The edits a WorkspaceEdit makes to `uri`, from `changes` or `documentChanges` (whichever the server used). */
export function editsFor(edit: WorkspaceEdit, uri: string): TextEdit[] {
  const fromChanges = edit.changes?.[uri] ?? [];
  const fromDocumentChanges = (edit.documentChanges ?? []).flatMap((change) => ('textDocument' in change && change.textDocument.uri === uri ? change.edits : []));
  return [...fromChanges, ...(fromDocumentChanges as TextEdit[])];
}

export function applyWorkspaceEdit(text: string, uri: string, edit: WorkspaceEdit): string {
  const edits = editsFor(edit, uri).map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), newText: e.newText }));
  if (edits.length === 0) throw new Error(`the workspace edit changes nothing in ${uri}: ${JSON.stringify(edit)}`);
  // Back to front, so earlier offsets stay valid; LSP edits of one document never overlap.
  let result = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, e.start) + e.newText + result.slice(e.end);
  return result;
}
