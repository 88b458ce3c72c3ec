// The programmatic API: `import { scan, migrate } from 'uproot'`. Each returns exactly what the CLI
// prints with `--format json`, so scripts and the command line never disagree.
import { cacheCompiledCommonJs } from './compile-cache.ts';
import { scanReport } from './report/json.ts';
import { migrateReport } from './report/migrate-json.ts';
import type { MigrateReport, ScanReport } from './report/shapes.ts';
import { runScan } from './scan/scan.ts';

export interface ScanApiOptions {
  /** The directory paths are relative to, in arguments and in the report (default: process.cwd()). */
  cwd?: string;
  /** Skip files larger than this many bytes (default 5 MB, like the CLI). */
  maxBytes?: number;
}

export interface ScanOnlyOptions extends ScanApiOptions {
  /** Also list the lines that mention roots and were not reported, with why (`candidates`, as `--explain`). */
  explain?: boolean;
}

export interface MigrateApiOptions extends ScanApiOptions {
  /** `mrtr` (default): multi round-trip requests; `param`: explicit directory parameters. */
  to?: 'mrtr' | 'param';
  /** Write nothing; each changed file's entry carries a unified diff. */
  dryRun?: boolean;
  /** `per-request`: derive roots fetched at start-up per request through MRTR (assumes one client per process). */
  lifecycle?: 'keep' | 'per-request';
  /** With `to: 'param'`: the name of the new directory parameter (default `directory`). */
  paramName?: string;
  /** First upgrade v1 SDK code with the official @modelcontextprotocol/codemod v1-to-v2. */
  withSdkUpgrade?: boolean;
  /** With `withSdkUpgrade`: also upgrade workspace packages outside the paths that share MCP types with them; otherwise the call throws and names them. */
  upgradeWorkspace?: boolean;
}

/** Every roots site and MRTR problem under `paths` (default: the working directory). */
export async function scan(paths: string[] = [], options: ScanOnlyOptions = {}): Promise<ScanReport> {
  return scanReport(await runScan(paths, { cwd: options.cwd ?? process.cwd(), maxBytes: options.maxBytes, explain: options.explain }));
}

/**
 * Rewrite what uproot can prove and mark the rest, as `uproot migrate` does. Unlike the CLI it does not
 * refuse a dirty git tree: a script that calls it has decided that already.
 */
export async function migrate(paths: string[] = [], options: MigrateApiOptions = {}): Promise<MigrateReport> {
  const settings = {
    cwd: options.cwd ?? process.cwd(),
    strategy: options.to ?? 'mrtr',
    dryRun: options.dryRun ?? false,
    maxBytes: options.maxBytes,
    lifecycle: options.lifecycle ?? 'keep',
    paramName: options.paramName ?? 'directory',
  } as const;
  cacheCompiledCommonJs();
  if (options.withSdkUpgrade) {
    const { migrateWithSdkUpgrade } = await import('./sdk-upgrade/sdk-upgrade.ts');
    return migrateReport((await migrateWithSdkUpgrade(paths, { ...settings, upgradeWorkspace: options.upgradeWorkspace ?? false })).result);
  }
  const { runMigrate } = await import('./migrate/migrate.ts');
  return migrateReport(await runMigrate(paths, settings));
}
