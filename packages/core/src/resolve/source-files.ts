// From a module path to the source file it names, the way TypeScript and Node look: the path itself,
// `.js` naming a `.ts` file, an added extension, then the folder's index.
import { type Dirent, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { snapshotEpoch } from '../run-snapshot.ts';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SOURCE = /\.[cm]?[jt]sx?$/;
const DECLARATION = /\.d\.[cm]?ts$/;

export type Exists = (file: string) => boolean;

/** The source file `base` (an absolute path without or with extension) names, if any. */
export function probeSourceFile(base: string, exists: Exists): string | undefined {
  // In this order, built only as far as needed: most imports name the first or second candidate, and the folder's
  // index candidates (a path.join each) were most of the cost of resolving when all were built up front.
  const found = (c: string) => SOURCE.test(c) && !DECLARATION.test(c) && exists(c);
  for (const c of [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts'), base.replace(/\.cjs$/, '.cts'), base.replace(/\.jsx$/, '.tsx')]) if (found(c)) return c;
  // A declaration file stands for the source beside it: `dist/index.d.ts` → `dist/index.ts` (then src, see below).
  if (DECLARATION.test(base)) for (const c of [base.replace(/\.d\.([cm]?)ts$/, '.$1ts'), base.replace(/\.d\.ts$/, '.tsx')]) if (found(c)) return c;
  for (const e of EXTENSIONS) if (found(base + e)) return base + e;
  const index = path.join(base, 'index');
  for (const e of EXTENSIONS) if (found(index + e)) return index + e;
  return undefined;
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
  const listed = listedFile(file);
  if (listed !== undefined) return listed;
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * During a run (run-snapshot.ts), `onDisk` answers from each folder's listing, read the first time a probe
 * names the folder. Resolving an import probes up to a dozen names, most of them missing: in the
 * four-repository bench tree the matcher resolved 1,709 imports over 198 folders. Where names are not
 * case-sensitive (macOS and Windows by default) `./Foo` finds `foo.ts` on disk but not in a listing: there stat
 * still decides.
 */
const LISTS = process.platform !== 'darwin' && process.platform !== 'win32';

/**
 * Per folder, which names are regular files (true) or something else (false); a symbolic link, which stat
 * follows, is recorded under SYMLINKS + its name and left to stat; null for a folder that could not be listed.
 */
let listings: { epoch: number; folders: Map<string, Map<string, boolean> | null> } | undefined;

function listedFile(file: string): boolean | undefined {
  const epoch = LISTS ? snapshotEpoch() : undefined;
  if (epoch === undefined) return undefined;
  if (listings?.epoch !== epoch) listings = { epoch, folders: new Map() };
  const dir = path.dirname(file);
  let listing = listings.folders.get(dir);
  if (listing === undefined) {
    listing = listFolder(dir);
    listings.folders.set(dir, listing);
  }
  if (listing === null) return undefined;
  const name = path.basename(file);
  const kind = listing.get(name);
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
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? new Map() : null;
  }
  const listing = new Map<string, boolean>();
  for (const entry of entries) {
    if (entry.isSymbolicLink()) listing.set(SYMLINKS + entry.name, false);
    else listing.set(entry.name, entry.isFile());
  }
  return listing;
}
