// `--format json`: the stable machine shape of design.md §5 (version 1).
import { ruleOfKind } from '@uproot/core/light';
import type { ScanResult } from '../scan/scan.ts';
import type { ScanReport } from './shapes.ts';
import { summarize } from './summary.ts';

export function scanToJson(result: ScanResult): string {
  return JSON.stringify(scanReport(result), null, 2) + '\n';
}

export function scanReport(result: ScanResult): ScanReport {
  const sites = result.files.flatMap(({ file, sites }) =>
    sites.map((s) => ({
      file,
      line: s.line,
      column: s.column,
      endLine: s.endLine,
      endColumn: s.endColumn,
      kind: s.kind,
      rule: `uproot/${ruleOfKind[s.kind]}`,
      sdk: s.sdk,
      side: s.side,
      context: s.context,
      action: s.action,
      ...(s.reason ? { reason: s.reason } : {}),
      ...(s.detail ? { detail: s.detail } : {}),
      ...(s.consumers ? { consumers: s.consumers } : {}),
      ...(s.role ? { role: s.role } : {}),
    })),
  );
  // Hand-rolled MRTR mistakes: the uproot/mrtr-* rules, with the same message ESLint shows.
  const problems = result.files.flatMap(({ file, problems }) =>
    problems.map((p) => ({ file, line: p.line, column: p.column, endLine: p.endLine, endColumn: p.endColumn, kind: 'mrtr' as const, rule: `uproot/${p.rule}`, message: p.message })),
  );
  const report: ScanReport = { version: 1, sites, problems, summary: summarize(result), failures: result.failures, notices: result.notices };
  if (result.candidates) report.candidates = result.candidates.map(({ file, line, column, text, why }) => ({ file, line, column, text, why }));
  return report;
}
