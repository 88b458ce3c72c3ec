// Small projects written inside the repository (named like the e2e harness's copies, so the SDK and zod resolve
// for a type check), migrated in memory with `--lifecycle per-request` and written back: what the per-request
// test files share.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planMrtrProject } from '../../transforms/mrtr.ts';
import { TMP_DIR } from '../e2e/harness/load.ts';

export interface ServerOutcome {
  line: number;
  kind: string;
  outcome: string;
  reason?: string;
  detail?: string;
}

/** `project` writes a folder (removed after the file's tests); `migrate` plans it, writes the changes, and says what changed. */
export function perRequestProjects(prefix: string) {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function project(name: string, files: Record<string, string>): string {
    mkdirSync(TMP_DIR, { recursive: true });
    const dir = mkdtempSync(path.join(TMP_DIR, `${prefix}-${name}-p${process.pid}-`));
    dirs.push(dir);
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
    return dir;
  }

  /** Every server-side site's outcome (`outcomes`), the requests' alone (`requests`), and each changed file's text by name. */
  function migrate(dir: string) {
    const files = readdirSync(dir).filter((f) => /\.[jt]s$/.test(f)).sort().map((f) => ({ path: path.join(dir, f), text: readFileSync(path.join(dir, f), 'utf8') }));
    const { plans, failures } = planMrtrProject(files, { lifecycle: 'per-request' });
    expect([...failures.keys()]).toEqual([]);
    const changed: Record<string, string> = {};
    const outcomes: ServerOutcome[] = [];
    for (const f of files) {
      const plan = plans.get(f.path);
      if (!plan) continue;
      for (const o of plan.outcomes) if (o.site.side === 'server') outcomes.push({ line: o.site.line, kind: o.site.kind, outcome: o.outcome, reason: o.reason, detail: o.detail });
      const text = applyEdits(f.text, plan.edits);
      if (text === f.text) continue;
      writeFileSync(f.path, text);
      changed[path.basename(f.path)] = text;
    }
    const requests = outcomes.filter((o) => o.kind === 'request').map(({ outcome, detail }) => ({ outcome, detail }));
    return { changed, outcomes, requests };
  }

  return { project, migrate };
}
