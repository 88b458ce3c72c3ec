// `--lifecycle per-request` on roots state that a non-MCP route also shows (issue 20: tasksync-mcp's
// `/health`, server-filesystem-http's consent page), read by tool handlers declared apart from their
// registration inside the server factory. Run with a real client on 2025 and on 2026-07-28 (HTTP and
// stdio), with roots and without: the tools answer, and the route (called after each MCP call through
// the fixture's `inspect`) reports, what the original did on 2025; a second run changes nothing.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR } from './harness/load.ts';
import { perRequestOnce } from './harness/per-request.ts';

const perRequest = () =>
  perRequestOnce((result) => {
    const requests = result.files.flatMap((f) => f.outcomes).filter((o) => o.site.kind === 'request');
    expect(requests.map((o) => o.outcome)).toEqual(['rewritten', 'rewritten']);
    // The report says the route's value is now refreshed by the handlers' calls.
    for (const o of requests) expect(o.detail).toMatch(/outside any MCP request at line \d+ .*latest handler call/);
  });

describe('uproot migrate --lifecycle per-request with a non-MCP route showing the state', () => {
  it('health-route-ts: the tools and the route answer as the original did, on both eras', async () => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle-outside', 'health-route-ts'), perRequest());
    expectSameAsOriginal(comparison);
  });
});
