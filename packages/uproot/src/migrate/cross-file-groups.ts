// Which rewritten files must be written together. A cross-file chain threads `ctx` through a helper
// in one file and its callers in others; writing one side without the other leaves code that calls
// the helper with the wrong arguments. The planner links files through the imports the project
// resolves (relative, tsconfig paths, `#imports`, workspace packages), so files that name each other
// in a quoted specifier form one group (over-grouping is safe).
import path from 'node:path';
import { resolveImport } from '../../../../transforms/mrtr/project.ts';

/** Quoted strings shaped like specifiers, wherever they appear: imports, re-exports, require(), import(). */
const SPECIFIER = /(['"`])([.@#~\w][^'"`\s]*)\1/g;

export interface GroupSource {
  path: string;
  text?: string;
}

/**
 * Partition `changed` (absolute paths) into groups to write all-or-nothing, in the order of their
 * first member. `all` is every file of the run, so specifiers resolve the way the planner resolves them.
 */
export function writeGroups(changed: string[], all: GroupSource[]): string[][] {
  const files = new Map(all.map((f) => [path.resolve(f.path), f]));
  const parent = new Map(changed.map((file) => [file, file]));
  const find = (file: string): string => {
    let root = file;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(file, root);
    return root;
  };
  for (const file of changed) {
    const text = files.get(file)?.text ?? '';
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, match[2]!, files);
      if (target && parent.has(target)) parent.set(find(target), find(file));
    }
  }
  const groups = new Map<string, string[]>();
  for (const file of changed) {
    const root = find(file);
    groups.set(root, [...(groups.get(root) ?? []), file]);
  }
  return [...groups.values()];
}
