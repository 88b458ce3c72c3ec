// scan reads a walked file without a stat, into a buffer it keeps (readSource's `regular` option), and
// hands the pre-filter the bytes read as latin1. Both must change nothing: every kind of file reads as
// the stat-first path reads it, at every size around the buffer's and the limit's edges, and a words
// check decides as it would on the decoded text.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matterWords, mayMatter } from '../../packages/core/src/prefilter-words.ts';
import { readHoldingWords, readKept, readSource } from '../../packages/uproot/src/files/read-source.ts';
import { RunBytes } from '../../packages/uproot/src/files/run-bytes.ts';
import { removeTree, tempTree } from './helpers.ts';

const dir = tempTree();
afterAll(() => removeTree(dir));

const MB = 1048576;
const server = "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nconst s = new Server({ name: 'x', version: '1' }, {});\ns.oninitialized = async () => { await s.listRoots(); };\n";

/** A file of exactly `size` bytes: the server, then ASCII padding in a comment. */
function sized(size: number): string {
  const head = server + '// ';
  return head + 'x'.repeat(size - head.length);
}

const files: Record<string, string | Buffer> = {
  'empty.ts': '',
  'plain.ts': server,
  'crlf.ts': server.replace(/\n/g, '\r\n'),
  'bom.ts': '\uFEFF' + server,
  'wide.ts': '/* 🌱 café — ü */ ' + server,
  'replacement.ts': "const mark = '\uFFFD';\n" + server,
  'late-nul.ts': 'é'.repeat(5000) + '\u0000' + server,
  'early-nul.ts': Buffer.from([0x61, 0x00, 0x62]),
  'latin1.ts': Buffer.from('// caf\xe9\n' + server, 'latin1'),
  'utf16le.ts': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(server, 'utf16le')]),
  'utf16be.ts': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(server, 'utf16le').swap16()]),
  'below-buffer.ts': sized(MB - 1),
  'at-buffer.ts': sized(MB),
  'over-buffer.ts': sized(MB + 1),
  'large.ts': sized(3 * MB),
};
for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);

describe('readSource without a stat (a file the walk saw)', () => {
  it.each(Object.keys(files))('reads %s as the stat-first path does', (name) => {
    const file = path.join(dir, name);
    for (const max of [5 * MB, MB, MB - 1, 200]) {
      expect(readSource(file, max, { regular: true })).toEqual(readSource(file, max));
    }
  });

  it('gives the text of valid UTF-8 exactly, the BOM apart, and refuses at one byte over the limit', () => {
    const read = (name: string, max = 5 * MB) => readSource(path.join(dir, name), max, { regular: true });
    for (const name of ['empty.ts', 'plain.ts', 'crlf.ts', 'bom.ts', 'wide.ts', 'replacement.ts', 'late-nul.ts', 'below-buffer.ts', 'at-buffer.ts', 'over-buffer.ts', 'large.ts']) {
      const bytes = Buffer.from(files[name]!);
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      expect(read(name), name).toEqual({ ok: true, bom, text: bytes.toString('utf8', bom ? 3 : 0), bytes: bytes.length });
    }
    expect(read('wide.ts')).toEqual({ ok: true, bom: false, text: files['wide.ts'], bytes: Buffer.byteLength(files['wide.ts'] as string) });
    expect(read('bom.ts')).toEqual({ ok: true, bom: true, text: server, bytes: Buffer.byteLength(server) + 3 });
    expect(read('late-nul.ts')).toMatchObject({ ok: true, text: files['late-nul.ts'] });
    expect(read('large.ts')).toMatchObject({ ok: true, text: files['large.ts'] });
    expect(read('at-buffer.ts', MB)).toMatchObject({ ok: true, bytes: MB });
    expect(read('over-buffer.ts', MB)).toMatchObject({ ok: false, reason: 'too-large' });
    expect(read('early-nul.ts')).toMatchObject({ ok: false, skipped: true, reason: 'binary' });
    expect(read('latin1.ts')).toMatchObject({ ok: false, reason: 'encoding' });
    expect(read('utf16be.ts')).toMatchObject({ ok: false, reason: 'encoding', message: expect.stringContaining('UTF-16') });
  });

  it('names a limit under 1 MB as it was given, not as 0 MB', () => {
    // 0.02 MB is 20,971 bytes; plain.ts is smaller, below-buffer.ts far larger and it mentions roots.
    const read = readSource(path.join(dir, 'below-buffer.ts'), Math.floor(0.02 * MB), { regular: true });
    expect(read).toMatchObject({ ok: false, reason: 'too-large', message: 'is 1 MB, over the 0.02 MB limit and mentions roots, so it was not checked; raise the limit with --max-file-size 1 (or .gitignore it if it is generated)' });
    const small = readSource(path.join(dir, 'wide.ts'), 100);
    expect(small).toMatchObject({ ok: false, reason: 'too-large', message: expect.stringMatching(/^is 0\.\d+ MB, over the 0\.\d+ MB limit/) });
  });

  it('still says what a path is when the walk was wrong about it (gone, or a folder now)', () => {
    const folder = path.join(dir, 'folder.ts');
    mkdirSync(folder);
    expect(readSource(folder, MB, { regular: true })).toEqual(readSource(folder, MB));
    expect(readSource(folder, MB, { regular: true })).toMatchObject({ ok: false, reason: 'not-a-file' });
    const gone = path.join(dir, 'gone.ts');
    expect(readSource(gone, MB, { regular: true })).toEqual(readSource(gone, MB));
    expect(readSource(gone, MB, { regular: true })).toMatchObject({ ok: false, reason: 'unreadable', message: expect.stringContaining('ENOENT') });
  });

  it('lets the pre-filter decide on the bytes as it would on the decoded text', () => {
    // The words sit after multi-byte characters, and one file holds only look-alikes made of them.
    const cases = {
      'after-wide.ts': '/* ü — 🌱 */ const x = caps.roots;\n',
      'wide-only.ts': '/* rööts — ｏｏｔｓ */ const x = 1;\n',
      'mrtr-after-wide.ts': "// é\nreturn { resultType: 'input_required' };\n",
      'state-after-wide.ts': '// ключ\nconst s = { requestState: token };\n',
    };
    for (const [name, text] of Object.entries(cases)) {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      const read = readSource(file, MB, { holdingAny: matterWords, regular: true });
      expect('unwanted' in read, name).toBe(!mayMatter(text));
      if (!('unwanted' in read)) expect(read).toMatchObject({ ok: true, text });
    }
    expect(['after-wide.ts', 'wide-only.ts', 'mrtr-after-wide.ts', 'state-after-wide.ts'].map((n) => mayMatter(cases[n as keyof typeof cases]))).toEqual([true, false, true, true]);
  });

  it('keeps a file that holds every word asked for, words beyond ASCII included, and reads the careful path alike', () => {
    const file = path.join(dir, 'raíces.ts');
    writeFileSync(file, '\uFEFFexport async function carpetasDeRaíces() { return listRoots(); }\n');
    expect(readSource(file, MB, { holding: ['carpetasDeRaíces', 'raíces'], regular: true })).toMatchObject({ ok: true, unwanted: true });
    expect(readSource(file, MB, { holding: ['carpetasDeRaíces', 'listRoots'], regular: true })).toMatchObject({ ok: true, bom: true, text: 'export async function carpetasDeRaíces() { return listRoots(); }\n' });
    // Over the fast path's buffer (1 MB) the careful path reads it and checks the decoded text.
    const large = path.join(dir, 'large-raíces.ts');
    writeFileSync(large, `${'// filler\n'.repeat(120_000)}export const carpetasDeRaíces = 1;\n`);
    expect(readSource(large, 4 * MB, { holding: ['carpetasDeRaíces'], regular: true })).toMatchObject({ ok: true, text: expect.stringContaining('carpetasDeRaíces') });
    expect(readSource(large, 4 * MB, { holding: ['carpetasDeRaíces', 'ausente'], regular: true })).toMatchObject({ ok: true, unwanted: true });
  });

  it('reads a file once per set of words it lacks within one run, and again for other words or another run', () => {
    const file = path.join(dir, 'caller.ts');
    writeFileSync(file, "import { other } from './other.js';\n");
    const run = readHoldingWords(MB);
    expect(run(file, ['listFolders', 'folders'])).toBe(false);
    // The file gains the words during the run: the same search does not read it again (the planner asked
    // all files of the run for them already), another search and another run do.
    writeFileSync(file, "import { listFolders } from './folders.js';\n");
    expect(run(file, ['listFolders', 'folders'])).toBe(false);
    expect(run(file, ['listFolders'])).toBe("import { listFolders } from './folders.js';\n");
    expect(readHoldingWords(MB)(file, ['listFolders', 'folders'])).toBe("import { listFolders } from './folders.js';\n");
    // A file that holds the words is read each time (the planner keeps its text), one that cannot be read is not remembered.
    expect(run(path.join(dir, 'appears-later.ts'), ['folders'])).toBeUndefined();
    writeFileSync(path.join(dir, 'appears-later.ts'), 'export const folders = 1;\n');
    expect(run(path.join(dir, 'appears-later.ts'), ['folders'])).toBe('export const folders = 1;\n');
  });

  it('keeps the bytes a run read, wanted or not, and answers later reads of the run from them, within its budget', () => {
    const kept = new RunBytes(2 * MB);
    const names = ['plain.ts', 'bom.ts', 'wide.ts', 'crlf.ts', 'below-buffer.ts', 'early-nul.ts', 'latin1.ts', 'utf16le.ts', 'over-buffer.ts', 'large.ts'];
    const before = names.map((n) => readSource(path.join(dir, n), 5 * MB, { regular: true }));
    for (const n of names) readSource(path.join(dir, n), 5 * MB, { holdingAny: ['no such word'], regular: true, keep: kept });
    // Text the run read is kept even though the check turned it down; refused bytes are not. The budget counts
    // bytes in the order they were kept: a file that would pass it (over-buffer.ts, then large.ts) is left out,
    // and smaller ones after it still fit.
    expect(names.filter((n) => kept.get(path.join(dir, n)))).toEqual(['plain.ts', 'bom.ts', 'wide.ts', 'crlf.ts', 'below-buffer.ts']);
    expect(new RunBytes(MB).get(path.join(dir, 'plain.ts'))).toBeUndefined();
    const tight = new RunBytes(MB);
    for (const n of ['plain.ts', 'below-buffer.ts', 'bom.ts']) readSource(path.join(dir, n), 5 * MB, { regular: true, keep: tight });
    expect(['plain.ts', 'below-buffer.ts', 'bom.ts'].map((n) => !!tight.get(path.join(dir, n)))).toEqual([true, false, true]);
    // The files change on disk: the run's later reads see the bytes it read before; a file never kept is read again.
    const copies = ['plain.ts', 'bom.ts', 'large.ts'].map((n) => {
      const file = path.join(dir, `kept-${n}`);
      writeFileSync(file, files[n]!);
      readSource(file, 5 * MB, { regular: true, keep: kept });
      writeFileSync(file, 'export const changed = 1;\n');
      return file;
    });
    expect(readKept(copies[0]!, 5 * MB, kept)).toEqual(before[0]);
    expect(readKept(copies[1]!, 5 * MB, kept)).toEqual(before[1]);
    expect(readKept(copies[2]!, 5 * MB, kept)).toMatchObject({ ok: true, text: 'export const changed = 1;\n' });
    expect(readKept(copies[0]!, 5 * MB, kept, ['listRoots', 'Server'])).toEqual(before[0]);
    expect(readKept(copies[0]!, 5 * MB, kept, ['listRoots', 'changed'])).toEqual({ ok: true, unwanted: true, bytes: Buffer.byteLength(server) });
    // Kept bytes over a smaller limit than the run read with are not used: the file is read from disk.
    expect(readKept(copies[0]!, 100, kept)).toMatchObject({ ok: true, text: 'export const changed = 1;\n' });
    const words = readHoldingWords(5 * MB, kept);
    expect(words(copies[1]!, ['listRoots'])).toBe(server);
    expect(words(copies[1]!, ['changed'])).toBe(false);
  });

  it('keeps files read on the careful path (over the fast buffer) too, and answers later reads from them', () => {
    const kept = new RunBytes(8 * MB);
    const copies = ['at-buffer.ts', 'over-buffer.ts', 'large.ts', 'utf16le.ts'].map((n) => {
      const file = path.join(dir, `careful-${n}`);
      writeFileSync(file, files[n]!);
      return file;
    });
    const before = copies.map((f) => readSource(f, 5 * MB, { holdingAny: ['no such word'], regular: true, keep: kept }));
    expect(before.slice(0, 3)).toEqual(copies.slice(0, 3).map((f) => ({ ok: true, unwanted: true, bytes: statSync(f).size })));
    // A refused file (UTF-16) is not kept on this path either.
    expect(copies.map((f) => !!kept.get(f))).toEqual([true, true, true, false]);
    const texts = copies.map((f) => readSource(f, 5 * MB, { regular: true }));
    for (const f of copies) writeFileSync(f, 'export const changed = 1;\n');
    expect(copies.slice(0, 3).map((f) => readKept(f, 5 * MB, kept))).toEqual(texts.slice(0, 3));
    expect(readKept(copies[3]!, 5 * MB, kept)).toMatchObject({ ok: true, text: 'export const changed = 1;\n' });
  });
});
