#!/usr/bin/env node
// uproot ships TypeScript sources; tsx loads them on any supported Node version.
import module from 'node:module';
import { register } from 'tsx/esm/api';

// Parsing loads TypeScript (~9 MB of JavaScript) through CommonJS: cache its compiled code between
// runs. Node ≥ 22.1 does this itself; on Node 20 v8-compile-cache does it for require().
if (typeof module.enableCompileCache === 'function') module.enableCompileCache();
else module.createRequire(import.meta.url)('v8-compile-cache');

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
