// `--explain` in text: the lines that mention roots and hold no site, grouped by why. A reason that names
// something (a receiver, a module, a declared name) is grouped by its family, without the name, so a repository
// that declares fifty roots-named schemas gets one heading, not fifty. Lines a user should check (a receiver
// uproot could not trace, a file the pre-filter skipped) are listed in full, under each reason of their family;
// the routine ones (comments, strings, declarations, imports, plain `roots` values) are counted with a few
// examples, since a real repository has hundreds of them. `--format json` keeps every line.
import { isRoutineWhy, whyFamily, whyParticulars } from '@uproot/core/light';
import type pc from 'picocolors';
import type { FileCandidate } from '../scan/scan.ts';

type Colors = ReturnType<typeof pc.createColors>;

const EXAMPLES = 3;
/** How many of a routine family's particulars its heading names ("ListRootsResult ×12, …"). */
const PARTICULARS = 4;

export function candidatesText(candidates: readonly FileCandidate[], c: Colors): string[] {
  if (candidates.length === 0) return ['Not reported (--explain): no other line mentions roots.', ''];
  const families = new Map<string, FileCandidate[]>();
  for (const k of candidates) {
    const family = whyFamily(k.why);
    families.set(family, [...(families.get(family) ?? []), k]);
  }
  const reasons = families.size === 1 ? '' : ` (${families.size} kinds of reason)`;
  const lines = [c.bold(`Not reported (--explain): ${count(candidates.length)} mention roots but hold no site${reasons}`)];
  const checked = [...families].filter(([family]) => !isRoutineWhy(family));
  const skipped = [...families].filter(([family]) => isRoutineWhy(family)).sort((a, b) => b[1].length - a[1].length);
  const entry = (k: FileCandidate, indent: string) => `${indent}${c.bold(`${k.file}:${k.line}:${k.column}`)}  ${c.dim(k.text)}`;
  for (const [family, group] of checked) {
    const byWhy = groupBy(group, (k) => k.why);
    if (byWhy.size === 1) {
      lines.push(`  ${group[0]!.why}`);
      for (const k of group) lines.push(entry(k, '      '));
      continue;
    }
    lines.push(`  ${family}: ${count(group.length)}`);
    for (const [why, members] of byWhy) {
      lines.push(`    ${why}`);
      for (const k of members) lines.push(entry(k, '      '));
    }
  }
  if (skipped.length) lines.push(c.dim(`  Not code that sends, handles or declares roots (--format json lists every line):`));
  for (const [family, group] of skipped) {
    const byWhy = groupBy(group, (k) => k.why);
    lines.push(`  ${byWhy.size === 1 ? group[0]!.why : family}: ${count(group.length)}${byWhy.size === 1 ? '' : c.dim(` (${particularsLine(byWhy)})`)}`);
    for (const k of examples(byWhy).sort((a, b) => group.indexOf(a) - group.indexOf(b))) lines.push(entry(k, '      '));
    if (group.length > EXAMPLES) lines.push(c.dim(`      … and ${group.length - EXAMPLES} more`));
  }
  lines.push('');
  return lines;
}

function count(n: number): string {
  return `${n} line${n === 1 ? '' : 's'}`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** "ListRootsResult ×12, ListRootsRequest ×9, … 3 more": the family's particulars, most frequent first. */
function particularsLine(byWhy: ReadonlyMap<string, readonly FileCandidate[]>): string {
  const tally = new Map<string, number>();
  for (const [why, members] of byWhy) {
    const name = whyParticulars(why).join(' ');
    tally.set(name, (tally.get(name) ?? 0) + members.length);
  }
  const ranked = [...tally].sort((a, b) => b[1] - a[1]);
  const shown = ranked.slice(0, PARTICULARS).map(([name, n]) => (n === 1 ? name : `${name} ×${n}`));
  return ranked.length > PARTICULARS ? `${shown.join(', ')}, … ${ranked.length - PARTICULARS} more` : shown.join(', ');
}

/** The first line of each reason in turn, so the examples show as many different particulars as they can. */
function examples(byWhy: ReadonlyMap<string, readonly FileCandidate[]>): FileCandidate[] {
  const picked: FileCandidate[] = [];
  for (let round = 0; picked.length < EXAMPLES; round++) {
    const before = picked.length;
    for (const members of byWhy.values()) {
      if (picked.length < EXAMPLES && members[round]) picked.push(members[round]!);
    }
    if (picked.length === before) break;
  }
  return picked;
}
