// Faults during `uproot migrate`, each on a temp tree of real migratable fixtures, run the way a user
// runs it (the CLI entry in-process, or the real bin in a child process for signals). Whatever goes
// wrong, every file ends up byte-identical to its original or exactly the reference migration, the
// report names each failed file, the run exits 2, no temp file is left, and a second run finishes.
//
// Faults are real wherever the kernel can produce them: an immutable file (chattr +i), a read-only
// bind mount, a full tmpfs, a file made unreadable for an unprivileged user, signals to a real
// process. Two can only be injected: a planner crash and a rewrite that does not parse. For those,
// and to act between the read and the write, the MRTR entry module is wrapped (vi.mock below); the
// wrapper calls the real planner.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bin, colourlessEnv, removeTree } from '../cli/helpers.ts';
import { endsWith, faults, resetFaults } from './planner-faults.ts';
import { type Outcome, type Tree, changedBy, fixtureTree, migrateJson, migrateText, outcomeOf, referenceMigration, scratchDir, snapshot, tempFilesIn, writeFiles } from './helpers.ts';

vi.mock('../../transforms/mrtr.ts', async (importOriginal) => (await import('./planner-faults.ts')).withFaults(await importOriginal()));

const NOBODY = 65534;
const FIXTURES = ['direct-ts', 'helper-1-js', 'helper-cross-file-ts', 'side-effect-ts', 'low-level-js', 'prompt-ts'];
const dirs: string[] = [];
const cleanups: Array<() => void> = [];
let original: Tree;
let reference: Tree;

beforeAll(async () => {
  original = fixtureTree(FIXTURES);
  reference = await referenceMigration(original);
  expect(changedBy(original, reference).length).toBe(original.size); // every file has work to do
  expect(process.getuid!()).toBe(0); // the permission, mount and chattr faults need root (see the header)
  await migrateJson(freshTree()); // load every module a run uses while the repository is readable to us
});
afterEach(resetFaults);
afterAll(() => {
  for (const undo of cleanups.reverse()) {
    try {
      undo();
    } catch {
      // already undone by the test itself
    }
  }
  dirs.forEach(removeTree);
});

function freshTree(tree: Tree = original): string {
  const dir = scratchDir();
  dirs.push(dir);
  writeFiles(dir, tree);
  return dir;
}

/** The contract after a faulty run: exactly `failed` failed (by path), they are untouched, the rest are migrated. */
function expectFaultContained(dir: string, run: { code: number; report: { failures: { file: string; message: string }[] } }, failed: string[], tree = original, ref = reference): Outcome {
  expect(run.code).toBe(2);
  expect(run.report.failures.map((f) => f.file).sort()).toEqual([...failed].sort());
  const outcome = outcomeOf(dir, tree, ref);
  expect(outcome.wrong).toEqual([]);
  expect(outcome.extra).toEqual([]);
  expect(tempFilesIn(dir)).toEqual([]);
  expect(outcome.untouched.sort()).toEqual(failed.filter((f) => tree.has(f) && !outcome.missing.includes(f)).sort());
  return outcome;
}

/** A second run, with the fault gone, finishes the job. */
async function expectRerunFinishes(dir: string, tree = original, ref = reference): Promise<void> {
  const again = await migrateJson(dir);
  expect(again.report.failures).toEqual([]);
  expect([0, 1]).toContain(again.code);
  const outcome = outcomeOf(dir, tree, ref);
  expect({ wrong: outcome.wrong, untouched: outcome.untouched, extra: outcome.extra }).toEqual({ wrong: [], untouched: [], extra: [] });
  expect(outcome.migrated.length + outcome.missing.length).toBe(tree.size);
}

/** The text without uproot's reason-coded marker lines. */
function withoutMarkers(text: string): string {
  return text.replace(/^[ \t]*\/\/ uproot: \[[a-z-]+\].*\r?\n/gm, '');
}

/** Hand the tree to `uid` (and its group), so an unprivileged run may write it. */
function chownTree(dir: string, uid: number): void {
  for (const rel of ['', ...snapshot(dir).keys()]) chownSync(path.join(dir, rel), uid, uid);
}

/**
 * Root bypasses permission checks, so permission faults run with the effective ids of `nobody`:
 * then the kernel refuses for real, with nothing mocked.
 */
async function asNobody<T>(run: () => Promise<T>): Promise<T> {
  process.setegid!(NOBODY);
  process.seteuid!(NOBODY);
  try {
    return await run();
  } finally {
    process.seteuid!(0);
    process.setegid!(0);
  }
}

function sh(cmd: string, ...args: string[]): void {
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

describe('the planner fails on one file', () => {
  it('a crash in the planner fails that file only, and the report names it', async () => {
    const dir = freshTree();
    faults.crashOn = endsWith('side-effect-ts/server.ts');
    const run = await migrateJson(dir);
    expectFaultContained(dir, run, ['side-effect-ts/server.ts']);
    expect(run.report.failures[0]!.message).toMatch(/^failed inside uproot \(planner exploded on server\.ts\)/);
    faults.crashOn = undefined;
    await expectRerunFinishes(dir);
  });

  it('a crash on the helper of a cross-file chain leaves its caller alone too', async () => {
    const dir = freshTree();
    faults.crashOn = endsWith('helper-cross-file-ts/roots.ts');
    const run = await migrateJson(dir);
    // The caller is not rewritten to pass ctx to a helper that was not rewritten to take it.
    expectFaultContained(dir, run, ['helper-cross-file-ts/roots.ts'], original, new Map([...reference, ['helper-cross-file-ts/server.ts', original.get('helper-cross-file-ts/server.ts')!]]));
    expect(readFileSync(path.join(dir, 'helper-cross-file-ts/server.ts'), 'utf8')).toBe(original.get('helper-cross-file-ts/server.ts'));
    faults.crashOn = undefined;
    await expectRerunFinishes(dir);
  });

  it('a caller with a syntax error is named, and the helper it calls is only marked', async () => {
    const broken = original.get('helper-cross-file-ts/server.ts')!.replace('export function createServer', 'export function createServer(');
    const tree: Tree = new Map([...original, ['helper-cross-file-ts/server.ts', broken]]);
    const dir = freshTree(tree);
    const run = await migrateJson(dir);
    expect(run.code).toBe(2);
    expect(run.report.failures).toEqual([expect.objectContaining({ file: 'helper-cross-file-ts/server.ts', message: expect.stringMatching(/^has a syntax error: /) })]);
    expect(readFileSync(path.join(dir, 'helper-cross-file-ts/server.ts'), 'utf8')).toBe(broken);
    // The helper keeps its code; it only gains a marker, since its caller could not be read.
    const roots = readFileSync(path.join(dir, 'helper-cross-file-ts/roots.ts'), 'utf8');
    expect(withoutMarkers(roots)).toBe(original.get('helper-cross-file-ts/roots.ts'));
    expect(roots).toMatch(/\/\/ uproot: \[unresolved-chain\]/);
    expect(tempFilesIn(dir)).toEqual([]);
  });

  it('a rewrite that would not parse is never written', async () => {
    const dir = freshTree();
    faults.breakSyntaxOf = endsWith('direct-ts/server.ts');
    const run = await migrateJson(dir);
    expectFaultContained(dir, run, ['direct-ts/server.ts']);
    expect(run.report.failures[0]!.message).toMatch(/the rewrite would not parse \(1:\d+: .*\); file left untouched/);
    const text = await migrateText(freshTree());
    expect(text.code).toBe(2);
    expect(text.out).toMatch(/^error direct-ts\/server\.ts: .*the rewrite would not parse/m);
    faults.breakSyntaxOf = undefined;
    await expectRerunFinishes(dir);
  });
});

describe('the disk changes between the read and the write', () => {
  it('a file deleted after it was read is reported and not written back', async () => {
    const dir = freshTree();
    const victim = path.join(dir, 'prompt-ts/server.ts');
    faults.afterPlanning = () => unlinkSync(victim);
    const run = await migrateJson(dir);
    const outcome = expectFaultContained(dir, run, ['prompt-ts/server.ts']);
    expect(outcome.missing).toEqual(['prompt-ts/server.ts']);
    expect(run.report.failures[0]!.message).toBe('was deleted while uproot was working (ENOENT); nothing was written');
    faults.afterPlanning = undefined;
    await expectRerunFinishes(dir);
  });

  it('a file made unreadable after it was read is reported and left as it is', async () => {
    // Root reads anything, so the run (and the chmod between read and write) runs as `nobody`.
    const dir = freshTree();
    chownTree(dir, NOBODY);
    const victim = path.join(dir, 'helper-1-js/server.js');
    faults.afterPlanning = () => chmodSync(victim, 0o000);
    const run = await asNobody(() => migrateJson(dir));
    chmodSync(victim, 0o644);
    expectFaultContained(dir, run, ['helper-1-js/server.js']);
    expect(run.report.failures[0]!.message).toBe('cannot be read any more (EACCES), so uproot cannot tell whether it changed; left untouched: check its permissions and run again');
    faults.afterPlanning = undefined;
    await asNobody(() => expectRerunFinishes(dir));
    // Written as nobody, the files still belong to nobody.
    expect([...snapshot(dir).values()].every((e) => e.uid === NOBODY)).toBe(true);
  });
});

describe('files uproot may not write', () => {
  it('an immutable file (chattr +i, which binds root too) is left untouched, and so is the other half of its cross-file change', async () => {
    const dir = freshTree();
    const victim = path.join(dir, 'helper-cross-file-ts/server.ts');
    sh('chattr', '+i', victim);
    cleanups.push(() => sh('chattr', '-i', victim));
    const run = await migrateJson(dir);
    expectFaultContained(dir, run, ['helper-cross-file-ts/server.ts', 'helper-cross-file-ts/roots.ts']);
    expect(run.report.failures).toEqual([
      { file: 'helper-cross-file-ts/server.ts', message: 'is read-only or immutable, or its folder is (EPERM); left untouched: make it writable and run again' },
      { file: 'helper-cross-file-ts/roots.ts', message: 'is rewritten together with helper-cross-file-ts/server.ts (a cross-file change), which failed, so it was left untouched too; run again once that is fixed' },
    ]);
    sh('chattr', '-i', victim);
    await expectRerunFinishes(dir);
  });

  it('an immutable folder: the temp file cannot even be created there', async () => {
    const dir = freshTree();
    const folder = path.join(dir, 'direct-ts');
    sh('chattr', '+i', folder);
    cleanups.push(() => sh('chattr', '-i', folder));
    const run = await migrateJson(dir);
    expectFaultContained(dir, run, ['direct-ts/server.ts']);
    expect(run.report.failures[0]!.message).toMatch(/\(EPERM\); left untouched/);
    sh('chattr', '-i', folder);
    await expectRerunFinishes(dir);
  });

  it('a folder on a read-only mount is reported, the rest of the tree is migrated', async () => {
    const dir = freshTree();
    const folder = path.join(dir, 'helper-cross-file-ts');
    sh('mount', '--bind', folder, folder);
    cleanups.push(() => sh('umount', '-l', folder));
    sh('mount', '-o', 'remount,bind,ro', folder);
    const run = await migrateJson(dir);
    expectFaultContained(dir, run, ['helper-cross-file-ts/roots.ts', 'helper-cross-file-ts/server.ts']);
    expect(run.report.failures.map((f) => f.message)).toEqual([
      'is on a read-only file system (EROFS); left untouched',
      'is rewritten together with helper-cross-file-ts/roots.ts (a cross-file change), which failed, so it was left untouched too; run again once that is fixed',
    ]);
    sh('umount', folder);
    await expectRerunFinishes(dir);
  });

  it('a read-only file (mode 0444) is left alone for a user who may not write it', async () => {
    const dir = freshTree();
    chownTree(dir, NOBODY);
    const victim = path.join(dir, 'side-effect-ts/server.ts');
    chmodSync(victim, 0o444);
    const run = await asNobody(() => migrateJson(dir));
    expectFaultContained(dir, run, ['side-effect-ts/server.ts']);
    expect(run.report.failures[0]!.message).toBe('is not writable for this user, or its folder is not (EACCES); left untouched: make it writable and run again');
    chmodSync(victim, 0o644);
    await asNobody(() => expectRerunFinishes(dir));
  });
});

describe('a full disk', () => {
  const PAGE = 4096;
  let mountPoint: string;
  afterEach(() => {
    for (const name of readdirSync(mountPoint)) if (name.endsWith('.filler')) unlinkSync(path.join(mountPoint, name));
  });
  beforeAll(() => {
    mountPoint = scratchDir('uproot-tmpfs-');
    dirs.push(mountPoint);
    sh('mount', '-t', 'tmpfs', '-o', 'size=2m,mode=0755', 'tmpfs', mountPoint);
    cleanups.push(() => sh('umount', '-l', mountPoint));
  });

  /** A tree on the tmpfs, then a filler file that leaves exactly `free` bytes. */
  function treeOnFullDisk(name: string, tree: Tree, free: number): { dir: string; filler: string } {
    const dir = path.join(mountPoint, name);
    mkdirSync(dir);
    writeFiles(dir, tree);
    const filler = path.join(mountPoint, `${name}.filler`);
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let size = 0;
    try {
      for (;;) size += writeSync(fd, chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    ftruncateSync(fd, Math.floor(size / PAGE) * PAGE - free);
    closeSync(fd);
    const fs = statfsSync(mountPoint);
    expect(fs.bavail * fs.bsize).toBe(free);
    return { dir, filler };
  }

  it('with no space left, every write fails, every file is intact and named, and no temp file remains', async () => {
    const { dir, filler } = treeOnFullDisk('none', original, 0);
    const run = await migrateJson(dir);
    expectFaultContained(dir, run, [...original.keys()]);
    const messages = new Set(run.report.failures.map((f) => f.message.replace(/^is rewritten together with .*/, 'together')));
    expect(messages).toEqual(new Set(['could not be written: the disk is full (ENOSPC); left untouched: free some space and run again', 'together']));
    unlinkSync(filler);
    await expectRerunFinishes(dir);
  });

  it('a file whose rewrite outgrows the space left is never truncated; smaller ones are written', async () => {
    // 96 KiB of comments after a real server: its rewrite needs more than the 16 KiB left, while each
    // small rewrite fits (the old copy's pages come back after each rename).
    const big = `${original.get('direct-ts/server.ts')!}${'// padding to make the rewrite larger than the space left on the disk\n'.repeat(1400)}`;
    const tree: Tree = new Map([...original, ['big/server.ts', big]]);
    const ref = await referenceMigration(tree);
    const { dir, filler } = treeOnFullDisk('some', tree, 4 * PAGE);
    const run = await migrateJson(dir);
    expectFaultContained(dir, run, ['big/server.ts'], tree, ref);
    expect(run.report.failures[0]!.message).toMatch(/\(ENOSPC\)/);
    expect(statSync(path.join(dir, 'big/server.ts')).size).toBe(Buffer.byteLength(big));
    unlinkSync(filler);
    await expectRerunFinishes(dir, tree, ref);
  });
});

describe('what a write keeps', () => {
  it('keeps each file\'s mode (whatever the umask), set-id bits and owner', async () => {
    const dir = freshTree();
    const modes: Record<string, number> = { 'direct-ts/server.ts': 0o664, 'helper-1-js/server.js': 0o755, 'prompt-ts/server.ts': 0o600, 'low-level-js/server.js': 0o2775 };
    for (const [rel, mode] of Object.entries(modes)) chmodSync(path.join(dir, rel), mode);
    chownSync(path.join(dir, 'side-effect-ts/server.ts'), NOBODY, NOBODY);
    const before = snapshot(dir);
    const previous = process.umask(0o077);
    try {
      const run = await migrateJson(dir);
      expect(run.report.failures).toEqual([]);
    } finally {
      process.umask(previous);
    }
    expect(outcomeOf(dir, original, reference).migrated.length).toBe(original.size);
    for (const [rel, mode] of Object.entries(modes)) expect([rel, snapshot(dir).get(rel)!.mode]).toEqual([rel, mode]);
    const owner = statSync(path.join(dir, 'side-effect-ts/server.ts'));
    expect([owner.uid, owner.gid]).toEqual([NOBODY, NOBODY]);
    for (const [rel, entry] of snapshot(dir)) expect([rel, entry.mode]).toEqual([rel, before.get(rel)!.mode]);
  });
});

describe('signals', () => {
  const FIVE = ['direct-ts', 'helper-1-ts', 'side-effect-js', 'prompt-ts', 'low-level-ts'];
  const COPIES = 40;
  let bigOriginal: Tree;
  let bigReference: Tree;
  beforeAll(async () => {
    const one = fixtureTree(FIVE);
    const oneReference = await referenceMigration(one);
    bigOriginal = new Map();
    bigReference = new Map();
    for (let i = 0; i < COPIES; i++) {
      const prefix = `p${String(i).padStart(2, '0')}/`;
      for (const [rel, text] of one) {
        bigOriginal.set(prefix + rel, text);
        bigReference.set(prefix + rel, oneReference.get(rel)!);
      }
    }
  });

  /** The real bin on a large tree; the signal goes out once the first file (in the run's order) is written. */
  async function interrupt(signal: NodeJS.Signals, argv: string[]): Promise<{ dir: string; code: number | null; out: string }> {
    const dir = freshTree(bigOriginal);
    const first = [...bigOriginal.keys()].sort()[0]!;
    const child = spawn(process.execPath, [bin, 'migrate', ...argv], { cwd: dir, env: colourlessEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    let running = true;
    void exited.then(() => (running = false));
    while (running && readFileSync(path.join(dir, first), 'utf8') === bigOriginal.get(first)) await new Promise((r) => setTimeout(r, 5));
    child.kill(signal);
    return { dir, code: await exited, out };
  }

  /** Every file old or new, no temp file, the run really stopped early; then a second run finishes. */
  async function expectStoppedCleanly(dir: string, signal: string): Promise<void> {
    const outcome = outcomeOf(dir, bigOriginal, bigReference);
    expect({ wrong: outcome.wrong, extra: outcome.extra, missing: outcome.missing }).toEqual({ wrong: [], extra: [], missing: [] });
    expect(tempFilesIn(dir)).toEqual([]);
    expect(outcome.migrated.length).toBeGreaterThan(0);
    expect(outcome.untouched.length).toBeGreaterThan(0);
    console.log(`${signal}: ${outcome.migrated.length} of ${bigOriginal.size} files written before the run stopped`);
    await expectRerunFinishes(dir, bigOriginal, bigReference);
  }

  it('a signal while the run reads and plans stops it before the first write', async () => {
    // A real SIGINT to this process: runMigrate's listener is installed while it plans, so it is caught there.
    const dir = freshTree();
    faults.afterPlanning = () => process.kill(process.pid, 'SIGINT');
    const run = await migrateJson(dir);
    faults.afterPlanning = undefined;
    expect(run.code).toBe(2);
    expect(run.report.interrupted).toBe(true);
    const outcome = outcomeOf(dir, original, reference);
    expect(outcome.untouched.length).toBe(original.size);
    expect(tempFilesIn(dir)).toEqual([]);
    await expectRerunFinishes(dir);
  });

  it('SIGINT during the writes stops after the current file, exits 2, and a second run finishes', async () => {
    const { dir, code, out } = await interrupt('SIGINT', ['--format', 'json']);
    const report = JSON.parse(out) as { interrupted: boolean; failures: unknown[] };
    expect(code).toBe(2);
    expect(report.interrupted).toBe(true);
    expect(report.failures).toEqual([]);
    await expectStoppedCleanly(dir, 'SIGINT');
  });

  it('SIGTERM does the same, and the text report tells the user to run again', async () => {
    const { dir, code, out } = await interrupt('SIGTERM', []);
    expect(code).toBe(2);
    expect(out).toContain('Interrupted: files already written are complete; run the same command again to finish.');
    expect(out).not.toMatch(/^error /m);
    await expectStoppedCleanly(dir, 'SIGTERM');
  });
});
