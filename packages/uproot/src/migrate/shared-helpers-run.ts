// The run's side of shared helpers: after the first plan, decide the modules (shared-helpers.ts),
// plan the importing files again to import them, and write each module
// before its importers (and on its own, so one failing importer costs no other its rewrite): no file
// is ever written importing a module that is not there.
import { realpathSync } from 'node:fs';
import { applyEdits } from '@uproot/core/planning';
import type { FilePlan } from '../../../../transforms/outcome.ts';
import type { SharedHelpers } from '../../../../transforms/shared-helpers/names.ts';
import type { Work } from './commit-group.ts';
import type { FileProblem } from '../files/walk.ts';
import type { MigrateResult } from './shapes.ts';
import { relativePath } from '../scan/scan.ts';
import { type SharedModule, planSharedHelpers } from './shared-helpers.ts';

export interface SharedRun {
  plans: Map<string, FilePlan>;
  modules: SharedModule[];
  notices: FileProblem[];
}

type Replan = (shared: SharedHelpers, scratch: Pick<MigrateResult, 'failures'>) => Map<string, FilePlan>;

export function shareHelpers(sources: Array<{ path: string; text?: string }>, plans: Map<string, FilePlan>, cwd: string, replan: Replan): SharedRun | undefined {
  const candidates = sources.flatMap((s) => {
    const plan = plans.get(s.path);
    if (!plan?.helpers?.length || s.text === undefined || !applies(s.text, plan)) return [];
    return [{ path: s.path, text: s.text, kinds: plan.helpers }];
  });
  if (candidates.length === 0) return undefined;
  const shared = planSharedHelpers(candidates, cwd);
  if (shared.specifiers.size === 0) return { plans, modules: [], notices: shared.notices };
  const scratch: Pick<MigrateResult, 'failures'> = { failures: [] };
  const again = replan((file) => shared.specifiers.get(file), scratch);
  // The second plan must be the first one with imports for blocks: otherwise keep the first.
  const kindsOf = new Map(shared.modules.flatMap((m) => m.importers.map((file) => [file, new Set(m.kinds)] as const)));
  const same = [...plans].every(([file, first]) => {
    const second = again.get(file);
    if (!second || second.outcomes.length !== first.outcomes.length || !!second.helpers?.length !== !!first.helpers?.length) return false;
    const kinds = kindsOf.get(file);
    return !kinds || (second.helpers ?? []).every((k) => kinds.has(k));
  });
  if (!same || again.size !== plans.size) {
    return { plans, modules: [], notices: [...shared.notices, { file: relativePath(cwd, shared.modules[0]!.path), message: 'could not be planned for every file that needs it; the generated helpers stay inline' }] };
  }
  return { plans: again, modules: shared.modules, notices: shared.notices };
}

function applies(text: string, plan: FilePlan): boolean {
  try {
    return applyEdits(text, plan.edits) !== text;
  } catch {
    return false;
  }
}

/** A work item per module that is new or grows; one already as it should be is left alone. */
export function moduleWork(modules: SharedModule[], cwd: string, realPaths: Map<string, string>): Work[] {
  return modules.flatMap((m): Work[] => {
    if (m.existing === m.text) return [];
    const file = relativePath(cwd, m.path);
    if (m.existing !== undefined && !realPaths.has(m.path)) realPaths.set(m.path, realpathSync(m.path));
    const created = m.existing === undefined;
    return [
      {
        source: { path: m.path, text: m.existing ?? '', file, bom: false },
        plan: { edits: [], outcomes: [] },
        entry: { file, absolute: m.path, changed: true, outcomes: [], ...(created ? { created } : {}) },
        next: m.text,
        ...(created ? { create: true } : {}),
      },
    ];
  });
}

/** Each importing file's module. */
export function importersOf(modules: SharedModule[]): Map<string, string> {
  return new Map(modules.flatMap((m) => m.importers.map((file) => [file, m.path] as const)));
}
