// The variant tier (issue 20, item 3): every roots-state fixture under test/e2e/fixtures/state, each
// refactoring of test/variants/refactorings.ts applied to its server file, must keep the outcome
// `migrate --to param` gives the fixture as written (rewritten stays rewritten, marked stays marked
// with the same reason) and scan's role. A refactoring must change the text where it applies (a
// variant that does nothing proves nothing). Known gaps are pinned in known-gaps.ts: their outcome
// must still differ, so fixing one forces its entry out. The outcome table is printed at the end.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../packages/uproot/src/api.ts';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';
import { KNOWN_GAPS } from './known-gaps.ts';
import { REFACTORINGS, variantOf, writeVariant } from './refactorings.ts';
import { printTable, record } from './table.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../e2e/fixtures/state');
const fixtures = readdirSync(FIXTURES).sort().map((f) => `state/${f}`);
const work = mkdtempSync(path.join(tmpdir(), 'uproot-variants-'));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  printTable('param', fixtures);
});

function serverFile(dir: string): string {
  return readdirSync(dir).find((f) => /^server\.[cm]?[jt]s$/.test(f))!;
}

/** Per server-side site in order: `kind:outcome[:reason][:configure]`, and scan's role of each request. */
async function outcome(dir: string): Promise<{ sites: string[]; roles: Array<string | undefined> }> {
  const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: true });
  expect(result.failures).toEqual([]);
  const sites = migrateReport(result).files.flatMap((f) => f.sites).filter((s) => s.side === 'server');
  const scanned = await scan([dir], { cwd: dir });
  // How a site was rewritten counts too: state retired (`<SERVER>_ALLOWED_DIRS`, a parameter) or its source configured (`<SERVER>_ROOTS`).
  const configure = (s: (typeof sites)[number]) => (s.configure ? `${s.configure.env?.replace(/^[A-Z0-9]+(_[A-Z0-9]+)*?_(ALLOWED_DIRS|ROOTS|WORKSPACE)$/, '$2') ?? ''}/${s.configure.param ?? ''}/${s.configure.role ?? ''}` : undefined);
  return { sites: sites.map((s) => [s.kind, s.outcome, s.reason, configure(s)].filter(Boolean).join(':')), roles: scanned.sites.filter((s) => s.kind === 'request').map((s) => s.role) };
}

/**
 * The fixture as written gets the same outcome whichever refactoring is under test: one dry run of one
 * copy per fixture, shared by the refactorings' tests (each variant still gets its own run).
 */
const originals = new Map<string, Promise<{ sites: string[]; roles: Array<string | undefined> }>>();
function originalOutcome(source: string): Promise<{ sites: string[]; roles: Array<string | undefined> }> {
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
  it.each(fixtures)('%s keeps its outcome', async (fixture) => {
    const source = path.join(FIXTURES, path.basename(fixture));
    const file = serverFile(source);
    const text = readFileSync(path.join(source, file), 'utf8');
    const variant = variantOf(refactoring.apply(text, file));
    if (variant === undefined) {
      record('param', name, fixture, 'n/a');
      return;
    }
    expect(variant.text, 'the refactoring changes the text').not.toBe(text);
    const changed = path.join(work, `${path.basename(fixture)}-${name}`);
    cpSync(source, changed, { recursive: true });
    writeVariant(changed, file, variant);
    const [before, after] = [await originalOutcome(source), await outcome(changed)];
    const gap = KNOWN_GAPS.param[name]?.[fixture];
    if (gap) {
      record('param', name, fixture, `GAP ${after.sites.join(' ')}`);
      expect(after, `known gap (${gap}) now keeps its outcome: remove it from known-gaps.ts`).not.toEqual(before);
      return;
    }
    expect(after, `variant:\n${variant.text}`).toEqual(before);
    record('param', name, fixture, `same (${before.sites.every((s) => s.split(':')[1] === 'rewritten') ? 'rewritten' : 'marked'})`);
  });
});
