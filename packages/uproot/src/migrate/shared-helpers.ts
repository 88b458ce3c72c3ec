// Generated helpers once per project: when several migrated files need the same helper functions,
// they import them from one module beside them (the nearest common folder) instead of each getting a
// copy. Files that cannot share one (another package or tsconfig, another language or module
// system, a name already taken by the user) keep the helpers inline, and the report says why.
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eolOf, indentUnit } from '@uproot/core/planning';
import { type ModuleStyle, recogniseSharedModule, sharedModuleText } from '../../../../transforms/shared-helpers/module.ts';
import { type HelperKind, SHARED_MODULE_STEM } from '../../../../transforms/shared-helpers/names.ts';
import type { FileProblem } from '../files/walk.ts';
import { relativePath } from '../scan/scan.ts';

export interface HelperCandidate {
  /** Absolute path of a file whose plan writes generated helpers. */
  path: string;
  text: string;
  kinds: HelperKind[];
}

export interface SharedModule {
  path: string;
  /** The text on disk when the module exists already (ours: reused and extended). */
  existing?: string;
  text: string;
  kinds: HelperKind[];
  importers: string[];
}

export interface SharedHelpersPlan {
  modules: SharedModule[];
  /** The specifier each importing file uses for its module. */
  specifiers: Map<string, string>;
  notices: FileProblem[];
}

const MODULE_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];

interface Styled extends HelperCandidate {
  style: ModuleStyle;
  ext: string;
  /** Files with the same key may import each other: one package, one tsconfig, one language and module system. */
  key: string;
  /** The closest of the package and tsconfig folders: a shared module never lives above it. */
  boundary: string;
}

export function planSharedHelpers(candidates: HelperCandidate[], cwd: string): SharedHelpersPlan {
  const plan: SharedHelpersPlan = { modules: [], specifiers: new Map(), notices: [] };
  if (candidates.length === 0) return plan;
  const styled: Styled[] = [];
  for (const c of candidates) {
    const s = styleOf(c);
    if (s) styled.push(s);
    else if (s === undefined && candidates.length > 1) plan.notices.push({ file: relativePath(cwd, c.path), message: 'keeps its generated helpers inline: uproot cannot tell whether it is an ES module or CommonJS' });
  }
  const modules = new Map<string, SharedModule & { style: ModuleStyle; key: string }>();
  const join = (modulePath: string, member: Styled, existing?: { text: string; kinds: HelperKind[] }) => {
    let m = modules.get(modulePath);
    if (!m) {
      const style = existing ? { ...member.style, eol: eolOf(existing.text), unit: indentUnit(existing.text) } : member.style;
      m = { path: modulePath, text: '', kinds: existing?.kinds ?? [], importers: [], style, key: member.key, ...(existing ? { existing: existing.text } : {}) };
      modules.set(modulePath, m);
    }
    m.importers.push(member.path);
  };
  // A module an earlier run wrote, in this file's folder or above it (inside its package): reuse it.
  const rest: Styled[] = [];
  for (const member of styled) {
    const found = existingModuleFor(member);
    if (found) join(found.path, member, found);
    else rest.push(member);
  }
  const byKey = new Map<string, Styled[]>();
  for (const member of rest) byKey.set(member.key, [...(byKey.get(member.key) ?? []), member]);
  for (const members of byKey.values()) {
    const modulePath = path.join(commonDirectory(members.map((m) => path.dirname(m.path))), SHARED_MODULE_STEM + members[0]!.ext);
    const taken = modules.get(modulePath);
    if (taken && taken.key === members[0]!.key) {
      for (const member of members) join(modulePath, member);
      continue;
    }
    if (members.length < 2) continue; // one file: nothing to share, the helpers stay inline
    const names = members.map((m) => relativePath(cwd, m.path)).join(', ');
    // uproot-roots.ts compiles to uproot-roots.js: two modules of one name in one folder would collide.
    const sibling = [...modules.keys(), ...MODULE_EXTENSIONS.map((ext) => path.join(path.dirname(modulePath), SHARED_MODULE_STEM + ext))].find((p) => p !== modulePath && path.dirname(p) === path.dirname(modulePath) && (modules.has(p) || existsSync(p)));
    if (taken || sibling) {
      plan.notices.push({ file: relativePath(cwd, modulePath), message: `would sit beside the shared helpers module of files in another language or module system; the generated helpers stay inline in ${names}` });
      continue;
    }
    if (existsSync(modulePath)) {
      const existing = ours(modulePath, members[0]!.style);
      if (!existing) {
        plan.notices.push({ file: relativePath(cwd, modulePath), message: `already exists and is not a helpers module uproot generated; the generated helpers stay inline in ${names}` });
        continue;
      }
      for (const member of members) join(modulePath, member, existing);
      continue;
    }
    for (const member of members) join(modulePath, member);
  }
  // Files that need the same helpers as others but cannot import them: say why each keeps its copy.
  const shared = new Set([...modules.values()].flatMap((m) => m.importers));
  for (const member of styled) {
    if (shared.has(member.path)) continue;
    const other = styled.find((o) => o !== member && o.key !== member.key && o.kinds.some((k) => member.kinds.includes(k)));
    if (other) plan.notices.push({ file: relativePath(cwd, member.path), message: `keeps its generated helpers inline: ${relativePath(cwd, other.path)} needs them too, but in another package, tsconfig project, language or module system, which cannot share one module` });
  }
  const byPath = new Map(styled.map((s) => [s.path, s]));
  for (const m of modules.values()) {
    const kinds = new Set<HelperKind>(m.kinds);
    for (const file of m.importers) for (const k of byPath.get(file)!.kinds) kinds.add(k);
    m.kinds = [...kinds];
    m.text = sharedModuleText(m.kinds, m.style);
    const members = m.importers.map((file) => byPath.get(file)!);
    for (const member of members) plan.specifiers.set(member.path, specifierFor(member, m.path, members));
    plan.modules.push({ path: m.path, text: m.text, kinds: m.kinds, importers: m.importers, ...(m.existing !== undefined ? { existing: m.existing } : {}) });
  }
  return plan;
}

/** The module's language, module system and extension follow the file: TypeScript `import`, ESM `import` or CommonJS `require`. */
/** undefined: the module system is unclear; null: the file is in no package. */
function styleOf(c: HelperCandidate): Styled | undefined | null {
  const ext = path.extname(c.path);
  const typescript = /^\.[cm]?tsx?$/.test(ext);
  const esm = /^\s*import\s+(?:type\s+)?[\w*{$][^;]*?\bfrom\s*['"]|^\s*import\s*['"]|^\s*export\s/m.test(c.text);
  const cjs = /\brequire\s*\(\s*['"]/.test(c.text) && !esm;
  let moduleExt: string;
  if (typescript) {
    if (!esm) return undefined; // TypeScript with bare require(): the helpers' types would not reach it
    moduleExt = ext === '.mts' ? '.mts' : ext === '.cts' ? '.cts' : '.ts';
  } else if (ext === '.mjs' || ext === '.cjs') moduleExt = ext;
  else if (esm || cjs) moduleExt = '.js';
  else return undefined;
  const useCjs = ext === '.cjs' || (!typescript && ext !== '.mjs' && cjs);
  const dir = path.dirname(c.path);
  const pkg = nearest(dir, ['package.json']);
  if (!pkg) return null; // no package, no project to share a module in
  const config = nearest(dir, ['tsconfig.json', 'jsconfig.json']);
  const boundary = [pkg, config].filter((d): d is string => !!d).sort((a, b) => b.length - a.length)[0] ?? path.parse(dir).root;
  return { ...c, ext: moduleExt, style: { typescript, cjs: useCjs, eol: eolOf(c.text), unit: indentUnit(c.text) }, key: [pkg, config, moduleExt, useCjs].join('\0'), boundary };
}

function nearest(from: string, names: string[]): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (names.some((n) => existsSync(path.join(dir, n)))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function existingModuleFor(member: Styled): { path: string; text: string; kinds: HelperKind[] } | undefined {
  for (let dir = path.dirname(member.path); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, SHARED_MODULE_STEM + member.ext);
    const found = existsSync(candidate) ? ours(candidate, member.style) : undefined;
    if (found) return { path: candidate, ...found };
    if (dir === member.boundary || path.dirname(dir) === dir) return undefined;
  }
}

/** The module's text and kinds when it is a regular file uproot generated, in this style. */
function ours(file: string, style: ModuleStyle): { text: string; kinds: HelperKind[] } | undefined {
  try {
    if (!lstatSync(file).isFile()) return undefined; // uproot never follows links
    const text = readFileSync(file, 'utf8');
    const kinds = recogniseSharedModule(text, style);
    return kinds ? { text, kinds } : undefined;
  } catch {
    return undefined;
  }
}

function commonDirectory(dirs: string[]): string {
  let common = dirs[0]!;
  for (const dir of dirs) while (common !== path.dirname(common) && path.relative(common, dir).startsWith('..')) common = path.dirname(common);
  return common;
}

/** Relative, spelled the way the file (else its group) already spells relative imports: `.js`, `.ts`, or no extension. */
function specifierFor(member: Styled, modulePath: string, group: Styled[]): string {
  const convention = conventionOf(member.text) ?? group.map((g) => conventionOf(g.text)).find((c) => c) ?? 'runtime';
  let rel = path.relative(path.dirname(member.path), modulePath).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const ext = path.extname(modulePath);
  const stem = rel.slice(0, -ext.length);
  if (convention === 'none') return stem;
  if (convention === 'source') return rel;
  return stem + ({ '.ts': '.js', '.mts': '.mjs', '.cts': '.cjs' }[ext] ?? ext);
}

type Convention = 'runtime' | 'source' | 'none';

function conventionOf(text: string): Convention | undefined {
  const counts: Record<Convention, number> = { runtime: 0, source: 0, none: 0 };
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const ext = path.extname(m[1]!);
    if (/^\.[cm]?js$/.test(ext)) counts.runtime++;
    else if (/^\.[cm]?tsx?$/.test(ext)) counts.source++;
    else if (ext === '') counts.none++;
  }
  const best = (Object.entries(counts) as Array<[Convention, number]>).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : undefined;
}
