// A run's snapshot of the disk (uproot scan, run-snapshot.ts): `onDisk` answers from folder listings as stat
// would, the package search asks each file and folder once, and both see the disk again once the run ends.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onDisk } from '../../packages/core/src/resolve/source-files.ts';
import { snapshotDuringRun } from '../../packages/core/src/run-snapshot.ts';
import { PackageFiles } from '../../packages/core/src/module-importers.ts';
import { ProjectResolver } from '../../packages/core/src/resolve/project-resolver.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'uproot-snapshot-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Listings are taken only where file names are case-sensitive (source-files.ts). */
const LISTS = process.platform !== 'darwin' && process.platform !== 'win32';

function write(rel: string, text = 'export {};\n'): string {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

write('src/a.ts');
write('src/b.js');
write('src/c.ts/index.ts'); // a folder named like a file
write('src/dir/index.ts');
write('real/target.ts');
symlinkSync(path.join(root, 'real/target.ts'), path.join(root, 'src/link.ts'));
symlinkSync(path.join(root, 'real'), path.join(root, 'src/linked-dir'));
symlinkSync(path.join(root, 'real/missing.ts'), path.join(root, 'src/dangling.ts'));

const PROBES = [
  'src/a.ts', 'src/a.js', 'src/b.js', 'src/b.ts', 'src/c.ts', 'src/c.ts/index.ts', 'src/dir', 'src/dir/index.ts', 'src/dir/index.js',
  'src/link.ts', 'src/linked-dir', 'src/linked-dir/target.ts', 'src/dangling.ts', 'src/A.ts', 'missing/x.ts', 'src/a.ts/x.ts', 'src',
].map((rel) => path.join(root, rel));

function during<T>(fn: () => T): T {
  const end = snapshotDuringRun();
  try {
    return fn();
  } finally {
    end();
  }
}

describe('folder listings', () => {
  it('give the answers stat gives: files, folders named like files, symbolic links followed, dangling links, missing folders, a path under a file', () => {
    const byStat = PROBES.map(onDisk);
    expect(byStat.filter(Boolean).length).toBe(6);
    expect(during(() => PROBES.map(onDisk))).toEqual(byStat);
  });

  it('resolve imports to the same files', () => {
    const from = path.join(root, 'src/a.ts');
    const specs = ['./a.js', './b', './b.js', './c', './c.ts', './dir', './dir/index.js', './link.js', './linked-dir/target.js', './dangling', './none', '../real/target'];
    const byStat = specs.map((s) => new ProjectResolver().resolve(from, s));
    expect(byStat.filter(Boolean).length).toBeGreaterThanOrEqual(7);
    expect(during(() => specs.map((s) => new ProjectResolver().resolve(from, s)))).toEqual(byStat);
  });

  it('are a snapshot of the run: a file made after its folder was listed is seen once the run has ended', () => {
    const later = path.join(root, 'later/new.ts');
    write('later/old.ts');
    const end = snapshotDuringRun();
    expect(onDisk(path.join(root, 'later/old.ts'))).toBe(true);
    write('later/new.ts');
    expect(onDisk(later)).toBe(!LISTS);
    end();
    expect(onDisk(later)).toBe(true);
  });

  it('last until the last of overlapping runs ends, and ending a run twice ends it once', () => {
    write('overlap/old.ts');
    const first = snapshotDuringRun();
    const second = snapshotDuringRun();
    expect(onDisk(path.join(root, 'overlap/old.ts'))).toBe(true);
    write('overlap/new.ts');
    first();
    first();
    expect(onDisk(path.join(root, 'overlap/new.ts'))).toBe(!LISTS);
    second();
    expect(onDisk(path.join(root, 'overlap/new.ts'))).toBe(true);
  });
});

// In order: both tests add importers to the same package.
describe('the package search in a run', { shuffle: false }, () => {
  const pkg = path.join(root, 'pkg');
  write('pkg/package.json', '{ "name": "pkg" }');
  const roots = write('pkg/src/roots.ts', 'export function askRoots(server) { return server.listRoots(); }\n');
  const caller = write('pkg/src/a.ts', "import { askRoots } from './roots.js';\naskRoots(server);\n");

  it('sees an importer added or edited during the run only after it ends; outside a run, at once', () => {
    const files = new PackageFiles(pkg);
    expect(files.importersNaming(roots, 'askRoots')).toEqual([caller]);
    const end = snapshotDuringRun();
    expect(files.importersNaming(roots, 'askRoots')).toEqual([caller]);
    const added = write('pkg/src/b.ts', "import { askRoots } from './roots.js';\naskRoots(other);\n");
    writeFileSync(caller, '// no longer calls it, and a longer text, so its size changes\n');
    expect(files.importersNaming(roots, 'askRoots')).toEqual([caller]);
    end();
    expect(files.importersNaming(roots, 'askRoots')).toEqual([added]);
    writeFileSync(caller, "import { askRoots } from './roots.js';\naskRoots(server);\n");
    expect(files.importersNaming(roots, 'askRoots').sort()).toEqual([caller, added].sort());
  });

  it('makes a listing first made during a run (without its folders\' mtimes) again once the run has ended', () => {
    const files = new PackageFiles(pkg);
    const end = snapshotDuringRun();
    const during = files.importersNaming(roots, 'askRoots');
    expect(during).toContain(caller);
    const late = write('pkg/src/deep/c.ts', "import { askRoots } from '../roots.js';\naskRoots(late);\n");
    expect(files.importersNaming(roots, 'askRoots')).toEqual(during);
    end();
    expect(files.importersNaming(roots, 'askRoots')).toContain(late);
  });
});
