#!/usr/bin/env node
// Run the bundled CLI (dist/, built by `npm ci` through `prepare`) when it is up to date with the
// sources; otherwise run the TypeScript sources through tsx, so a checkout never runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// oxc parses natively; anything that still goes through CommonJS gets its compiled code cached.
if (typeof module.enableCompileCache === 'function') module.enableCompileCache();
else module.createRequire(import.meta.url)('v8-compile-cache');

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const bundle = path.join(here, '../dist/cli.js');

/** Newest modification time among the sources the bundle is built from. */
function newestSource() {
  let newest = 0;
  const visit = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('__')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['packages/core/src', 'packages/uproot/src', 'transforms']) visit(path.join(repo, dir));
  return newest;
}

let main;
if (existsSync(bundle) && !process.env.UPROOT_FROM_SOURCE && statSync(bundle).mtimeMs >= newestSource()) {
  ({ main } = await import(pathToFileURL(bundle).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));
