// One file's text in, its sites out: the entry the CLI and jscodeshift share.
import { mayContainRootsSites } from './prefilter.ts';
import { parseSource } from './parse.ts';
import { findRootsSites } from './sites.ts';
import type { RootsSite } from './types.ts';

export interface FileScan {
  sites: RootsSite[];
  /** False when the text pre-filter ruled the file out without parsing. */
  parsed: boolean;
}

export function scanText(text: string, filePath: string): FileScan {
  if (!mayContainRootsSites(text)) return { sites: [], parsed: false };
  const { ast, scopeManager } = parseSource(text, filePath);
  return { sites: findRootsSites({ ast, text, scopeManager, file: filePath }), parsed: true };
}
