// Counts for the text and JSON reports, derived from the sites so the two always agree.
import type { ReasonCode, SiteAction, SiteKind } from '@uproot/core';
import type { ScanResult } from '../scan/scan.ts';

export interface ScanSummary {
  files: number;
  filesWithSites: number;
  sites: number;
  byKind: Record<SiteKind, number>;
  byAction: Record<SiteAction, number>;
  byReason: Partial<Record<ReasonCode, number>>;
  /** Hand-rolled MRTR problems (uproot/mrtr-* rules). */
  problems: number;
  failures: number;
  notices: number;
  /** Whether the TypeScript checker confirmed receivers (`--types`), and why not when it did not. */
  types: 'on' | 'off';
  typesWhy?: string;
}

export function summarize(result: ScanResult): ScanSummary {
  const byKind: Record<SiteKind, number> = { request: 0, 'input-request': 0, 'list-changed': 0, capability: 0, 'elicitation-request': 0, 'sampling-request': 0 };
  const byAction: Record<SiteAction, number> = { rewrite: 0, mark: 0, report: 0 };
  const byReason: Partial<Record<ReasonCode, number>> = {};
  let sites = 0;
  for (const f of result.files) {
    for (const s of f.sites) {
      sites++;
      byKind[s.kind]++;
      byAction[s.action]++;
      if (s.reason) byReason[s.reason] = (byReason[s.reason] ?? 0) + 1;
    }
  }
  const problems = result.files.reduce((n, f) => n + f.problems.length, 0);
  return { files: result.scannedFiles, filesWithSites: result.files.filter((f) => f.sites.length).length, sites, byKind, byAction, byReason, problems, failures: result.failures.length, notices: result.notices.length, types: result.types.types, ...(result.types.why ? { typesWhy: result.types.why } : {}) };
}
