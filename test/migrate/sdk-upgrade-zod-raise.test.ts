// `--with-sdk-upgrade` on a zod 3 project: where every zod use is one zod 4 keeps, uproot raises zod to v2's floor
// with the SDK, reports it, and the roots request is rewritten; where one is not, the upgrade stays held and the
// marker names the file:line and what zod 4 changes. The project has zod 3.25.76 installed (the zod3 alias).
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pc from 'picocolors';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { sdkUpgradeLines } from '../../packages/uproot/src/report/migrate-upgrade-text.ts';
import { REPO, cli, project, readJson, removeProjects } from './upgrade-project.ts';

afterAll(removeProjects);

/** The v1 fixture (registerTool with zod raw shapes, a roots request in a tool) on zod 3, plus `files`. */
function onZod3(files: Record<string, string> = {}): string {
  const dir = project(path.join(REPO, 'test/fixtures/sdk-upgrade/single'));
  const manifest = readJson(path.join(dir, 'package.json'));
  manifest.dependencies!.zod = '^3.25.76';
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  rmSync(path.join(dir, 'node_modules/zod'));
  symlinkSync(path.join(REPO, 'node_modules/zod3'), path.join(dir, 'node_modules/zod'), 'dir');
  // A copy, not a link: as npm installs it, the v1 SDK resolves the project's zod 3 (a link resolves this
  // repository's zod 4 from the SDK's real path, and type-checking zod 3 schemas against zod 4 takes minutes).
  const sdk = path.join(dir, 'node_modules/@modelcontextprotocol/sdk');
  rmSync(sdk);
  cpSync(path.join(REPO, 'node_modules/@modelcontextprotocol/sdk'), sdk, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const migrate = (dir: string, ...extra: string[]) => cli(['migrate', '.', '--to', 'mrtr', '--with-sdk-upgrade', '--force', ...extra], dir);

// Each case runs the codemod and the migration on a whole project: minutes on a loaded 2-core machine.
const SLOW = 900_000;

describe('zod raised with the SDK where the proof holds', () => {
  it(
    'package.json gets zod ^4.2.0, the JSON report and the text summary say so, the request is rewritten',
    async () => {
      const dir = onZod3();
      const report = JSON.parse((await migrate(dir, '--format', 'json')).out) as MigrateReport;
      expect(report.sdkUpgrade!.applied).toBe(true);
      expect(report.sdkUpgrade!.dependencies).toContainEqual({ manifest: 'package.json', name: 'zod', from: '^3.25.76', to: '^4.2.0' });
      expect(report.sdkUpgrade!.diagnostics.find((d) => d.message.startsWith('uproot raised zod ^3.25.76 → ^4.2.0'))).toMatchObject({ file: 'package.json', level: 'info' });
      expect(report.sdkUpgrade!.diagnostics.some((d) => /zod range .* cannot satisfy v2's floor/.test(d.message))).toBe(false);
      expect(sdkUpgradeLines(report.sdkUpgrade!, false, pc.createColors(false))).toContain('  package.json zod: ^3.25.76 -> ^4.2.0');
      expect(report.files.flatMap((f) => f.sites).filter((s) => s.kind === 'request').map((s) => s.outcome)).toEqual(['rewritten']);
      expect(readJson(path.join(dir, 'package.json')).dependencies).toMatchObject({ zod: '^4.2.0', '@modelcontextprotocol/server': expect.any(String) });
    },
    SLOW,
  );
});

describe('zod kept, and the upgrade held, where zod 4 changes a use', () => {
  it(
    'ZodError.errors in a TypeScript file and z.record with one argument in CommonJS: the marker names each file:line and change; a dry run writes nothing',
    async () => {
      const check = "import { z } from 'zod';\n\nexport function problems(input: unknown): string[] {\n  const result = z.object({ verbose: z.boolean() }).safeParse(input);\n  return result.success ? [] : result.error.errors.map((e) => e.path.join('.'));\n}\n";
      const dir = onZod3({ 'src/check.ts': check, 'src/headers.cjs': "const { z } = require('zod');\n\nmodule.exports = z.record(z.string());\n" });
      const before = readFileSync(path.join(dir, 'package.json'), 'utf8');
      const report = JSON.parse((await migrate(dir, '--format', 'json', '--dry-run')).out) as MigrateReport;
      expect(report.sdkUpgrade!.applied).toBe(false);
      const request = report.files.flatMap((f) => f.sites).find((s) => s.kind === 'request')!;
      expect([request.outcome, request.reason]).toEqual(['marked', 'v1-sdk']);
      expect(request.detail).toContain('uproot did not raise zod to ^4.2 because zod 4 changes what the code does at ');
      expect(request.detail).toContain('src/check.ts:5 ZodError.errors (zod 4 removes ZodError.errors');
      expect(request.detail).toContain('src/headers.cjs:3 z.record (zod 4 needs z.record(keys, values)');
      expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(before);
    },
    SLOW,
  );
});
