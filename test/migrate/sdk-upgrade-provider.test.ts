// A monorepo whose workspace packages import the v1 SDK without declaring it: the root's devDependencies
// provide it. The official codemod writes only the package.json nearest its target, which has nothing to
// change; uproot swaps the dependency where it is declared, says so, and the result type-checks against v2.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { sdkProvider } from '../../packages/uproot/src/sdk-upgrade/sdk-provider.ts';
import { upgradeSdk } from '../../packages/uproot/src/sdk-upgrade/sdk-upgrade.ts';
import { REPO, cli, project, readJson, removeProjects, typeErrors } from './upgrade-project.ts';

const fixture = path.join(REPO, 'test/fixtures/sdk-upgrade/root-provided');
const monorepo = () => project(fixture, { '@demo/tools': 'packages/tools' });
afterEach(removeProjects);

describe('--with-sdk-upgrade when the workspace root provides the SDK', () => {
  it('starts from a workspace that type-checks against v1, where the codemod alone changes no package.json', () => {
    const dir = monorepo();
    expect(typeErrors(dir)).toEqual([]);
    const root = readFileSync(path.join(dir, 'package.json'), 'utf8');
    const upgrade = upgradeSdk(path.join(dir, 'packages/tools'));
    expect(upgrade.filesChanged).toBe(1);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(root);
    expect(readJson(path.join(dir, 'packages/tools/package.json')).dependencies).toBeUndefined();
  });

  it('finds the root as the provider of a member that does not declare the SDK, and nothing for one that does', () => {
    const dir = monorepo();
    expect(sdkProvider(path.join(dir, 'packages/tools/src'), dir)).toBe(path.join(dir, 'package.json'));
    expect(sdkProvider(dir, dir)).toBeUndefined();
    expect(sdkProvider(path.join(dir, 'packages/tools'), undefined)).toBeUndefined();
  });

  it('refuses with exit 2 and names the sibling and the command, changing nothing', async () => {
    const dir = monorepo();
    const root = readFileSync(path.join(dir, 'package.json'), 'utf8');
    const { code, err } = await cli(['migrate', 'packages/tools', '--with-sdk-upgrade', '--force'], dir);
    expect(code).toBe(2);
    expect(err).toContain('packages/app (@demo/app): imports @demo/tools and uses @modelcontextprotocol/sdk');
    expect(err).toContain('npx uproot migrate packages/tools packages/app --with-sdk-upgrade');
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(root);
  });

  it('following the refusal, upgrades the root devDependencies, says so, and type-checks against v2', async () => {
    const dir = monorepo();
    const { code, out } = await cli(['migrate', 'packages/tools', 'packages/app', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    expect(code).toBe(0);
    const upgrade = (JSON.parse(out) as MigrateReport).sdkUpgrade!;
    expect(upgrade.applied).toBe(true);
    expect(upgrade.dependencies).toEqual([
      { manifest: 'package.json', name: '@modelcontextprotocol/sdk', from: '1.32.2', to: null },
      { manifest: 'package.json', name: '@modelcontextprotocol/server', from: null, to: expect.stringMatching(/^\^2\./) },
    ]);
    expect(upgrade.install).toBe('npm install');
    expect(upgrade.diagnostics).toContainEqual({
      file: 'package.json',
      line: 1,
      level: 'info',
      message: expect.stringMatching(/^provides @modelcontextprotocol\/sdk to packages\/tools, packages\/app, whose own package\.json does not declare it: uproot removed it here and added @modelcontextprotocol\/server/),
    });
    const root = readJson(path.join(dir, 'package.json'));
    expect(root.devDependencies).not.toHaveProperty('@modelcontextprotocol/sdk');
    expect(root.devDependencies).toHaveProperty('zod', '4.6.7');
    expect(readJson(path.join(dir, 'packages/tools/package.json')).dependencies).toBeUndefined();
    expect(readFileSync(path.join(dir, 'packages/tools/src/index.ts'), 'utf8')).toContain('inputRequired.listRoots()');
    expect(typeErrors(dir)).toEqual([]);
  });

  it('a dry run reports the same root change and writes nothing', async () => {
    const dir = monorepo();
    const root = readFileSync(path.join(dir, 'package.json'), 'utf8');
    const { out } = await cli(['migrate', 'packages/tools', 'packages/app', '--with-sdk-upgrade', '--dry-run', '--format', 'json'], dir);
    expect((JSON.parse(out) as MigrateReport).sdkUpgrade!.dependencies.map((d) => `${d.manifest} ${d.name}`)).toEqual(['package.json @modelcontextprotocol/sdk', 'package.json @modelcontextprotocol/server']);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(root);
  });

  it('does not upgrade while another file under the root still imports v1, and names the root package.json and the file', async () => {
    const dir = monorepo();
    mkdirSync(path.join(dir, 'scripts'));
    writeFileSync(path.join(dir, 'scripts/probe.ts'), "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nexport const client = new Client({ name: 'probe', version: '1.0.0' });\n");
    const root = readFileSync(path.join(dir, 'package.json'), 'utf8');
    const { out } = await cli(['migrate', 'packages/tools', 'packages/app', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    const upgrade = (JSON.parse(out) as MigrateReport).sdkUpgrade!;
    expect(upgrade.applied).toBe(false);
    expect(upgrade.skipped).toMatch(/^the upgrade would remove @modelcontextprotocol\/sdk from package\.json while 1 file outside the given paths still imports it \(scripts\/probe\.ts\); pass the whole package \(\.\), tests included/);
    expect(upgrade.skipped).toContain('run `npx @modelcontextprotocol/codemod v1-to-v2 packages/tools packages/app` yourself and move package.json from @modelcontextprotocol/sdk to the v2 packages (the codemod edits only the package.json nearest each folder) if you want it');
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(root);
  });
});
