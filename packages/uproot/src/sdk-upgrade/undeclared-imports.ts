// A package may import what it never declared, because the v1 SDK depended on it and the package manager
// installed it beside the package (zod, ajv, express, …). The upgrade takes the v1 SDK out of package.json, so
// after the next install such an import resolves to another version (zod 4, which v2 brings for itself) or to
// nothing. Declaring it at the version installed now keeps what the code ran with. zod below 4.2 is the exception
// where the package hands its schemas to a registration: there v2 needs zod >= 4.2 (zod-floor.ts), and declaring
// the zod 3 it ran with would make registerTool throw, so uproot names it and declares nothing.
import { builtinModules } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { collectFiles } from '../files/walk.ts';
import { nearestManifest, readManifest } from '../files/workspaces.ts';
import { installedManifest, installedVersion } from './installed.ts';
import type { SdkUpgrade } from './shapes.ts';
import type { UpgradeFinding } from './sdk-upgrade-repairs.ts';
import { zodRegistrations } from './zod-floor.ts';

/** The start of the note on a package.json where uproot declared an import the v1 SDK had brought. */
export const UNDECLARED_DECLARED = 'uproot declared';

const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
const V1_SDK = '@modelcontextprotocol/sdk';

type Manifest = Record<string, unknown>;

/** `at(p)` is where an original path is in the copy, `original(p)` the reverse; `cwd` the user's working directory. */
export async function declareSdkBroughtImports(upgrades: SdkUpgrade[], original: (p: string) => string, cwd: string): Promise<UpgradeFinding[]> {
  const findings: UpgradeFinding[] = [];
  for (const upgrade of upgrades) {
    for (const change of upgrade.result.packageJsonChanges ?? []) {
      const manifestPath = change.packageJsonPath;
      const dir = path.dirname(original(manifestPath));
      const before = readManifest(path.join(dir, 'package.json'));
      const after = readManifest(manifestPath);
      // Only where the upgrade takes the v1 SDK away: what it brought stays installed otherwise.
      if (!before || !after || !declares(before, V1_SDK) || declares(after, V1_SDK)) continue;
      const brought = dependenciesOf(installedManifest(dir, V1_SDK));
      if (!brought.size) continue;
      // A file of a nested package belongs to that package, not this one.
      const own = path.join(dir, 'package.json');
      const files = (await collectFiles([dir], cwd)).files.filter((f) => nearestManifest(path.dirname(f)) === own);
      const imports = undeclaredImports(files, after, brought);
      const added: Array<{ name: string; range: string; at: ImportAt }> = [];
      for (const [name, at] of imports) {
        const version = rangeBase(dir, name);
        if (!version) continue;
        // v2's registrations need zod >= 4.2: a zod below it, declared, would make registerTool throw.
        if (name === 'zod' && !meetsZodFloor(version) && zodRegistrations(files).length) {
          findings.push({ file: manifestPath, line: 1, text: '', level: 'warning', message: `${label(at, cwd)} imports zod without declaring it (zod ${version} came with the v1 SDK) and hands zod schemas to a registration: after the upgrade zod resolves to the zod 4 v2 brings; declare the zod the code is written for (v2 needs zod >= 4.2 for registrations), then check its schemas` });
          continue;
        }
        added.push({ name, range: `^${version}`, at });
      }
      if (!added.length) continue;
      addDependencies(manifestPath, added);
      for (const a of added) {
        findings.push({
          file: manifestPath,
          line: 1,
          text: '',
          level: 'info',
          message: `${UNDECLARED_DECLARED} ${a.name} ${a.range} in package.json: ${label(a.at, cwd)} imports it without declaring it, and it came with the v1 SDK the upgrade removes (after the next install it would resolve to another version, or to nothing)`,
        });
      }
    }
  }
  return findings;
}

/** Where a package is first imported. */
interface ImportAt {
  file: string;
  line: number;
}

function label(at: ImportAt, cwd: string): string {
  return `${path.relative(cwd, at.file)}:${at.line}`;
}

function declares(manifest: Manifest, name: string): boolean {
  return SECTIONS.some((s) => typeof manifest[s] === 'object' && manifest[s] !== null && name in (manifest[s] as object));
}

function meetsZodFloor(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major! > 4 || (major === 4 && minor! >= 2);
}

/** The installed version for `dir`, when it is one a range can start from (`^3.25.76`). */
function rangeBase(dir: string, name: string): string | undefined {
  const version = installedVersion(dir, name);
  return version && /^\d+\.\d+\.\d+/.test(version) ? version : undefined;
}

function dependenciesOf(manifest: Manifest | undefined): Set<string> {
  const deps = manifest?.dependencies;
  return new Set(typeof deps === 'object' && deps !== null ? Object.keys(deps) : []);
}

/** Packages the files import (ES imports, re-exports, require, import()) that `manifest` does not declare and the v1 SDK depends on, each where first imported. */
function undeclaredImports(files: string[], manifest: Manifest, brought: Set<string>): Map<string, ImportAt> {
  const found = new Map<string, ImportAt>();
  for (const file of files) {
    if (!/\.[cm]?[jt]sx?$/.test(file) || /\.d\.[cm]?ts$/.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      const name = packageName(imported.fileName);
      if (!name || found.has(name) || !brought.has(name) || declares(manifest, name)) continue;
      found.set(name, { file, line: text.slice(0, imported.pos).split('\n').length });
    }
  }
  return found;
}

/** `zod` for 'zod/v4', `@scope/pkg` for '@scope/pkg/sub'; undefined for relative paths, built-ins and subpath imports. */
function packageName(specifier: string): string | undefined {
  if (/^[./#]/.test(specifier) || specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? (parts.length > 1 ? `${parts[0]}/${parts[1]}` : undefined) : parts[0];
}

/** Adds each entry to `dependencies`, keeping the file's indentation and trailing newline. */
export function addDependencies(manifestPath: string, added: Array<{ name: string; range: string }>): void {
  const text = readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(text) as Manifest;
  const deps = (typeof manifest.dependencies === 'object' && manifest.dependencies !== null ? manifest.dependencies : {}) as Record<string, string>;
  for (const a of added) deps[a.name] = a.range;
  manifest.dependencies = deps;
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  writeFileSync(manifestPath, JSON.stringify(manifest, null, indent) + (text.endsWith('\n') ? '\n' : ''));
}
