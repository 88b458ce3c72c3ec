// The sandbox and the function that fills it from the client's roots, in one module: the fill is
// its default export, the containment check a named one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let directories = process.env.WORKSPACE_DIR ? [path.resolve(process.env.WORKSPACE_DIR)] : [];

export default async function updateAllowedFromRoots(requestedRoots) {
  const valid = [];
  for (const root of requestedRoots) {
    if (!root.uri.startsWith('file://')) continue;
    const dir = fileURLToPath(root.uri);
    if (existsSync(dir)) valid.push(dir);
  }
  if (valid.length > 0) {
    directories = valid;
    console.error(`allowed directories from roots: ${valid.length}`);
  } else {
    console.error('no valid roots provided by the client');
  }
}

export function isAllowed(candidate) {
  return directories.some((dir) => candidate === dir || candidate.startsWith(dir + path.sep));
}

export function allowedCount() {
  return directories.length;
}
