// Recall check over public repositories in their own layout, against labels written by hand before uproot
// ran on them (repos.json). See README.md for the snapshots it needs and the flags.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RepoOutcome } from './compare.ts';
import { readLabels } from './labels.ts';
import { type Fronts, type RepoRow } from './repo.ts';
import { familyTable, kindTable, repoLine } from './table.ts';

const { values } = parseArgs({
  options: {
    snapshots: { type: 'string', default: '/work/.mirror' },
    work: { type: 'string', default: path.join(os.tmpdir(), 'uproot-recall') },
    labels: { type: 'string', default: path.join(import.meta.dirname, 'repos.json') },
    only: { type: 'string', multiple: true },
    eslint: { type: 'boolean', default: true },
    'no-eslint': { type: 'boolean', default: false },
    typed: { type: 'boolean', default: false },
    tsserver: { type: 'boolean', default: false },
    jscodeshift: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const entries = readLabels(values.labels).filter((e) => !values.only || values.only.some((o) => e.repo.includes(o)));
mkdirSync(values.work, { recursive: true });

// Each repository in its own process (repo-child.ts), one after another: memory is returned between them.
function checkInChild(entry: (typeof entries)[number]): { row?: RepoRow; error?: string } {
  const fronts: Fronts = { eslint: values.eslint && !values['no-eslint'], typed: values.typed, tsserver: values.tsserver, jscodeshift: values.jscodeshift };
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'repo-child.ts'), JSON.stringify({ entry, snapshots: values.snapshots, work: values.work, fronts })], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) return { error: `the check's process ended with ${child.signal ?? `exit ${child.status}`}` };
  return JSON.parse(child.stdout) as { row?: RepoRow; error?: string };
}

const outcomes: RepoRow[] = [];
const errors: string[] = [];
for (const entry of entries) {
  const { row, error } = checkInChild(entry);
  if (!row) {
    errors.push(`${entry.repo}: ${error}`);
    continue;
  }
  outcomes.push(row);
  console.log(repoLine(row));
}

console.log('');
console.log(familyTable(outcomes));
console.log('');
const frontNames = [...new Set(outcomes.flatMap((o) => o.agreement.map((a) => a.front)))];
console.log(kindTable([['scan', outcomes], ...frontNames.map((f): [string, RepoOutcome[]] => [f, outcomes.flatMap((o) => o.agreement.filter((a) => a.front === f).map((a) => a.judged))])]));
const found = outcomes.reduce((n, o) => n + o.found.length, 0);
const labelled = outcomes.reduce((n, o) => n + o.found.length + o.missed.length, 0);
const fps = outcomes.reduce((n, o) => n + o.falsePositives.length, 0);
const pct = labelled ? ((100 * found) / labelled).toFixed(1) : '—';
console.log(`\nrecall ${found}/${labelled} (${pct}%), false positives ${fps}, repositories ${outcomes.length} (${outcomes.filter((o) => o.found.length + o.missed.length > 0).length} with sites, ${outcomes.filter((o) => o.pushLabelled).length} labelled for elicitation and sampling)`);
const unlabelled: Record<string, number> = {};
for (const o of outcomes) for (const [rule, n] of Object.entries(o.unlabelled)) unlabelled[rule] = (unlabelled[rule] ?? 0) + n;
if (Object.keys(unlabelled).length) console.log(`not labelled (kinds the labels do not cover): ${Object.entries(unlabelled).map(([r, n]) => `${r} ${n}`).join(', ')}`);
for (const o of outcomes) {
  for (const m of o.missed) console.log(`missed  ${o.repo} ${m.file}:${m.line} ${m.kind} (${m.family})${m.note ? ` — ${m.note}` : ''}`);
  for (const f of o.falsePositives) console.log(`false+  ${o.repo} ${f.file}:${f.line} ${f.rule}`);
  for (const a of o.agreement) {
    for (const k of a.onlyScan) console.log(`${a.front} misses what scan reports  ${o.repo} ${k}`);
    for (const k of a.onlyOther) console.log(`${a.front} reports what scan does not  ${o.repo} ${k}`);
    if (a.failures.length) console.log(`${a.front} could not check ${a.failures.length} file(s) in ${o.repo}: ${a.failures.slice(0, 3).join('; ')}`);
  }
}
for (const e of errors) console.log(`not checked  ${e}`);
if (values.json) writeFileSync(values.json, `${JSON.stringify(outcomes, null, 2)}\n`);
process.exitCode = errors.length ? 2 : 0;
