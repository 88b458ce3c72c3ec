// The "fix all in file" of the tsserver plugin: what `uproot migrate --to mrtr` writes for this one file
// (every rewritable request, markers for the rest).
import type { TextEdit } from '@uproot/core/planning';
import { planMrtrText } from '../../../../transforms/mrtr.ts';

export const fileRewriteTitle = 'Rewrite the roots requests of this file, as `uproot migrate --to mrtr <file>` would.';

/** `projectDir`: the project's folder, the callers' boundary for a file no package.json or repository holds. */
export function planFileRewrite(fileName: string, text: string, projectDir?: string): TextEdit[] {
  return planMrtrText(text, fileName, projectDir ? { cwd: projectDir } : {}).edits;
}
