// The source files of a package, listed and read once per run: whether a helper nothing calls is closed off
// (uncalled.ts) reads every file of its package for the module's stem, and a run asks that for every such helper
// (this repository's fixtures: hundreds of v1 helpers in one package, each reading its thousand files again).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.[cm]?[jt]sx?$/;
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage']);
/** Past this many source files (besides the one asked about) a package is too large to search. */
const MAX_FILES = 5000;

export class PackageSources {
  /** Per package folder, its source files; undefined when it could not be listed whole or is too large. */
  private readonly listed = new Map<string, string[] | undefined>();
  /** Per file, its bytes; null when it could not be read. */
  private readonly bytes = new Map<string, Buffer | null>();

  /**
   * The texts of the source files under `root` (but `except`) that hold `word`; undefined when the folder is too
   * large or a file or folder cannot be read (nothing can then be said of who names a module).
   */
  holding(root: string, except: string, word: string): Array<{ file: string; text: string }> | undefined {
    const files = this.list(root);
    if (!files || files.length - (files.includes(except) ? 1 : 0) > MAX_FILES) return undefined;
    const needle = Buffer.from(word);
    const out: Array<{ file: string; text: string }> = [];
    for (const file of files) {
      if (file === except) continue;
      const bytes = this.read(file);
      if (!bytes) return undefined;
      if (bytes.includes(needle)) out.push({ file, text: bytes.toString('utf8') });
    }
    return out;
  }

  private list(root: string): string[] | undefined {
    if (this.listed.has(root)) return this.listed.get(root);
    const files: string[] = [];
    const walk = (dir: string): boolean => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return false;
      }
      for (const entry of entries) {
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (SKIPPED_DIRS.has(entry.name)) continue;
          if (!walk(at)) return false;
          continue;
        }
        if (!entry.isFile() || !SOURCE.test(entry.name)) continue;
        // One more than the limit allows for the file asked about being among them.
        if (files.length > MAX_FILES) return false;
        files.push(at);
      }
      return true;
    };
    const found = walk(root) ? files : undefined;
    this.listed.set(root, found);
    return found;
  }

  private read(file: string): Buffer | null {
    let bytes = this.bytes.get(file);
    if (bytes === undefined) {
      try {
        bytes = readFileSync(file);
      } catch {
        bytes = null;
      }
      this.bytes.set(file, bytes);
    }
    return bytes;
  }
}
