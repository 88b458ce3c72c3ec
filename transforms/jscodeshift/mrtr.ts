// jscodeshift entry point for the MRTR strategy: `npx jscodeshift -t transforms/jscodeshift/mrtr.ts src/`.
// It runs the same planner as `uproot migrate --to mrtr` on one file's text (no jscodeshift AST needed),
// and reports every site it could not rewrite through jscodeshift's own reporter.
import type { API, FileInfo } from 'jscodeshift';
import { runStrategy } from './run-strategy.ts';
import { planMrtrText } from '../mrtr.ts';

export default function transformer(file: FileInfo, api: API): string | undefined {
  return runStrategy(file, api, planMrtrText);
}
