// `--explain` in text: the lines that mention roots and hold no site, grouped by why. Lines a user
// should check (a receiver uproot could not trace, a file the pre-filter skipped) are listed in full;
// the routine ones (comments, strings, plain `roots` values) are counted with a few examples, since a
// real repository has hundreds of them. `--format json` keeps every line.
import { isRoutineWhy } from '@uproot/core/light';
import type pc from 'picocolors';
import type { FileCandidate } from '../scan/scan.ts';

type Colors = ReturnType<typeof pc.createColors>;

const EXAMPLES = 3;

export function candidatesText(candidates: readonly FileCandidate[], c: Colors): string[] {
  if (candidates.length === 0) return ['Not reported (--explain): no other line mentions roots.', ''];
  const lines = [c.bold(`Not reported (--explain): ${candidates.length} line${candidates.length === 1 ? '' : 's'} mention roots but hold no site`)];
  const groups = new Map<string, FileCandidate[]>();
  for (const k of candidates) groups.set(k.why, [...(groups.get(k.why) ?? []), k]);
  const checked = [...groups].filter(([why]) => !isRoutineWhy(why));
  const skipped = [...groups].filter(([why]) => isRoutineWhy(why)).sort((a, b) => b[1].length - a[1].length);
  for (const [why, group] of checked) {
    lines.push(`  ${why}`);
    for (const k of group) lines.push(`      ${c.bold(`${k.file}:${k.line}:${k.column}`)}  ${c.dim(k.text)}`);
  }
  if (skipped.length) lines.push(c.dim(`  Not code that sends, handles or declares roots (--format json lists every line):`));
  for (const [why, group] of skipped) {
    lines.push(`  ${why}: ${group.length} line${group.length === 1 ? '' : 's'}`);
    for (const k of group.slice(0, EXAMPLES)) lines.push(`      ${c.bold(`${k.file}:${k.line}:${k.column}`)}  ${c.dim(k.text)}`);
    if (group.length > EXAMPLES) lines.push(c.dim(`      … and ${group.length - EXAMPLES} more`));
  }
  lines.push('');
  return lines;
}
