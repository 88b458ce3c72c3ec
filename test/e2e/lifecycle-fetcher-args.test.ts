// `--lifecycle per-request` on code-tools-mcp's shape (fixtures/lifecycle/fill-fetcher-args-ts): a named fetcher told
// which trigger ran, an imported fill whose result it logs, a setter keeping several variables the getters refill from
// configuration, and a tool destructuring its ctx. Run with a real client, the migrated server answers what the
// original answered on 2025 with the same roots, on both eras; a second run changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR } from './harness/load.ts';
import { perRequestOnce } from './harness/per-request.ts';

const perRequest = () =>
  perRequestOnce((result, cwd) => {
    const outcomes = result.files.flatMap((f) => f.outcomes);
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(outcomes.some((o) => /one client per process/.test(o.detail ?? ''))).toBe(true);
    const server = readFileSync(path.join(cwd, 'server.ts'), 'utf8');
    expect(server).toContain("await syncRoots('initialized', ctx);");
    expect(server).toContain('const { mcpReq } = ctx;');
  });

describe('uproot migrate --lifecycle per-request on a fetcher with its triggers\' arguments', () => {
  it('fill-fetcher-args-ts: each handler replays the init hook\'s call per request, on both eras', async () => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle', 'fill-fetcher-args-ts'), perRequest());
    expectSameAsOriginal(comparison);
  });
});
