// The official codemod leaves an import of a v1 module v2 has no counterpart for (server-filesystem-http imports
// `@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js`) under its own "Unknown SDK import path" marker,
// and still removes the v1 SDK from package.json, so the file stops resolving. When every v1 import the package
// keeps names such a module and the module, as installed, imports nothing at all (no SDK code of v1 runs beside
// v2's), keeping the v1 package at the range the project already declared loads that exact module as before:
// uproot puts the dependency back and turns the codemod's marker into a note. Otherwise the upgrade is held.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { collectFiles } from '../files/walk.ts';
import { isWithin, nearestManifest } from '../files/workspaces.ts';
import type { SdkUpgrade } from './shapes.ts';

const V1 = '@modelcontextprotocol/sdk';
const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
const UNKNOWN = /Unknown SDK import path: (@modelcontextprotocol\/sdk\/\S+?)\. Manual migration required\./;
const V1_SPECIFIER = /['"](@modelcontextprotocol\/sdk(?:\/[^'"]*)?)['"]/g;
const MARKER = '@mcp-codemod-error';

/** The start of the note uproot writes where it kept the v1 package for such modules. */
export const KEPT_V1 = `kept ${V1} in`;

export interface UnmappedFinding {
  /** Absolute, where the upgraded text is. */
  file: string;
  line: number;
  text: string;
  level: 'info';
  message: string;
}

/**
 * Whether the module `specifier` resolves to from `from` runs on its own: neither its CommonJS nor its ES build
 * (v1 ships both, under dist/cjs and dist/esm) requires or imports anything.
 */
export function selfContainedModule(specifier: string, from: string): boolean {
  let resolved: string;
  try {
    resolved = createRequire(from).resolve(specifier);
  } catch {
    return false;
  }
  const builds = [resolved, resolved.replace(`${path.sep}cjs${path.sep}`, `${path.sep}esm${path.sep}`)].filter((f) => existsSync(f));
  return builds.every((f) => !/\brequire\s*\(|\bimport\s*[({'"\w*]|\bfrom\s*['"]/.test(readFileSync(f, 'utf8')));
}

/** Keep the v1 package where the codemod left only self-contained modules of it; `at(p)` is where an original path's upgraded text is. */
export async function keepV1ForUnmappedModules(upgrades: SdkUpgrade[], at: (p: string) => string): Promise<UnmappedFinding[]> {
  // Original manifest → the marked imports under it: [upgraded file, specifier].
  const marked = new Map<string, Array<{ file: string; specifier: string }>>();
  for (const u of upgrades) {
    for (const d of u.result.diagnostics) {
      const specifier = d.insertComment ? UNKNOWN.exec(d.message)?.[1] : undefined;
      if (!specifier) continue;
      const file = path.resolve(d.file);
      const manifest = nearestManifest(path.dirname(path.join(u.dir, path.relative(at(u.dir), file))));
      if (manifest) marked.set(manifest, [...(marked.get(manifest) ?? []), { file, specifier }]);
    }
  }
  const findings: UnmappedFinding[] = [];
  for (const [manifest, imports] of marked) {
    const written = at(manifest);
    const range = declaredRange(manifest);
    if (!range || declaredRange(written)) continue;
    if (!imports.every((i) => selfContainedModule(i.specifier, i.file))) continue;
    // Any other v1 import left in the package (a test beside src/, a module the codemod mapped nowhere) would
    // resolve again against the kept package without being proven: then the upgrade is held instead.
    const allowed = new Set(imports.map((i) => i.specifier));
    if (!(await v1SpecifiersIn(path.dirname(written))).every((s) => allowed.has(s))) continue;
    restore(written, range);
    for (const file of new Set(imports.map((i) => i.file))) {
      const kept = imports.filter((i) => i.file === file).map((i) => i.specifier);
      const lines = readFileSync(file, 'utf8').split('\n');
      const text = lines.filter((l) => !(l.includes(MARKER) && kept.some((s) => l.includes(`Unknown SDK import path: ${s}.`)))).join('\n');
      writeFileSync(file, text);
      for (const specifier of kept) {
        const line = text.split('\n').findIndex((l) => l.includes(`'${specifier}'`) || l.includes(`"${specifier}"`)) + 1;
        findings.push({ file, line, text, level: 'info', message: `${KEPT_V1} ${path.basename(manifest)} (${range.range}, as declared): v2 has no counterpart for ${specifier}, a module that imports nothing, so keeping the v1 package loads the same module as before; the rest of the file uses v2` });
      }
    }
  }
  return findings;
}

function declaredRange(manifest: string): { section: (typeof SECTIONS)[number]; range: string } | undefined {
  let json: Record<string, Record<string, string> | undefined>;
  try {
    json = JSON.parse(readFileSync(manifest, 'utf8')) as typeof json;
  } catch {
    return undefined;
  }
  for (const section of SECTIONS) {
    const range = json[section]?.[V1];
    if (typeof range === 'string') return { section, range };
  }
  return undefined;
}

/** Put the v1 package back in the section it was declared in, indentation kept. */
function restore(manifest: string, declared: { section: (typeof SECTIONS)[number]; range: string }): void {
  const raw = readFileSync(manifest, 'utf8');
  const json = JSON.parse(raw) as Record<string, Record<string, string> | undefined>;
  json[declared.section] = { [V1]: declared.range, ...(json[declared.section] ?? {}) };
  const indent = raw.match(/\n([ \t]+)/)?.[1] ?? '  ';
  writeFileSync(manifest, JSON.stringify(json, null, indent) + (raw.endsWith('\n') ? '\n' : ''));
}

async function v1SpecifiersIn(dir: string): Promise<string[]> {
  const out = new Set<string>();
  for (const file of (await collectFiles([dir], dir)).files) {
    if (!isWithin(file, dir)) continue;
    const text = readFileSync(file, 'utf8');
    if (!text.includes(V1)) continue;
    for (const m of text.matchAll(V1_SPECIFIER)) out.add(m[1]!);
  }
  return [...out];
}
