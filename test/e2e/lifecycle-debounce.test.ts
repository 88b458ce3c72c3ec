// `--lifecycle per-request` on a list_changed refresh debounced through a scheduler, whose handle a
// shutdown also clears (fs-context-mcp-server's RootsManager, and the module spelling): the scheduler,
// the timer and the clears go with the handler, and the migrated server answers what the original
// answered on 2025 with the same roots, on 2025 and on 2026-07-28 (HTTP and stdio), with and without
// roots; a second run changes nothing.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR } from './harness/load.ts';
import { perRequestOnce } from './harness/per-request.ts';

const perRequest = () =>
  perRequestOnce((result, cwd) => {
    const outcomes = result.files.flatMap((f) => f.outcomes);
    expect(outcomes.filter((o) => o.site.kind === 'request').map((o) => o.outcome)).toEqual(['rewritten']);
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    // What went with the handler: no timer, no clear, no scheduler left in the migrated copy.
    const file = readdirSync(cwd).find((f) => /^server\.[jt]s$/.test(f))!;
    expect(readFileSync(path.join(cwd, file), 'utf8')).not.toMatch(/setTimeout|clearTimeout|scheduleRefresh|scheduleRootsUpdate/);
  });

describe('uproot migrate --lifecycle per-request on a debounce scheduler', () => {
  it.each(['scheduler-ts', 'scheduler-js'])('lifecycle-debounce/%s: each handler derives the state per request, on both eras', async (name) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle-debounce', name), perRequest());
    expectSameAsOriginal(comparison);
  });
});
