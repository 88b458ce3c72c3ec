export { scan, migrate, type ScanApiOptions, type ScanOnlyOptions, type MigrateApiOptions } from './api.ts';
export type { ScanReport, ScanSiteEntry, ScanProblemEntry, ScanCandidateEntry, MigrateReport, MigrateFileEntry, MigrateSiteEntry, MigrateSummary, FileProblemEntry, SiteConfigure } from './report/shapes.ts';
export type { ScanSummary } from './report/summary.ts';
export { main, VERSION } from './cli.ts';
export { ExitCode } from './exit-codes.ts';
export type { SdkUpgradeReport, SdkUpgradeDependency, SdkUpgradeDiagnostic, TestToUpdate } from './report/shapes.ts';
