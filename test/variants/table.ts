// The variant tier's outcome table: one cell per strategy × refactoring × fixture, printed at the end
// of each tier file, so a run shows which refactorings apply where and what they kept.
import { REFACTORINGS } from './refactorings.ts';

const cells = new Map<string, Map<string, Map<string, string>>>();

export function record(strategy: string, refactoring: string, fixture: string, cell: string): void {
  const byRefactoring = cells.get(strategy) ?? new Map<string, Map<string, string>>();
  cells.set(strategy, byRefactoring);
  const byFixture = byRefactoring.get(refactoring) ?? new Map<string, string>();
  byRefactoring.set(refactoring, byFixture);
  byFixture.set(fixture, cell);
}

export function printTable(title: string, fixtures: string[]): void {
  const strategy = title.split(' ')[0]!;
  const rows = cells.get(strategy);
  if (!rows) return;
  const lines = [`variant tier, ${title} (${fixtures.length} fixtures):`];
  for (const r of REFACTORINGS) {
    const row = rows.get(r.name);
    if (!row) continue;
    const values = [...row.values()];
    lines.push(`${r.name}: applied ${values.filter((v) => v !== 'n/a').length}, same ${values.filter((v) => v.startsWith('same')).length}, known gap ${values.filter((v) => v.startsWith('GAP')).length}, n/a ${values.filter((v) => v === 'n/a').length}`);
    for (const f of fixtures) if (row.has(f) && row.get(f) !== 'n/a') lines.push(`  ${f.padEnd(44)} ${row.get(f)}`);
  }
  console.log(lines.join('\n'));
}
