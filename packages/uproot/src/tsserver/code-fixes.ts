// The rewrite a finding offers, as a tsserver code fix: the same text edits as the ESLint suggestion.
import type ts from 'typescript';
import type { Finding } from './analysis.ts';
import type { TextEdit } from '@uproot/core/planning';

/** Names the combined fix ("fix all in file"): the whole-file MRTR plan. */
export const MRTR_FIX_ID = 'uproot-migrate-mrtr';

/** Fixes of the findings with one of `errorCodes` that overlap [start, end]. */
export function codeFixesAt(fileName: string, findings: Finding[], start: number, end: number, errorCodes: readonly number[], fileRewriteTitle: string): ts.CodeFixAction[] {
  const fixes: ts.CodeFixAction[] = [];
  for (const f of findings) {
    if (!f.fix || !errorCodes.includes(f.code) || !overlaps(f, start, end)) continue;
    const request = f.rule === 'no-roots-request';
    fixes.push({
      fixName: `uproot/${f.rule}`,
      description: f.fix.description,
      changes: [textChanges(fileName, f.fix.edits)],
      ...(request ? { fixId: MRTR_FIX_ID, fixAllDescription: fileRewriteTitle } : {}),
    });
  }
  return fixes;
}

export function textChanges(fileName: string, edits: readonly TextEdit[]): ts.FileTextChanges {
  return { fileName, textChanges: edits.map((e) => ({ span: { start: e.start, length: e.end - e.start }, newText: e.text })) };
}

/** A caret inside or at either end of the finding counts, as tsserver's own fixes do. */
function overlaps(f: Finding, start: number, end: number): boolean {
  return start <= f.start + f.length && end >= f.start;
}
