// The variant tier (issue 20, item 3): every roots-state fixture under test/e2e/fixtures/state, each
// refactoring of test/variants/refactorings.ts applied to its server file, must keep the outcome
// `migrate --to param` gives the fixture as written (rewritten stays rewritten, marked stays marked
// with the same reason) and scan's role. A refactoring must change the text where it applies (a
// variant that does nothing proves nothing). The outcome table per refactoring is printed at the end.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../packages/uproot/src/api.ts';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';
import { REFACTORINGS } from './refactorings.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../e2e/fixtures/state');
const fixtures = readdirSync(FIXTURES).sort();
const work = mkdtempSync(path.join(tmpdir(), 'uproot-variants-'));
/** refactoring → fixture → 'same' | 'n/a' | what changed. */
const table = new Map<string, Map<string, string>>();

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  const lines = ['refactoring              applied  same outcome  n/a'];
  for (const r of REFACTORINGS) {
    const row = [...(table.get(r.name)?.values() ?? [])];
    lines.push(`${r.name.padEnd(24)} ${String(row.filter((x) => x !== 'n/a').length).padStart(7)}  ${String(row.filter((x) => x === 'same').length).padStart(12)}  ${String(row.filter((x) => x === 'n/a').length).padStart(3)}`);
  }
  console.log(`variant tier (${fixtures.length} state fixtures):\n${lines.join('\n')}`);
});

function serverFile(dir: string): string {
  return readdirSync(dir).find((f) => /^server\.[cm]?[jt]s$/.test(f))!;
}

/** Per server-side site in order: `kind:outcome[:reason]`, and scan's role of each request. */
async function outcome(dir: string): Promise<{ sites: string[]; roles: Array<string | undefined> }> {
  const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: true });
  expect(result.failures).toEqual([]);
  const sites = migrateReport(result).files.flatMap((f) => f.sites).filter((s) => s.side === 'server');
  const scanned = await scan([dir], { cwd: dir });
  return { sites: sites.map((s) => [s.kind, s.outcome, s.reason].filter(Boolean).join(':')), roles: scanned.sites.filter((s) => s.kind === 'request').map((s) => s.role) };
}

describe.each(REFACTORINGS.map((r) => [r.name, r] as const))('%s', (name, refactoring) => {
  table.set(name, new Map());
  it.each(fixtures)('%s keeps its outcome', async (fixture) => {
    const source = path.join(FIXTURES, fixture);
    const file = serverFile(source);
    const text = readFileSync(path.join(source, file), 'utf8');
    const variant = refactoring.apply(text, file);
    if (variant === undefined) {
      table.get(name)!.set(fixture, 'n/a');
      return;
    }
    expect(variant, 'the refactoring changes the text').not.toBe(text);
    const original = path.join(work, `${fixture}-${name}-original`);
    const changed = path.join(work, `${fixture}-${name}`);
    cpSync(source, original, { recursive: true });
    cpSync(source, changed, { recursive: true });
    writeFileSync(path.join(changed, file), variant);
    const [before, after] = [await outcome(original), await outcome(changed)];
    table.get(name)!.set(fixture, JSON.stringify(after) === JSON.stringify(before) ? 'same' : JSON.stringify(after.sites));
    expect(after, `variant:\n${variant}`).toEqual(before);
  });
});
