// Odd and hostile trees under `uproot migrate`, run as a user runs it (the CLI entry in-process):
// every bad file is named or noted and left byte for byte as it was, everything else is migrated
// exactly like a clean copy, line endings and BOMs survive outside the edits, links are never
// followed or written through, and ignored trees are never written. Acting between the run's reads
// and its writes needs a hook: the MRTR entry is wrapped (see planner-faults.ts), the planner is real.
import { execFileSync } from 'node:child_process';
import { appendFileSync, linkSync, readFileSync, renameSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planMrtrProject } from '../../transforms/mrtr.ts';
import { removeTree, writeTree } from '../cli/helpers.ts';
import { faults, resetFaults } from './planner-faults.ts';
import { LEGACY_SERVER, type Tree, fixtureTree, migrateJson, outcomeOf, referenceMigration, scratchDir, snapshot, tempFilesIn, writeFiles } from './helpers.ts';

vi.mock('../../transforms/mrtr.ts', async (importOriginal) => (await import('./planner-faults.ts')).withFaults(await importOriginal()));

const dirs: string[] = [];
afterEach(resetFaults);
afterAll(() => dirs.forEach(removeTree));

function freshDir(): string {
  const dir = scratchDir();
  dirs.push(dir);
  return dir;
}

/** A rewritten fixture, a cross-file chain, and a v1 file that only gets a marker: all three kinds of edit. */
let good: Tree;
let goodReference: Tree;
beforeAll(async () => {
  good = fixtureTree(['direct-ts', 'helper-2-ts', 'helper-cross-file-js']);
  good.set('legacy/v1-tool.js', readFileSync(path.join(LEGACY_SERVER, 'src/v1-tool.js'), 'utf8'));
  goodReference = await referenceMigration(good);
  for (const [rel, text] of good) expect([rel, goodReference.get(rel) !== text]).toEqual([rel, true]);
});

const MB = 1048576;
const someServer = () => good.get('direct-ts/server.ts')!;

/** `size` bytes of generated code; `mentionRoots` puts the word where the pre-filter will see it. */
function generated(size: number, mentionRoots: boolean): Buffer {
  const row = '  { id: 1234567, label: "a generated row of data", tags: ["x", "y"] },\n';
  const head = `// generated file\n${mentionRoots ? "import type { McpServer } from '@modelcontextprotocol/server';\n// rows for server.server.listRoots()\n" : ''}export const rows = [\n`;
  const body = row.repeat(Math.ceil((size - head.length) / row.length));
  return Buffer.from(`${head}${body}];\n`);
}

describe('bad files next to good ones', () => {
  it('names each bad file, leaves it byte for byte, and migrates every good file exactly', async () => {
    const dir = freshDir();
    writeFiles(dir, good);
    const bad: Record<string, Buffer> = {
      'bad/syntax.ts': Buffer.from(someServer().replace('export function createServer', 'export function createServer(')),
      'bad/binary.ts': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('listRoots roots/list')]),
      'bad/latin1.ts': Buffer.concat([Buffer.from('// caf\xe9\n', 'latin1'), Buffer.from(someServer())]),
      'bad/latin1-plain.js': Buffer.from('// caf\xe9, nothing here\nexport {};\n', 'latin1'),
      'bad/invalid-utf8.ts': Buffer.concat([Buffer.from(someServer()), Buffer.from([0x2f, 0x2f, 0x20, 0xc3, 0x28, 0x0a])]),
      'bad/utf16.ts': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(someServer(), 'utf16le')]),
      'bad/generated.ts': generated(20 * MB, true),
      'bad/generated-plain.js': generated(20 * MB, false),
    };
    for (const [rel, bytes] of Object.entries(bad)) writeTree(dir, rel, bytes);
    const run = await migrateJson(dir);
    expect(run.code).toBe(2);
    const failed = Object.fromEntries(run.report.failures.map((f) => [f.file, f]));
    const noted = Object.fromEntries(run.report.notices.map((n) => [n.file, n.message]));
    expect(Object.keys(failed).sort()).toEqual(['bad/generated.ts', 'bad/invalid-utf8.ts', 'bad/latin1.ts', 'bad/syntax.ts', 'bad/utf16.ts']);
    expect(Object.keys(noted).sort()).toEqual(['bad/binary.ts', 'bad/generated-plain.js', 'bad/latin1-plain.js']);
    expect(failed['bad/syntax.ts']).toMatchObject({ line: 11, message: expect.stringMatching(/^has a syntax error: .*; fix it and run again$/) });
    expect(failed['bad/generated.ts']!.message).toMatch(/^is 20 MB, over the 5 MB limit and mentions roots/);
    expect(failed['bad/invalid-utf8.ts']!.message).toMatch(/^is not valid UTF-8 and mentions roots/);
    expect(noted['bad/binary.ts']).toMatch(/binary data/);
    // Every bad file is exactly as it was; every good one is exactly the clean migration.
    const after = snapshot(dir);
    for (const [rel, bytes] of Object.entries(bad)) expect([rel, after.get(rel)!.bytes!.equals(bytes)]).toEqual([rel, true]);
    const outcome = outcomeOf(dir, good, goodReference);
    expect(outcome.migrated.sort()).toEqual([...good.keys()].sort());
    expect(tempFilesIn(dir)).toEqual([]);
    expect(run.report.files.map((f) => f.file).sort()).toEqual([...good.keys()].sort());
  });
});

describe('line endings and byte order marks', () => {
  const crlf = (text: string) => text.replace(/\n/g, '\r\n');
  /** LF on even lines, CRLF on odd ones: the first line break says LF, so inserted code uses LF. */
  const mixed = (text: string) => text.split('\n').map((line, i, all) => (i === all.length - 1 ? line : line + (i % 2 ? '\r\n' : '\n'))).join('');

  async function migrateVariant(variant: (text: string) => string, bom = false): Promise<{ dir: string; out: Map<string, Buffer> }> {
    const dir = freshDir();
    for (const [rel, text] of good) writeTree(dir, rel, Buffer.from((bom ? '\ufeff' : '') + variant(text)));
    const run = await migrateJson(dir);
    expect(run.report.failures).toEqual([]);
    return { dir, out: new Map([...snapshot(dir)].filter(([, e]) => e.kind === 'file').map(([rel, e]) => [rel, e.bytes!])) };
  }

  it('a CRLF file stays CRLF throughout, inserted code included', async () => {
    const { out } = await migrateVariant(crlf);
    for (const [rel, text] of goodReference) expect([rel, out.get(rel)!.toString('utf8')]).toEqual([rel, crlf(text)]);
  });

  it('an old Mac file (CR only) stays CR only: inserted code uses CR, every original byte outside the edits is kept', async () => {
    const cr = (text: string) => text.replace(/\n/g, '\r');
    const { dir, out } = await migrateVariant(cr);
    const texts = [...good].map(([rel, text]) => ({ path: path.join(dir, rel), text: cr(text) }));
    const plans = planMrtrProject(texts).plans;
    for (const { path: file, text } of texts) {
      const rel = path.relative(dir, file);
      const written = out.get(rel)!.toString('utf8');
      const edits = plans.get(file)?.edits ?? [];
      expect([rel, written.includes('\n'), edits.length > 0]).toEqual([rel, false, true]);
      expect(written).toBe(applyEdits(text, edits));
      // Same code as the LF migration; only a blank line after the helpers block may differ (see the hardening report).
      const squeeze = (t: string) => t.replace(/\n{3,}/g, '\n\n');
      expect(squeeze(written.replace(/\r/g, '\n'))).toBe(squeeze(goodReference.get(rel)!));
    }
  });

  it('a BOM survives, on LF and on CRLF files', async () => {
    for (const variant of [(t: string) => t, crlf]) {
      const { out } = await migrateVariant(variant, true);
      for (const [rel, text] of goodReference) expect([rel, out.get(rel)!.equals(Buffer.from('\ufeff' + variant(text)))]).toEqual([rel, true]);
    }
  });

  it('mixed line endings: every byte outside the edits is kept, and inserted code uses the first line\'s break', async () => {
    const { dir, out } = await migrateVariant(mixed);
    // The edits the real planner makes on these very texts: the written file must be the original with
    // exactly these edits, none of which touches a carriage return.
    const texts = [...good].map(([rel, text]) => ({ path: path.join(dir, rel), text: mixed(text) }));
    const plans = planMrtrProject(texts).plans;
    for (const { path: file, text } of texts) {
      const rel = path.relative(dir, file);
      const edits = plans.get(file)?.edits ?? [];
      expect(edits.length).toBeGreaterThan(0);
      for (const e of edits) expect([rel, text.slice(e.start, e.end).includes('\r'), e.text.includes('\r')]).toEqual([rel, false, false]);
      const written = out.get(rel)!.toString('utf8');
      expect(written).toBe(applyEdits(text, edits));
      expect(written.split('\r\n').length).toBe(text.split('\r\n').length);
      expect(written.replace(/\r\n/g, '\n')).toBe(goodReference.get(rel));
    }
  });
});

describe('symbolic links', () => {
  it('are never followed or written through: loops, links to files and folders outside, dangling links', async () => {
    const outside = freshDir();
    writeTree(outside, 'server.ts', someServer());
    writeTree(outside, 'dir/server.ts', someServer());
    const dir = freshDir();
    writeFiles(dir, new Map([['src/server.ts', someServer()]]));
    symlinkSync(path.join(outside, 'server.ts'), path.join(dir, 'src/link-file.ts'));
    symlinkSync(path.join(outside, 'dir'), path.join(dir, 'src/link-dir'));
    symlinkSync('.', path.join(dir, 'src/loop'));
    symlinkSync('b', path.join(dir, 'src/a'));
    symlinkSync('a', path.join(dir, 'src/b'));
    symlinkSync('nowhere.ts', path.join(dir, 'src/dangling.ts'));
    const outsideBefore = snapshot(outside);
    const run = await migrateJson(dir);
    expect(run.report.failures).toEqual([]);
    expect(run.report.files.map((f) => f.file)).toEqual(['src/server.ts']);
    expect(snapshot(outside)).toEqual(outsideBefore);
    const links = [...snapshot(dir)].filter(([, e]) => e.kind === 'link').map(([rel, e]) => [rel, e.target]);
    expect(links.sort()).toEqual([['src/a', 'b'], ['src/b', 'a'], ['src/dangling.ts', 'nowhere.ts'], ['src/link-dir', path.join(outside, 'dir')], ['src/link-file.ts', path.join(outside, 'server.ts')], ['src/loop', '.']]);
    // Named explicitly, a link (or a path through one) is noted, not followed.
    const named = await migrateJson(dir, 'src/link-file.ts', 'src/link-dir', 'src/link-dir/server.ts', 'src/loop/server.ts');
    expect(named.report.files).toEqual([]);
    expect(named.report.notices.map((n) => [n.file, n.message])).toEqual([
      ['src/link-file.ts', 'is a symbolic link; uproot never follows links, pass the real path instead'],
      ['src/link-dir', 'is a symbolic link; uproot never follows links, pass the real path instead'],
      ['src/link-dir/server.ts', 'is reached through the symbolic link src/link-dir; uproot never follows links, pass the real path instead'],
      ['src/loop/server.ts', 'is reached through the symbolic link src/loop; uproot never follows links, pass the real path instead'],
    ]);
    expect(snapshot(outside)).toEqual(outsideBefore);
  });

  it('a hard-linked file is not split from its other names', async () => {
    const outside = freshDir();
    writeTree(outside, 'server.ts', someServer());
    const dir = freshDir();
    writeFiles(dir, good);
    unlinkSync(path.join(dir, 'direct-ts/server.ts'));
    linkSync(path.join(outside, 'server.ts'), path.join(dir, 'direct-ts/server.ts'));
    const run = await migrateJson(dir);
    expect(run.code).toBe(2);
    expect(run.report.failures).toEqual([{ file: 'direct-ts/server.ts', message: 'has 2 hard links, and replacing it would split them; left untouched' }]);
    expect(readFileSync(path.join(outside, 'server.ts'), 'utf8')).toBe(someServer());
    expect(outcomeOf(dir, good, goodReference).untouched).toEqual(['direct-ts/server.ts']);
  });
});

describe('the tree changes between the read and the write', () => {
  it('a folder swapped for a link to an identical copy outside: nothing is written outside', async () => {
    const outside = freshDir();
    const dir = freshDir();
    writeFiles(dir, good);
    writeFiles(outside, good);
    const outsideBefore = snapshot(outside);
    faults.afterPlanning = () => {
      renameSync(path.join(dir, 'helper-2-ts'), path.join(dir, 'moved'));
      symlinkSync(path.join(outside, 'helper-2-ts'), path.join(dir, 'helper-2-ts'));
    };
    const run = await migrateJson(dir);
    expect(run.code).toBe(2);
    expect(run.report.failures).toEqual([{ file: 'helper-2-ts/server.ts', message: 'is now reached through a symbolic link that appeared during the run; uproot never follows links, so nothing was written' }]);
    expect(snapshot(outside)).toEqual(outsideBefore);
    expect(readFileSync(path.join(dir, 'moved/server.ts'), 'utf8')).toBe(good.get('helper-2-ts/server.ts'));
    expect(tempFilesIn(outside)).toEqual([]);
  });

  it('a file swapped for a link to an identical file outside: the link and its target are kept', async () => {
    const outside = freshDir();
    const dir = freshDir();
    writeFiles(dir, good);
    writeTree(outside, 'server.ts', someServer());
    const victim = path.join(dir, 'direct-ts/server.ts');
    faults.afterPlanning = () => {
      unlinkSync(victim);
      symlinkSync(path.join(outside, 'server.ts'), victim);
    };
    const run = await migrateJson(dir);
    expect(run.report.failures.map((f) => f.file)).toEqual(['direct-ts/server.ts']);
    expect(snapshot(dir).get('direct-ts/server.ts')).toMatchObject({ kind: 'link' });
    expect(readFileSync(path.join(outside, 'server.ts'), 'utf8')).toBe(someServer());
  });

  it('a file edited by someone else is detected, their edit kept, its cross-file partner left too, and a second run migrates both', async () => {
    const dir = freshDir();
    writeFiles(dir, good);
    const edit = '\n// edited by a person while uproot ran\n';
    faults.afterPlanning = () => appendFileSync(path.join(dir, 'helper-cross-file-js/server.js'), edit);
    const run = await migrateJson(dir);
    faults.afterPlanning = undefined;
    expect(run.code).toBe(2);
    expect(run.report.failures).toEqual([
      { file: 'helper-cross-file-js/server.js', message: 'changed on disk while uproot was working; left as it is now, run again' },
      { file: 'helper-cross-file-js/roots.js', message: 'is rewritten together with helper-cross-file-js/server.js (a cross-file change), which failed, so it was left untouched too; run again once that is fixed' },
    ]);
    const edited: Tree = new Map([...good, ['helper-cross-file-js/server.js', good.get('helper-cross-file-js/server.js')! + edit]]);
    const editedReference = await referenceMigration(edited);
    const outcome = outcomeOf(dir, edited, editedReference);
    expect(outcome.untouched.sort()).toEqual(['helper-cross-file-js/roots.js', 'helper-cross-file-js/server.js']);
    expect(outcome.wrong).toEqual([]);
    const again = await migrateJson(dir);
    expect(again.report.failures).toEqual([]);
    expect(outcomeOf(dir, edited, editedReference).migrated.length).toBe(edited.size);
  });
});

describe('trees a run must not touch', () => {
  it('skips .gitignore\'d files, node_modules, build output and hidden folders, and never writes them', async () => {
    const dir = freshDir();
    const server = someServer();
    const skipped = ['generated/server.ts', 'src/server.gen.ts', 'node_modules/pkg/server.ts', 'packages/a/node_modules/dep/server.js', 'dist/server.js', '.cache/server.ts'];
    writeFiles(dir, new Map([['.gitignore', 'generated/\n*.gen.ts\n'], ['src/server.ts', server], ...skipped.map((rel): [string, string] => [rel, server])]));
    execFileSync('git', ['init', '-q'], { cwd: dir, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir } });
    const before = snapshot(dir);
    const run = await migrateJson(dir);
    expect(run.report.failures).toEqual([]);
    expect(run.report.files.map((f) => f.file)).toEqual(['src/server.ts']);
    const after = snapshot(dir);
    for (const rel of skipped) expect([rel, after.get(rel)!.bytes!.equals(before.get(rel)!.bytes!)]).toEqual([rel, true]);
    expect(after.get('src/server.ts')!.bytes!.toString('utf8')).toBe(goodReference.get('direct-ts/server.ts'));
  });
});

describe('the pre-filter and planner never see a file twice', () => {
  it('a file named twice (as a folder and as a path) is written once, exactly', async () => {
    const dir = freshDir();
    writeFiles(dir, good);
    const run = await migrateJson(dir, '.', 'direct-ts', 'direct-ts/server.ts');
    expect(run.report.failures).toEqual([]);
    expect(run.report.files.filter((f) => f.file === 'direct-ts/server.ts')).toHaveLength(1);
    expect(outcomeOf(dir, good, goodReference).migrated.length).toBe(good.size);
  });
});
