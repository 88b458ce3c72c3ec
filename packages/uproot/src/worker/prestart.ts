// The entry bin/uproot.js loads before the CLI on `uproot scan` (dist/scan-prestart.js): it starts the
// matcher worker at once. It shares match-pool.ts's chunk with the CLI, so the run adopts that worker.
export { prestartMatcher } from './match-pool.ts';
