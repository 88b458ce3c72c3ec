// A function fetching the roots handed to the tools' registration as a property of an object (pi-delegate-mcp's
// shape, without its start-up call: the harness connects the server itself). uproot follows the value to each call,
// threads ctx there and into the declared type; run with a real client, the migrated server answers what the original
// answered on 2025 with the same roots, on both eras, and a second run changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR } from './harness/load.ts';
import { perRequestOnce } from './harness/per-request.ts';

const perRequest = () =>
  perRequestOnce((result, cwd) => {
    const outcomes = result.files.flatMap((f) => f.outcomes);
    expect(outcomes.map((o) => o.outcome)).toEqual(['rewritten']);
    const tools = readFileSync(path.join(cwd, 'tools.ts'), 'utf8');
    expect(tools).toContain('getRoots: (ctx: ServerContext) => string[] | Promise<string[]>;');
    expect(tools).toContain('await Promise.resolve(ctx.getRoots(mcpCtx));');
  });

describe('uproot migrate on a fetcher handed on as a value', () => {
  it('getroots-object-ts: each tool reaching it asks per request, on both eras', async () => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'handed', 'getroots-object-ts'), perRequest());
    expectSameAsOriginal(comparison);
  });
});
