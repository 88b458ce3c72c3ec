// Published MCP packages as a user's project would hold them: the hand-labelled site list
// (sites.json) and a copy of each installed package that `uproot scan` will walk.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteKind } from '@uproot/core';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LabelledSite {
  file: string;
  line: number;
  column: number;
  kind: SiteKind;
  status: 'found' | 'missed';
  /** For a missed site: the code shape the matcher does not follow yet. */
  shape?: string;
  note: string;
}

export interface Lookalike {
  file: string;
  line: number;
  column: number;
  note: string;
}

/** A generated file the copy .gitignores, as a user would (scan reports it as too large otherwise). */
export interface IgnoredFile {
  file: string;
  note: string;
}

export interface LabelledPackage {
  name: string;
  version: string;
  what: string;
  ignore?: IgnoredFile[];
  sites: LabelledSite[];
  lookalikes: Lookalike[];
}

export function readLabels(): LabelledPackage[] {
  const file = path.join(REPO, 'test', 'real-code', 'sites.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { packages: LabelledPackage[] }).packages;
}

export function installedDir(name: string): string {
  return path.join(REPO, 'node_modules', ...name.split('/'));
}

export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(path.join(installedDir(name), 'package.json'), 'utf8')) as { version: string }).version;
}

// Folder names scan skips as build output. Published code lives in them, so the copy renames them;
// relative imports between files inside one of them keep working.
const BUILD_OUTPUT = new Set(['dist', 'build', 'coverage']);

/** Where a file of the package lands in the copy (a path relative to the copy's root). */
export function copiedPath(fileInPackage: string): string {
  return fileInPackage
    .split('/')
    .map((segment) => (BUILD_OUTPUT.has(segment) ? `${segment}-published` : segment))
    .join('/');
}

/** Copies the installed package (without its own node_modules) to `root/<name>`; returns that folder. */
export function copyPublished(pkg: LabelledPackage, root: string): string {
  const from = installedDir(pkg.name);
  const to = path.join(root, ...pkg.name.split('/'));
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relative.split('/').includes('node_modules')) continue;
    const target = path.join(to, copiedPath(relative));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(from, relative), target);
  }
  const ignored = (pkg.ignore ?? []).map((i) => `/${copiedPath(i.file)}\n`).join('');
  if (ignored) writeFileSync(path.join(to, '.gitignore'), ignored);
  return to;
}
