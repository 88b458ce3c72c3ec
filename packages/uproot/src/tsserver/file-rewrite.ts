// The "fix all in file" of the tsserver plugin: what `uproot migrate --to mrtr` writes for this one file
// (every rewritable request, markers for the rest).
import type { TextEdit } from '@uproot/core/planning';
import { planMrtrText } from '../../../../transforms/mrtr.ts';

export const fileRewriteTitle = 'Rewrite the roots requests of this file, as `uproot migrate --to mrtr <file>` would.';

export function planFileRewrite(fileName: string, text: string): TextEdit[] {
  return planMrtrText(text, fileName).edits;
}
