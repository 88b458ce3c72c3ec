// `--with-sdk-upgrade` that writes runs the codemod and the migration once (in the copy the dry run also
// uses) and carries the copy's files back: what a dry run shows is exactly what a write leaves.
import { cpSync, linkSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyPatch, parsePatch } from 'diff';
import { afterEach, describe, expect, it, vi } from 'vitest';

const codemodRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('@modelcontextprotocol/codemod', async (importOriginal) => {
  const real = await importOriginal<typeof import('@modelcontextprotocol/codemod')>();
  return {
    ...real,
    run: (...args: Parameters<typeof real.run>) => {
      codemodRuns.count++;
      return real.run(...args);
    },
  };
});

const { main } = await import('../../packages/uproot/src/cli.ts');

const example = path.resolve(import.meta.dirname, '../../examples/legacy-server');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

function copyExample(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-upgrade-once-'));
  temps.push(dir);
  cpSync(example, dir, { recursive: true });
  return dir;
}

async function cli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd });
  return { code, out, err };
}

/** Every file of a tree, relative path → text. */
function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, absolute), readFileSync(absolute, 'utf8'));
  }
  return files;
}

describe('migrate --with-sdk-upgrade writes what its dry run showed, from one run', () => {
  it('runs the official codemod once per upgraded folder when it writes', async () => {
    const dir = copyExample();
    codemodRuns.count = 0;
    const { code } = await cli(['migrate', '.', '--force', '--with-sdk-upgrade'], dir);
    expect(code).toBe(1);
    expect(codemodRuns.count).toBe(1);
    expect(readFileSync(path.join(dir, 'src/v1-tool.js'), 'utf8')).toMatch(/inputRequired\.listRoots\(\)/);
  });

  it('leaves the tree the dry run diffs describe, manifests included', async () => {
    const dryDir = copyExample();
    const writeDir = copyExample();
    const before = tree(dryDir);
    const { out } = await cli(['migrate', '.', '--dry-run', '--format', 'json', '--with-sdk-upgrade'], dryDir);
    const report = JSON.parse(out) as { files: Array<{ file: string; diff?: string }>; sdkUpgrade: { dependencies: Array<{ manifest: string }> } };
    const expected = new Map(before);
    for (const f of report.files) {
      if (!f.diff) continue;
      const [patch] = parsePatch(f.diff);
      const next = applyPatch(before.get(f.file) ?? '', patch!);
      expect(next, f.file).not.toBe(false);
      expect(next, `${f.file} changes`).not.toBe(before.get(f.file));
      expected.set(f.file, next as string);
    }
    expect(report.sdkUpgrade.dependencies.length).toBeGreaterThan(0);
    await cli(['migrate', '.', '--force', '--with-sdk-upgrade'], writeDir);
    const written = tree(writeDir);
    // package.json is not a source file and carries no diff: the write changes it as the report says.
    const manifest = JSON.parse(written.get('package.json')!) as { dependencies?: Record<string, string> };
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('@modelcontextprotocol/sdk');
    written.delete('package.json');
    expected.delete('package.json');
    expect(written).toEqual(expected);
  });

  it('writes nothing of the upgrade when one of its files cannot be written', async () => {
    const dir = copyExample();
    const before = tree(dir);
    const tool = path.join(dir, 'src/v1-tool.js');
    // A second hard link (root writes through read-only modes): replacing the file would split the links, so
    // uproot refuses it, and with it the whole upgrade.
    linkSync(tool, path.join(dir, 'v1-tool.link'));
    const { code, out } = await cli(['migrate', '.', '--force', '--with-sdk-upgrade', '--format', 'json'], dir);
    expect(code).toBe(2);
    const report = JSON.parse(out) as { failures: Array<{ file: string; message: string }>; sdkUpgrade: { applied: boolean } };
    expect(report.failures.find((f) => f.file === 'src/v1-tool.js')?.message).toMatch(/hard links/);
    expect(report.failures.find((f) => f.file === 'package.json')?.message).toMatch(/nothing of the upgrade was written/);
    expect(report.sdkUpgrade.applied).toBe(false);
    const after = tree(dir);
    after.delete('v1-tool.link');
    expect(after).toEqual(before);
  });
});
