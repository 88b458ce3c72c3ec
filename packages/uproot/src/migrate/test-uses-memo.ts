// findRootsTestUses, remembered per file and text. A process that migrates several copies inside one
// package (the API in a loop, an editor, uproot's own e2e suites under test/e2e/.tmp) walks the same test
// files after every run and would parse each again; a file whose text changed is parsed afresh.
import { createHash } from 'node:crypto';
import { findRootsTestUses, type RootsTestFinding } from '@uproot/core';

/** Enough for a large monorepo's test files; past it the memo starts over instead of growing without end. */
const MAX_ENTRIES = 4096;
const memo = new Map<string, readonly RootsTestFinding[]>();

export function rootsTestUsesOf(text: string, file: string): RootsTestFinding[] {
  // A digest, not the text, in the key: the memo holds findings only.
  const key = `${file}\0${createHash('sha1').update(text).digest('base64')}`;
  let found = memo.get(key);
  if (!found) {
    if (memo.size >= MAX_ENTRIES) memo.clear();
    found = findRootsTestUses(text, file);
    memo.set(key, found);
  }
  // Callers get their own copy: the remembered findings never change under them.
  return found.map((f) => ({ ...f }));
}
