// A package that imports zod (or express, ajv …) without declaring it got it from the v1 SDK's dependencies.
// `--with-sdk-upgrade` removes the v1 SDK, so after the next install zod would resolve to the zod 4 v2 brings
// (filesystem-mcp-ahmetshbz1: zod-to-json-schema then lists empty input schemas) or to nothing. uproot declares
// each such import at the version installed now, says so, and leaves alone what the SDK did not bring.
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { REPO, cli, project, readJson, removeProjects } from './upgrade-project.ts';

const fixture = path.join(REPO, 'test/fixtures/sdk-upgrade/tools-literal');
afterEach(removeProjects);

const zod3 = readJson(path.join(REPO, 'node_modules/zod3/package.json')) as unknown as { version: string };

/** The low-level v1 fixture with zod 3 installed beside it (as the v1 SDK's dependency) and `files` added. */
function withUndeclaredZod(files: Record<string, string>): string {
  const dir = project(fixture);
  rmSync(path.join(dir, 'node_modules/zod'));
  symlinkSync(path.join(REPO, 'node_modules/zod3'), path.join(dir, 'node_modules/zod'), 'dir');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const REGISTRATION = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nexport const mcp = new McpServer({ name: 'x', version: '1' });\nmcp.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));\n";

const upgrade = async (dir: string, ...extra: string[]) => JSON.parse((await cli(['migrate', '.', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--force', '--format', 'json', ...extra], dir)).out) as MigrateReport;

describe('--with-sdk-upgrade declares what the v1 SDK brought', () => {
  it('zod imported (ESM and require) without being declared: declared at the installed version, reported, the request still rewritten', async () => {
    const dir = withUndeclaredZod({
      'src/args.ts': "import { z } from 'zod';\nexport const Verbose = z.object({ verbose: z.boolean().default(false) });\n",
      'src/colors.cjs': "const pc = require('picocolors');\nmodule.exports = pc;\n",
    });
    const report = await upgrade(dir);
    expect(report.sdkUpgrade!.applied).toBe(true);
    const deps = readJson(path.join(dir, 'package.json')).dependencies!;
    expect(deps.zod).toBe(`^${zod3.version}`);
    // picocolors is no dependency of the v1 SDK: not uproot's to declare.
    expect(deps.picocolors).toBeUndefined();
    expect(report.sdkUpgrade!.dependencies).toContainEqual({ manifest: 'package.json', name: 'zod', from: null, to: `^${zod3.version}` });
    expect(report.sdkUpgrade!.diagnostics).toContainEqual({ file: 'package.json', line: 1, level: 'info', message: expect.stringMatching(new RegExp(`^uproot declared zod \\^${zod3.version.replace(/\./g, '\\.')} in package.json: src/args\\.ts:1 imports it without declaring it`)) });
    expect(report.summary.rewritten).toBeGreaterThan(0);
  });

  it('a dry run declares nothing on disk, and a declared import is left as it is', async () => {
    const dir = withUndeclaredZod({ 'src/args.ts': "import * as z from 'zod/v3';\nexport const S = z.string();\n" });
    const manifest = readJson(path.join(dir, 'package.json'));
    manifest.dependencies!.zod = '~3.25.0';
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
    const before = readFileSync(path.join(dir, 'package.json'), 'utf8');
    const dry = await upgrade(dir, '--dry-run');
    // The upgrade ran (the v1 SDK leaves package.json), and zod, declared, is not touched.
    expect(dry.sdkUpgrade!.dependencies).toContainEqual(expect.objectContaining({ name: '@modelcontextprotocol/sdk', to: null }));
    expect(dry.sdkUpgrade!.dependencies.some((d) => d.name === 'zod')).toBe(false);
    expect(dry.sdkUpgrade!.diagnostics.some((d) => d.message.startsWith('uproot declared'))).toBe(false);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(before);
  });

  it('zod 4.2 or later undeclared and handed to a registration: declared like any other (v2 registers its schemas)', async () => {
    const dir = project(fixture);
    const installed = (readJson(path.join(dir, 'node_modules/zod/package.json')) as unknown as { version: string }).version;
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(4);
    writeFileSync(path.join(dir, 'src/tools.ts'), REGISTRATION);
    const report = await upgrade(dir, '--dry-run');
    expect(report.sdkUpgrade!.diagnostics).toContainEqual(expect.objectContaining({ file: 'package.json', level: 'info', message: expect.stringContaining(`uproot declared zod ^${installed} in package.json: src/tools.ts:2 imports it`) }));
    expect(report.sdkUpgrade!.diagnostics.some((d) => d.message.includes('imports zod without declaring it'))).toBe(false);
  });

  it('zod 3 undeclared but handed to a registration: nothing declared, a warning says why', async () => {
    const dir = withUndeclaredZod({ 'src/tools.ts': REGISTRATION });
    const report = await upgrade(dir, '--dry-run');
    expect(report.sdkUpgrade!.diagnostics.some((d) => d.message.startsWith('uproot declared zod'))).toBe(false);
    expect(report.sdkUpgrade!.diagnostics).toContainEqual(expect.objectContaining({ file: 'package.json', level: 'warning', message: expect.stringContaining('src/tools.ts:2 imports zod without declaring it') }));
  });
});
