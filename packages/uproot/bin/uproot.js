#!/usr/bin/env node
// The `uproot` command: runs the compiled CLI in dist/ (built before packing, and by `npm ci` in the repository).
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { scanV8Flags } from './scan-tuning.js';

// Node 22+ caches compiled code (ours and our dependencies'); on Node 20 the runs that load large
// CommonJS packages turn v8-compile-cache on themselves (src/compile-cache.ts).
if (typeof module.enableCompileCache === 'function') module.enableCompileCache();

// `uproot scan` untyped: the matcher worker starts now, so its start-up overlaps the CLI's loading (the
// scan adopts it, or ends it when the run turns out typed or too small). `--types on` never uses it.
const argv = process.argv.slice(2);
if (argv[0] === 'scan' && !argv.some((a, i) => a === '--types=on' || (a === '--types' && argv[i + 1] === 'on'))) {
  // Set before the CLI and the worker load, so both threads' functions take them; process-wide, so only for this
  // command (scan-tuning.js says which and why).
  for (const flag of scanV8Flags(process.versions.v8)) setFlagsFromString(flag);
  try {
    (await import('../dist/scan-prestart.js')).prestartMatcher();
  } catch {
    // not built yet, or no worker: the scan starts its own, or matches on this thread
  }
}

let cli;
try {
  cli = await import('../dist/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli.js')) throw error;
  process.stderr.write('uproot: the CLI is not built (dist/cli.js is missing). In the uproot repository, run `npm run build`.\n');
  process.exit(2);
}
process.exitCode = await cli.main(argv);
