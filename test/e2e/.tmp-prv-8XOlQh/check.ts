// Containment checks the tools run, reading the sandbox through its getter.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import getAllowed from './allowed.js';

export function validatePath(requested: string): string {
  const full = path.resolve(requested);
  const dirs = getAllowed();
  if (!dirs.some((dir) => full === dir || full.startsWith(dir + path.sep))) throw new Error(`Access denied: ${path.basename(full)} is outside ${dirs.length} allowed directories`);
  return full;
}

/** How deep the directory tree goes below `dir`: a walk that calls itself, checking each level. */
export async function treeDepth(dir: string, level = 0): Promise<number> {
  const entries = await readdir(validatePath(dir), { withFileTypes: true });
  let deepest = level;
  for (const entry of entries) if (entry.isDirectory()) deepest = Math.max(deepest, await treeDepth(path.join(dir, entry.name), level + 1));
  return deepest;
}
