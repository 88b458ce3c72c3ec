// `--with-sdk-upgrade` upgrades a v1 project only for a server roots request a client can meet. A roots helper nothing
// calls is split once its code is v2 (uncalled-roots-helper.test.ts), but that split alone does not buy the whole-SDK
// upgrade and the codemod's review work: the project stays v1 and the helper's request keeps its v1-sdk marker.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../packages/uproot/src/cli.ts';

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

const HELPER = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export async function requestRoots(server: McpServer) {
  const response = await server.server.listRoots();
  return response.roots;
}
`;
const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 's', version: '1.0.0' });
server.registerTool('hello', {}, async () => ({ content: [{ type: 'text', text: 'hi' }] }));
`;

function v1Project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-dormant-'));
  temps.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'dormant', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.25.0' } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function migrateJson(dir: string, extra: string[] = []) {
  let out = '';
  await main(['migrate', 'src', '--to', 'mrtr', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--format', 'json', '--force', ...extra], { out: (s) => (out += s), err: () => {}, cwd: dir });
  return JSON.parse(out) as { files: Array<{ file: string; sites: Array<{ kind: string; outcome: string; reason?: string; detail?: string }> }>; sdkUpgrade?: { skipped?: string; applied: boolean } };
}

describe('--with-sdk-upgrade and a roots helper nothing calls', () => {
  it('does not upgrade for it: the request keeps its v1-sdk marker and no file changes SDK', async () => {
    const dir = v1Project({ 'src/roots.ts': HELPER, 'src/server.ts': SERVER });
    const report = await migrateJson(dir);
    expect(report.sdkUpgrade?.skipped).toMatch(/^the only server roots requests rewritten after the upgrade would be in helpers nothing calls, which no client ever meets \(it would have changed \d+ files?\)/);
    const requests = report.files.flatMap((f) => f.sites.filter((s) => s.kind === 'request').map((s) => `${f.file} ${s.outcome} ${s.reason ?? ''}`));
    expect(requests).toEqual(['src/roots.ts marked v1-sdk']);
    const detail = report.files.flatMap((f) => f.sites).find((s) => s.kind === 'request')?.detail;
    expect(detail).toBe("nothing calls requestRoots(): once the SDK is v2, uproot splits it (requestRootsRoots() beside it returns the roots input request, and requestRoots() takes the client's answer)");
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(SERVER);
  });

  it('upgrades when a handler also asks for roots, and then splits the helper too', async () => {
    const asking = SERVER.replace("async () => ({ content: [{ type: 'text', text: 'hi' }] })", "async (extra) => ({ content: [{ type: 'text', text: String((await server.server.listRoots()).roots.length) }] })");
    const dir = v1Project({ 'src/roots.ts': HELPER, 'src/server.ts': asking });
    const report = await migrateJson(dir, ['--dry-run']);
    expect(report.sdkUpgrade?.skipped).toBeUndefined();
    const requests = report.files.flatMap((f) => f.sites.filter((s) => s.kind === 'request').map((s) => `${f.file} ${s.outcome}`)).sort();
    expect(requests).toEqual(['src/roots.ts rewritten', 'src/server.ts rewritten']);
  });
});
