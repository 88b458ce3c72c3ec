// `uproot migrate` twice over every fixture tree, per strategy, as a user runs it: the second run
// changes no byte, and what it reports as left (file:line:kind:outcome:reason) is exactly what a
// fresh `uproot scan` of the first run's output finds. Markers are neither added twice nor lost.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTree, uproot } from '../cli/helpers.ts';
import { LEGACY_SERVER, type MigrateReport, REPO, copyDir, migrateJson, scratchDir, snapshot } from './helpers.ts';

const TREES: Record<string, string> = {
  'test/e2e/fixtures/mrtr': path.join(REPO, 'test/e2e/fixtures/mrtr'),
  'examples/legacy-server': LEGACY_SERVER,
  'test/fixtures/detection': path.join(REPO, 'test/fixtures/detection'),
};

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeTree));

interface ScanReport {
  sites: { file: string; line: number; kind: string; action: 'rewrite' | 'mark' | 'report'; reason?: string }[];
  failures: unknown[];
}

const OUTCOME_OF_ACTION = { rewrite: 'rewritten', mark: 'marked', report: 'reported' } as const;

/**
 * What a migrate report says is left, one key per site. Scan predicts what `--to mrtr` does with a
 * site, so for mrtr the outcome and reason are part of the key; for param only where the site is.
 */
function leftByMigrate(report: MigrateReport, strategy: string): string[] {
  return report.files.flatMap((f) => f.sites.map((s) => `${f.file}:${s.line}:${s.kind}` + (strategy === 'mrtr' ? `:${s.outcome}:${s.reason ?? ''}` : ''))).sort();
}

function leftByScan(report: ScanReport, strategy: string): string[] {
  return report.sites.map((s) => `${s.file}:${s.line}:${s.kind}` + (strategy === 'mrtr' ? `:${OUTCOME_OF_ACTION[s.action]}:${s.reason ?? ''}` : '')).sort();
}

/** The kinds and reasons of marked sites, without lines: the first run's markers, as the second run sees them. */
function markedSites(report: MigrateReport): string[] {
  return report.files.flatMap((f) => f.sites.filter((s) => s.outcome === 'marked').map((s) => `${f.file}:${s.kind}:${s.reason}`)).sort();
}

describe.each(['mrtr', 'param'] as const)('uproot migrate --to %s, twice', (strategy) => {
  for (const [name, source] of Object.entries(TREES)) {
    it(`${name}: the second run changes nothing and reports exactly what a scan of the first run's output finds`, async () => {
      const dir = scratchDir();
      dirs.push(dir);
      copyDir(source, dir);
      const first = await migrateJson(dir, '--to', strategy);
      expect(first.report.failures).toEqual([]);
      const changed = first.report.files.filter((f) => f.changed).length;
      const afterFirst = snapshot(dir);

      const second = await migrateJson(dir, '--to', strategy);
      expect(second.report.failures).toEqual([]);
      expect(second.report.files.filter((f) => f.changed).map((f) => f.file)).toEqual([]);
      expect(snapshot(dir)).toEqual(afterFirst);
      expect(second.code).toBe(first.report.files.some((f) => f.sites.some((s) => s.outcome === 'marked')) ? 1 : 0);

      const scan = await uproot(['scan', '--format', 'json'], dir);
      const scanned = JSON.parse(scan.out) as ScanReport;
      expect(scanned.failures).toEqual([]);
      expect(leftByMigrate(second.report, strategy)).toEqual(leftByScan(scanned, strategy));
      expect(second.report.files.some((f) => f.sites.some((s) => s.outcome === 'rewritten'))).toBe(false);
      expect(markedSites(second.report)).toEqual(markedSites(first.report));
      console.log(`--to ${strategy} ${name}: ${changed} files changed by the first run, ${leftByMigrate(second.report, strategy).length} sites left after the second`);
    });
  }
});
