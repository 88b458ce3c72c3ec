// `--lifecycle per-request` on filesystem-mcp-ahmetshbz1's layout (fixtures/lifecycle/shared-module-dispatch-*): the
// sandbox kept behind a setter in one module, read through validatePath and a getter by tool modules behind a barrel,
// whose handlers sit in exported name→function maps gathered into one map that tools/call looks up; the start-up
// directories set in another module before the handlers are installed. Run with a real client, the migrated server
// answers what the original answered on 2025 with the same roots, on both eras; a second run changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR, type FileTransform } from './harness/load.ts';
import { perRequestOnce } from './harness/per-request.ts';

/** The whole copy migrated once, with `--lifecycle per-request`; a second run changes nothing. */
function perRequest(ext: string): FileTransform {
  return perRequestOnce((result, cwd) => {
    const outcomes = result.files.flatMap((f) => f.outcomes);
    expect(outcomes.filter((o) => o.site.kind === 'request').length).toBe(2);
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(outcomes.some((o) => /one client per process/.test(o.detail ?? ''))).toBe(true);
    // The one dispatching handler asks; the tool modules and the sandbox module are left as they were.
    expect(result.files.filter((f) => f.changed).map((f) => f.file)).toEqual([`handlers/index.${ext}`]);
    const index = readFileSync(path.join(cwd, 'handlers', `index.${ext}`), 'utf8');
    expect(index.match(/inputRequired\.listRoots\(\)/g)?.length).toBe(1);
    expect(index).toContain('await deriveRootsState(ctx);');
  });
}

describe('uproot migrate --lifecycle per-request on roots state one module keeps for many', () => {
  it.each([['shared-module-dispatch-ts', 'ts'], ['shared-module-dispatch-js', 'js']])('%s: tools/call asks for roots and replays the fill, on both eras', async (name, ext) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle', name), perRequest(ext));
    expectSameAsOriginal(comparison);
  });
});
