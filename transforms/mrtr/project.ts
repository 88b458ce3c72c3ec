// A run over many files: helper chains may leave a file through an exported function. The index
// finds the callers of such a function in the other files of the run (ESM imports, relative paths).
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, unwrap } from '@uproot/core/planning';
import { parseSource } from '@uproot/core/planning';
import { McpReach } from '@uproot/core/planning';
import { resolveSpecifier } from '@uproot/core/planning';
import type { TypeHint } from '@uproot/core/planning';
import type { FilePlan } from '../outcome.ts';
import type { ProjectIndex } from './chains.ts';
import type { UnitIndex } from './imported-fill.ts';
import { type MrtrOptions, planUnits } from './plan.ts';
import { PackageSources } from './package-sources.ts';
import { RunImports } from './run-imports.ts';
import { type Unit, makeUnit } from './unit.ts';

export interface SourceFile {
  path: string;
  /** The text; may be left out for files that cannot hold a roots site (read lazily when needed). */
  text?: string;
}

export interface ProjectPlan {
  plans: Map<string, FilePlan>;
  /** Files that could not be parsed or planned; their sites and their callers stay untouched. */
  failures: Map<string, unknown>;
}


export interface ProjectOptions extends MrtrOptions {
  /** Where the run started: the callers' boundary for a file no package.json or repository holds. */
  cwd?: string;
  /** Reads a file given without text, when a helper chain might pass through it. */
  read?: (file: string) => string | undefined;
  /**
   * Reads a file given without text only when it holds every one of `words` (ASCII); false when it was read
   * and lacks one, undefined when it cannot be read. The search for a helper's callers asks every file of the
   * run for two words; most have neither, and this lets the run check their bytes without decoding them.
   */
  readHolding?: (file: string, words: readonly string[]) => string | false | undefined;
  /** Type information per file (uproot's `--types on`); a file with a hint is planned even without an MCP import.
   *  Given the file's scopes, the hint can tell lib globals from the file's own bindings without the checker. */
  typeHintFor?: (file: string, scopeManager?: ReturnType<typeof parseSource>['scopeManager']) => TypeHint | undefined;
  /**
   * Units made before the run from the same texts and options (`prepareUnit`): `uproot scan` makes its planned
   * files' units while it waits for the matcher worker's last answers, instead of after them.
   */
  units?: ReadonlyMap<string, Unit>;
}

/** The unit `planMrtrProject` would make of `text` at `abs` with these options; undefined when it does not parse. */
export function prepareUnit(abs: string, text: string, options: Pick<ProjectOptions, 'cwd' | 'typeHintFor'> = {}): Unit | undefined {
  try {
    return unitFromText(abs, text, options);
  } catch {
    return undefined; // planMrtrProject parses it again and records why it failed
  }
}

/** Parses `text` and makes its unit; throws what the parser throws. */
function unitFromText(abs: string, text: string, options: Pick<ProjectOptions, 'cwd' | 'typeHintFor'>): Unit {
  const { ast, scopeManager } = parseSource(text, abs);
  return makeUnit(abs, text, ast, scopeManager, options.typeHintFor?.(abs, scopeManager), options.cwd);
}

export function planMrtrProject(files: SourceFile[], options: ProjectOptions = {}): ProjectPlan {
  const byPath = new Map(files.map((f) => [path.resolve(f.path), f]));
  const lazy = new Map<string, string | undefined>();
  const textOf = (abs: string): string | undefined => {
    const given = byPath.get(abs)?.text;
    if (given !== undefined) return given;
    if (!lazy.has(abs)) lazy.set(abs, options.read?.(abs));
    return lazy.get(abs);
  };
  /**
   * A text check of a file, per key, kept for the run (a file's text is fixed within it). Caller and importer
   * searches ask every file for a module's stem, and the same few stems again for each helper and barrel (this
   * repository's typed scan: 246,836 asks for 38 words, a tenth of its refine pass).
   */
  const perFile = (check: (text: string, key: string) => boolean) => {
    const answers = new Map<string, Map<string, boolean>>();
    return (abs: string, text: string, key: string): boolean => {
      let files = answers.get(key);
      if (!files) answers.set(key, (files = new Map()));
      let answer = files.get(abs);
      if (answer === undefined) files.set(abs, (answer = check(text, key)));
      return answer;
    };
  };
  const holds = perFile((text, word) => text.includes(word));
  const namesModule = perFile(importsModule);
  // Where each file's `from` sources resolve, read once per file: a caller search asks one file about many modules.
  const sourcesOf = new Map<string, Set<string | undefined> | 'any'>();
  const mayImport = (text: string, abs: string, target: string): boolean => {
    let sources = sourcesOf.get(abs);
    if (!sources) sourcesOf.set(abs, (sources = fromSources(text, abs, byPath)));
    return sources === 'any' || sources.has(target);
  };
  /** The text of a file that holds every word; false for one that lacks one (not kept: another search
   *  may look for other words). */
  const textHolding = (abs: string, words: readonly string[]): string | false | undefined => {
    const known = byPath.get(abs)?.text ?? lazy.get(abs);
    if (known !== undefined || lazy.has(abs) || !options.readHolding) {
      const text = known ?? textOf(abs);
      return text === undefined ? undefined : words.every((w) => holds(abs, text, w)) && text;
    }
    const text = options.readHolding(abs, words);
    if (text !== false) lazy.set(abs, text);
    return text;
  };
  /** The files of the run, in order, that may hold `word` (textHolding is not false for them): searched once per word. */
  const mayHold = new Map<string, string[]>();
  const filesHolding = (word: string): string[] => {
    let found = mayHold.get(word);
    if (!found) mayHold.set(word, (found = [...byPath.keys()].filter((abs) => textHolding(abs, [word]) !== false)));
    return found;
  };
  const units = new Map<string, Unit>();
  const imports = new RunImports((from, spec) => resolveImport(from, spec, byPath));
  const failures = new Map<string, unknown>();
  const unitOf = (abs: string): Unit | undefined => {
    const cached = units.get(abs);
    if (cached || failures.has(abs)) return cached;
    const text = textOf(abs);
    if (text === undefined) return undefined;
    const prepared = options.units?.get(abs);
    if (prepared?.text === text) {
      units.set(abs, prepared);
      return prepared;
    }
    try {
      const unit = unitFromText(abs, text, options);
      units.set(abs, unit);
      return unit;
    } catch (error) {
      failures.set(abs, error);
      return undefined;
    }
  };
  // The same two text checks as scan: a look-alike that cannot reach MCP is never parsed.
  const reach = new McpReach();
  const rootsUnits = files
    .filter((f) => f.text !== undefined && (!!options.typeHintFor?.(path.resolve(f.path)) || reach.keepsForRoots(f.text, path.resolve(f.path))))
    .map((f) => unitOf(path.resolve(f.path)))
    .filter((u): u is Unit => !!u);
  const index: ProjectIndex & UnitIndex = {
    unitAt: (abs) => unitOf(abs),
    callersOf(unit, fn) {
      const exported = exportedName(fn, unit);
      if (!exported) return undefined;
      const callers: Array<{ unit: Unit; call: TSESTree.CallExpression }> = [];
      // Barrels re-export the function under their own path (and maybe another name): their importers call it too.
      const queue: Array<{ target: string; name: string }> = [{ target: unit.path, name: exported }];
      const seen = new Set<string>();
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { target, name } = next;
        if (seen.has(`${target}#${name}`)) continue;
        seen.add(`${target}#${name}`);
        const stem = path.basename(target).replace(/\.[^.]+$/, '');
        for (const abs of filesHolding(stem)) {
          if (abs === target || abs === unit.path) continue;
          // Only the module's stem is sure to be in an importer's text: a default import names the function as it
          // likes, and `export * from` names nothing.
          const text = textHolding(abs, [stem]);
          if (!text) continue;
          // A unit finds the file's own roots sites, most of its cost, and the stem is often a word every file
          // holds (`index`: a barrel's importers are searched too). A file none of whose imports and re-exports
          // names the module adds no caller (callsIn below would find none): only its module record is read
          // (run-imports.ts, once per run), and it is not made a unit. A file that does not parse is recorded as
          // unitOf would record it. Before even that: a file with no `from '…'` source that resolves to the module
          // has no such statement either, and one that then fails to parse would not stop the search
          // (importsModule below).
          if (!units.has(abs) && !failures.has(abs)) {
            let requests = imports.known(abs);
            if (!requests) {
              if (!namesModule(abs, text, stem) && !mayImport(text, abs, target)) continue;
              requests = imports.of(abs, text);
            }
            if (!Array.isArray(requests)) failures.set(abs, requests.error);
            else if (!requests.some((r) => r.target === target)) continue;
          }
          const other = unitOf(abs);
          if (!other) {
            // A file that does not parse may still call it: do not guess, unless none of its imports names the module
            // (the stem alone is a common word: `roots` is in every roots server).
            if (namesModule(abs, text, stem)) return undefined;
            continue;
          }
          const found = callsIn(other, target, name, byPath);
          if (!found) return undefined;
          callers.push(...found.calls.map((call) => ({ unit: other, call })));
          queue.push(...found.reexports.map((as) => ({ target: abs, name: as })));
        }
      }
      return callers;
    },
    importersOf(file, except) {
      return importersOf(file, except, byPath, textHolding, imports, new Set());
    },
    inRun(file) {
      return byPath.has(path.resolve(file));
    },
    packageSources: new PackageSources(),
  };
  const planned = planUnits(rootsUnits, index, undefined, options);
  const plans = new Map<string, FilePlan>();
  for (const [unit, plan] of planned) plans.set(unit.path, plan);
  return { plans, failures };
}

/** Whether `text` imports, re-exports or requires a module whose path ends in `stem` (`'./roots.js'`, `"@/roots"`). */
function importsModule(text: string, stem: string): boolean {
  const name = stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"${'`'}][^'"${'`'}\n]*\b${name}(?:\.[cm]?[jt]sx?)?['"${'`'}]`).test(text);
}

/** Files of the run importing `target`; a file that only re-exports it (a barrel) stands for its own importers. */
function importersOf(target: string, except: string, files: Map<string, SourceFile>, textHolding: (abs: string, words: readonly string[]) => string | false | undefined, runImports: RunImports, seen: Set<string>): string[] | undefined {
  if (seen.has(target)) return [];
  seen.add(target);
  const stem = path.basename(target).replace(/\.[^.]+$/, '');
  const out: string[] = [];
  for (const abs of files.keys()) {
    if (abs === except || abs === target) continue;
    const text = textHolding(abs, [stem]);
    if (text === undefined) return undefined;
    if (text === false) continue;
    const requests = runImports.of(abs, text);
    if (!Array.isArray(requests)) return undefined;
    let imports = false;
    let onlyReexports = true;
    for (const r of requests) {
      if (r.target !== target) continue;
      imports = true;
      if (r.kind === 'import') onlyReexports = false;
    }
    // A CommonJS `require('./paths')` of it counts as an import too.
    if (requiresStem(text, stem)) {
      imports = true;
      onlyReexports = false;
    }
    if (!imports) continue;
    if (!onlyReexports) {
      out.push(abs);
      continue;
    }
    const further = importersOf(abs, except, files, textHolding, runImports, seen);
    if (!further) return undefined;
    out.push(...further);
  }
  return out;
}

function requiresStem(text: string, stem: string): boolean {
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`require\\(\\s*['"][^'"]*\\b${escaped}(?:\\.[cm]?[jt]s)?['"]`).test(text);
}

function exportedName(fn: FunctionNode, unit: Unit): string | undefined {
  // `export default function (server) { … }` and `export default (server) => …` have no local name to look for.
  if (fn.parent?.type === 'ExportDefaultDeclaration') return 'default';
  const local = fn.type === 'FunctionDeclaration' ? fn.id?.name : fn.parent?.type === 'VariableDeclarator' && fn.parent.id.type === 'Identifier' ? fn.parent.id.name : undefined;
  if (!local) return undefined;
  let parent: Node | undefined = fn.parent;
  if (parent?.type === 'VariableDeclarator') parent = parent.parent?.parent;
  if (parent?.type === 'ExportNamedDeclaration') return local;
  if (parent?.type === 'ExportDefaultDeclaration') return 'default';
  for (const s of unit.ast.body) {
    if (s.type !== 'ExportNamedDeclaration' || s.source) continue;
    for (const spec of s.specifiers) {
      if (spec.local.type === 'Identifier' && spec.local.name === local) return spec.exported.type === 'Identifier' ? spec.exported.name : spec.exported.value;
    }
  }
  return undefined;
}

/** `from`, then only whitespace and comments, then a quote: where every import or re-export names its source. */
const FROM_QUOTE = /from(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n\r\u2028\u2029]*)*(['"])/y;

/**
 * Whether `text` may hold an import or re-export from `target`, read from the text alone: every such statement
 * spells `from`, whitespace or comments, and its source in quotes. Each `from` in the text is tried on its own
 * (one inside a comment or string cannot hide the next), and a source with an escape counts as naming it.
 */
export function mayImportFrom(text: string, file: string, target: string, files: Map<string, SourceFile>): boolean {
  const sources = fromSources(text, file, files);
  return sources === 'any' || sources.has(target);
}

/**
 * What every `from` source in `text` resolves to, as mayImportFrom reads them; `any` when a source holds an
 * escape. A caller search asks one file about many targets: the planner keeps this per file (planMrtrProject).
 */
function fromSources(text: string, file: string, files: Map<string, SourceFile>): Set<string | undefined> | 'any' {
  const targets = new Set<string | undefined>();
  for (let at = text.indexOf('from'); at >= 0; at = text.indexOf('from', at + 1)) {
    FROM_QUOTE.lastIndex = at;
    const m = FROM_QUOTE.exec(text);
    if (!m) continue;
    const start = FROM_QUOTE.lastIndex;
    let end = start;
    while (end < text.length && text[end] !== m[1] && text[end] !== '\\' && text[end] !== '\n') end++;
    if (text[end] !== m[1]) {
      if (text[end] === '\\') return 'any';
      continue;
    }
    targets.add(resolveImport(file, text.slice(start, end), files));
  }
  return targets;
}

/**
 * Plain calls of `exported` from `target` in `unit`, and the names `unit` re-exports it under (a barrel);
 * undefined when it is used any other way.
 */
function callsIn(unit: Unit, target: string, exported: string, files: Map<string, SourceFile>): { calls: TSESTree.CallExpression[]; reexports: string[] } | undefined {
  const calls: TSESTree.CallExpression[] = [];
  const reexports: string[] = [];
  for (const s of unit.ast.body) {
    if ((s.type === 'ExportNamedDeclaration' || s.type === 'ExportAllDeclaration') && s.source && resolveImport(unit.path, s.source.value, files) === target) {
      if (s.type === 'ExportAllDeclaration') {
        // `export * from` passes every name but the default on; `export * as ns from` is a namespace uproot does not follow.
        if (s.exported) return undefined;
        if (exported !== 'default') reexports.push(exported);
        continue;
      }
      for (const spec of s.specifiers) {
        const local = spec.local.type === 'Identifier' ? spec.local.name : spec.local.value;
        if (local === exported) reexports.push(spec.exported.type === 'Identifier' ? spec.exported.name : spec.exported.value);
      }
      continue;
    }
    if (s.type !== 'ImportDeclaration' || resolveImport(unit.path, s.source.value, files) !== target) continue;
    for (const spec of s.specifiers) {
      const variable = unit.prov.variableOf(spec.local);
      if (spec.type === 'ImportSpecifier' || spec.type === 'ImportDefaultSpecifier') {
        const imported = spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
        if (imported !== exported) continue;
        for (const ref of variable?.references ?? []) {
          const p = ref.identifier.parent;
          if (p?.type === 'CallExpression' && p.callee === ref.identifier) calls.push(p);
          // `ReturnType<typeof resolve>`: a type query names the function and runs nothing.
          else if (p?.type === 'TSTypeQuery') continue;
          else if (p?.type === 'ExportSpecifier') reexports.push(p.exported.type === 'Identifier' ? p.exported.name : p.exported.value);
          else return undefined;
        }
      } else if (spec.type === 'ImportNamespaceSpecifier') {
        for (const ref of variable?.references ?? []) {
          const member = ref.identifier.parent;
          if (member?.type !== 'MemberExpression' || member.object !== ref.identifier) return undefined;
          const key = !member.computed && member.property.type === 'Identifier' ? member.property.name : undefined;
          if (key !== exported) continue;
          const call = member.parent;
          if (call?.type === 'CallExpression' && unwrap(call.callee) === member) calls.push(call);
          else return undefined;
        }
      }
    }
  }
  return { calls, reexports };
}

/** A specifier resolved against the files of the run (`./roots.js` → `roots.ts`, `@/roots` through tsconfig paths). */
export function resolveImport(from: string, spec: string, files: Map<string, SourceFile>): string | undefined {
  return resolveSpecifier(from, spec, (c) => files.has(c));
}
