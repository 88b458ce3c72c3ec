// From a module path to the source file it names, the way TypeScript and Node look: the path itself,
// `.js` naming a `.ts` file, an added extension, then the folder's index.
import { type Dirent, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SOURCE = /\.[cm]?[jt]sx?$/;

export type Exists = (file: string) => boolean;

/** The source file `base` (an absolute path without or with extension) names, if any. */
export function probeSourceFile(base: string, exists: Exists): string | undefined {
  const swapped = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts'), base.replace(/\.cjs$/, '.cts'), base.replace(/\.jsx$/, '.tsx')];
  // A declaration file stands for the source beside it: `dist/index.d.ts` → `dist/index.ts` (then src, see below).
  const declared = /\.d\.[cm]?ts$/.test(base) ? [base.replace(/\.d\.([cm]?)ts$/, '.$1ts'), base.replace(/\.d\.ts$/, '.tsx')] : [];
  const candidates = [...swapped, ...declared, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((c) => SOURCE.test(c) && !/\.d\.[cm]?ts$/.test(c) && exists(c));
}

/**
 * A package's published entry (`dist/index.js`, `build/types/index.d.ts`) read as its source: the same
 * path under `src/` first, since a monorepo checkout has sources and rarely a build.
 */
export function probePackageTarget(packageDir: string, target: string, exists: Exists): string | undefined {
  const relative = path.normalize(target).replace(/^(?:\.[/\\])+/, '');
  const parts = relative.split(/[/\\]/);
  const sources: string[] = [];
  for (let i = 0; i < parts.length - 1; i++) {
    if (!BUILD_DIRS.has(parts[i]!)) continue;
    // `dist/esm/server/index.js` → `src/server/index.js`, also `src/esm/server/index.js`.
    const rest = parts.slice(i + 1);
    const withoutFlavour = FLAVOURS.has(rest[0]!) ? rest.slice(1) : rest;
    sources.push(path.join(packageDir, ...parts.slice(0, i), 'src', ...withoutFlavour), path.join(packageDir, ...parts.slice(0, i), 'src', ...rest));
    break;
  }
  for (const base of [...sources, path.join(packageDir, relative)]) {
    const found = probeSourceFile(base, exists);
    if (found) return found;
  }
  return undefined;
}

const BUILD_DIRS = new Set(['dist', 'build', 'lib', 'out', 'esm', 'cjs']);
const FLAVOURS = new Set(['esm', 'cjs', 'mjs', 'types', 'src', 'node', 'browser', 'es', 'commonjs', 'module']);

// Most probes name a file that is not there (`x.js` before `x.ts`): asking stat not to throw spares building
// an error, with its stack, for each of them.
export function onDisk(file: string): boolean {
  if (listings) {
    const listed = listedFile(file);
    if (listed !== undefined) return listed;
  }
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * Per folder, which names are regular files (true), something else (false) or a symbolic link, which stat
 * follows (absent from the map, asked of stat); null for a folder that could not be listed (stat decides).
 */
let listings: Map<string, Map<string, boolean> | null> | undefined;

/** Runs in progress that asked for listings (a run ends its own; the last one drops them). */
let listingRuns = 0;

/**
 * For the length of one run over a tree, as `uproot scan` makes, `onDisk` answers from each folder's listing,
 * read the first time a probe names the folder; the returned function ends it. Resolving an import probes up
 * to a dozen names, most of them missing: in the four-repository bench tree the matcher resolved 1,709 imports
 * over 198 folders. A listing is a snapshot of the run's start, which is what a run reads anyway; a long-lived
 * host (tsserver, an editor's ESLint) never asks and keeps asking stat, which sees files made later. Where
 * names are not case-sensitive (macOS and Windows by default) `./Foo` finds `foo.ts` on disk but not in a
 * listing: there stat still decides.
 */
export function listFoldersDuringRun(): () => void {
  if (process.platform === 'darwin' || process.platform === 'win32') return () => {};
  listingRuns++;
  listings ??= new Map();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--listingRuns === 0) listings = undefined;
  };
}

function listedFile(file: string): boolean | undefined {
  const dir = path.dirname(file);
  let listing = listings!.get(dir);
  if (listing === undefined) {
    listing = listFolder(dir);
    listings!.set(dir, listing);
  }
  if (listing === null) return undefined;
  const name = path.basename(file);
  const kind = listing.get(name);
  // A symbolic link (kept out of the map) is followed by stat.
  return kind === undefined && listing.has(SYMLINKS + name) ? undefined : (kind ?? false);
}

/** Prefix under which a folder's symbolic links are recorded (no file name starts with a NUL). */
const SYMLINKS = '\0';

function listFolder(dir: string): Map<string, boolean> | null {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    // A missing folder holds nothing; one that cannot be listed (searchable but not readable) is left to stat.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? new Map() : null;
  }
  const listing = new Map<string, boolean>();
  for (const entry of entries) {
    if (entry.isSymbolicLink()) listing.set(SYMLINKS + entry.name, false);
    else listing.set(entry.name, entry.isFile());
  }
  return listing;
}
