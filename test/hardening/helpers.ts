// Shared by the hardening suites: trees built from the real migratable fixtures, the reference
// migration every file must match, and whole-tree snapshots that show every byte, mode and stray
// temp file.
import { cpSync, lstatSync, mkdtempSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { removeTree, uproot, writeTree } from '../cli/helpers.ts';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const MRTR_FIXTURES = path.join(REPO, 'test/e2e/fixtures/mrtr');
export const LEGACY_SERVER = path.join(REPO, 'examples/legacy-server');

/** uproot's temp files (`.<name>.uproot-<pid>-<id>.tmp`), wherever they are left. */
export const TEMP_FILE = /\.uproot-.*\.tmp$/;

export function fixtureNames(): string[] {
  return readdirSync(MRTR_FIXTURES).filter((n) => lstatSync(path.join(MRTR_FIXTURES, n)).isDirectory()).sort();
}

export function scratchDir(prefix = 'uproot-hardening-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export type Tree = Map<string, string>;

/** The source files of the named e2e fixtures as `<prefix><name>/<file>` → text (fixture.json left out). */
export function fixtureTree(names: string[], prefix = ''): Tree {
  const tree: Tree = new Map();
  for (const name of names) {
    for (const file of readdirSync(path.join(MRTR_FIXTURES, name)).sort()) {
      if (file !== 'fixture.json') tree.set(`${prefix}${name}/${file}`, readFileSync(path.join(MRTR_FIXTURES, name, file), 'utf8'));
    }
  }
  return tree;
}

export function writeFiles(dir: string, tree: Tree): void {
  for (const [rel, text] of tree) writeTree(dir, rel, text);
}

export function copyDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
}

/**
 * What `uproot migrate --to mrtr` makes of `tree` on a clean copy, file by file. "Fully migrated"
 * in the fault suites means exactly this.
 */
export async function referenceMigration(tree: Tree): Promise<Tree> {
  const dir = scratchDir('uproot-reference-');
  try {
    writeFiles(dir, tree);
    const result = await runMigrate([], { cwd: dir, strategy: 'mrtr', dryRun: false });
    if (result.failures.length) throw new Error(`the reference migration failed: ${JSON.stringify(result.failures)}`);
    const out: Tree = new Map();
    for (const rel of tree.keys()) out.set(rel, readFileSync(path.join(dir, rel), 'utf8'));
    return out;
  } finally {
    removeTree(dir);
  }
}

export interface Entry {
  kind: 'file' | 'dir' | 'link';
  mode: number;
  uid: number;
  bytes?: Buffer;
  target?: string;
}

/** Every entry under `dir` (hidden ones too), never following links. */
export function snapshot(dir: string): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const visit = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const relPath = rel ? `${rel}/${name}` : name;
      const abs = path.join(dir, relPath);
      const st = lstatSync(abs);
      if (st.isSymbolicLink()) out.set(relPath, { kind: 'link', mode: 0, uid: st.uid, target: readlinkSync(abs) });
      else if (st.isDirectory()) {
        out.set(relPath, { kind: 'dir', mode: st.mode & 0o7777, uid: st.uid });
        visit(relPath);
      } else out.set(relPath, { kind: 'file', mode: st.mode & 0o7777, uid: st.uid, bytes: readFileSync(abs) });
    }
  };
  visit('');
  return out;
}

export function tempFilesIn(dir: string): string[] {
  return [...snapshot(dir).keys()].filter((rel) => TEMP_FILE.test(rel));
}

export interface Outcome {
  migrated: string[];
  untouched: string[];
  /** Neither the original nor the reference: half-written, clobbered or mis-migrated. */
  wrong: string[];
  /** Files of the tree that are gone, and files nobody asked for (temp files). */
  missing: string[];
  extra: string[];
}

/** Sort each file of `dir` into migrated (the reference) or untouched (the original), and name everything else. */
export function outcomeOf(dir: string, original: Tree, reference: Tree): Outcome {
  const files = new Map([...snapshot(dir)].filter(([, e]) => e.kind === 'file'));
  const outcome: Outcome = { migrated: [], untouched: [], wrong: [], missing: [], extra: [] };
  for (const [rel, text] of original) {
    const entry = files.get(rel);
    if (!entry) outcome.missing.push(rel);
    else if (entry.bytes!.toString('utf8') === reference.get(rel)) outcome.migrated.push(rel);
    else if (entry.bytes!.toString('utf8') === text) outcome.untouched.push(rel);
    else outcome.wrong.push(rel);
  }
  for (const rel of files.keys()) if (!original.has(rel)) outcome.extra.push(rel);
  return outcome;
}

/** Files whose migration changes them (the ones a fault can leave behind). */
export function changedBy(original: Tree, reference: Tree): string[] {
  return [...original.keys()].filter((rel) => original.get(rel) !== reference.get(rel));
}

export interface MigrateReport {
  files: { file: string; changed: boolean; sites: { line: number; kind: string; outcome: string; reason?: string }[] }[];
  failures: { file: string; line?: number; message: string }[];
  notices: { file: string; message: string }[];
  interrupted: boolean;
}

/** `uproot migrate --format json` in-process, as bin/uproot.js runs it. */
export async function migrateJson(cwd: string, ...argv: string[]): Promise<{ code: number; report: MigrateReport; err: string }> {
  const run = await uproot(['migrate', '--format', 'json', ...argv], cwd);
  if (!run.out) throw new Error(`uproot migrate printed no report (exit ${run.code}): ${run.err}`);
  return { code: run.code, report: JSON.parse(run.out) as MigrateReport, err: run.err };
}

/** `uproot migrate` (text report) in-process. */
export async function migrateText(cwd: string, ...argv: string[]): Promise<{ code: number; out: string }> {
  const run = await uproot(['migrate', ...argv], cwd);
  return { code: run.code, out: run.out };
}
