// node:fs plus the one export Node 20 lacks (see node20-fs.mjs).
import fs from 'node:fs';

export * from 'node:fs';
export default fs;

export function globSync() {
  throw new Error('fs.globSync needs Node 22; the conformance suite uses it only for tier-check, which uproot does not run');
}
