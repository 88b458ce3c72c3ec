// `migrate --format json`: what happened to every site, per file, with diffs in dry runs.
import { ruleOfKind } from '@uproot/core/light';
import type { MigrateResult } from '../migrate/shapes.ts';
import { summarizeMigrate } from './migrate-summary.ts';
import type { MigrateReport } from './shapes.ts';

export function migrateToJson(result: MigrateResult): string {
  return JSON.stringify(migrateReport(result), null, 2) + '\n';
}

export function migrateReport(result: MigrateResult): MigrateReport {
  const files = result.files.map((f) => ({
    file: f.file,
    changed: f.changed,
    ...(f.created ? { created: true as const } : {}),
    sites: f.outcomes.map((o) => ({
      line: o.site.line,
      column: o.site.column,
      kind: o.site.kind,
      rule: `uproot/${ruleOfKind[o.site.kind]}`,
      sdk: o.site.sdk,
      side: o.site.side,
      context: o.site.context,
      outcome: o.outcome,
      ...(o.reason ? { reason: o.reason } : {}),
      ...(o.site.consumers ? { consumers: o.site.consumers } : {}),
      ...(o.site.role ? { role: o.site.role } : {}),
      ...(o.configure ? { configure: o.configure } : {}),
      ...(o.detail ? { detail: o.detail } : {}),
    })),
    ...(f.diff ? { diff: f.diff } : {}),
  }));
  return { version: 1, strategy: result.strategy, dryRun: result.dryRun, files, summary: summarizeMigrate(result), failures: result.failures, notices: result.notices, interrupted: result.interrupted, ...extras(result) };
}

/** Run-level findings: the SDK upgrade step, and the tests that drive roots behaviour the run removed. */
function extras(result: MigrateResult): Pick<MigrateReport, 'sdkUpgrade' | 'testsToUpdate'> {
  return { ...(result.sdkUpgrade ? { sdkUpgrade: result.sdkUpgrade } : {}), testsToUpdate: result.testsToUpdate ?? [] };
}
