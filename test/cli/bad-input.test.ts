// One bad file never stops the scan: each is named with a clear message (file:line:column for syntax
// errors) and every other file is still scanned. Trees are built in the OS temp directory.
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSource } from '../../packages/uproot/src/files/read-source.ts';
import { removeTree, tempTree, toolServer, uproot } from './helpers.ts';

interface Report {
  sites: { file: string; line: number; column: number; kind: string }[];
  failures: { file: string; line?: number; column?: number; message: string }[];
  notices: { file: string; message: string }[];
}

const trees: string[] = [];
afterAll(() => trees.forEach(removeTree));

function tree(files: Record<string, string | Buffer> = {}): string {
  const dir = tempTree(files);
  trees.push(dir);
  return dir;
}

async function scanJson(cwd: string, ...argv: string[]): Promise<{ code: number; report: Report }> {
  const run = await uproot(['scan', '--format', 'json', ...argv], cwd);
  return { code: run.code, report: JSON.parse(run.out) as Report };
}

const MB = 1048576;
/** `size` bytes of comment lines with `word` placed at `at`, so a chunked reader sees it split. */
function bigFile(size: number, word?: string, at = 0): Buffer {
  const buf = Buffer.alloc(size, 'a');
  for (let i = 79; i < size; i += 80) buf[i] = 0x0a;
  buf.write('//', 0);
  for (let i = 80; i < size; i += 80) buf.write('//', i);
  // A file that could hold a site also imports MCP (the pre-filter wants both).
  if (word) buf.write("import '@modelcontextprotocol/server';", 0);
  if (word) {
    buf.write(word, at);
    buf.write('\n//', at + word.length);
  }
  return buf;
}

const v1Lifecycle = "import { Server } from '@modelcontextprotocol/sdk/server/index.js'; const s = new Server({ name: 'x', version: '1' }, {}); s.oninitialized = async () => { await s.listRoots(); };";

describe('a tree of bad files next to a good one', () => {
  let dir: string;
  beforeAll(() => {
    dir = tree({
      'good.ts': toolServer,
      'syntax.ts': toolServer.replace('const server =', 'const server = ;'),
      'video.ts': Buffer.from([0x47, 0x40, 0x00, 0x10, 0x00, 0x00, 0xb0, 0x0d, 0x00, 0x01, 0xc1]),
      'utf16.ts': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(toolServer, 'utf16le')]),
      'latin1.ts': Buffer.concat([Buffer.from('// caf\xe9\n', 'latin1'), Buffer.from(toolServer)]),
      'latin1-plain.js': Buffer.from('// caf\xe9, no sites here\n', 'latin1'),
      // The 1 MiB read chunk ends inside "Roots": "listRo" | "ots".
      'big.ts': bigFile(10 * MB, 'listRoots', MB - 6),
      'big-plain.js': bigFile(10 * MB),
      'folder.ts/inner.ts': toolServer,
    });
  });

  it('scans the good files, names every bad one, and fails the run', async () => {
    const { code, report } = await scanJson(dir);
    expect(code).toBe(2);
    expect(report.sites.map((s) => s.file).sort()).toEqual(['folder.ts/inner.ts', 'good.ts']);
    const failed = Object.fromEntries(report.failures.map((f) => [f.file, f]));
    const noted = Object.fromEntries(report.notices.map((n) => [n.file, n.message]));
    expect(Object.keys(failed).sort()).toEqual(['big.ts', 'latin1.ts', 'syntax.ts', 'utf16.ts']);
    expect(Object.keys(noted).sort()).toEqual(['big-plain.js', 'latin1-plain.js', 'video.ts']);
  });

  it('gives a syntax error its line and column', async () => {
    const { report } = await scanJson(dir);
    const f = report.failures.find((x) => x.file === 'syntax.ts')!;
    expect([f.line, f.column]).toEqual([2, 16]);
    expect(f.message).toMatch(/^has a syntax error: .+; fix it and run again$/);
    const text = (await uproot(['scan'], dir)).out;
    expect(text).toContain('error syntax.ts:2:16: has a syntax error');
  });

  it('refuses a 10 MB file that mentions roots, even across a read-chunk boundary, and says how to raise the limit', async () => {
    const { report } = await scanJson(dir);
    const f = report.failures.find((x) => x.file === 'big.ts')!;
    expect(f.message).toBe('is 10 MB, over the 5 MB limit and mentions roots, so it was not checked; raise the limit with --max-file-size 10 (or .gitignore it if it is generated)');
  });

  it('lets a 10 MB file without roots pass with a note', async () => {
    const { report } = await scanJson(dir);
    expect(report.notices.find((n) => n.file === 'big-plain.js')!.message).toMatch(/^is 10 MB, over the 5 MB limit, but does not mention roots/);
  });

  it('notes binary content without failing', async () => {
    const { report } = await scanJson(dir);
    expect(report.notices.find((n) => n.file === 'video.ts')!.message).toMatch(/binary data/);
  });

  it('fails files in another encoding only when they mention roots', async () => {
    const { report } = await scanJson(dir);
    expect(report.failures.find((f) => f.file === 'utf16.ts')!.message).toMatch(/^is UTF-16 encoded and mentions roots/);
    expect(report.failures.find((f) => f.file === 'latin1.ts')!.message).toMatch(/^is not valid UTF-8 and mentions roots/);
    expect(report.notices.find((n) => n.file === 'latin1-plain.js')!.message).toMatch(/^is not valid UTF-8 and does not mention roots/);
  });

  it('treats a directory named like a source file as a directory', async () => {
    const { report } = await scanJson(dir, 'folder.ts');
    expect(report.sites.map((s) => s.file)).toEqual(['folder.ts/inner.ts']);
    expect(report.failures).toEqual([]);
  });
});

describe('file size limit', () => {
  it('parses a file once --max-file-size lets it in', async () => {
    const dir = tree({ 'big.ts': Buffer.concat([Buffer.from(toolServer), bigFile(1.5 * MB)]) });
    const refused = await scanJson(dir, '--max-file-size', '1');
    expect(refused.code).toBe(2);
    expect(refused.report.failures[0]!.message).toMatch(/^is 1\.5 MB, over the 1 MB limit and mentions roots.*--max-file-size 2 /);
    const allowed = await scanJson(dir, '--max-file-size', '2');
    expect(allowed.code).toBe(0);
    expect(allowed.report.sites.map((s) => s.kind)).toEqual(['request']);
  });
});

describe('files uproot cannot read', () => {
  // Root reads a chmod 000 file anyway, so as root the scan runs with the effective user id of
  // `nobody`: the kernel then refuses the read for real, with nothing mocked. The modules the scan
  // needs are loaded first, while the repository is still readable.
  async function asUnprivileged<T>(run: () => Promise<T>): Promise<T> {
    if (process.getuid!() !== 0) return run();
    process.seteuid!(65534);
    try {
      return await run();
    } finally {
      process.seteuid!(0);
    }
  }

  it('fails an unreadable file and an unlistable folder, and scans the rest', async () => {
    const dir = tree({ 'good.ts': toolServer, 'secret.ts': toolServer, 'locked/inner.ts': toolServer });
    await scanJson(dir); // load every module the scan uses
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'secret.ts'), 0o000);
    chmodSync(path.join(dir, 'locked'), 0o000);
    const { code, report } = await asUnprivileged(() => scanJson(dir));
    expect(code).toBe(2);
    expect(report.sites.map((s) => s.file)).toEqual(['good.ts']);
    expect(report.failures).toEqual([
      { file: 'locked', message: 'cannot be listed (EACCES); the files in it were not scanned' },
      { file: 'secret.ts', message: 'cannot be read (EACCES); check its permissions and run again' },
    ]);
  });
});

describe('special files', () => {
  it('never follows symlinks: loops do not hang, linked files are not scanned', async () => {
    const outside = tree({ 'elsewhere.ts': toolServer });
    const dir = tree({ 'good.ts': toolServer, 'sub/plain.ts': 'export {};\n' });
    symlinkSync('.', path.join(dir, 'sub', 'loop'));
    symlinkSync('b', path.join(dir, 'a'));
    symlinkSync('a', path.join(dir, 'b'));
    symlinkSync(path.join(outside, 'elsewhere.ts'), path.join(dir, 'outside.ts'));
    symlinkSync('good.ts', path.join(dir, 'same.ts'));
    symlinkSync(outside, path.join(dir, 'linked-dir'));
    const { code, report } = await scanJson(dir);
    expect(code).toBe(0);
    expect(report.sites.map((s) => s.file)).toEqual(['good.ts']);
    const explicit = await scanJson(dir, 'outside.ts', 'linked-dir');
    expect(explicit.report.sites).toEqual([]);
    expect(explicit.report.notices.map((n) => n.file).sort()).toEqual(['linked-dir', 'outside.ts']);
    expect(explicit.report.notices[0]!.message).toMatch(/symbolic link; uproot never follows links/);
  });

  it('does not block on a FIFO named like a source file', async () => {
    const dir = tree({ 'good.ts': toolServer });
    execFileSync('mkfifo', [path.join(dir, 'pipe.ts')]);
    expect(statSync(path.join(dir, 'pipe.ts')).isFIFO()).toBe(true);
    const all = await scanJson(dir);
    expect(all.report.sites.map((s) => s.file)).toEqual(['good.ts']);
    const named = await scanJson(dir, 'pipe.ts');
    expect(named.report.notices).toEqual([{ file: 'pipe.ts', message: 'is not a regular file or directory; skipped' }]);
  });

  it('names a path that does not exist and fails', async () => {
    const dir = tree({ 'good.ts': toolServer });
    const { code, report } = await scanJson(dir, 'good.ts', 'missing.ts');
    expect(code).toBe(2);
    expect(report.failures).toEqual([{ file: 'missing.ts', message: 'does not exist; check the path and run again' }]);
    expect(report.sites).toHaveLength(1);
  });
});

describe('line endings, byte order marks and wide characters', () => {
  const lf = toolServer;
  const crlf = toolServer.replace(/\n/g, '\r\n');
  // The site is on line 1, where an unstripped BOM would shift every column by one.
  const oneLine = v1Lifecycle + '\n';

  it('reports the same lines and columns for CRLF, BOM and plain files', async () => {
    const dir = tree({ 'lf.ts': lf, 'crlf.ts': crlf, 'plain-1.ts': oneLine, 'bom-1.ts': '\uFEFF' + oneLine, 'bom-crlf.ts': '\uFEFF' + crlf });
    const { report } = await scanJson(dir);
    const at = (file: string) => report.sites.filter((s) => s.file === file).map((s) => [s.line, s.column]);
    const expectedLf = [[4, lf.split('\n')[3]!.indexOf('ctx.mcpReq.send') + 1]];
    expect(at('lf.ts')).toEqual(expectedLf);
    expect(at('crlf.ts')).toEqual(expectedLf);
    expect(at('bom-crlf.ts')).toEqual(expectedLf);
    const expectedOneLine = [[1, oneLine.indexOf('s.listRoots()') + 1]];
    expect(at('plain-1.ts')).toEqual(expectedOneLine);
    expect(at('bom-1.ts')).toEqual(expectedOneLine);
  });

  it('keeps the BOM apart so a rewrite can restore it', () => {
    const dir = tree({ 'bom.ts': '\uFEFF' + oneLine, 'plain.ts': oneLine });
    const bom = readSource(path.join(dir, 'bom.ts'));
    const plain = readSource(path.join(dir, 'plain.ts'));
    expect(bom).toMatchObject({ ok: true, bom: true, text: oneLine });
    expect(plain).toMatchObject({ ok: true, bom: false, text: oneLine });
  });

  it('turns a file down for lacking the words asked for only once it is read as text, and still refuses binary and non-UTF-8 files as without words', () => {
    const latin1 = Buffer.from("import { Server } from '@modelcontextprotocol/sdk/server/index.js'; // caf\xe9\nserver.listRoots();\n", 'latin1');
    // Valid UTF-8 that holds U+FFFD itself, and a NUL past the binary sniff: both are text, read again as bytes or not.
    const replacement = "const mark = '\uFFFD';\n" + oneLine;
    const lateNul = 'é'.repeat(5000) + '\u0000' + oneLine;
    const dir = tree({ 'plain.ts': oneLine, 'binary.ts': Buffer.from([0x61, 0x00, 0x62]), 'latin1.ts': latin1, 'replacement.ts': replacement, 'late-nul.ts': lateNul, 'utf16.ts': Buffer.from('\uFEFF' + oneLine, 'utf16le') });
    // `server` is in every one of these files; no file holds `absent`.
    const never = { holding: ['absent'] };
    expect(readSource(path.join(dir, 'plain.ts'), MB, never)).toEqual({ ok: true, unwanted: true, bytes: Buffer.byteLength(oneLine) });
    expect(readSource(path.join(dir, 'plain.ts'), MB, { holdingAny: ['absent', 'listRoots'] })).toMatchObject({ ok: true, bom: false, text: oneLine });
    expect(readSource(path.join(dir, 'binary.ts'), MB, never)).toEqual(readSource(path.join(dir, 'binary.ts')));
    expect(readSource(path.join(dir, 'binary.ts'))).toMatchObject({ ok: false, skipped: true, reason: 'binary' });
    expect(readSource(path.join(dir, 'latin1.ts'), MB, never)).toMatchObject({ ok: false, skipped: false, reason: 'encoding' });
    expect(readSource(path.join(dir, 'latin1.ts'), MB, { holding: ['server'] })).toMatchObject({ ok: false, skipped: false, reason: 'encoding' });
    expect(readSource(path.join(dir, 'utf16.ts'), MB, never)).toMatchObject({ ok: false, skipped: false, reason: 'encoding', message: expect.stringContaining('UTF-16') });
    expect(readSource(path.join(dir, 'replacement.ts'), MB, { holding: ['mark'] })).toEqual({ ok: true, bom: false, text: replacement, bytes: Buffer.byteLength(replacement) });
    expect(readSource(path.join(dir, 'replacement.ts'), MB, never)).toEqual({ ok: true, unwanted: true, bytes: Buffer.byteLength(replacement) });
    // 5,000 two-byte characters put the NUL at byte 10,000, past the 8 KB sniff: text, as before.
    expect(readSource(path.join(dir, 'late-nul.ts'))).toEqual({ ok: true, bom: false, text: lateNul, bytes: Buffer.byteLength(lateNul) });
  });

  it('counts columns in UTF-16 code units, as the SARIF run declares', async () => {
    const line = "/* 🌱 é */ import { Server } from '@modelcontextprotocol/sdk/server/index.js'; const s = new Server({ name: 'x', version: '1' }, {}); s.oninitialized = async () => { await s.listRoots(); };\n";
    const dir = tree({ 'wide.ts': line });
    const { report } = await scanJson(dir);
    expect(report.sites.map((s) => s.column)).toEqual([line.indexOf('s.listRoots()') + 1]);
  });
});

describe('what a directory scan skips', () => {
  it('skips node_modules, build output, hidden folders, .d.ts files and .gitignore\'d files', async () => {
    const dir = tree({
      '.gitignore': 'generated/\n*.gen.ts\n!keep.gen.ts\n',
      'src/a.ts': toolServer,
      'src/keep.gen.ts': toolServer,
      'src/skip.gen.ts': toolServer,
      'src/types.d.ts': toolServer,
      'src/styles.d.css.ts': toolServer,
      'generated/client.ts': toolServer,
      'node_modules/pkg/index.ts': toolServer,
      'packages/x/node_modules/dep/index.js': toolServer,
      'dist/server.js': toolServer,
      'build/server.js': toolServer,
      'coverage/lcov.js': toolServer,
      '.cache/x.ts': toolServer,
    });
    execFileSync('git', ['init', '-q'], { cwd: dir, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir } });
    const { code, report } = await scanJson(dir);
    expect(code).toBe(0);
    expect([...new Set(report.sites.map((s) => s.file))].sort()).toEqual(['src/a.ts', 'src/keep.gen.ts']);
    expect(readdirSync(dir)).toContain('.git');
  });
});
