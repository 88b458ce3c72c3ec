// `--lifecycle per-request` on a fill whose finally re-derives the state the tools read
// (filesystem-context-mcp-server's shape, and a class spelling in JavaScript): the helper keeps the
// finally and runs for every client, and the migrated server answers what the original answered on 2025
// with the same roots, on 2025 and on 2026-07-28 (HTTP and stdio), with and without roots; a second run
// changes nothing.
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
    const file = readdirSync(cwd).find((f) => /^server\.[jt]s$/.test(f))!;
    const after = readFileSync(path.join(cwd, file), 'utf8');
    // The hook went; the finally stayed, in a helper every reading handler runs whatever the client declared.
    expect(after).not.toMatch(/notifications\/initialized/);
    expect(after).toMatch(/finally \{\n\s+await (this\.)?recompute(Allowed)?\(\);/);
    expect(after).not.toMatch(/clientDeclaresRoots\(ctx, [^)]*\)\) await/);
  });

describe('uproot migrate --lifecycle per-request on a finally that re-derives state', () => {
  it.each(['module-ts', 'class-js'])('lifecycle-finally/%s: each handler derives the state per request, on both eras', async (name) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle-finally', name), perRequest());
    expectSameAsOriginal(comparison);
  });
});
