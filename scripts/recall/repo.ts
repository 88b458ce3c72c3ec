// One repository's check: check it out at its commit, scan it, ask each front end about the files that mention
// sites, and judge every answer against the labels. run.ts runs this once per repository in its own process.
import os from 'node:os';
import { checkout, filesMentioningSites } from './checkout.ts';
import { disagreements, judge, type RepoOutcome } from './compare.ts';
import { eslintSites, type FrontResult, jscodeshiftSites, scanSites, tsserverSites } from './fronts.ts';
import { inLabelledArea, type LabelledRepo } from './labels.ts';

export interface Fronts {
  eslint: boolean;
  typed: boolean;
  tsserver: boolean;
  jscodeshift: boolean;
}

export interface Agreement {
  front: string;
  onlyScan: string[];
  onlyOther: string[];
  failures: string[];
  /** The front end's own reports against the labels of the files it checked. */
  judged: RepoOutcome;
}

export type RepoRow = RepoOutcome & { commit: string; files: number; agreement: Agreement[] };

export async function checkRepo(entry: LabelledRepo, snapshots: string, work: string, wanted: Fronts): Promise<RepoRow> {
  const dir = checkout(entry, snapshots, work);
  const scan = await scanSites(dir);
  const outcome = judge(entry, scan.sites);
  const asked = filesMentioningSites(dir).filter(inLabelledArea);
  const typeScript = asked.filter((f) => /\.[cm]?tsx?$/.test(f));
  const fronts: [string, string[], () => Promise<FrontResult>][] = [];
  if (wanted.eslint) fronts.push(['eslint', asked, () => eslintSites(dir, asked, false)]);
  if (wanted.typed) fronts.push(['eslint-typed', typeScript, () => eslintSites(dir, typeScript, true)]);
  if (wanted.tsserver) fronts.push(['tsserver', asked, () => tsserverSites(dir, asked, os.devNull)]);
  if (wanted.jscodeshift) fronts.push(['jscodeshift', asked, () => jscodeshiftSites(dir, asked)]);
  const agreement: Agreement[] = [];
  for (const [front, checked, ask] of fronts) {
    const result = await ask();
    // A file the front end could not check (no tsconfig includes it, for projectService) is listed under its
    // failures, not counted as a disagreement nor as a miss.
    const failed = new Set(result.failures.map((f) => f.replace(/:(?:\d+|undefined)?:? .*$/s, '')));
    const judgedFiles = new Set(checked.filter((f) => !failed.has(f)));
    const judged = judge({ ...entry, sites: entry.sites.filter((s) => judgedFiles.has(s.file)) }, result.sites.filter((r) => judgedFiles.has(r.file)));
    agreement.push({ front, ...disagreements(scan.sites, result.sites, judgedFiles), failures: result.failures, judged });
  }
  return { ...outcome, commit: entry.commit, files: scan.files, agreement };
}
