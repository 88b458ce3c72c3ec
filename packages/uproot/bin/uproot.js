#!/usr/bin/env node
// uproot ships TypeScript sources; tsx loads them on any supported Node version.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
