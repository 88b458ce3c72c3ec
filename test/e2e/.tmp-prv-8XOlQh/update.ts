// Turns the client's roots into the sandbox: only file: URIs naming existing directories count.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Root } from '@modelcontextprotocol/server';
import { setAllowed } from './allowed.js';

export async function updateFromRoots(roots: readonly Root[]): Promise<void> {
  const dirs = roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri)).filter((dir) => existsSync(dir) && statSync(dir).isDirectory());
  if (dirs.length > 0) {
    setAllowed(dirs);
    console.error(`allowed directories from roots: ${dirs.length}`);
  } else {
    console.error('no valid roots; keeping the start-up directories');
  }
}
