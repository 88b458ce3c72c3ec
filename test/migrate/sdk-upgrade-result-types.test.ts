// A v1 server whose tool list is a plain literal without a type: after the official codemod alone, v2's
// ListToolsResult rejects it (the new type error linksee-memory showed); `--with-sdk-upgrade` declares it with
// the v2 type, says so in the summary, and the whole project type-checks against the real v2 SDK.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { upgradeSdk } from '../../packages/uproot/src/sdk-upgrade/sdk-upgrade.ts';
import { REPO, cli, project, removeProjects, typeErrors } from './upgrade-project.ts';

const fixture = path.join(REPO, 'test/fixtures/sdk-upgrade/tools-literal');
afterEach(removeProjects);

describe('--with-sdk-upgrade on a plain-literal tool list', () => {
  it('type-checks against v1, and the codemod alone leaves a new type error at the tools/list handler', async () => {
    const dir = project(fixture);
    expect(typeErrors(dir)).toEqual([]);
    upgradeSdk(dir);
    await runMigrate(['.'], { cwd: dir, strategy: 'mrtr', dryRun: false });
    expect(typeErrors(dir)).toEqual(['src/server.ts TS2322']);
  });

  it('declares the list with the v2 result type, rewrites the roots request, reports it, and type-checks against v2', async () => {
    const dir = project(fixture);
    const { code, out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--force', '--format', 'json'], dir);
    expect(code).toBe(0);
    const report = JSON.parse(out) as MigrateReport;
    expect(report.summary.rewritten).toBeGreaterThan(0);
    const text = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    expect(text).toContain("const TOOLS: ListToolsResult['tools'] = [");
    expect(text).toContain('inputRequired.listRoots()');
    const line = text.split('\n').findIndex((l) => l.startsWith('const TOOLS')) + 1;
    expect(report.sdkUpgrade!.diagnostics).toContainEqual({ file: 'src/server.ts', line, level: 'info', message: expect.stringContaining("uproot declared it `: ListToolsResult['tools']`") });
    expect(typeErrors(dir)).toEqual([]);
  });

  it('a second run changes nothing', async () => {
    const dir = project(fixture);
    await cli(['migrate', '.', '--with-sdk-upgrade', '--force'], dir);
    const after = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    const { out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    expect((JSON.parse(out) as MigrateReport).files.filter((f) => f.changed)).toEqual([]);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(after);
  });
});
