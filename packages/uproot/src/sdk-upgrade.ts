// `--with-sdk-upgrade`: v1 code has no multi round-trip requests, so upgrade it to v2 first with the
// official @modelcontextprotocol/codemod (through its programmatic API), then plan MRTR on the result.
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { getMigration, run } from '@modelcontextprotocol/codemod';
import { collectFiles } from './files.ts';
import { type MigrateOptions, type MigrateResult, runMigrate } from './migrate.ts';
import { relativePath } from './scan.ts';

export interface SdkUpgrade {
  dir: string;
  filesChanged: number;
  diagnostics: string[];
}

/** Run the official v1-to-v2 migration on a directory, writing its files. */
export function upgradeSdk(dir: string): SdkUpgrade {
  const migration = getMigration('v1-to-v2');
  if (!migration) throw new Error('the installed @modelcontextprotocol/codemod has no v1-to-v2 migration');
  const result = run(migration, { targetDir: dir, dryRun: false });
  return { dir, filesChanged: result.filesChanged, diagnostics: result.diagnostics.map((d) => `${d.file}:${d.line}: ${d.level}: ${d.message}`) };
}

function directoryOf(given: string, cwd: string): string {
  const abs = path.resolve(cwd, given);
  return statSync(abs).isDirectory() ? abs : path.dirname(abs);
}

/** Upgrade, then migrate; in a dry run both happen in a temporary copy and only diffs come back. */
export async function migrateWithSdkUpgrade(paths: string[], options: MigrateOptions): Promise<{ result: MigrateResult; upgrades: SdkUpgrade[] }> {
  const dirs = [...new Set((paths.length ? paths : ['.']).map((p) => directoryOf(p, options.cwd)))];
  if (!options.dryRun) {
    const upgrades = dirs.map(upgradeSdk);
    return { result: await runMigrate(paths, options), upgrades };
  }
  const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-upgrade-'));
  try {
    const upgrades: SdkUpgrade[] = [];
    const merged: MigrateResult = { strategy: options.strategy, dryRun: true, files: [], failures: [], notices: [], interrupted: false };
    for (const [i, dir] of dirs.entries()) {
      const copy = path.join(temp, String(i));
      cpSync(dir, copy, { recursive: true, filter: (src) => !/[\\/](node_modules|\.git)([\\/]|$)/.test(src.slice(dir.length)) });
      upgrades.push({ ...upgradeSdk(copy), dir });
      const inCopy = await runMigrate([copy], { ...options, cwd: copy, dryRun: false });
      merged.failures.push(...inCopy.failures);
      merged.notices.push(...inCopy.notices);
      const originals = await collectFiles([dir], options.cwd);
      for (const absolute of originals.files) {
        const rel = path.relative(dir, absolute);
        const before = readFileSync(absolute, 'utf8');
        let after: string;
        try {
          after = readFileSync(path.join(copy, rel), 'utf8');
        } catch {
          continue;
        }
        const file = relativePath(options.cwd, absolute);
        const migrated = inCopy.files.find((f) => path.relative(copy, f.absolute) === rel);
        if (before === after && !migrated) continue;
        merged.files.push({
          file,
          absolute,
          changed: before !== after,
          outcomes: migrated?.outcomes ?? [],
          ...(before !== after ? { diff: createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 }) } : {}),
        });
      }
    }
    return { result: merged, upgrades };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
