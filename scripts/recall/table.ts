// The printed tables: one line per repository, then recall and false positives by family and kind.
import { kindOfRule, PUSH_KINDS, type RepoOutcome, ROOTS_KINDS } from './compare.ts';

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

const percent = (found: number, labelled: number) => (labelled ? `${((100 * found) / labelled).toFixed(1)}%` : '—');

/**
 * Recall and false positives per front end and kind group (roots, elicitation, sampling). Each front end is judged
 * on the files it checked; elicitation and sampling only in the repositories labelled for them.
 */
export function kindTable(fronts: readonly [string, readonly RepoOutcome[]][]): string {
  const groups: [string, string[]][] = [['roots', ROOTS_KINDS], ...PUSH_KINDS.map((k): [string, string[]] => [k, [k]])];
  const lines = ['| front end | kind | repositories | labelled | found | recall | false positives |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const [front, outcomes] of fronts) {
    for (const [group, kinds] of groups) {
      const judged = group === 'roots' ? outcomes : outcomes.filter((o) => o.pushLabelled);
      const found = judged.reduce((n, o) => n + o.found.filter((s) => kinds.includes(s.kind)).length, 0);
      const missed = judged.reduce((n, o) => n + o.missed.filter((s) => kinds.includes(s.kind)).length, 0);
      const fps = judged.reduce((n, o) => n + o.falsePositives.filter((r) => kinds.includes(kindOfRule(r.rule))).length, 0);
      lines.push(`| ${front} | ${group} | ${judged.length} | ${found + missed} | ${found} | ${percent(found, found + missed)} | ${fps} |`);
    }
  }
  return lines.join('\n');
}
