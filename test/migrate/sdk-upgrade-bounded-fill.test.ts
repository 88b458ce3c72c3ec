// A v1 project whose fills bound their roots request (a named TypeScript fill with `{ timeout }` from a constant, a
// JavaScript `.then` chain with a constant options object), through `--with-sdk-upgrade --lifecycle per-request`:
// the codemod upgrades the SDK, then each request is split by era (request-options.ts), the v1 request text kept
// verbatim as the 2025-era leg. The upgraded project type-checks against the real v2 SDK, and a second run changes
// nothing. Both eras' answers on the real SDK: test/e2e/lifecycle-bounded.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, cli, project, removeProjects, typeErrors } from './upgrade-project.ts';

afterAll(removeProjects);

const FIXTURE = path.join(REPO, 'test/fixtures/sdk-upgrade/bounded-fill');
const SOURCES = ['src/server.ts', 'src/tools.js', 'src/workspace.ts', 'src/listed.js'];
const SPLIT = 'ctx.mcpReq.envelope && PROTOCOL_VERSION_META_KEY in ctx.mcpReq.envelope ? rootsFromAnswer(ctx) : ';

async function migrateJson(dir: string) {
  const { out } = await cli(['migrate', 'src', '--to', 'mrtr', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--format', 'json', '--force'], dir);
  return JSON.parse(out) as { files: Array<{ file: string; sites: Array<{ kind: string; outcome: string; reason?: string }> }>; sdkUpgrade?: { applied: boolean } };
}

const texts = (dir: string) => Object.fromEntries(SOURCES.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));

describe('--with-sdk-upgrade --lifecycle per-request on v1 fills that bound their wait', () => {
  it('upgrades, splits each bounded request by era, type-checks, and a second run changes nothing', async () => {
    const dir = project(FIXTURE);
    const report = await migrateJson(dir);
    expect(report.sdkUpgrade?.applied).toBe(true);
    const requests = report.files.flatMap((f) => f.sites.filter((s) => s.kind === 'request').map((s) => `${f.file} ${s.outcome} ${s.reason ?? ''}`));
    expect(requests).toEqual(['src/server.ts rewritten ', 'src/tools.js rewritten ', 'src/tools.js rewritten ']);
    const after = texts(dir);
    expect(after['src/server.ts']).toContain(`await (${SPLIT}server.listRoots({}, { timeout: ROOTS_WAIT_MS }));`);
    expect(after['src/tools.js']).toContain(`await (${SPLIT}server.server.listRoots(undefined, WAIT)).then(({ roots }) => remember(roots));`);
    for (const file of ['src/server.ts', 'src/tools.js']) {
      expect(after[file]).toMatch(/from ['"]@modelcontextprotocol\/server['"]/);
      expect(after[file]).not.toContain('oninitialized');
    }
    expect(typeErrors(dir)).toEqual([]);
    const again = await migrateJson(dir);
    expect(again.files.flatMap((f) => f.sites.filter((s) => s.kind === 'request'))).toEqual([]);
    expect(texts(dir)).toEqual(after);
  });
});
