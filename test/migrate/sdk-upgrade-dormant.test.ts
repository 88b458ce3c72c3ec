// `--with-sdk-upgrade` upgrades a v1 project for a server roots request a client can meet. A roots helper nothing
// calls is split once its code is v2 (uncalled-roots-helper.test.ts); that split alone buys the upgrade the user asked
// for only when the codemod leaves nothing for a person (else the project stays v1 and the marker says why:
// sdk-upgrade-dormant-blockers.test.ts).
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
  it('upgrades for it when the codemod leaves nothing for a person, and splits the helper', async () => {
    const dir = v1Project({ 'src/roots.ts': HELPER, 'src/server.ts': SERVER });
    const report = await migrateJson(dir);
    expect(report.sdkUpgrade?.skipped).toBeUndefined();
    expect(report.sdkUpgrade?.applied).toBe(true);
    const requests = report.files.flatMap((f) => f.sites.filter((s) => s.kind === 'request').map((s) => `${f.file} ${s.outcome} ${s.reason ?? ''}`));
    expect(requests).toEqual(['src/roots.ts rewritten ']);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain('@modelcontextprotocol/server');
    expect(readFileSync(path.join(dir, 'src/roots.ts'), 'utf8')).toContain('export function requestRootsRoots(');
  });

  it('holds it back when the project declares a zod range v2 cannot use, and the marker says so', async () => {
    const dir = v1Project({ 'src/roots.ts': HELPER, 'src/server.ts': SERVER });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'dormant', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.25.0', zod: '^3.22.0' } }));
    const report = await migrateJson(dir);
    expect(report.sdkUpgrade?.skipped).toMatch(/^the only server roots requests rewritten after the upgrade would be in helpers nothing calls, which no client ever meets, and the official codemod's upgrade would leave 1 finding for a person \(package\.json:1 zod range '\^3\.22\.0' cannot satisfy v2's floor: zod >=4\.2\.0 is required\) \(it would have changed \d+ files?\)/);
    const detail = report.files.flatMap((f) => f.sites).find((s) => s.kind === 'request')?.detail;
    expect(detail).toBe("nothing calls requestRoots(): once the SDK is v2, uproot splits it (requestRootsRoots() beside it returns the roots input request, and requestRoots() takes the client's answer); uproot migrate --with-sdk-upgrade did not upgrade the SDK: the only server roots requests rewritten after the upgrade would be in helpers nothing calls, which no client ever meets, and the official codemod's upgrade would leave 1 finding for a person (package.json:1 zod range '^3.22.0' cannot satisfy v2's floor: zod >=4.2.0 is required)");
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
