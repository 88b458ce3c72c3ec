// Prints the table of a results.json (run.mjs writes one per work directory) and the request sites left
// marked, grouped by reason, each with its repository, file and line, so each marker can be traced back
// to the code that caused it.
// Usage: node scripts/real-batch/report.mjs <work-dir>/results.json
import { readFileSync } from 'node:fs';
import { printTable } from './table.mjs';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: report.mjs <results.json>');
  process.exit(2);
}
const rows = JSON.parse(readFileSync(file, 'utf8'));
printTable(rows);
const byReason = new Map();
for (const row of rows) {
  for (const site of row.siteList ?? []) {
    if (site.outcome === 'rewritten') continue;
    const reason = site.reason ?? site.outcome;
    if (!byReason.has(reason)) byReason.set(reason, []);
    byReason.get(reason).push(`${row.name} ${site.file}:${site.line}: ${site.detail ?? ''}`);
  }
}
const missing = rows.filter((r) => !r.siteList).map((r) => r.name);
console.log('\nmarked request sites by reason:');
for (const [reason, sites] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n${reason} (${sites.length})`);
  for (const s of sites) console.log(`  ${s}`);
}
if (missing.length) console.log(`\nrows without a site list (run before run.mjs kept one): ${missing.join(', ')}`);
