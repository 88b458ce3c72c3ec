// Start-up as a user meets it: the `uproot` installed from its tarball into a fresh project against the
// repository's own bin, side by side in one run (`--version`, and a scan of a small tree).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { installConsumer } from '../consumer/project.ts';

export const INSTALLED_STARTUP_MAX = 1.15;

export interface StartupRow {
  what: string;
  repoMs: number;
  installedMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function wallMs(bin: string, args: string[], cwd: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** Median wall times over `reps` interleaved rounds; `tree` is a small directory to scan. */
export function benchStartup(repo: string, tree: string, reps: number): StartupRow[] {
  const consumer = installConsumer({}, 'bench');
  const bins = { repo: path.join(repo, 'packages/uproot/bin/uproot.js'), installed: path.join(consumer, 'node_modules/uproot/bin/uproot.js') };
  const cases = [
    { what: '--version', args: ['--version'] },
    { what: `scan of ${path.basename(tree)}`, args: ['scan', tree, '--format', 'json'] },
  ];
  return cases.map(({ what, args }) => {
    const times = { repo: [] as number[], installed: [] as number[] };
    wallMs(bins.repo, args, consumer);
    wallMs(bins.installed, args, consumer);
    for (let i = 0; i < Math.max(reps, 9); i++) {
      // Alternate which goes first, so neither always meets the warmer page cache.
      const order = i % 2 ? (['installed', 'repo'] as const) : (['repo', 'installed'] as const);
      for (const k of order) times[k].push(wallMs(bins[k], args, consumer));
    }
    return { what, repoMs: median(times.repo), installedMs: median(times.installed) };
  });
}
