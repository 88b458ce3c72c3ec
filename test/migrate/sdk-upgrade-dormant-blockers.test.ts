// A roots helper nothing calls is split once the code is v2. `--with-sdk-upgrade` upgrades for that split alone only
// when the official codemod leaves nothing for a person; the real template servers (linear-, spotify-, replicate-
// streamable) showed why: their zod 3 schemas and a `.resource()` call the codemod cannot migrate break after the
// upgrade (type errors, or a TypeError at registerTool where a cast hid them). Each blocker is written here as a real
// author would; the project stays v1 and the helper's marker says which finding held the upgrade back. The
// `.resource()` call uproot finishes for the codemod (resource-calls.ts) no longer holds an upgrade back.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { REPO, cli, project, removeProjects, typeErrors } from './upgrade-project.ts';

const fixtures = path.join(REPO, 'test/fixtures/sdk-upgrade');
afterEach(removeProjects);

async function migrate(dir: string, extra: string[] = []): Promise<{ code: number; report: MigrateReport }> {
  const { code, out } = await cli(['migrate', 'src', '--to', 'mrtr', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--format', 'json', '--force', ...extra], dir);
  return { code, report: JSON.parse(out) as MigrateReport };
}

function requests(report: MigrateReport): Array<{ file: string; outcome: string; reason?: string; detail?: string }> {
  return report.files.flatMap((f) => f.sites.filter((s) => s.kind === 'request').map((s) => ({ file: f.file, outcome: s.outcome, reason: s.reason, detail: s.detail })));
}

function sources(dir: string): Map<string, string> {
  const src = path.join(dir, 'src');
  return new Map(readdirSync(src).map((f) => [f, readFileSync(path.join(src, f), 'utf8')]));
}

describe('--with-sdk-upgrade for a roots helper nothing calls', () => {
  const clean: Array<[string, string, string]> = [
    ['the template helper, a cast to the low-level server (TypeScript)', 'dormant-clean', 'requestRoots'],
    ['a .then helper, beside a .resource() call uproot finishes for the codemod (TypeScript)', 'dormant-resource', 'rootUris'],
  ];
  for (const [name, fixture, helper] of clean) {
    it(`upgrades for ${name} when the codemod leaves nothing for a person, splits the helper, and type-checks against v2`, async () => {
      const dir = project(path.join(fixtures, fixture));
      expect(typeErrors(dir)).toEqual([]);
      const { report } = await migrate(dir);
      expect(report.sdkUpgrade?.applied).toBe(true);
      expect(report.sdkUpgrade?.skipped).toBeUndefined();
      expect(report.sdkUpgrade?.diagnostics.filter((d) => d.level !== 'info')).toEqual([]);
      expect(requests(report).map((r) => `${r.file} ${r.outcome}`)).toEqual(['src/roots.ts rewritten']);
      const roots = readFileSync(path.join(dir, 'src/roots.ts'), 'utf8');
      expect(roots).toContain(`export function ${helper}Roots(`);
      for (const text of sources(dir).values()) expect(text).not.toContain('@modelcontextprotocol/sdk');
      expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies['@modelcontextprotocol/sdk']).toBeUndefined();
      expect(typeErrors(dir)).toEqual([]);
      const again = await migrate(dir);
      expect(again.report.files.filter((f) => f.changed)).toEqual([]);
    });
  }

  const blocked: Array<[string, string, RegExp]> = [
    ['whole zod 3 objects from a registry (TypeScript, an arrow helper that casts the answer)', 'dormant-zod3-object', /package\.json:1 zod range '3\.25\.76' cannot satisfy v2's floor.*src\/tools\.ts:\d+ Could not verify `inputSchema` is a schema object/],
    ['zod 3 schemas registered from a definitions loop (JavaScript, a helper that keeps the request promise)', 'dormant-zod3-js', /package\.json:1 zod range '\^3\.23\.8' cannot satisfy v2's floor/],
    ['a zod 3 range under a class that registers a literal shape (TypeScript, a destructuring helper)', 'dormant-zod3-class', /package\.json:1 zod range '~3\.25\.0' cannot satisfy v2's floor/],
  ];
  for (const [name, fixture, blocker] of blocked) {
    it(`holds the upgrade back for ${name}, and the marker says which finding`, async () => {
      const dir = project(path.join(fixtures, fixture));
      const before = sources(dir);
      const manifest = readFileSync(path.join(dir, 'package.json'), 'utf8');
      const { code, report } = await migrate(dir);
      expect(code).toBe(1);
      expect(report.sdkUpgrade?.applied).toBe(false);
      expect(report.sdkUpgrade?.skipped).toMatch(blocker);
      const [site, ...others] = requests(report);
      expect(others).toEqual([]);
      expect(site).toMatchObject({ outcome: 'marked', reason: 'v1-sdk' });
      expect(site!.detail).toMatch(/^nothing calls \w+\(\): once the SDK is v2, uproot splits it .*; uproot migrate --with-sdk-upgrade did not upgrade the SDK: the only server roots requests rewritten after the upgrade would be in helpers nothing calls, which no client ever meets, and the official codemod's upgrade would leave \d+ findings? for a person \(/);
      expect(site!.detail).toMatch(blocker);
      // Only the marker line is new: the SDK imports and package.json are as they were.
      const after = sources(dir);
      for (const [file, text] of before) expect(after.get(file)!.split('\n').filter((l) => !l.includes('// uproot: [v1-sdk]')).join('\n')).toBe(text);
      const marker = [...after.values()].join('\n').split('\n').find((l) => l.includes('// uproot: [v1-sdk]'))!;
      expect(marker).toMatch(blocker);
      expect(marker).toContain('`uproot migrate --to param` works on v1 as it is');
      expect(marker).not.toContain('or let `uproot migrate --with-sdk-upgrade` run it');
      expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(manifest);
      const again = await migrate(dir);
      expect(again.report.files.filter((f) => f.changed)).toEqual([]);
    });
  }
});
