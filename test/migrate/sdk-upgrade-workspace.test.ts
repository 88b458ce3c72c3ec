// In a monorepo, upgrading only the migrated workspace package leaves a sibling that shares its MCP
// types on v1, and the types no longer match. uproot refuses and names the sibling, or upgrades both
// with --upgrade-workspace; the result type-checks against the real v2 SDK (the original against v1).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../packages/uproot/src/api.ts';
import { main } from '../../packages/uproot/src/cli.ts';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { upgradeSdk } from '../../packages/uproot/src/sdk-upgrade/sdk-upgrade.ts';
import { findWorkspace } from '../../packages/uproot/src/files/workspaces.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(REPO, 'test/fixtures/sdk-upgrade/monorepo');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A copy of the monorepo with a node_modules that links the real SDKs and the workspace package. */
function monorepo(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-monorepo-'));
  temps.push(dir);
  cpSync(fixture, dir, { recursive: true });
  const modules = path.join(dir, 'node_modules');
  for (const scope of ['@modelcontextprotocol', '@types', '@demo']) mkdirSync(path.join(modules, scope), { recursive: true });
  for (const pkg of ['@modelcontextprotocol/sdk', '@modelcontextprotocol/server', '@modelcontextprotocol/core', '@modelcontextprotocol/client', '@types/node', 'zod']) {
    symlinkSync(path.join(REPO, 'node_modules', pkg), path.join(modules, pkg), 'dir');
  }
  symlinkSync(path.join(dir, 'packages/tools'), path.join(modules, '@demo/tools'), 'dir');
  return dir;
}

function typeErrors(dir: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(dir, d.file.fileName) : ''} TS${d.code}`);
}

function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !full.includes(`${path.sep}node_modules${path.sep}`)) out.set(path.relative(dir, full), readFileSync(full, 'utf8'));
  }
  return out;
}

async function cli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd });
  return { code, out, err };
}

const manifest = (dir: string, pkg: string) => JSON.parse(readFileSync(path.join(dir, 'packages', pkg, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };

describe('--with-sdk-upgrade in a monorepo', () => {
  it('starts from a workspace that type-checks against the v1 SDK', () => {
    expect(typeErrors(monorepo())).toEqual([]);
  });

  it('breaks the shared types when only the migrated package is upgraded (what uproot refuses to do)', async () => {
    const dir = monorepo();
    upgradeSdk(path.join(dir, 'packages/tools'));
    await runMigrate(['packages/tools'], { cwd: dir, strategy: 'mrtr', dryRun: false });
    expect(typeErrors(dir)).toContain('packages/app/src/main.ts TS2345');
  });

  it('refuses with exit 2, naming the sibling that shares MCP types and the option that allows it, and changes nothing', async () => {
    const dir = monorepo();
    const before = tree(dir);
    for (const extra of [[], ['--dry-run']]) {
      const { code, out, err } = await cli(['migrate', 'packages/tools', '--with-sdk-upgrade', '--force', ...extra], dir);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toContain('packages/app (@demo/app): imports @demo/tools and uses @modelcontextprotocol/sdk');
      expect(err).toContain('npx uproot migrate packages/tools packages/app --with-sdk-upgrade');
      expect(err).toContain('--upgrade-workspace');
      expect(err).not.toContain('docs-site');
    }
    expect(tree(dir)).toEqual(before);
  });

  it('through the API, throws naming the packages, or upgrades them with upgradeWorkspace', async () => {
    const dir = monorepo();
    await expect(migrate(['packages/tools'], { cwd: dir, withSdkUpgrade: true, dryRun: true })).rejects.toMatchObject({ packages: [{ dir: 'packages/app', name: '@demo/app' }] });
    const report = await migrate(['packages/tools'], { cwd: dir, withSdkUpgrade: true, upgradeWorkspace: true, dryRun: true });
    expect(report.sdkUpgrade!.dirs).toEqual(['packages/tools', 'packages/app']);
    expect(report.files.filter((f) => f.changed).map((f) => f.file).sort()).toEqual(['packages/app/src/main.ts', 'packages/tools/src/index.ts']);
  });

  it('with --upgrade-workspace upgrades both packages, leaves the unrelated one alone, and type-checks against v2', async () => {
    const dir = monorepo();
    const docs = readFileSync(path.join(dir, 'packages/docs-site/package.json'), 'utf8');
    const { code, out } = await cli(['migrate', 'packages/tools', '--with-sdk-upgrade', '--upgrade-workspace', '--force', '--format', 'json'], dir);
    expect(code).toBe(0);
    const report = JSON.parse(out) as MigrateReport;
    expect(report.sdkUpgrade!.dirs).toEqual(['packages/tools', 'packages/app']);
    expect(report.sdkUpgrade!.install).toBe('npm install');
    expect(report.sdkUpgrade!.dependencies.filter((d) => d.name === '@modelcontextprotocol/sdk').map((d) => d.manifest).sort()).toEqual(['packages/app/package.json', 'packages/tools/package.json']);
    for (const pkg of ['app', 'tools']) {
      expect(manifest(dir, pkg).dependencies).not.toHaveProperty('@modelcontextprotocol/sdk');
      expect(manifest(dir, pkg).dependencies).toHaveProperty('@modelcontextprotocol/server');
    }
    expect(readFileSync(path.join(dir, 'packages/docs-site/package.json'), 'utf8')).toBe(docs);
    expect(report.summary.rewritten).toBe(1);
    expect(readFileSync(path.join(dir, 'packages/tools/src/index.ts'), 'utf8')).toContain('inputRequired.listRoots()');
    expect(typeErrors(dir)).toEqual([]);
  });

  it('runs the command the refusal suggests: both packages given, both upgraded and migrated', async () => {
    const dir = monorepo();
    const { code, out } = await cli(['migrate', 'packages/tools', 'packages/app', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    expect(code).toBe(0);
    expect((JSON.parse(out) as MigrateReport).sdkUpgrade!.dirs).toEqual(['packages/tools', 'packages/app']);
    for (const pkg of ['app', 'tools']) expect(manifest(dir, pkg).dependencies).not.toHaveProperty('@modelcontextprotocol/sdk');
  });

  it('run on the workspace root, writes each member package.json, not only the root one', async () => {
    const dir = monorepo();
    const { code, out } = await cli(['migrate', '.', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
    expect(code).toBe(0);
    expect((JSON.parse(out) as MigrateReport).sdkUpgrade!.dirs).toEqual(['.', 'packages/app', 'packages/tools']);
    for (const pkg of ['app', 'tools']) expect(manifest(dir, pkg).dependencies).not.toHaveProperty('@modelcontextprotocol/sdk');
    expect(typeErrors(dir)).toEqual([]);
  });
});

describe('workspace discovery', () => {
  it('reads pnpm-workspace.yaml and skips negated patterns', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-pnpm-'));
    temps.push(dir);
    writeFileSync(path.join(dir, 'pnpm-workspace.yaml'), "packages:\n  - 'apps/*'\n  - \"libs/**\"\n  - '!libs/legacy'\nother: 1\n");
    for (const pkg of ['apps/web', 'libs/mcp', 'libs/nested/deep', 'libs/legacy', 'tools/script']) {
      mkdirSync(path.join(dir, pkg), { recursive: true });
      writeFileSync(path.join(dir, pkg, 'package.json'), JSON.stringify({ name: pkg }));
    }
    const ws = findWorkspace(path.join(dir, 'apps/web'))!;
    expect(ws.root).toBe(dir);
    expect(ws.packages.map((p) => path.relative(dir, p.dir)).sort()).toEqual(['apps/web', 'libs/mcp', 'libs/nested/deep']);
    expect(findWorkspace(path.join(dir, 'tools/script'))).toBeUndefined();
  });
});
