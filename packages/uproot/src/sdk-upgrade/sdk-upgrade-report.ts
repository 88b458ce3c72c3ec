// What the official codemod's v1-to-v2 step did, in uproot's report: the dependencies it changed (read
// from the manifests before and after, so the entry is exact whatever the codemod's rules), the install
// that needs, and its own markers and diagnostics, never hidden.
import { readFileSync } from 'node:fs';
import type { RunnerResult } from '@modelcontextprotocol/codemod';
import { diffLines } from 'diff';
import { collectFiles } from '../files/walk.ts';
import { relativePath } from '../scan/scan.ts';
import type { SdkUpgradeDependency, SdkUpgradeDiagnostic } from '../report/shapes.ts';

const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
/** The comment prefix the official codemod writes above a statement it could not migrate. */
export const CODEMOD_MARKER = '@mcp-codemod-error';

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function ranges(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return out;
  }
  for (const section of SECTIONS) {
    const deps = json[section];
    if (deps && typeof deps === 'object') for (const [name, range] of Object.entries(deps)) if (typeof range === 'string' && !out.has(name)) out.set(name, range);
  }
  return out;
}

/** Each manifest's text before the upgrade, keyed by its original path. */
export function snapshotManifests(manifests: Iterable<string>): Map<string, string | undefined> {
  return new Map([...manifests].map((m) => [m, readText(m)]));
}

/** Dependencies that differ between the snapshot and `after(manifest)` (the written file, or its temporary copy). */
export function changedDependencies(before: Map<string, string | undefined>, after: (manifest: string) => string, cwd: string): SdkUpgradeDependency[] {
  const out: SdkUpgradeDependency[] = [];
  for (const [manifest, text] of before) {
    const was = ranges(text);
    const now = ranges(readText(after(manifest)));
    for (const name of new Set([...was.keys(), ...now.keys()])) {
      const from = was.get(name) ?? null;
      const to = now.get(name) ?? null;
      if (from !== to) out.push({ manifest: relativePath(cwd, manifest), name, from, to });
    }
  }
  return out;
}

/**
 * The codemod's findings. Those it wrote as comments are read back from the final files, so their lines
 * are where the user finds them; the others keep the line the codemod gave. `original` maps a path the
 * codemod saw (a temporary copy in dry runs) back to the user's file.
 */
export function codemodDiagnostics(results: RunnerResult[], upgraded: Map<string, string>, original: (file: string) => string, cwd: string): SdkUpgradeDiagnostic[] {
  const out: SdkUpgradeDiagnostic[] = [];
  const commented = new Set<string>();
  const moved = new Map<string, (line: number) => number>();
  for (const result of results) {
    for (const d of result.diagnostics) {
      if (d.insertComment) {
        commented.add(d.file);
        continue;
      }
      // The codemod's lines predate the comments it inserted, and uproot's rewrite ran after it:
      // follow the line into the file as written.
      if (!moved.has(d.file)) moved.set(d.file, lineMap(upgraded.get(d.file), readText(d.file)));
      const above = new Set(result.diagnostics.filter((c) => c.insertComment && c.file === d.file && c.line <= d.line).map((c) => c.line)).size;
      out.push({ file: relativePath(cwd, original(d.file)), line: moved.get(d.file)!(d.line + above), level: d.level as SdkUpgradeDiagnostic['level'], message: d.category === 'v2-gap' ? `v2 gap: ${d.message}` : d.message });
    }
    for (const change of result.packageJsonChanges ?? []) {
      const manifest = relativePath(cwd, original(change.packageJsonPath));
      for (const warning of change.warnings ?? []) out.push({ file: manifest, line: 1, level: 'warning', message: warning });
      for (const note of change.notes ?? []) out.push({ file: manifest, line: 1, level: 'info', message: note });
    }
  }
  for (const file of commented) {
    const lines = (readText(file) ?? '').split('\n');
    lines.forEach((line, i) => {
      const at = line.indexOf(CODEMOD_MARKER);
      if (at < 0) return;
      const message = line.slice(at + CODEMOD_MARKER.length).replace(/\*\/\s*$/, '').trim();
      out.push({ file: relativePath(cwd, original(file)), line: i + 1, level: 'marker', message });
    });
  }
  return dedupe(out).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

/** The texts the codemod left in the files it reported on, before uproot's rewrite changes their lines. */
export function upgradedTexts(results: RunnerResult[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const result of results) for (const d of result.diagnostics) if (!out.has(d.file)) out.set(d.file, readText(d.file) ?? '');
  return out;
}

/** Where a line of `before` is in `after` (a removed line maps to where its neighbours went). */
export function lineMap(before: string | undefined, after: string | undefined): (line: number) => number {
  if (before === undefined || after === undefined || before === after) return (line) => line;
  const starts: Array<[number, number, boolean]> = [];
  let oldLine = 1;
  let newLine = 1;
  for (const part of diffLines(before, after)) {
    const count = part.count ?? 0;
    if (part.added) newLine += count;
    else {
      starts.push([oldLine, newLine, !part.removed]);
      oldLine += count;
      if (!part.removed) newLine += count;
    }
  }
  return (line) => {
    const at = starts.findLast(([start]) => start <= line);
    if (!at) return line;
    return at[2] ? at[1] + (line - at[0]) : at[1];
  };
}

/** A manifest the codemod only reported (a workspace member it did not point at) and no run of ours wrote. */
export function unappliedManifests(results: RunnerResult[], original: (file: string) => string, declaresV1: (manifest: string) => boolean, cwd: string): SdkUpgradeDiagnostic[] {
  const out: SdkUpgradeDiagnostic[] = [];
  for (const result of results) {
    for (const change of result.packageJsonChanges ?? []) {
      if (change.applied || !change.removed.length || !declaresV1(change.packageJsonPath)) continue;
      const added = change.added.length ? `; add ${change.added.join(', ')}` : '';
      out.push({ file: relativePath(cwd, original(change.packageJsonPath)), line: 1, level: 'warning', message: `still declares ${change.removed.join(', ')}: the codemod only reports edits to this manifest; remove it${added}, or pass this package to uproot migrate --with-sdk-upgrade too` });
    }
  }
  return dedupe(out);
}

function dedupe(list: SdkUpgradeDiagnostic[]): SdkUpgradeDiagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.file}\0${d.line}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a package.json text still lists the v1 SDK. */
export function declaresV1Sdk(manifest: string): boolean {
  return ranges(readText(manifest)).has('@modelcontextprotocol/sdk');
}

const V1_IMPORT = /['"]@modelcontextprotocol\/sdk(?:\/[^'"]*)?['"]/;

/**
 * Files that still import the v1 SDK from a package whose package.json no longer lists it (tests beside
 * the given `src/`, say): after the install they no longer resolve. `dirs` are where the upgraded text is.
 */
/** The start of the warning for a file the upgrade leaves importing the v1 SDK it removed. */
export const V1_IMPORT_LEFT = 'still imports the v1 SDK (@modelcontextprotocol/sdk), which the upgrade removed from its package.json';

export async function v1ImportsLeft(dirs: string[], original: (file: string) => string, cwd: string): Promise<SdkUpgradeDiagnostic[]> {
  const out: SdkUpgradeDiagnostic[] = [];
  const seen = new Set<string>();
  for (const dir of dirs) {
    for (const file of (await collectFiles([dir], dir)).files) {
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readText(file) ?? '';
      if (!text.includes('@modelcontextprotocol/sdk')) continue;
      const line = text.split('\n').findIndex((l) => V1_IMPORT.test(l));
      if (line < 0) continue;
      out.push({ file: relativePath(cwd, original(file)), line: line + 1, level: 'warning', message: `${V1_IMPORT_LEFT}; run uproot migrate --with-sdk-upgrade on the whole package (tests included), or upgrade this file with the official codemod` });
    }
  }
  return out;
}
