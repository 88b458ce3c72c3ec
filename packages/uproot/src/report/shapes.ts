// The machine shapes of `--format json` (design.md §5, version 1), which the programmatic API returns too.
// Declared here, not inferred, so the published types say exactly what scripts can rely on.
import type { ReasonCode, SdkMajor, Side, SiteAction, SiteContext, SiteKind } from '@uproot/core/light';
import type { ScanSummary } from './summary.ts';

export interface FileProblemEntry {
  file: string;
  /** 1-based position, for problems inside the file (syntax errors). */
  line?: number;
  column?: number;
  message: string;
}

export interface ScanSiteEntry {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  kind: SiteKind;
  /** The ESLint rule that reports this site, e.g. `uproot/no-roots-request`. */
  rule: string;
  sdk: SdkMajor | null;
  side: Side;
  context: SiteContext;
  action: SiteAction;
  reason?: ReasonCode;
  detail?: string;
  /** For roots kept in state: the handlers that read that state. */
  consumers?: SiteContext[];
  /** For roots kept in state: how the readers use them. */
  role?: 'sandbox' | 'workspace';
}

export interface ScanProblemEntry {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  kind: 'mrtr';
  rule: string;
  message: string;
}

/** With `--explain`: a line that mentions roots (the pre-filter's spellings) and holds no site, with why. */
export interface ScanCandidateEntry {
  file: string;
  /** 1-based position of the first roots mention on the line. */
  line: number;
  column: number;
  /** The line, trimmed and shortened. */
  text: string;
  why: string;
}

export interface ScanReport {
  version: 1;
  sites: ScanSiteEntry[];
  problems: ScanProblemEntry[];
  summary: ScanSummary;
  failures: FileProblemEntry[];
  notices: FileProblemEntry[];
  /** Only with `--explain` (absent otherwise, so the default shape stays). */
  candidates?: ScanCandidateEntry[];
}

export interface MigrateSiteEntry {
  line: number;
  column: number;
  kind: SiteKind;
  rule: string;
  sdk: SdkMajor | null;
  side: Side;
  context: SiteContext;
  outcome: 'rewritten' | 'marked' | 'reported';
  reason?: ReasonCode;
  /** For roots kept in state: the handlers that read that state. */
  consumers?: SiteContext[];
  role?: 'sandbox' | 'workspace';
  /** For retired roots state (`--to param`): what the user must now configure so the server finds its directories; for
   *  requests moved into rounds that carry signed requestState (`--to mrtr`): the signing key's variable. */
  configure?: SiteConfigure;
  detail?: string;
}

export interface SiteConfigure {
  /** The environment variable that now carries the directories (or the requestState signing key), or null when the server's own command-line arguments do. */
  env: string | null;
  /** Whether the server's existing command-line arguments carry them. */
  args: boolean;
  /** The new directory parameter of the consuming tools (workspace), or null (a sandbox never takes one). */
  param: string | null;
  /** How the readers use the roots; null when uproot cannot tell (roots from configuration leave every reader as it was). */
  role: 'sandbox' | 'workspace' | null;
}

export interface MigrateFileEntry {
  file: string;
  changed: boolean;
  /** The run created this file: the module of generated helpers its migrated files share. */
  created?: true;
  sites: MigrateSiteEntry[];
  /** Unified diff, in dry runs. */
  diff?: string;
}

export interface MigrateSummary {
  files: number;
  changedFiles: number;
  rewritten: number;
  marked: number;
  reported: number;
  failures: number;
  /** Whether the TypeScript checker confirmed receivers (`--types`), and why not when it did not. */
  types: 'on' | 'off';
  typesWhy?: string;
}

export interface MigrateReport {
  version: 1;
  strategy: 'mrtr' | 'param';
  dryRun: boolean;
  files: MigrateFileEntry[];
  summary: MigrateSummary;
  failures: FileProblemEntry[];
  notices: FileProblemEntry[];
  interrupted: boolean;
  /** With `--with-sdk-upgrade`. */
  sdkUpgrade?: SdkUpgradeReport;
  testsToUpdate: TestToUpdate[];
}

/** A dependency the SDK upgrade changed in one package.json (`from: null` added, `to: null` removed). */
export interface SdkUpgradeDependency {
  /** The package.json, relative to the working directory. */
  manifest: string;
  name: string;
  from: string | null;
  to: string | null;
}

/** One of the official codemod's own findings: a marker comment it inserted, or a diagnostic it printed. */
export interface SdkUpgradeDiagnostic {
  file: string;
  /** 1-based; for markers the line of the comment in the file as written. */
  line: number;
  level: 'marker' | 'error' | 'warning' | 'info';
  message: string;
}

/** `--with-sdk-upgrade`: what the official @modelcontextprotocol/codemod v1-to-v2 step did. */
export interface SdkUpgradeReport {
  /** The folders the codemod ran on, relative to the working directory. */
  dirs: string[];
  filesChanged: number;
  dependencies: SdkUpgradeDependency[];
  /** The install command the changed dependencies need, for the project's package manager; null when none changed. */
  install: string | null;
  diagnostics: SdkUpgradeDiagnostic[];
  /** False when uproot left the SDK as it was: no roots site would be rewritten after the upgrade (`skipped` says so). */
  applied: boolean;
  /** Why the upgrade was not applied, with the command to run it by hand. */
  skipped?: string;
  /** An applied upgrade always needs review: the official codemod alone leaves type errors or test failures in many servers. */
  review: boolean;
}

/** A test file that drives roots behaviour the migration removed; uproot lists it and never edits it for you. */
export interface TestToUpdate {
  /** Relative to the working directory. */
  file: string;
  why: string;
}
