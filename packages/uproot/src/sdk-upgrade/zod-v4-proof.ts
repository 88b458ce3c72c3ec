// Whether a package's zod code does the same on zod 4 as on the zod 3 it declares: every zod use the checker finds
// (zod-uses.ts) must be one zod-v4-table.ts accepts. The proof reads zod 3's installed declarations, so a package
// whose zod is not installed cannot be proven.
import path from 'node:path';
import { zodProgram, zodUses } from './zod-uses.ts';
import { zod4Change } from './zod-v4-table.ts';
import { installedVersion } from './installed.ts';

const OWN_PARSE = /^ZodType\.(parse|safeParse|parseAsync|safeParseAsync)$/;

export interface Zod4Break {
  /** Absolute path; `line` 1-based. */
  file: string;
  line: number;
  use: string;
  /** What zod 4 changes, as a clause ("removes ZodError.errors …"). */
  change: string;
}

export interface Zod4Proof {
  /** How many zod uses were checked. */
  uses: number;
  breaks: Zod4Break[];
}

/** The installed zod's version for `dir`, as Node's resolution would find it; undefined when none is installed. */
export function installedZod(dir: string): string | undefined {
  return installedVersion(dir, 'zod');
}

/** Prove the package at `dir` (its script files `files`) keeps its zod behaviour on zod 4. */
export function proveZod4(dir: string, files: string[]): Zod4Proof {
  const version = installedZod(dir);
  if (!version || !/^3\./.test(version)) {
    const why = version ? `the installed zod is ${version}, not the zod 3 the proof reads` : 'zod is not installed here, so uproot cannot see which zod API the code uses (install the dependencies, then run again)';
    return { uses: 0, breaks: [{ file: path.join(dir, 'package.json'), line: 1, use: 'zod', change: why }] };
  }
  const uses = zodUses(zodProgram(dir, files), files);
  const breaks: Zod4Break[] = [];
  for (const use of uses) {
    const change = zod4Change(use);
    if (change) breaks.push({ file: use.file, line: use.line, use: use.use, change });
  }
  // zod 4 rejects ±Infinity in z.number(). The SDK parses tool arguments off JSON, which cannot carry it; a package
  // that parses values of its own may hand it one.
  const own = uses.find((u) => !u.v4 && OWN_PARSE.test(u.use));
  if (own) {
    const where = `${path.relative(dir, own.file)}:${own.line}`;
    for (const use of uses) if (use.use === 'z.number' && !use.v4) breaks.push({ file: use.file, line: use.line, use: use.use, change: `rejects Infinity in z.number(), which zod 3 accepted, and the package parses values of its own (${where}), which need not come from JSON` });
  }
  return { uses: uses.length, breaks: breaks.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1)) };
}

/**
 * `file:line use (zod 4 …)` for the first break of each kind, three kinds at most: the same change forty times says
 * less than three different ones (`label` makes a path relative for the user).
 */
export function describeZod4Breaks(breaks: Zod4Break[], label: (file: string) => string): string {
  const kinds: Zod4Break[] = [];
  for (const b of breaks) if (!kinds.some((k) => k.use === b.use)) kinds.push(b);
  // Another package reading zod's internals decides more than any single call: it goes first.
  kinds.sort((a, b) => Number(/^(import|escape) /.test(b.use)) - Number(/^(import|escape) /.test(a.use)));
  const shown = kinds.slice(0, 3).map((b) => `${label(b.file)}:${b.line} ${b.use.replace(/^type /, '')} (zod 4 ${b.change})`);
  const more = breaks.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` and ${more} more use${more === 1 ? '' : 's'} zod 4 changes` : ''}`;
}
