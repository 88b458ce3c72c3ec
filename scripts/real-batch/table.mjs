// The batch table: one row per repository, then the totals the issue judges (half rewritten, nothing new broken).
export function printTable(rows) {
  const head = ['repo', 'commit', 'sites', 'rewritten', 'marked (reasons)', 'files changed (markers only)', 'type errors', 'tests passed/failed', 'new failures', '2nd run', 'parse'];
  const lines = rows.map((r) => [
    r.name,
    r.commit.slice(0, 10),
    // A migrate that printed no report (it refused, or crashed) found nothing to count: say so, not "0 sites".
    r.migrateError ? `none: migrate exit ${r.exit[0]}` : r.sites,
    r.rewritten,
    `${r.marked}${Object.keys(r.reasons).length ? ` (${Object.entries(r.reasons).map(([k, v]) => `${k}:${v}`).join(', ')})` : ''}`,
    `${r.changed} (${r.markersOnly})`,
    `${r.before.types} → ${r.after.types}`,
    r.before.tests ? `${counts(r.before.tests)} → ${counts(r.after.tests)}` : 'not run',
    newFailures(r).join(' ') || '0',
    r.secondRunChanged === 0 ? 'no change' : `${r.secondRunChanged} files`,
    r.unparsed.length === 0 ? 'ok' : r.unparsed.join(' '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (l) => `| ${l.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
  const sum = (k) => rows.reduce((a, r) => a + r[k], 0);
  const newTypes = rows.reduce((a, r) => a + Math.max(0, r.after.types - r.before.types), 0);
  for (const r of rows.filter((row) => row.migrateError)) console.log(`\n${r.name}: migrate exit ${r.exit[0]}:${r.migrateError.trimEnd()}`);
  console.log(`\nserver-side request sites: ${sum('sites')}, rewritten ${sum('rewritten')}, marked ${sum('marked')}; new type errors ${newTypes}; files changed ${sum('changed')}, second run changed ${sum('secondRunChanged')}`);
}

// A run whose summary could not be read (a runner killed by the 30-minute timeout prints none) is not 0/0.
function counts(tests) {
  return tests.unread ? 'unread' : `${tests.passed}/${tests.failed}`;
}

// Test files failing after migrate that were not failing before and that migrate did not list in testsToUpdate.
function newFailures(r) {
  if (!r.before.tests || !r.after.tests) return [];
  const before = new Set(r.before.tests.failing);
  const listed = r.testsToUpdate;
  const fresh = r.after.tests.failing.filter((f) => !before.has(f) && !listed.some((t) => f.endsWith(t) || t.endsWith(f)));
  if (fresh.length === 0 && r.after.tests.failed > r.before.tests.failed && r.after.tests.failing.length === 0) {
    return [`+${r.after.tests.failed - r.before.tests.failed} (unnamed)`];
  }
  return fresh;
}
