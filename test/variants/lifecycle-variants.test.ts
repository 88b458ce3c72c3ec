// The variant tier under `--to mrtr --lifecycle per-request` (issue 20, item 3): each refactoring of
// test/variants/refactorings.ts applied to each lifecycle, lifecycle-outside and state fixture must keep the outcome the
// fixture as written gets (rewritten stays rewritten, marked stays marked with the same reason), and
// where the fixture is rewritten (v2 code), the migrated variant must answer what the original
// answered on 2025, on 2025 and on 2026-07-28 (HTTP and stdio), for a client with roots and one
// without, and type-check. A refactoring must change the text where it applies. Known gaps are
// pinned in known-gaps.ts: their outcome must still differ, so fixing one forces its entry out.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';
import { compareMigration, expectSameAsOriginal } from '../e2e/harness/compare.ts';
import { listFixtures } from '../e2e/harness/load.ts';
import { KNOWN_GAPS } from './known-gaps.ts';
import { REFACTORINGS, variantOf, writeVariant } from './refactorings.ts';
import { printTable, record } from './table.ts';

const DIRS = [...listFixtures('lifecycle'), ...listFixtures('state'), ...listFixtures('lifecycle-outside')];
const work = mkdtempSync(path.join(tmpdir(), 'uproot-lifecycle-variants-'));
const sdkOf = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as { sdk?: number }).sdk ?? 2;
const label = (dir: string) => `${path.basename(path.dirname(dir))}/${path.basename(dir)}`;

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  printTable('mrtr --lifecycle per-request', DIRS.map(label));
});

function serverFile(dir: string): string {
  return readdirSync(dir).find((f) => /^server\.[cm]?[jt]s$/.test(f))!;
}

/** Per server-side site in order: `kind:outcome[:reason]`. */
async function outcome(dir: string): Promise<string[]> {
  const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: true, lifecycle: 'per-request' });
  expect(result.failures).toEqual([]);
  return migrateReport(result).files.flatMap((f) => f.sites).filter((s) => s.side === 'server').map((s) => [s.kind, s.outcome, s.reason].filter(Boolean).join(':'));
}

/**
 * The fixture as written gets the same outcome whichever refactoring is under test: one dry run of one
 * copy per fixture, shared by the refactorings' tests (each variant still gets its own run).
 */
const originals = new Map<string, Promise<string[]>>();
function originalOutcome(source: string): Promise<string[]> {
  let known = originals.get(source);
  if (!known) {
    const copy = path.join(work, `${path.basename(source)}-original`);
    cpSync(source, copy, { recursive: true });
    known = outcome(copy);
    originals.set(source, known);
  }
  return known;
}

describe.each(REFACTORINGS.map((r) => [r.name, r] as const))('%s', (name, refactoring) => {
  it.each(DIRS.map((d) => [label(d), d] as const))('%s keeps its per-request outcome and answers', async (fixture, source) => {
    const file = serverFile(source);
    const text = readFileSync(path.join(source, file), 'utf8');
    const variant = variantOf(refactoring.apply(text, file));
    if (!variant) {
      record('mrtr', name, fixture, 'n/a');
      return;
    }
    expect(variant.text, 'the refactoring changes the text').not.toBe(text);
    const changed = path.join(work, `${path.basename(source)}-${name}`);
    cpSync(source, changed, { recursive: true });
    writeVariant(changed, file, variant);
    const [before, after] = [await originalOutcome(source), await outcome(changed)];
    const gap = KNOWN_GAPS.mrtr[name]?.[fixture];
    if (gap) {
      record('mrtr', name, fixture, `GAP ${after.join(' ')}`);
      expect(after, `known gap (${gap}) now keeps its outcome: remove it from known-gaps.ts`).not.toEqual(before);
      return;
    }
    expect(after, `variant:\n${variant.text}`).toEqual(before);
    const rewritten = before.length > 0 && before.every((o) => o.split(':')[1] === 'rewritten');
    if (!rewritten || sdkOf(source) === 1) {
      record('mrtr', name, fixture, before.every((o) => o.split(':')[1] === 'rewritten') ? 'same (rewritten; v1, no e2e)' : 'same (marked)');
      return;
    }
    let migrated = false;
    const comparison = await compareMigration(source, async (_text, at) => {
      if (!migrated) {
        migrated = true;
        // The copy's root (where fixture.json is): a fixture may keep modules in folders below its server file.
        let cwd = path.dirname(at);
        while (!existsSync(path.join(cwd, 'fixture.json'))) cwd = path.dirname(cwd);
        writeVariant(cwd, file, variant);
        const result = await runMigrate([cwd], { cwd, strategy: 'mrtr', dryRun: false, lifecycle: 'per-request' });
        expect(result.failures).toEqual([]);
      }
      return readFileSync(at, 'utf8');
    });
    expectSameAsOriginal(comparison);
    record('mrtr', name, fixture, 'same (rewritten, same answers)');
  });
});
