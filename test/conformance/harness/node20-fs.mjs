// Loaded with `node --import` before the conformance suite's CLI when `fs.globSync` is missing (Node 20).
// The suite's bundle imports `globSync` from 'fs' for `tier-check` alone; Node 20 has no such export, so the
// bundle fails to link before any server scenario runs. Imports of 'fs' from that one package resolve to a
// module that re-exports node:fs and adds a globSync that refuses (server scenarios never call it).
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') {
  register('./node20-fs-hooks.mjs', import.meta.url);
}
