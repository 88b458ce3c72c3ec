// `--format json`: the stable machine shape of design.md §5 (version 1).
import { ruleOfKind } from '@uproot/core/light';
import type { ScanResult } from '../scan.ts';
import { summarize } from './summary.ts';

export function scanToJson(result: ScanResult): string {
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
      ...(s.consumers ? { consumers: s.consumers } : {}),
    })),
  );
  return JSON.stringify({ version: 1, sites, summary: summarize(result), failures: result.failures, notices: result.notices }, null, 2) + '\n';
}
