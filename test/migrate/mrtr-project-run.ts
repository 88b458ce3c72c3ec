// Runs `--to mrtr`'s project planner over in-memory files, as the push-helper tests read its result.
import { expect } from 'vitest';
import { parseSource } from '../../packages/core/src/parse.ts';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planMrtrProject } from '../../transforms/mrtr.ts';

export type Files = Record<string, string>;

/** Migrates the files as one run; every written file parses, and a second run changes nothing. */
export function migrate(files: Files): { after: Files; outcomes: string[] } {
  const list = Object.entries(files).map(([path, text]) => ({ path, text }));
  const { plans } = planMrtrProject(list, {});
  const after: Files = {};
  const outcomes: string[] = [];
  for (const { path, text } of list) {
    const plan = plans.get(path);
    after[path] = plan ? applyEdits(text, plan.edits) : text;
    parseSource(after[path]!, path);
    for (const o of plan?.outcomes ?? []) outcomes.push(`${path.split('/').pop()}:${o.site.line} ${o.site.kind} ${o.outcome}${o.reason ? ` ${o.reason}` : ''}${o.detail ? ` — ${o.detail}` : ''}`);
  }
  const again = planMrtrProject(Object.entries(after).map(([path, text]) => ({ path, text })), {}).plans;
  for (const [path, text] of Object.entries(after)) expect(applyEdits(text, again.get(path)?.edits ?? []), `${path} on a second run`).toBe(text);
  return { after, outcomes };
}
