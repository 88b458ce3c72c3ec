// `--lifecycle per-request`: the init fetch + list_changed refresh feeding roots state (a local
// variable, a class field, a variable read through a helper, a setter of another module behind a
// barrel or behind a hook that gates, destructures and logs, a lazily filled getter, a module object or module
// variables a fill keeps from the function fetching the roots it is handed) become a per-call MRTR derivation in each handler that reads it. Run with a real client:
// on 2026-07-28 (HTTP and stdio, where a push roots/list would fail) and on 2025 the migrated server
// answers what the original answered on 2025 with the same roots; a second run changes nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../packages/uproot/src/cli.ts';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR, type FileTransform } from './harness/load.ts';
import { perRequestOnce } from './harness/per-request.ts';

/** The per-request run every fixture here gets: every site rewritten, the report naming how the state is derived. */
const perRequest = () =>
  perRequestOnce((result) => {
    const outcomes = result.files.flatMap((f) => f.outcomes);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(outcomes.some((o) => /one client per process|each request's own roots answer/.test(o.detail ?? ''))).toBe(true);
  });

describe('uproot migrate --lifecycle per-request', () => {
  it.each(['sandbox-ts', 'field-ts', 'helper-module-ts', 'setter-barrel-js', 'lazy-getter-js', 'lazy-getter-ts', 'setter-try-ts', 'workspace-field-js', 'fill-answer-ts', 'fill-answer-setter-js', 'fill-imported-ts', 'fill-imported-js', 'fill-receiver-ts', 'session-sync-ts', 'session-sync-js', 'fill-fetcher-ts', 'fill-fetcher-js', 'sync-handler-ts', 'sync-handler-js'])('%s: each handler derives the state per request, on both eras', async (name) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle', name), perRequest());
    expectSameAsOriginal(comparison);
  });
});

// The state fixtures written in real servers' spellings (issue 20) that the per-request form also derives.
describe('uproot migrate --lifecycle per-request on the state spellings', () => {
  it.each(['workspace-getter-v2-ts', 'workspace-cast-v2-ts', 'sandbox-helper-file-v2-ts', 'sandbox-iife-v2-ts', 'sandbox-ready-promise-v2-ts', 'sandbox-then-v2-ts', 'sandbox-shared-refresh-v2-js', 'sandbox-ready-field-v2-ts'])('state/%s: each handler derives the state per request, on both eras', async (name) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'state', name), perRequest());
    expectSameAsOriginal(comparison);
  });
});

// Roots kept per session (the reference "everything" server's shape), read by tools in another module through a helper.
describe('uproot migrate --lifecycle per-request on a per-session map', () => {
  it('config-source/session-map-v2-ts: each tool asks for roots and its session key gets this request\'s answer, on both eras', async () => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'config-source', 'session-map-v2-ts'), perRequest());
    expectSameAsOriginal(comparison);
  });
});

/** `migrate --with-sdk-upgrade --lifecycle per-request` on a v1 copy (given a manifest naming the v1 SDK), then a second run that changes nothing. */
function upgradedPerRequest(): FileTransform {
  let migrated = false;
  return async (_text, file) => {
    if (!migrated) {
      migrated = true;
      const cwd = path.dirname(file);
      writeFileSync(path.join(cwd, 'package.json'), JSON.stringify({ name: 'fixture', private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '1.32.2', zod: '4.6.7' } }));
      const run = async () => {
        let out = '';
        const code = await main(['migrate', '.', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--force', '--format', 'json'], { out: (s) => (out += s), err: () => {}, cwd });
        return { code, report: JSON.parse(out) as MigrateReport };
      };
      const first = await run();
      const sites = first.report.files.flatMap((f) => f.sites);
      expect(sites.length).toBeGreaterThan(0);
      expect(sites.filter((s) => s.outcome !== 'rewritten')).toEqual([]);
      expect(first.code).toBe(0);
      const again = await run();
      expect(again.report.files.filter((f) => f.changed).map((f) => f.file)).toEqual([]);
    }
    return readFileSync(file, 'utf8');
  };
}

// The same spellings in v1 code: the official codemod upgrades the SDK first, then the fill becomes per-request.
describe('uproot migrate --with-sdk-upgrade --lifecycle per-request on v1 state spellings', () => {
  it.each(['sandbox-then-v1-js', 'sandbox-shared-refresh-v1-js'])('state/%s: upgraded, each handler derives the state per request, on both eras', async (name) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'state', name), upgradedPerRequest());
    expectSameAsOriginal(comparison);
  });
});
