// The printed tables: one line per repository, then recall and false positives by family and kind.
import type { RepoOutcome } from './compare.ts';

interface Row extends RepoOutcome {
  commit: string;
  files: number;
  agreement: { front: string; onlyScan: string[]; onlyOther: string[] }[];
}

export function repoLine(o: Row): string {
  const labelled = o.found.length + o.missed.length;
  const agree = o.agreement.map((a) => `${a.front} ${a.onlyScan.length + a.onlyOther.length ? `≠${a.onlyScan.length + a.onlyOther.length}` : '='}`).join(' ');
  return `${o.repo.padEnd(48)} ${o.commit.slice(0, 10)} ${String(o.files).padStart(6)} files  found ${o.found.length}/${labelled}  false+ ${o.falsePositives.length}${o.outside ? `  (${o.outside} outside)` : ''}  ${agree}`;
}

export function familyTable(outcomes: readonly RepoOutcome[]): string {
  const by = new Map<string, { found: number; missed: number }>();
  const add = (k: string, hit: boolean) => {
    const c = by.get(k) ?? { found: 0, missed: 0 };
    if (hit) c.found++;
    else c.missed++;
    by.set(k, c);
  };
  for (const o of outcomes) {
    for (const s of o.found) add(`${s.family} / ${s.kind}`, true);
    for (const s of o.missed) add(`${s.family} / ${s.kind}`, false);
  }
  const fp = new Map<string, number>();
  for (const o of outcomes) for (const f of o.falsePositives) fp.set(f.rule, (fp.get(f.rule) ?? 0) + 1);
  const lines = ['| family / kind | labelled | found | missed |', '| --- | ---: | ---: | ---: |'];
  for (const [k, c] of [...by].sort()) lines.push(`| ${k} | ${c.found + c.missed} | ${c.found} | ${c.missed} |`);
  lines.push('', '| false positives by rule | count |', '| --- | ---: |');
  if (!fp.size) lines.push('| (none) | 0 |');
  for (const [k, n] of [...fp].sort()) lines.push(`| ${k} | ${n} |`);
  return lines.join('\n');
}
