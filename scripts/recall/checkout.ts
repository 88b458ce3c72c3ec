// A checkout of each labelled repository at its commit, in its own layout (a real git work tree, so the
// walk's .gitignore and tracked-file rules apply as in the user's clone), made from a local snapshot.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type LabelledRepo, snapshotName } from './labels.ts';

const git = (args: string[], cwd?: string) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 }).trim();

/** The snapshot's git directory: `<snapshots>/<owner+name>/repo` (what `fetch` makes) or `<snapshots>/<owner+name>/.git`. */
function snapshotGitDir(snapshots: string, repo: string): string | undefined {
  const base = path.join(snapshots, snapshotName(repo));
  return [path.join(base, 'repo'), path.join(base, '.git'), base].find((d) => existsSync(path.join(d, 'HEAD')));
}

/** Check `repo` out at its commit under `work`; reuses a checkout already at that commit. Throws a sentence when it cannot. */
export function checkout(entry: LabelledRepo, snapshots: string, work: string): string {
  const dest = path.join(work, snapshotName(entry.repo));
  if (existsSync(path.join(dest, '.git'))) {
    if (git(['rev-parse', 'HEAD'], dest) !== entry.commit) placeTree(dest, entry.commit);
    return dest;
  }
  const gitDir = snapshotGitDir(snapshots, entry.repo);
  if (!gitDir) throw new Error(`no snapshot of ${entry.repo} under ${snapshots} (expected ${snapshotName(entry.repo)}/repo)`);
  try {
    git(['--git-dir', gitDir, 'cat-file', '-e', `${entry.commit}^{commit}`]);
  } catch {
    throw new Error(`the snapshot of ${entry.repo} at ${gitDir} does not hold commit ${entry.commit}`);
  }
  git(['clone', '--quiet', '--shared', '--no-checkout', gitDir, dest]);
  placeTree(dest, entry.commit);
  return dest;
}

/**
 * HEAD, index and work tree at `commit`. Snapshots lack files of 4 MiB and more, which makes `git checkout` give up
 * on the whole tree; writing the index's files one by one leaves out only those (binaries and data, never sources).
 */
function placeTree(dest: string, commit: string): void {
  git(['update-ref', '--no-deref', 'HEAD', commit], dest);
  git(['read-tree', commit], dest);
  try {
    git(['checkout-index', '--all', '--force'], dest);
  } catch {
    // Missing blobs are reported and skipped; every other file is written.
  }
}

/**
 * Tracked source files of the checkout whose text mentions roots, elicitation or sampling: the files ESLint and
 * tsserver are asked about (every labelled site's file names one of them).
 */
export function filesMentioningSites(dir: string): string[] {
  let out = '';
  try {
    out = git(['grep', '-l', '-I', '-i', '-E', 'roots|elicit|sampling|createMessage', '--', '*.ts', '*.tsx', '*.mts', '*.cts', '*.js', '*.jsx', '*.mjs', '*.cjs'], dir);
  } catch (e) {
    // git grep exits 1 when nothing matches.
    if ((e as { status?: number }).status === 1) return [];
    throw e;
  }
  return out.split('\n').filter((f) => f && !/\.d(?:\.[^./]+)?\.[cm]?ts$/.test(f));
}
