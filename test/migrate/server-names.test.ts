// The configured roots variable is named after the server the run builds (`NOTES_ROOTS`). Found on a real
// server: its info was decorated by a helper (`new McpServer(withDefaultIcons({ name }))`), which the name
// readers did not look into, so the only name they saw was a probe server's it builds to test the SDK, and the
// variable users must set was named after the probe.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { literalServerNames, runServerName } from '../../packages/uproot/src/migrate/server-names.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the names a run gives its servers', () => {
  it('reads the name through one decorating call, as when written plainly', () => {
    expect(literalServerNames("new McpServer({ name: 'files', version: '1' })")).toEqual(['files']);
    expect(literalServerNames("new McpServer(\n  withDefaultIcons(\n    {\n      name: 'files',\n      version: '1' }))")).toEqual(['files']);
    expect(literalServerNames("new Server(icons.withDefaults({ name: \"files\" }), { capabilities: {} })")).toEqual(['files']);
    expect(literalServerNames("new McpServer(info, { capabilities: {} })")).toEqual([]);
  });

  it('picks the name every other one extends at a separator, and no name between unrelated servers', () => {
    expect(runServerName(new Set(['files']))).toBe('files');
    expect(runServerName(new Set(['files-capability-probe', 'files']))).toBe('files');
    expect(runServerName(new Set(['files', 'files_probe', 'files.test']))).toBe('files');
    expect(runServerName(new Set(['files', 'filesystem']))).toBeUndefined();
    expect(runServerName(new Set(['notes', 'files']))).toBeUndefined();
    expect(runServerName(new Set())).toBeUndefined();
  });
});

describe('migrate --to param names the configured variable after the served server', () => {
  /** The request in its own module; the server built in another with decorated info; a probe server in a third. */
  function project(decorated: boolean): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-server-names-'));
    made.push(dir);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'files-server', type: 'module' }));
    const info = "{ name: 'files', version: '1.0.0' }";
    writeFileSync(
      path.join(dir, 'server.ts'),
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const withIcons = <T extends object>(info: T): T => ({ ...info });
export const server = new McpServer(${decorated ? `withIcons(${info})` : info});
`,
    );
    writeFileSync(
      path.join(dir, 'probe.ts'),
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const supportsTasks = () => typeof new McpServer({ name: 'files-capability-probe', version: '0.0.0' }).experimental === 'object';
`,
    );
    writeFileSync(
      path.join(dir, 'roots.ts'),
      `import { server } from './server.js';
let folders: string[] = [];

export async function load(): Promise<void> {
  if (server.server.getClientCapabilities()?.roots) {
    try {
      const listed = await server.server.listRoots();
      folders = listed.roots.map((r) => r.uri);
    } catch {
      folders = [];
    }
  } else {
    folders = [];
  }
}

server.registerTool('folders', { description: 'The folders' }, async () => ({ content: [{ type: 'text', text: folders.join(',') }] }));
`,
    );
    return dir;
  }

  for (const decorated of [false, true]) {
    it(decorated ? 'with the info decorated by a helper call' : 'with the info written plainly', async () => {
      const dir = project(decorated);
      const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: false });
      expect(result.failures).toEqual([]);
      const outcomes = result.files.flatMap((f) => f.outcomes.filter((o) => o.site.kind === 'request').map((o) => o.outcome));
      expect(outcomes).toEqual(['rewritten']);
      const text = readFileSync(path.join(dir, 'roots.ts'), 'utf8');
      expect(text).toContain("'FILES_ROOTS'");
      expect(text).not.toContain('PROBE');
    });
  }
});
