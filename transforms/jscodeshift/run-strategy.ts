// Shared by the jscodeshift entry points: plan, apply, report. Returning undefined tells jscodeshift
// the file was skipped (nothing to change), which keeps its summary honest.
import path from 'node:path';
import type { API, FileInfo } from 'jscodeshift';
import { reasonMessages } from '@uproot/core/planning';
import { applyEdits } from '@uproot/core/planning';
import type { FilePlan } from '../outcome.ts';

export function runStrategy(file: FileInfo, api: API, plan: (text: string, path: string) => FilePlan): string | undefined {
  const bom = file.source.charCodeAt(0) === 0xfeff;
  const text = bom ? file.source.slice(1) : file.source;
  // jscodeshift passes paths as typed (`src/x.ts`); imports and callers are followed only from an absolute one.
  const result = plan(text, path.resolve(file.path));
  // jscodeshift's Runner provides report(); its test utility does not.
  const report = typeof api.report === 'function' ? api.report : undefined;
  for (const o of result.outcomes) {
    if (report && o.outcome === 'marked' && o.reason) {
      report(`${file.path}:${o.site.line}:${o.site.column} [${o.reason}] ${o.detail ? `${o.detail}; ` : ''}${reasonMessages[o.reason]}`);
    }
  }
  if (result.edits.length === 0) return undefined;
  const next = applyEdits(text, result.edits);
  return next === text ? undefined : (bom ? '\ufeff' : '') + next;
}
