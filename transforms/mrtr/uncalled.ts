// A roots request in a helper that no code can call: nothing in its own file refers to it, no file of the run imports
// it (by any spelling), and its module is not an entry its package publishes. Its per-request form is the split a
// push-request helper gets (helper-ask.ts): a builder beside it returns the input request, and the helper takes the
// client's answer through a new last parameter instead of asking. No caller exists to break, and a handler that
// calls it later asks the builder's request in its round and hands the answer in.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type ImportName, type Node, type RootsSite, type TextEdit, enclosingFunction, functionName, insert, isExported, planImports, unwrap } from '@uproot/core/planning';
import { boundAtTopLevel } from '../shared-helpers/imports.ts';
import type { ProjectIndex } from './chains.ts';
import { declarationOf } from './helper-ask.ts';
import { PackageSources } from './package-sources.ts';
import { appendParameter } from './helper-ask-edits.ts';
import { type Unit, Unprovable } from './unit.ts';

const SERVER_MODULE = '@modelcontextprotocol/server';

export interface UncalledSplit {
  edits: TextEdit[];
  /** What the new code names from the server package; imported once the file's other edits are known (splitImports). */
  imports: ImportName[];
  detail: string;
  /** The v1-sdk marker's detail: what the split will be once the SDK is v2 (nothing is written before). */
  onceUpgraded: string;
}

/** The split of the uncalled helper that makes `site`; throws Unprovable (with `why`, the chain's own reason) otherwise. */
export function splitUncalledHelper(site: RootsSite, unit: Unit, project: ProjectIndex | undefined, why: Unprovable): UncalledSplit {
  const hold = (detail: string) => new Unprovable(why.reason, `${why.message}; ${detail}`);
  const fn = enclosingFunction(site.node);
  const name = fn && functionName(fn);
  if (!fn || !name || !declarationOf(fn) || fn.body.type !== 'BlockStatement') throw why;
  if (!uncalled(fn, unit, project)) throw why;
  // A schema that checks or reshapes the answer decides what callers get: uproot cannot tell them what to hand in.
  const answerType = answerTypeOf(site, unit);
  if (answerType === undefined) throw why;
  // One answer parameter per helper: two requests in it would each need their own round's answer.
  if (unit.sites.some((other) => other !== site && other.kind === 'request' && enclosingFunction(other.node) === fn)) throw hold(`${name}() makes more than one roots request`);
  // The builder needs inputRequired imported: a CommonJS module or a name taken by something else would not have it.
  if (!unit.ast.body.some((st) => st.type === 'ImportDeclaration') && /\brequire\s*\(/.test(unit.text)) throw hold('its module is CommonJS, where uproot does not add imports');
  if (boundAtTopLevel(unit.ast, unit.scopeManager, 'inputRequired') && !importedFromServer(unit, 'inputRequired')) throw hold('the name inputRequired is taken in its module');
  const body = unit.text.slice(fn.range[0], fn.range[1]);
  const answered = /\banswered\b/.test(body) ? 'uprootAnswered' : 'answered';
  const builder = `${name}Roots`;
  if (boundAtTopLevel(unit.ast, unit.scopeManager, builder)) throw hold(`the name ${builder}, for what ${name}() asks, is taken`);
  const edits: TextEdit[] = [];
  const afterOptional = fn.params.some((p) => p.type === 'AssignmentPattern' || (p.type === 'Identifier' && p.optional));
  if (fn.params.some((p) => p.type === 'RestElement')) throw hold(`${name}() takes rest parameters`);
  const type = unit.typescript ? `: () => Promise<${answerType ?? serverType(unit, 'ListRootsResult')}>` : '';
  const param = `${answered}${unit.typescript && afterOptional ? '?' : ''}${type}`;
  edits.push(...appendParameter(fn, unit.text, param));
  edits.push({ start: site.node.range[0], end: site.node.range[1], text: `${answered}${unit.typescript && afterOptional ? '!' : ''}()` });
  const declaration = declarationOf(fn)!;
  const indent = /[ \t]*$/.exec(unit.text.slice(0, declaration.range[0]))![0];
  const exported = isExported(fn) ? 'export ' : '';
  edits.push(
    insert(
      declaration.range[1],
      [
        '',
        '',
        `/** The roots request ${name}() made: a handler migrated to multi round-trip requests asks it up front and hands ${name}() the client's answer. */`,
        `${exported}function ${builder}() {`,
        `${unit.indent}return inputRequired.listRoots();`,
        '}',
      ].join(`${unit.eol}${indent}`),
    ),
  );
  const names = [{ name: 'inputRequired' }, ...(unit.typescript && answerType === null && !boundAtTopLevel(unit.ast, unit.scopeManager, 'ListRootsResult') ? [{ name: 'ListRootsResult', type: true }] : [])];
  const detail = `nothing calls ${name}(): it now takes the client's roots answer (${answered}) from the handler that calls it, which asks ${builder}() in its round`;
  const onceUpgraded = `nothing calls ${name}(): once the SDK is v2, uproot splits it (${builder}() beside it returns the roots input request, and ${name}() takes the client's answer)`;
  return { edits, imports: names, detail, onceUpgraded };
}

/** The split's imports, less those the file's other edits (a rewritten handler's) already bring in. */
export function splitImports(unit: Unit, names: ImportName[], others: TextEdit[]): TextEdit[] {
  const imported = (name: string) => others.some((e) => /\bimport\b/.test(e.text) && new RegExp(`\\b${name}\\b`).test(e.text));
  const wanted = names.filter((n, i) => names.findIndex((m) => m.name === n.name) === i && !imported(n.name));
  return planImports(unit.text, unit.ast, SERVER_MODULE, wanted, unit.typescript).edits;
}

/**
 * No reference to `fn` in its file but its own export, and, when exported, no caller anywhere: the module is closed
 * off (see `openedBy`) and the run's caller search, which follows barrels, finds no call.
 */
function uncalled(fn: FunctionNode, unit: Unit, project: ProjectIndex | undefined): boolean {
  const refs = unit.prov.referencesTo(fn).filter((ref) => ref.parent?.type !== 'ExportSpecifier');
  if (refs.length) return false;
  if (!isExported(fn) && !exportedBySpecifier(fn, unit)) return true;
  if (!project?.inRun || openedBy(unit.path, project, new Set())) return false;
  const callers = project.callersOf(unit, fn);
  return !!callers && callers.length === 0;
}

/**
 * How code the run cannot see may reach `file`, or undefined when none can: it is not an entry its package
 * publishes, every file of the package naming it is in the run and imports it statically, and every barrel that
 * re-exports it is closed off the same way.
 */
function openedBy(file: string, project: ProjectIndex, seen: Set<string>): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const entry = publishedEntry(file);
  if (entry) return entry;
  const naming = filesNaming(file, project.packageSources ?? new PackageSources());
  if (!naming) return 'its package is too large to search for callers';
  for (const n of naming) {
    if (n.dynamic) return `${path.basename(n.file)} loads it with import() or require()`;
    if (!project.inRun!(n.file)) return `${path.basename(n.file)}, outside the given paths, imports it`;
    const further = n.reexports ? openedBy(n.file, project, seen) : undefined;
    if (further) return further;
  }
  return undefined;
}

/**
 * The source files of `file`'s package (up to its package.json, else its own folder) whose text names its module,
 * and whether one loads it dynamically; undefined when the package is too large to read.
 */
function filesNaming(file: string, sources: PackageSources): Array<{ file: string; dynamic: boolean; reexports: boolean }> | undefined {
  const root = packageDir(file) ?? path.dirname(file);
  const stem = path.basename(file).replace(/\.[^.]+$/, '');
  const stemName = stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(String.raw`(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"${'`'}][^'"${'`'}\n]*\b${stemName}(?:\.[cm]?[jt]sx?)?['"${'`'}]`);
  const loaded = new RegExp(String.raw`\b(?:import|require)\s*\(\s*['"${'`'}][^'"${'`'}\n]*\b${stemName}\b`);
  const reexported = new RegExp(String.raw`\bexport\b[^;]*?\bfrom\s*['"][^'"\n]*\b${stemName}(?:\.[cm]?[jt]sx?)?['"]`);
  // Every spelling that names the module holds its stem: only those files are decoded and searched.
  const holding = sources.holding(root, file, stem);
  if (!holding) return undefined;
  return holding.filter(({ text }) => named.test(text)).map(({ file: at, text }) => ({ file: at, dynamic: loaded.test(text), reexports: reexported.test(text) }));
}

function packageDir(file: string): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function exportedBySpecifier(fn: FunctionNode, unit: Unit): boolean {
  return unit.prov.referencesTo(fn).some((ref) => ref.parent?.type === 'ExportSpecifier');
}

/** `ListRootsResult`, imported from the server package unless the file binds the name itself. */
function serverType(unit: Unit, name: string): string {
  return boundAtTopLevel(unit.ast, unit.scopeManager, name) && !importedFromServer(unit, name) ? `import('${SERVER_MODULE}').${name}` : name;
}

/** `import { type ListRootsResult } from '@modelcontextprotocol/server'`: the name is already the SDK's. */
function importedFromServer(unit: Unit, name: string): boolean {
  return unit.ast.body.some(
    (s) =>
      s.type === 'ImportDeclaration' &&
      s.source.value === SERVER_MODULE &&
      s.specifiers.some((x) => x.type === 'ImportSpecifier' && x.local.name === name && x.imported.type === 'Identifier' && x.imported.name === name),
  );
}

const BUILD_DIRS = new Set(['dist', 'build', 'lib', 'out', 'src', 'esm', 'cjs']);

/**
 * The entry of the nearest package.json that names this module (`main`, `module`, `types`, `exports`, `bin`, the
 * build folder and extension aside), or a wildcard export that may: code outside the run can import it.
 */
export function publishedEntry(file: string): string | undefined {
  let dir = path.dirname(file);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      let pkg: Record<string, unknown>;
      try {
        pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
      } catch {
        return `named by ${manifest}, which uproot could not read`;
      }
      const entries = [pkg.main, pkg.module, pkg.types, pkg.typings, pkg.exports, pkg.bin].flatMap(strings);
      const own = stem(path.relative(dir, file));
      for (const entry of entries) {
        if (entry.includes('*')) return `under the wildcard export ${entry} of ${path.basename(dir)}/package.json`;
        if (stem(entry) === own) return `the entry ${entry} of ${path.basename(dir)}/package.json`;
      }
      return undefined;
    }
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** `./dist/utils/roots.js` and `src/utils/roots.ts` alike: `utils/roots`. */
function stem(p: string): string {
  const parts = p.replace(/\\/g, '/').replace(/^\.\//, '').replace(/(\.d)?\.[cm]?[jt]sx?$/, '').split('/');
  if (parts.length > 1 && BUILD_DIRS.has(parts[0]!)) parts.shift();
  return parts.join('/');
}

/**
 * What the request hands back, as the split helper's parameter must: the SDK's roots result (null), the type an
 * identity parser casts to (`{ parse: (r) => r as T }`: no check, only a type), or undefined for anything else (a
 * result schema that checks or reshapes, request params or options MRTR has no counterpart for).
 */
function answerTypeOf(site: RootsSite, unit: Unit): string | null | undefined {
  const call = site.node as TSESTree.CallExpression;
  const callee = unwrap(call.callee);
  const method = callee.type === 'MemberExpression' && callee.property.type === 'Identifier' ? callee.property.name : callee.type === 'Identifier' ? 'send' : '';
  if (method === 'listRoots') return call.arguments.length ? undefined : null;
  const [request, schema, ...options] = call.arguments;
  if (options.length || !request || !plainRootsRequest(request)) return undefined;
  if (!schema) return null;
  if (method === 'send') return undefined;
  if (unit.prov.is(schema, 'schema')?.name === 'ListRootsResultSchema') return null;
  return identityCast(schema, unit.text);
}

/** `{ method: 'roots/list' }`, with no params or empty ones: exactly what `inputRequired.listRoots()` asks. */
function plainRootsRequest(node: Node): boolean {
  const object = unwrap(node);
  if (object.type !== 'ObjectExpression') return false;
  return object.properties.every((p) => {
    if (p.type !== 'Property' || p.computed || p.key.type !== 'Identifier') return false;
    if (p.key.name === 'method') return true;
    const value = unwrap(p.value as Node);
    return p.key.name === 'params' && value.type === 'ObjectExpression' && value.properties.length === 0;
  });
}

/** `{ parse: (r) => r as T }` (or `{ return r as T; }`): the type T, as the file spells it. */
function identityCast(schema: Node, text: string): string | undefined {
  const object = unwrap(schema);
  if (object.type !== 'ObjectExpression' || object.properties.length !== 1) return undefined;
  const parse = object.properties[0]!;
  if (parse.type !== 'Property' || parse.key.type !== 'Identifier' || parse.key.name !== 'parse') return undefined;
  const fn = parse.value as Node;
  if ((fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') || fn.params.length !== 1 || fn.params[0]!.type !== 'Identifier') return undefined;
  const param = (fn.params[0] as TSESTree.Identifier).name;
  let body: Node | undefined = fn.body;
  if (body.type === 'BlockStatement') body = body.body.length === 1 && body.body[0]!.type === 'ReturnStatement' ? (body.body[0].argument ?? undefined) : undefined;
  while (body?.type === 'TSAsExpression' && body.expression.type === 'TSAsExpression') body = body.expression;
  if (body?.type !== 'TSAsExpression' && body?.type !== 'TSTypeAssertion') return undefined;
  const inner = unwrap(body.expression);
  if (inner.type !== 'Identifier' || inner.name !== param) return undefined;
  return text.slice(body.typeAnnotation.range[0], body.typeAnnotation.range[1]);
}
