import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FixtureCall, FixtureProbe, ServerFactory } from './types.ts';

/** `(text, absolutePathOfTheCopy) => newText`: a migration applied to one source file. */
export type FileTransform = (text: string, filePath: string) => string | Promise<string>;

export interface LoadedFixture extends FixtureCopy {
  calls: FixtureCall[];
  createServer: ServerFactory;
  probe?: FixtureProbe;
  /** The imported entry module, for anything else a test wants to look at. */
  module: Record<string, unknown>;
}

export const E2E_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const FIXTURES_DIR = path.join(E2E_DIR, 'fixtures');
/** Inside the repo so copies resolve `@modelcontextprotocol/*` and `zod` from its node_modules. */
export const TMP_DIR = path.join(E2E_DIR, '.tmp');

const SOURCE_EXT = /\.(?:[cm]?[jt]s|[jt]sx)$/;

export function readCalls(fixtureDir: string): FixtureCall[] {
  const parsed = JSON.parse(readFileSync(path.join(fixtureDir, 'fixture.json'), 'utf8')) as { calls?: FixtureCall[] };
  if (!Array.isArray(parsed.calls) || parsed.calls.length === 0) throw new Error(`${fixtureDir}/fixture.json has no calls`);
  return parsed.calls;
}

/** Fixture directories directly under `group` (e.g. `mrtr`), sorted; each holds a `fixture.json`. */
/** The copy of a fixture a file of it sits in: the nearest folder up that holds its fixture.json. */
export function fixtureRootOf(file: string): string {
  let dir = path.dirname(file);
  while (!existsSync(path.join(dir, 'fixture.json'))) dir = path.dirname(dir);
  return dir;
}

export function listFixtures(group: string): string[] {
  const root = path.join(FIXTURES_DIR, group);
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(root, e.name, 'fixture.json')))
    .map((e) => path.join(root, e.name))
    .sort();
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && SOURCE_EXT.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Copies left behind by runs that were killed (their pid is gone); other live runs are left alone. */
export function removeStaleCopies(): void {
  if (!existsSync(TMP_DIR)) return;
  for (const entry of readdirSync(TMP_DIR)) {
    const pid = /-p(\d+)-/.exec(entry)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && !processAlive(Number(pid))) {
      rmSync(path.join(TMP_DIR, entry), { recursive: true, force: true });
    }
  }
}

export interface FixtureCopy {
  /** The fixture directory's name, e.g. `direct-ts`. */
  name: string;
  /** The original fixture directory (never modified). */
  sourceDir: string;
  /** The copy inside the repo, transformed. */
  dir: string;
  /** Source files of the copy (absolute), sorted. */
  files: string[];
  cleanup(): Promise<void>;
}

/**
 * Copies a fixture directory to `test/e2e/.tmp/<name>-p<pid>-<random>/` and applies `transform` to
 * each source file of the copy: all files are copied first, then transformed one by one in sorted
 * order, each call getting the file's text and its absolute path in the copy.
 */
export async function copyFixture(fixtureDir: string, transform?: FileTransform): Promise<FixtureCopy> {
  const name = path.basename(fixtureDir);
  await mkdir(TMP_DIR, { recursive: true });
  const dir = await mkdtemp(path.join(TMP_DIR, `${name}-p${process.pid}-`));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    await cp(fixtureDir, dir, { recursive: true });
    const files = await sourceFiles(dir);
    if (transform) {
      for (const file of files) {
        const before = await readFile(file, 'utf8');
        const after = await transform(before, file);
        if (after !== before) await writeFile(file, after);
      }
    }
    return { name, sourceDir: fixtureDir, dir, files, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Imports `createServer` (plus the optional `reset`/`inspect` hooks) from a copy's `server.ts` or `server.js`. */
export async function importFixture(copy: FixtureCopy): Promise<LoadedFixture> {
  const entry = ['server.ts', 'server.js'].map((f) => path.join(copy.dir, f)).find((f) => existsSync(f));
  if (!entry) throw new Error(`${copy.sourceDir} has no server.ts or server.js`);
  const module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
  if (typeof module.createServer !== 'function') throw new Error(`${entry} does not export createServer()`);
  const probe: FixtureProbe = {};
  if (typeof module.reset === 'function') probe.reset = module.reset as () => void;
  if (typeof module.inspect === 'function') probe.inspect = module.inspect as () => unknown;
  return {
    ...copy,
    calls: readCalls(copy.sourceDir),
    createServer: module.createServer as ServerFactory,
    ...(probe.inspect || probe.reset ? { probe } : {}),
    module,
  };
}

/** {@link copyFixture} then {@link importFixture}; the copy is removed again if the import fails. */
export async function loadFixture(fixtureDir: string, transform?: FileTransform): Promise<LoadedFixture> {
  const copy = await copyFixture(fixtureDir, transform);
  try {
    return await importFixture(copy);
  } catch (error) {
    await copy.cleanup();
    throw error;
  }
}
