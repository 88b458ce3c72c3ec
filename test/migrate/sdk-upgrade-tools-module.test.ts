// A v1 server whose tools, registered by another module handed the server, read the workspaces its hooks fill from
// the client's roots: `--with-sdk-upgrade --lifecycle per-request` upgrades it, and the tool asks for roots and
// replays the fill it imports from server.ts (handlers-elsewhere.ts); the project type-checks against v1 before and
// the real v2 SDK after, and a second run changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { REPO, cli, project, removeProjects, typeErrors } from './upgrade-project.ts';

const fixture = path.join(REPO, 'test/fixtures/sdk-upgrade/tools-module');
afterEach(removeProjects);

const migrate = (dir: string) => cli(['migrate', '.', '--to', 'mrtr', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--force', '--format', 'json'], dir);

describe('--with-sdk-upgrade --lifecycle per-request on tools another module registers', () => {
  it('upgrades, rewrites the fill and the tool module, and type-checks against v2', async () => {
    const dir = project(fixture);
    expect(typeErrors(dir)).toEqual([]);
    const { code, out } = await migrate(dir);
    const report = JSON.parse(out) as MigrateReport;
    expect(code).toBe(0);
    expect(report.summary.marked).toBe(0);
    const server = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    const tools = readFileSync(path.join(dir, 'src/tools.ts'), 'utf8');
    expect(server).toContain('export async function syncWorkspaces(server: McpServer, ctx: ServerContext)');
    expect(server).not.toMatch(/oninitialized|RootsListChangedNotificationSchema|\.listRoots\(\)/);
    expect(tools).toContain("import { syncWorkspaces } from './server.js';");
    expect(tools).toContain('if (clientDeclaresRoots(ctx, server.server)) await syncWorkspaces(server, ctx);');
    expect(tools.match(/inputRequired\.listRoots\(\)/g)).toHaveLength(1);
    expect(typeErrors(dir)).toEqual([]);
    const again = JSON.parse((await migrate(dir)).out) as MigrateReport;
    expect(again.files.filter((f) => f.changed)).toEqual([]);
  });
});
