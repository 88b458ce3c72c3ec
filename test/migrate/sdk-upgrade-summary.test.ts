// `--with-sdk-upgrade` says what the official codemod did: the dependencies it changed in which
// package.json, the install that needs (for the project's package manager), that the step needs
// review, and the codemod's own markers and diagnostics at the lines where the user finds them.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../packages/uproot/src/cli.ts';
import { installCommand } from '../../packages/uproot/src/sdk-upgrade/package-manager.ts';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/sdk-upgrade/single');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

function scratch(from?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-upgrade-summary-'));
  temps.push(dir);
  if (from) cpSync(from, dir, { recursive: true });
  return dir;
}

async function cli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd });
  return { code, out, err };
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');
const deps = (dir: string) => (JSON.parse(read(dir, 'package.json')) as { dependencies: Record<string, string> }).dependencies;

describe('migrate --with-sdk-upgrade summary', () => {
  it('reports, in a dry run, the dependency changes and the install the written run will need, writing nothing', async () => {
    const dir = scratch(fixture);
    const manifest = read(dir, 'package.json');
    const { code, out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--dry-run', '--format', 'json'], dir);
    const report = JSON.parse(out) as MigrateReport;
    expect(read(dir, 'package.json')).toBe(manifest);
    const upgrade = report.sdkUpgrade!;
    expect(upgrade.dirs).toEqual(['.']);
    expect(upgrade.review).toBe(true);
    expect(upgrade.install).toBe('pnpm install');
    expect(upgrade.dependencies).toContainEqual({ manifest: 'package.json', name: '@modelcontextprotocol/sdk', from: '1.32.2', to: null });
    const server = upgrade.dependencies.find((d) => d.name === '@modelcontextprotocol/server');
    expect(server).toMatchObject({ manifest: 'package.json', from: null, to: expect.stringMatching(/^\^2\.\d+\.\d+$/) });
    expect(upgrade.diagnostics).toContainEqual(expect.objectContaining({ file: 'src/server.ts', level: 'marker', message: expect.stringMatching(/^Destructuring of context parameter in signature: "\{ signal \}"/) }));
    expect(code).toBe(1); // the codemod's marker is work left for a person
  });

  it('writes the dependencies it reports and points at the markers and diagnostics where the written files have them', async () => {
    const dir = scratch(fixture);
    const before = deps(dir);
    const { code, out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    const upgrade = (JSON.parse(out) as MigrateReport).sdkUpgrade!;
    // Every reported change is in the written package.json, and nothing else changed there.
    const after = deps(dir);
    const expected = { ...before };
    for (const d of upgrade.dependencies) {
      expect(d.manifest).toBe('package.json');
      expect(before[d.name] ?? null).toBe(d.from);
      if (d.to === null) delete expected[d.name];
      else expected[d.name] = d.to;
    }
    expect(after).toEqual(expected);
    expect(after['@modelcontextprotocol/sdk']).toBeUndefined();
    const lines = read(dir, 'src/server.ts').split('\n');
    const marker = upgrade.diagnostics.find((d) => d.level === 'marker')!;
    expect(lines[marker.line - 1]).toContain(`@mcp-codemod-error ${marker.message}`);
    // The codemod's own line numbers are followed through the comments it inserted and uproot's rewrite.
    const wrapped = upgrade.diagnostics.filter((d) => d.message.startsWith('Raw object literal in inputSchema'));
    expect(wrapped.map((d) => lines[d.line - 1]!.match(/registerTool\('([\w-]+)'/)?.[1])).toEqual(['count-roots', 'wait']);
    expect(code).toBe(1);
  });

  it('says in the text report what changed, the install command, that the step needs review, and the markers', async () => {
    const dir = scratch(fixture);
    const { out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--force'], dir);
    const markerLine = read(dir, 'src/server.ts').split('\n').findIndex((l) => l.includes('@mcp-codemod-error')) + 1;
    expect(out).toMatch(/SDK upgrade \(official @modelcontextprotocol\/codemod v1-to-v2 on \.\): changed 2 files/); // the server and the test that imports v1
    expect(out).toContain('package.json @modelcontextprotocol/sdk: removed (was 1.32.2)');
    expect(out).toMatch(/package\.json @modelcontextprotocol\/server: added \^2\./);
    expect(out).toContain(`codemod marker src/server.ts:${markerLine} Destructuring of context parameter`);
    expect(out).toContain('Review the upgrade step:');
    expect(out).toContain('Install the upgraded dependencies: pnpm install');
  });

  it('does not upgrade when files beside the given folder would keep importing the v1 SDK its package.json would drop, and names them', async () => {
    const dir = scratch(fixture);
    const manifest = read(dir, 'package.json');
    const server = read(dir, 'src/server.ts');
    const { out } = await cli(['migrate', 'src', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    const upgrade = (JSON.parse(out) as MigrateReport).sdkUpgrade!;
    expect(upgrade).toMatchObject({ applied: false, filesChanged: 0, dependencies: [] });
    expect(upgrade.skipped).toMatch(/^the upgrade would remove @modelcontextprotocol\/sdk from package\.json while 1 file outside the given paths still imports it \(test\/roots\.test\.ts\); pass the whole package/);
    expect(read(dir, 'package.json')).toBe(manifest);
    expect(read(dir, 'src/server.ts')).toMatch(/@modelcontextprotocol\/sdk/);
    expect(read(dir, 'src/server.ts')).not.toBe(server); // still migrated as v1 code: its sites are marked
    // The marker says why this run's upgrade was held back, not "let --with-sdk-upgrade run it".
    const marker = read(dir, 'src/server.ts').split('\n').find((l) => l.includes('// uproot: [v1-sdk]'))!;
    expect(marker).toContain('uproot migrate --with-sdk-upgrade did not upgrade the SDK: the upgrade would remove @modelcontextprotocol/sdk from package.json while 1 file outside the given paths still imports it (test/roots.test.ts)');
    expect(marker).not.toContain('or let `uproot migrate --with-sdk-upgrade` run it');
  });

  it('changes nothing on a second run, and still reports the marker the first run left', async () => {
    const dir = scratch(fixture);
    await cli(['migrate', '.', '--with-sdk-upgrade', '--force'], dir);
    const first = ['package.json', 'src/server.ts', 'test/roots.test.ts'].map((f) => read(dir, f));
    const { code, out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    expect(['package.json', 'src/server.ts', 'test/roots.test.ts'].map((f) => read(dir, f))).toEqual(first);
    const upgrade = (JSON.parse(out) as MigrateReport).sdkUpgrade!;
    expect(upgrade).toMatchObject({ filesChanged: 0, dependencies: [], install: null });
    expect(upgrade.diagnostics.filter((d) => d.level === 'marker')).toHaveLength(1);
    expect(code).toBe(1);
  });

  it('refuses a dirty package.json outside the paths, which the upgrade would rewrite', async () => {
    const dir = scratch(fixture);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir } });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'fixture');
    writeFileSync(path.join(dir, 'package.json'), read(dir, 'package.json').replace('"private": true', '"private": false'));
    const { code, err } = await cli(['migrate', 'src', '--with-sdk-upgrade'], dir);
    expect(code).toBe(2);
    expect(err).toMatch(/uncommitted changes \(package\.json\)/);
    expect((await cli(['migrate', 'src'], dir)).code).toBe(1); // without the upgrade, package.json is not uproot's to check
  });

  it('refuses --upgrade-workspace without --with-sdk-upgrade', async () => {
    const dir = scratch(fixture);
    const { code, err } = await cli(['migrate', '.', '--upgrade-workspace', '--dry-run'], dir);
    expect(code).toBe(2);
    expect(err).toContain('--upgrade-workspace only applies with --with-sdk-upgrade');
  });

  it('has no sdkUpgrade without the option', async () => {
    const dir = scratch(fixture);
    const { out } = await cli(['migrate', '.', '--to', 'param', '--dry-run', '--format', 'json'], dir);
    expect(JSON.parse(out)).not.toHaveProperty('sdkUpgrade');
  });
});

describe('the install command', () => {
  it.each([
    ['package-lock.json', 'npm install'],
    ['npm-shrinkwrap.json', 'npm install'],
    ['pnpm-lock.yaml', 'pnpm install'],
    ['yarn.lock', 'yarn install'],
    ['bun.lock', 'bun install'],
    ['bun.lockb', 'bun install'],
  ])('follows %s', (lockfile, command) => {
    const dir = scratch();
    writeFileSync(path.join(dir, lockfile), '');
    expect(installCommand(dir, dir)).toBe(command);
  });

  it('runs at the lockfile, from the working directory', () => {
    const dir = scratch(fixture);
    expect(installCommand(path.join(dir, 'src'), path.join(dir, 'src'))).toBe('cd .. && pnpm install');
  });

  it('reads corepack packageManager without a lockfile', () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ packageManager: 'yarn@4.5.0' }));
    expect(installCommand(dir, dir)).toBe('yarn install');
  });
});

describe('migrate --with-sdk-upgrade when no roots site would be rewritten', () => {
  const startup = path.resolve(import.meta.dirname, '../fixtures/sdk-upgrade/nothing-to-rewrite');

  it('leaves the SDK as it is, marks the sites as without the flag, and says why with the command to upgrade by hand', async () => {
    const dir = scratch(startup);
    const plain = scratch(startup);
    const manifest = read(dir, 'package.json');
    const { out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    const report = JSON.parse(out) as MigrateReport;
    expect(read(dir, 'package.json')).toBe(manifest);
    expect(report.sdkUpgrade).toMatchObject({ applied: false, filesChanged: 0, dependencies: [], install: null, diagnostics: [], review: false });
    expect(report.sdkUpgrade!.skipped).toMatch(/^no server roots request would be rewritten after the upgrade \(it would have changed \d+ files?\); run `npx @modelcontextprotocol\/codemod v1-to-v2 \.`/);
    await cli(['migrate', '.', '--force'], plain);
    expect(read(dir, 'src/server.ts')).toBe(read(plain, 'src/server.ts'));
    expect(read(dir, 'src/server.ts')).toMatch(/@modelcontextprotocol\/sdk\/server\/mcp\.js/);
  });

  it('says so in text, in a dry run too', async () => {
    const dir = scratch(startup);
    const { out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--dry-run'], dir);
    expect(out).toContain('SDK upgrade (official @modelcontextprotocol/codemod v1-to-v2 on .): not applied');
    expect(out).not.toContain('Review the upgrade step');
  });
});
