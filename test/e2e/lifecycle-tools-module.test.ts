// `--lifecycle per-request` where the tools that read the roots state are registered by another module than the
// fill (filesystem-context-mcp-server's layout; fixtures/lifecycle/tools-module-*): server.ts fills a sandbox kept
// behind a setter from its hooks, through a function they share, and hands its server to `registerTools(server)`
// (TypeScript) or to a tool package's default export that hands it on to one registering function per tool
// (JavaScript, through tools/index.js). Run with a real client, the migrated server answers what the original
// answered on 2025 with the same roots, on both eras; a second run changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { FIXTURES_DIR, type FileTransform } from './harness/load.ts';
import { perRequestOnce } from './harness/per-request.ts';

/** The whole copy migrated once, with `--lifecycle per-request`; `tools`: the files whose handlers now ask, and how many handlers each has. */
function perRequest(ext: string, tools: Record<string, number>): FileTransform {
  return perRequestOnce((result, cwd) => {
    const outcomes = result.files.flatMap((f) => f.outcomes);
    expect(outcomes.filter((o) => o.site.kind === 'request').length).toBe(1);
    expect(outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(outcomes.some((o) => /one client per process/.test(o.detail ?? ''))).toBe(true);
    // The fill's file keeps the fill (now exported, taking ctx) and loses its hooks; each tool file asks and imports
    // it; the helpers they share go to one module of their own.
    expect(result.files.filter((f) => f.changed).map((f) => f.file).sort()).toEqual([`server.${ext}`, ...Object.keys(tools), `uproot-roots.${ext}`].sort());
    const server = readFileSync(path.join(cwd, `server.${ext}`), 'utf8');
    expect(server).not.toMatch(/oninitialized|notifications\/roots\/list_changed|\.listRoots\(\)/);
    expect(server).toMatch(/export async function \w+\(\w+(: McpServer)?, ctx/);
    for (const [t, handlers] of Object.entries(tools)) {
      const text = readFileSync(path.join(cwd, t), 'utf8');
      expect(text.match(/inputRequired\.listRoots\(\)/g)?.length).toBe(handlers);
      expect(text).toMatch(/import \{ \w+ \} from '\.\.?\/server\.js';/);
      expect(text).toMatch(/if \(clientDeclaresRoots\(ctx, server\.server\)\) await \w+\(server, ctx\);/);
    }
  });
}

describe('uproot migrate --lifecycle per-request on tools another module registers', () => {
  it.each([
    ['tools-module-ts', 'ts', { 'tools.ts': 2 }],
    ['tools-module-js', 'js', { 'tools/list.js': 1, 'tools/count.js': 1 }],
  ])('%s: each tool asks for roots and replays the fill it imports, on both eras', async (name, ext, tools) => {
    const comparison = await compareMigration(path.join(FIXTURES_DIR, 'lifecycle', name), perRequest(ext, tools));
    expectSameAsOriginal(comparison);
  });
});
