// The file set of a run, checked against git itself: on a repository full of tricky .gitignore rules,
// uproot takes exactly the source files `git ls-files --cached --others --exclude-standard` lists,
// minus its own skips (node_modules, build output, hidden folders, .d.ts).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFiles, isSourceFile } from '../../packages/uproot/src/files/walk.ts';
import { removeTree, tempTree, writeTree } from './helpers.ts';

const FILES = [
  'a.ts', 'x.gen.ts', 'lib/l.ts', 'out/o.ts', 'keep/k.gen.ts', 'keep/inner/i.gen.ts', 'src/s.ts', 'src/local.ts',
  'src/keep.gen.ts', 'src/a/secret1.ts', 'src/a/b/secret2.ts', 'src/a/b/ok.ts', 'logs/l.js', 'docs/tmp/d.ts',
  'docs/top.ts', '#hash.ts', 'foo1.js', 'foo.js', 'barx.js', 'bar.js', 'trail.ts', 'sp ace/s.ts', 'deep/x/y/z/d.ts',
  'deep/x/y/w.ts', 'excluded-by-info.ts', 'src/gen/g.ts', 'nested/n.mts', 'nested/sub/n.cts', 'nested/sub/keep.cts',
  'class/[x].tsx', 'class/ab.jsx', 'class/ac.jsx', 'class/a1.jsx', 'node_modules/m/i.js', 'pkg/dist/d.js',
  'pkg/coverage/c.js', 'pkg/build/b.js', '.hidden/h.ts', 'types.d.ts', 'types.d.mts', 'styles.d.css.ts',
  'readme.md', '!important.ts', 'm/b.ts', 'm/a/b/c/b.ts', 'ign/x.ts', 'sp end .ts', 'Case.TS.ts',
];

const ROOT_GITIGNORE = [
  '# comment',
  '*.gen.ts',
  '/lib/',
  'out',
  '!keep/*.gen.ts',
  'src/**/secret*.ts',
  'logs/**',
  'docs/*/',
  '\\#hash.ts',
  'foo[0-9].js',
  'bar?.js',
  '   ',
  'trail.ts   ',
  '**/z/',
  'class/a[!b].jsx',
  '\\!important.ts',
  'm/**/b.ts',
  'ign/',
  '!ign/x.ts',
  'sp end\\ .ts',
  'case.ts.ts',
  '',
].join('\n');

let repo: string;
beforeAll(() => {
  repo = tempTree({ '.gitignore': ROOT_GITIGNORE, 'src/.gitignore': 'local.ts\n!keep.gen.ts\n', 'nested/.gitignore': 'sub/*\n!sub/keep.cts\n' });
  for (const f of FILES) writeTree(repo, f, '// roots\n');
  git(['init', '-q']);
  writeTree(repo, '.git/info/exclude', 'excluded-by-info.ts\n');
});
afterAll(() => removeTree(repo));

function git(args: string[], cwd = repo): string {
  // An empty HOME keeps the user's global excludes out of the oracle.
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: repo, XDG_CONFIG_HOME: repo } });
}

function uprootSkips(rel: string): boolean {
  const parts = rel.split('/');
  return !isSourceFile(rel) || parts.some((p) => p.startsWith('.') || ['node_modules', 'dist', 'build', 'coverage'].includes(p));
}

async function collected(given: string[], cwd = repo): Promise<string[]> {
  const set = await collectFiles(given, cwd);
  expect(set.problems).toEqual([]);
  return set.files.map((f) => path.relative(cwd, f).split(path.sep).join('/')).sort();
}

describe('collectFiles', () => {
  it('takes exactly what git lists, less uproot\'s own skips', async () => {
    const fromGit = git(['ls-files', '--cached', '--others', '--exclude-standard'])
      .split('\n')
      .filter((f) => f && !uprootSkips(f))
      .sort();
    expect(fromGit.length).toBeGreaterThan(10);
    expect(await collected([])).toEqual(fromGit);
  });

  it('takes files git tracks even where .gitignore would skip them, as git does (`git add -f`)', async () => {
    const tracked = tempTree({ '.gitignore': 'vendor/\n*.gen.ts\n' });
    try {
      for (const f of ['vendor/server.ts', 'vendor/untracked.ts', 'vendor/deep/tool.js', 'a.gen.ts', 'b.gen.ts', 'src/s.ts']) writeTree(tracked, f, '// roots\n');
      git(['init', '-q'], tracked);
      git(['add', '-f', 'vendor/server.ts', 'vendor/deep/tool.js', 'a.gen.ts'], tracked);
      const fromGit = git(['ls-files', '--cached', '--others', '--exclude-standard'], tracked).split('\n').filter((f) => f && !uprootSkips(f)).sort();
      expect(fromGit).toEqual(['a.gen.ts', 'src/s.ts', 'vendor/deep/tool.js', 'vendor/server.ts']);
      expect(await collected([], tracked)).toEqual(fromGit);
      // A folder the user names is taken whole, as before: the rules apply only below it.
      expect(await collected(['vendor'], tracked)).toEqual(['vendor/deep/tool.js', 'vendor/server.ts', 'vendor/untracked.ts']);
    } finally {
      removeTree(tracked);
    }
  });

  it('applies the rules of the .gitignore files above a sub-folder it is given', async () => {
    const fromGit = git(['ls-files', '--cached', '--others', '--exclude-standard'], path.join(repo, 'src'))
      .split('\n')
      .filter((f) => f && !uprootSkips(f))
      .map((f) => `src/${f}`)
      .sort();
    expect(await collected(['src'])).toEqual(fromGit);
  });

  it('takes a path the user names even when a rule would skip it, and applies the rules below it', async () => {
    expect(await collected(['x.gen.ts', 'lib'])).toEqual(['lib/l.ts', 'x.gen.ts']);
    expect(await collected(['logs'])).toEqual([]);
  });

  it('notes a folder that holds nothing to scan', async () => {
    const set = await collectFiles(['pkg', 'docs'], repo);
    expect(set.files.map((f) => path.relative(repo, f))).toEqual(['docs/top.ts']);
    expect(set.notices.map((n) => `${n.file}: ${n.message}`)).toEqual([
      "pkg: holds no source files to scan (node_modules, build output, hidden folders, .gitignore'd and .d.ts files are skipped)",
    ]);
    const overlapping = await collectFiles(['.', 'src'], repo);
    expect(overlapping.notices).toEqual([]);
  });

  it('notes a declaration file or another extension named on the command line', async () => {
    const set = await collectFiles(['types.d.ts', 'readme.md'], repo);
    expect(set.files).toEqual([]);
    expect(set.notices.map((n) => `${n.file}: ${n.message}`)).toEqual([
      'types.d.ts: is a declaration file; uproot scans implementation files only',
      'readme.md: is not a .ts .tsx .mts .cts .js .jsx .mjs .cjs file; skipped',
    ]);
  });
});
