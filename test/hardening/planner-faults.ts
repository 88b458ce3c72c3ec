// Fault injection around the MRTR entry module, for suites that vi.mock it: the wrapper calls the
// real planner and only adds the fault a test asks for (a crash, a rewrite that cannot parse, or an
// action between the run's reads and its writes).
import path from 'node:path';
import { parseSource } from '../../packages/core/src/parse.ts';
import { mayContainRootsSites } from '../../packages/core/src/prefilter.ts';
import type { FilePlan } from '../../transforms/outcome.ts';
import type * as Mrtr from '../../transforms/mrtr.ts';

export const faults = {
  crashOn: undefined as ((file: string) => boolean) | undefined,
  breakSyntaxOf: undefined as ((file: string) => boolean) | undefined,
  /** Runs once the run has read and planned every file, before it writes the first one. */
  afterPlanning: undefined as (() => void) | undefined,
};

export function resetFaults(): void {
  faults.crashOn = faults.breakSyntaxOf = faults.afterPlanning = undefined;
}

/** A path predicate: the file is `<dir>/<rel>`. */
export const endsWith = (rel: string) => (file: string) => file.split(path.sep).join('/').endsWith(`/${rel}`);

export function withFaults(real: typeof Mrtr): typeof Mrtr {
  // Crashes where the real planner plans the file: it passes the pre-filter and parses.
  const crash = (file: string, text: string) => {
    if (!faults.crashOn?.(file) || !mayContainRootsSites(text)) return;
    try {
      parseSource(text, file);
    } catch {
      return;
    }
    throw new Error(`planner exploded on ${path.basename(file)}`);
  };
  // An opening parenthesis at the top of the file: the planned rewrite cannot parse.
  const sabotage = (file: string, plan: FilePlan): FilePlan => (faults.breakSyntaxOf?.(file) ? { ...plan, edits: [...plan.edits, { start: 0, end: 0, text: '(' }] } : plan);
  return {
    ...real,
    planMrtrProject: (...args: Parameters<typeof real.planMrtrProject>) => {
      for (const f of args[0]) crash(f.path, f.text ?? "");
      const project = real.planMrtrProject(...args);
      for (const [file, plan] of project.plans) project.plans.set(file, sabotage(file, plan));
      faults.afterPlanning?.();
      return project;
    },
    planMrtrText: (text: string, file: string) => {
      crash(file, text);
      return sabotage(file, real.planMrtrText(text, file));
    },
  };
}
