// Recall check over public repositories in their own layout, against labels written by hand before uproot
// ran on them (repos.json). See README.md for the snapshots it needs and the flags.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkout, filesMentioningSites } from './checkout.ts';
import { disagreements, judge, type RepoOutcome } from './compare.ts';
import { eslintSites, type FrontResult, jscodeshiftSites, scanSites, tsserverSites } from './fronts.ts';
import { inLabelledArea, readLabels } from './labels.ts';
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

interface Agreement {
  front: string;
  onlyScan: string[];
  onlyOther: string[];
  failures: string[];
  /** The front end's own reports against the labels of the files it checked. */
  judged: RepoOutcome;
}

const outcomes: (RepoOutcome & { commit: string; files: number; agreement: Agreement[] })[] = [];
const errors: string[] = [];
for (const entry of entries) {
  let dir: string;
  try {
    dir = checkout(entry, values.snapshots, values.work);
  } catch (e) {
    errors.push(`${entry.repo}: ${(e as Error).message}`);
    continue;
  }
  const scan = await scanSites(dir);
  const outcome = judge(entry, scan.sites);
  const asked = filesMentioningSites(dir).filter(inLabelledArea);
  const fronts: [string, () => Promise<FrontResult>][] = [];
  if (values.eslint && !values['no-eslint']) fronts.push(['eslint', () => eslintSites(dir, asked, false)]);
  if (values.typed) fronts.push(['eslint-typed', () => eslintSites(dir, asked.filter((f) => /\.[cm]?tsx?$/.test(f)), true)]);
  if (values.tsserver) fronts.push(['tsserver', () => tsserverSites(dir, asked, os.devNull)]);
  if (values.jscodeshift) fronts.push(['jscodeshift', () => jscodeshiftSites(dir, asked)]);
  const agreement: Agreement[] = [];
  for (const [front, ask] of fronts) {
    const result = await ask();
    // A file the front end could not check (no tsconfig includes it, for projectService) is listed under its
    // failures, not counted as a disagreement nor as a miss.
    const failed = new Set(result.failures.map((f) => f.replace(/:(?:\d+|undefined)?:? .*$/s, '')));
    const checked = front === 'eslint-typed' ? asked.filter((f) => /\.[cm]?tsx?$/.test(f)) : asked;
    const typedOnly = new Set(checked.filter((f) => !failed.has(f)));
    const judged = judge({ ...entry, sites: entry.sites.filter((s) => typedOnly.has(s.file)) }, result.sites.filter((r) => typedOnly.has(r.file)));
    agreement.push({ front, ...disagreements(scan.sites, result.sites, typedOnly), failures: result.failures, judged });
  }
  const row = { ...outcome, commit: entry.commit, files: scan.files, agreement };
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
