// v2 types a tools/list tool's `inputSchema` as `{ type: 'object'; … }`; v1 let a server send any object. Servers
// that list zod-to-json-schema output often cast it to a loose type of their own (`zodToJsonSchema(S) as ToolInput`
// with `type ToolInput = Record<string, unknown>`), which v2's `setRequestHandler('tools/list', …)` rejects. The value
// is the same on both SDKs, and zod-to-json-schema (one argument, zod 3) writes `{ type: 'object', … }` for every
// z.object(): so where every use of that loose type is such a cast, uproot gives it v2's own type
// (`Tool['inputSchema']`). Type-only: the emitted JavaScript and the wire are unchanged. Anything else is named.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import type { ResultTypeFinding, ResultTypeRepair } from './v2-result-types.ts';

const SERVER = '@modelcontextprotocol/server';
const V2_TYPE = "Tool['inputSchema']";

/** zod 3 methods that return a ZodObject again, so zod-to-json-schema still writes `type: 'object'`. */
const OBJECT_METHODS = new Set(['strict', 'strip', 'passthrough', 'describe', 'extend', 'merge', 'pick', 'omit', 'partial', 'deepPartial', 'required', 'catchall']);

/** What the loose type may be: a record of unknowns, which `Tool['inputSchema']` narrows without hiding a member. */
function looseRecord(node: ts.TypeNode): boolean {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'Record' && node.typeArguments?.length === 2) {
    const [key, value] = node.typeArguments;
    return key!.kind === ts.SyntaxKind.StringKeyword && value!.kind === ts.SyntaxKind.UnknownKeyword;
  }
  if (ts.isTypeLiteralNode(node) && node.members.length === 1) {
    const index = node.members[0]!;
    return ts.isIndexSignatureDeclaration(index) && index.parameters[0]?.type?.kind === ts.SyntaxKind.StringKeyword && index.type.kind === ts.SyntaxKind.UnknownKeyword;
  }
  return false;
}

interface Imported {
  from: string;
  name: string;
}

/** Each local name bound by an import of `module`, with the name it has there (`default`, `*` for a namespace). */
function importsOf(source: ts.SourceFile): Map<string, Imported> {
  const out = new Map<string, Imported>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (clause?.name) out.set(clause.name.text, { from, name: 'default' });
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) out.set(bindings.name.text, { from, name: '*' });
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) out.set(e.name.text, { from, name: (e.propertyName ?? e.name).text });
  }
  return out;
}

/** The one top-level `const name = …` of a file. */
function constNamed(source: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  const found = source.statements.filter(ts.isVariableStatement).filter((s) => s.declarationList.flags & ts.NodeFlags.Const).flatMap((s) => s.declarationList.declarations.filter((d) => ts.isIdentifier(d.name) && d.name.text === name));
  return found.length === 1 ? found[0] : undefined;
}

/** A relative import's TypeScript source (`./schemas.js` is `./schemas.ts` once compiled). */
function resolveRelative(fromFile: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const stem = path.resolve(path.dirname(fromFile), specifier).replace(/\.[cm]?jsx?$/, '');
  return ['.ts', '.tsx', '.mts', '.cts', '/index.ts'].map((e) => stem + e).find(exists);
}

class Sources {
  private cache = new Map<string, ts.SourceFile>();
  readonly read: (file: string) => string;
  readonly exists: (file: string) => boolean;
  constructor(read: (file: string) => string, exists: (file: string) => boolean) {
    this.read = read;
    this.exists = exists;
  }
  get(file: string): ts.SourceFile {
    if (!this.cache.has(file)) this.cache.set(file, ts.createSourceFile(file, this.read(file), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
    return this.cache.get(file)!;
  }
}

/** The zod module (`zod`, `zod/v3`) whose `z.object({…})` `node` is, through ZodObject methods and consts here or imported. */
function zodObjectFrom(node: ts.Expression, source: ts.SourceFile, sources: Sources, depth = 0): string | undefined {
  let n = node;
  while (ts.isParenthesizedExpression(n)) n = n.expression;
  if (depth > 4) return undefined;
  if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
    const { name, expression } = n.expression;
    if (name.text === 'object' && ts.isIdentifier(expression)) {
      const zod = importsOf(source).get(expression.text);
      return zod && (zod.from === 'zod' || zod.from === 'zod/v3') && (zod.name === 'z' || zod.name === '*' || zod.name === 'default') ? zod.from : undefined;
    }
    return OBJECT_METHODS.has(name.text) ? zodObjectFrom(expression, source, sources, depth + 1) : undefined;
  }
  if (!ts.isIdentifier(n)) return undefined;
  const local = constNamed(source, n.text);
  if (local?.initializer) return zodObjectFrom(local.initializer, source, sources, depth + 1);
  const imported = importsOf(source).get(n.text);
  const file = imported && imported.name !== 'default' && imported.name !== '*' ? resolveRelative(source.fileName, imported.from, sources.exists) : undefined;
  if (!file) return undefined;
  const target = sources.get(file);
  const declaration = constNamed(target, imported!.name);
  return declaration?.initializer ? zodObjectFrom(declaration.initializer, target, sources, depth + 1) : undefined;
}

/** The zod module of the one z.object() schema zod-to-json-schema's converter is called with, else undefined. */
function objectSchemaCall(call: ts.CallExpression, source: ts.SourceFile, sources: Sources): string | undefined {
  const imports = importsOf(source);
  const callee = call.expression;
  let converter = false;
  if (ts.isIdentifier(callee)) {
    const bound = imports.get(callee.text);
    converter = bound?.from === 'zod-to-json-schema' && (bound.name === 'zodToJsonSchema' || bound.name === 'default');
  } else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    const bound = imports.get(callee.expression.text);
    converter = bound?.from === 'zod-to-json-schema' && bound.name === '*' && (callee.name.text === 'zodToJsonSchema' || callee.name.text === 'default');
  }
  // A second argument can name the schema, which moves it under `definitions` behind a `$ref`.
  return converter && call.arguments.length === 1 ? zodObjectFrom(call.arguments[0]!, source, sources) : undefined;
}

interface Edit {
  at: number;
  end: number;
  text: string;
}

/** How to bind `Tool` in a file: already imported from v2, an edit that adds it, or undefined when the name is taken. */
function toolImport(source: ts.SourceFile): Edit | null | undefined {
  const bound = importsOf(source).get('Tool');
  if (bound) return bound.from === SERVER && bound.name === 'Tool' ? null : undefined;
  if (source.text.match(/\bTool\b/)) return undefined;
  const first = source.statements.find(ts.isImportDeclaration);
  const quote = first && source.text[first.moduleSpecifier.getStart(source)] === '"' ? '"' : "'";
  const at = first ? first.getStart(source) : 0;
  return { at, end: at, text: `import type { Tool } from ${quote}${SERVER}${quote};\n` };
}

const isTypeScript = (file: string) => /\.[cm]?tsx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file);

/**
 * In a package whose tools/list handler is v2 (`zodMajor` is the installed zod's major version), give each loose type
 * that only ever holds zod-to-json-schema's object schemas v2's `Tool['inputSchema']`; name any use that keeps it loose.
 */
export function repairToolInputSchemas(files: string[], zodMajor: number | undefined, read: (file: string) => string = (f) => readFileSync(f, 'utf8'), exists: (file: string) => boolean = existsSync): ResultTypeRepair {
  const sources = new Sources(read, exists);
  const typed = files.filter(isTypeScript);
  const findings: Array<{ file: string; pos: number; level: 'info' | 'warning'; message: string }> = [];
  const edits = new Map<string, Edit[]>();
  if (!typed.some((f) => /['"]tools\/list['"]/.test(read(f)))) return { texts: new Map(), findings: [] };
  // Loose types that an `as` gives a zod-to-json-schema call, by their declaration, with every reference to them.
  const aliases = new Map<ts.TypeAliasDeclaration, { casts: ts.AsExpression[]; others: ts.Node[] }>();
  const aliasOf = (ref: ts.TypeReferenceNode): ts.TypeAliasDeclaration | undefined => {
    if (!ts.isIdentifier(ref.typeName) || ref.typeArguments) return undefined;
    const source = ref.getSourceFile();
    const name = ref.typeName.text;
    const local = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === name);
    if (local) return local;
    const imported = importsOf(source).get(name);
    const file = imported && imported.name !== '*' && imported.name !== 'default' ? resolveRelative(source.fileName, imported.from, exists) : undefined;
    return file ? sources.get(file).statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === imported!.name && !!s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) : undefined;
  };
  const inline: ts.AsExpression[] = [];
  for (const file of typed) {
    const source = sources.get(file);
    const visit = (node: ts.Node) => {
      // Written in place, `zodToJsonSchema(S) as Record<string, unknown>`: this one cast is all there is to prove.
      if (ts.isAsExpression(node) && looseRecord(node.type) && ts.isCallExpression(node.expression)) inline.push(node);
      if (ts.isTypeReferenceNode(node)) {
        const alias = aliasOf(node);
        if (alias && looseRecord(alias.type)) {
          const entry = aliases.get(alias) ?? { casts: [], others: [] };
          const cast = node.parent;
          if (ts.isAsExpression(cast) && cast.type === node) entry.casts.push(cast);
          else entry.others.push(node);
          aliases.set(alias, entry);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const at = (node: ts.Node) => {
    const s = node.getSourceFile();
    return `${path.basename(s.fileName)}:${s.getLineAndCharacterOfPosition(node.getStart(s)).line + 1}`;
  };
  for (const [alias, { casts, others }] of aliases) {
    const modules = new Map(casts.map((c) => [c, ts.isCallExpression(c.expression) ? objectSchemaCall(c.expression, c.getSourceFile(), sources) : undefined]));
    const converted = casts.filter((c) => modules.get(c));
    if (!converted.length) continue;
    const file = alias.getSourceFile().fileName;
    const pos = alias.getStart(alias.getSourceFile());
    const what = `\`${alias.name.text}\` holds zod-to-json-schema's output (${at(converted[0]!)}), which v2's tools/list result types as ${V2_TYPE} (\`type: 'object'\` required)`;
    const loose = [...casts.filter((c) => !converted.includes(c)), ...others];
    // `zod/v3` is zod 3's API whatever zod is installed; plain `zod` is zod 3 only where zod 3 is installed.
    const zod3 = converted.every((c) => modules.get(c) === 'zod/v3' || zodMajor === 3);
    const binding = toolImport(alias.getSourceFile());
    if (loose.length || !zod3 || binding === undefined) {
      const why = loose.length
        ? `it also types ${at(loose[0]!)}, which is not zodToJsonSchema() of one z.object() schema`
        : !zod3
          ? `the installed zod is ${zodMajor ? `${zodMajor}.x` : 'not found'}, and zod-to-json-schema writes \`type: 'object'\` only for zod 3 schemas`
          : 'the name Tool is taken in that file';
      findings.push({ file, pos, level: 'warning', message: `${what}; uproot cannot prove every value it holds is an object schema, because ${why}: give it the type ${V2_TYPE} if the type check fails after the install` });
      continue;
    }
    const list = edits.get(file) ?? [];
    if (binding) list.push(binding);
    list.push({ at: alias.type.getStart(alias.getSourceFile()), end: alias.type.getEnd(), text: V2_TYPE });
    edits.set(file, list);
    findings.push({ file, pos, level: 'info', message: `${what}: every use of it (${converted.length}) casts zodToJsonSchema() of one zod 3 z.object() schema, which zod-to-json-schema always writes as \`{ type: 'object', … }\`, so uproot declared it \`${V2_TYPE}\` (type-only; the value and the emitted JavaScript are unchanged)` });
  }
  for (const cast of inline) {
    const source = cast.getSourceFile();
    const module = objectSchemaCall(cast.expression as ts.CallExpression, source, sources);
    if (!module) continue;
    const file = source.fileName;
    const pos = cast.getStart(source);
    const what = `zod-to-json-schema's output is cast to \`${cast.type.getText(source)}\` here, which v2's tools/list result types as ${V2_TYPE} (\`type: 'object'\` required)`;
    const binding = edits.get(file)?.some((e) => e.text.includes('{ Tool }')) ? null : toolImport(source);
    if ((module !== 'zod/v3' && zodMajor !== 3) || binding === undefined) {
      const why = binding === undefined ? 'the name Tool is taken in this file' : `the installed zod is ${zodMajor ? `${zodMajor}.x` : 'not found'}, and zod-to-json-schema writes \`type: 'object'\` only for zod 3 schemas`;
      findings.push({ file, pos, level: 'warning', message: `${what}; uproot cannot prove the value is an object schema, because ${why}: cast it to ${V2_TYPE} if the type check fails after the install` });
      continue;
    }
    const list = edits.get(file) ?? [];
    if (binding) list.push(binding);
    list.push({ at: cast.type.getStart(source), end: cast.type.getEnd(), text: V2_TYPE });
    edits.set(file, list);
    findings.push({ file, pos, level: 'info', message: `${what}: it is zodToJsonSchema() of one zod 3 z.object() schema, which zod-to-json-schema always writes as \`{ type: 'object', … }\`, so uproot cast it to \`${V2_TYPE}\` (type-only; the value and the emitted JavaScript are unchanged)` });
  }
  const texts = new Map<string, string>();
  for (const [file, list] of edits) {
    let out = read(file);
    for (const e of [...list].sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.end);
    texts.set(file, out);
  }
  const lineIn = (file: string, pos: number) => {
    const added = (edits.get(file) ?? []).filter((e) => e.text.endsWith('\n') && e.at <= pos).length;
    return sources.get(file).getLineAndCharacterOfPosition(pos).line + 1 + added;
  };
  return { texts, findings: findings.map((f): ResultTypeFinding => ({ file: f.file, line: lineIn(f.file, f.pos), level: f.level, message: f.message })) };
}
