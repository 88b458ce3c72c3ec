// `--to mrtr`: push-style roots requests in tools/call, prompts/get and resources/read handlers become
// multi round-trip requests. Planning lives in ./mrtr/; this is the strategy's one entry point.
import { mayContainRootsSites } from '@uproot/core/planning';
import { parseSource } from '@uproot/core/planning';
import { planMrtr } from './mrtr/plan.ts';
import type { FilePlan } from './outcome.ts';
import type { SharedHelpers } from './shared-helpers/names.ts';

/** `cwd`: where the run started, the callers' boundary for a file no package.json or repository holds. */
export function planMrtrText(text: string, filePath: string, options: { sharedHelpers?: SharedHelpers; cwd?: string } = {}): FilePlan {
  if (!mayContainRootsSites(text)) return { edits: [], outcomes: [] };
  const { ast, scopeManager } = parseSource(text, filePath);
  return planMrtr({ text, filePath, ast, scopeManager, ...options });
}

export { planMrtr };
export { planMrtrProject, prepareUnit, type SourceFile, type ProjectPlan } from './mrtr/project.ts';
