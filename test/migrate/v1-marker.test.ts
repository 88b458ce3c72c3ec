// The v1 marker suggests `--with-sdk-upgrade` only where the MRTR planner would rewrite the site once
// the SDK is upgraded; elsewhere it says what would still stop it, and that --to param works on v1.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planMrtrProject } from '../../transforms/mrtr.ts';
import { scan } from '../../packages/uproot/src/api.ts';

const fixture = (name: string) => path.resolve(import.meta.dirname, '../fixtures/detection', name);

const helper = {
  path: '/project/src/helper.ts',
  text: `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export async function workspaceRoots(server: McpServer): Promise<string[]> {
  const { roots } = await server.server.listRoots();
  return roots.map((root) => root.uri);
}
`,
};
const server = {
  path: '/project/src/server.ts',
  text: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { workspaceRoots } from './helper.ts';

const server = new McpServer({ name: 'files', version: '1.0.0' });
server.registerTool('list-workspace', {}, async () => ({ content: [{ type: 'text', text: (await workspaceRoots(server)).join('\\n') }] }));
`,
};

function markers(file: { path: string; text: string }, files = [file]): string[] {
  const plan = planMrtrProject(files, {}).plans.get(file.path)!;
  return applyEdits(file.text, plan.edits)
    .split('\n')
    .filter((l) => l.includes('// uproot: ['))
    .map((l) => l.trim());
}

describe('the v1-sdk marker', () => {
  it('suggests --with-sdk-upgrade where the planner closes the chain (here across files)', () => {
    const [marker] = markers(helper, [helper, server]);
    expect(marker).toMatch(/^\/\/ uproot: \[v1-sdk\]/);
    expect(marker).toContain('uproot migrate --with-sdk-upgrade');
  });

  it('says the upgrade is not enough where the planner would still mark the site, without suggesting it', () => {
    const file = { path: fixture('v1-rest-extra.ts'), text: readFileSync(fixture('v1-rest-extra.ts'), 'utf8') };
    const plan = planMrtrProject([file], {}).plans.get(file.path)!;
    expect(plan.outcomes.map((o) => o.reason)).toEqual(['v1-sdk', 'v1-sdk']);
    const [rest, named] = markers(file);
    expect(rest).toContain('after an upgrade to v2 uproot would still leave it for a person ([unresolved-chain] the handler takes rest parameters');
    expect(rest).toContain('`uproot migrate --to param` works on v1 as it is');
    expect(rest).not.toContain('--with-sdk-upgrade');
    expect(named).toContain('uproot migrate --with-sdk-upgrade');
  });

  it('suggests the upgrade for a handler that destructures extra: v2 names its ctx and destructures it again', () => {
    const file = { path: fixture('v1-destructured-extra.ts'), text: readFileSync(fixture('v1-destructured-extra.ts'), 'utf8') };
    const found = markers(file);
    expect(found).toHaveLength(2);
    for (const marker of found) expect(marker).toContain('uproot migrate --with-sdk-upgrade');
  });

  it('keeps unresolved-chain, with the planner cause, when even the upgraded code could not be traced', () => {
    const [marker] = markers(helper);
    expect(marker).toMatch(/^\/\/ uproot: \[unresolved-chain\] workspaceRoots is exported but no caller in the given paths could be traced/);
    expect(marker).not.toContain('--with-sdk-upgrade');
  });

  it('reads the same in uproot scan as in the marker migrate writes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-v1-marker-'));
    try {
      cpSync(fixture('v1-rest-extra.ts'), path.join(dir, 'server.ts'));
      const report = await scan([], { cwd: dir });
      const plan = planMrtrProject([{ path: path.join(dir, 'server.ts'), text: readFileSync(path.join(dir, 'server.ts'), 'utf8') }], {}).plans.get(path.join(dir, 'server.ts'))!;
      expect(report.sites.map((s) => [s.reason, s.detail])).toEqual(plan.outcomes.map((o) => [o.reason, o.detail]));
      expect(report.sites[0]!.detail).toMatch(/^after an upgrade to v2/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
