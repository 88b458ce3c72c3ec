// What `uproot migrate` takes and returns: here, so the runner (migrate.ts), the steps it calls (commit-group.ts,
// shared-helpers-run.ts, tests-to-update.ts) and the reporters import these shapes and not the runner.
import type { FilePlan, SiteOutcome, Strategy } from '../../../../transforms/outcome.ts';
import type { FileProblem } from '../files/walk.ts';
import type { SdkUpgradeReport, TestToUpdate } from '../report/shapes.ts';
import type { TypesMode } from '../types/detect.ts';

export interface MigratedFile {
  file: string;
  absolute: string;
  changed: boolean;
  /** A file the run created: the shared module of generated helpers. */
  created?: boolean;
  outcomes: SiteOutcome[];
  diff?: string;
}

export interface MigrateResult {
  strategy: Strategy;
  dryRun: boolean;
  files: MigratedFile[];
  failures: FileProblem[];
  notices: FileProblem[];
  interrupted: boolean;
  /** With `--with-sdk-upgrade`: what the official codemod's step did. */
  sdkUpgrade?: SdkUpgradeReport;
  /** Test files that drive roots behaviour this run removed (listed, never edited). */
  testsToUpdate?: TestToUpdate[];
  /** Which mode ran (`--types`), and why not typed. */
  types: { types: 'on' | 'off'; why?: string };
}

export interface MigrateOptions {
  cwd: string;
  strategy: Strategy;
  dryRun: boolean;
  maxBytes?: number;
  progress?: boolean;
  /** `--lifecycle per-request` for the MRTR strategy. */
  lifecycle?: 'keep' | 'per-request';
  /** Plan one file; the CLI passes the strategy's planner, tests may pass one that fails. */
  planner?: (text: string, file: string) => FilePlan;
  /** `--to param`: the name of the new directory parameter (default `directory`). */
  paramName?: string;
  /** `auto` (default): typed when a tsconfig and the MCP packages are found; `on` requires them. */
  types?: TypesMode;
  /** `--with-sdk-upgrade` held the upgrade back: why, for the v1-sdk markers (sdk-upgrade.ts). */
  upgradeHeld?: string;
}
