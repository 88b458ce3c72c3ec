// Node 22 and 24 for the checks that must run there too (the suite itself runs on Node 20): the official builds as
// npm publishes them (`node-<platform>-<arch>`), fetched once per machine into node_modules/.cache and kept.
// Installing them as devDependencies is not an option: their `node` bin would shadow the system's in every npm script.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(REPO, 'node_modules/.cache/uproot-test-node');

/** The newer Node majors uproot supports (`engines`: ^20.19.0 || >=22.12.0), pinned. */
export const NEWER_NODES = ['22.23.5', '24.22.3'] as const;

/** The `node` executable of `version` for this machine, fetched from the npm registry the first time. */
export function nodeBinary(version: string): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const dir = path.join(CACHE, `${pkg}-${version}`);
  const bin = path.join(dir, 'package', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(bin)) return bin;
  mkdirSync(CACHE, { recursive: true });
  // Two test files may fetch the same version at once: each unpacks into its own folder and renames it into place.
  const work = mkdtempSync(path.join(CACHE, 'fetch-'));
  try {
    execFileSync('npm', ['pack', `${pkg}@${version}`, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${pkg}@${version} wrote no tarball`);
    const unpacked = path.join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', unpacked], { stdio: 'inherit' });
    try {
      renameSync(unpacked, dir);
    } catch (error) {
      if (!existsSync(bin)) throw error; // another fetch put it in place first
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const reported = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${bin} is ${reported}, not v${version}`);
  return bin;
}
