// The package.json that provides the v1 SDK to an upgraded folder. The official codemod edits only the
// manifest nearest its target; in a monorepo whose member imports the SDK without declaring it (the root's
// devDependencies hold it), that manifest has nothing to change, so uproot swaps the dependency where it is
// declared, with the ranges the codemod itself writes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getMigration, run } from '@modelcontextprotocol/codemod';
import { collectFiles } from '../files/walk.ts';
import { isWithin, nearestManifest, readManifest } from '../files/workspaces.ts';

const V1 = '@modelcontextprotocol/sdk';
const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
const V2_SPECIFIER = /['"](@modelcontextprotocol\/(?:server|client|node|express|server-legacy|core))(?:\/[^'"]*)?['"]/g;

/** The dependency sections of a manifest that list the v1 SDK. */
export function v1Sections(manifest: string): Array<(typeof SECTIONS)[number]> {
  const json = readManifest(manifest) ?? {};
  return SECTIONS.filter((s) => {
    const deps = json[s];
    return !!deps && typeof deps === 'object' && V1 in deps;
  });
}

/**
 * The package.json that provides the v1 SDK to `dir` when its nearest one does not declare it: the nearest
 * one above that does, up to `root` (the workspace root). Undefined when the nearest declares it, or none does.
 */
export function sdkProvider(dir: string, root: string | undefined): string | undefined {
  const nearest = nearestManifest(dir);
  if (!nearest || !root || v1Sections(nearest).length) return undefined;
  for (let current = path.dirname(path.dirname(nearest)); ; ) {
    const manifest = nearestManifest(current);
    if (!manifest || !isWithin(path.dirname(manifest), root)) return undefined;
    if (v1Sections(manifest).length) return manifest;
    const parent = path.dirname(path.dirname(manifest));
    if (parent === path.dirname(manifest)) return undefined;
    current = parent;
  }
}

/** The v2 packages the (upgraded) files under `dirs` import. */
export async function v2PackagesUsed(dirs: string[]): Promise<string[]> {
  const used = new Set<string>();
  for (const dir of dirs) {
    for (const file of (await collectFiles([dir], dir)).files) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('@modelcontextprotocol/')) continue;
      for (const match of text.matchAll(V2_SPECIFIER)) used.add(match[1]!);
    }
  }
  return [...used].sort();
}

/** The ranges the installed codemod writes for these v2 packages: it runs on a scratch package that imports them. */
function codemodRanges(packages: string[]): Map<string, string> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'uproot-ranges-'));
  try {
    writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'uproot-ranges', private: true, dependencies: { [V1]: '*' } }));
    writeFileSync(path.join(scratch, 'used.ts'), packages.map((p, i) => `import { used${i} } from '${p}';\n`).join(''));
    run(getMigration('v1-to-v2')!, { targetDir: scratch, dryRun: false });
    const deps = (readManifest(path.join(scratch, 'package.json'))?.dependencies ?? {}) as Record<string, string>;
    return new Map(packages.filter((p) => typeof deps[p] === 'string').map((p) => [p, deps[p]!]));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Swap the v1 SDK for `packages` in the provider manifest, in the section it was declared in, as the codemod
 * does for the manifest it writes (same ranges, indentation kept, new entries last). Returns what was added.
 */
export function swapProvider(manifest: string, packages: string[]): string[] {
  const raw = readFileSync(manifest, 'utf8');
  const json = JSON.parse(raw) as Record<string, Record<string, string> | undefined>;
  const sections = v1Sections(manifest);
  if (!sections.length) return [];
  const declared = new Set(SECTIONS.flatMap((s) => Object.keys(json[s] ?? {})));
  const ranges = codemodRanges(packages.filter((p) => !declared.has(p)));
  const target = json[sections[0]!]!;
  for (const [name, range] of ranges) target[name] = range;
  for (const s of sections) delete json[s]![V1];
  const indent = raw.match(/\n([ \t]+)/)?.[1] ?? '  ';
  writeFileSync(manifest, JSON.stringify(json, null, indent) + (raw.endsWith('\n') ? '\n' : ''));
  return [...ranges.keys()];
}
