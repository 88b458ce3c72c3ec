export { main, VERSION } from './cli.ts';
export { runScan, type ScanResult, type FileSites } from './scan.ts';
export { ExitCode } from './exit-codes.ts';
