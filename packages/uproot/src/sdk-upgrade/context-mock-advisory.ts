// The official codemod marks an object literal with two or more of v1's handler-context keys (`{ sessionId, signal }`)
// as "a v1 handler-context mock" that a migrated handler would read as `ctx.mcpReq.*`, and says it never rewrites it:
// the key names alone cannot tell a mock of the SDK's context from the package's own record. In TypeScript they can
// be told apart where the literal initializes a variable declared with the package's own interface (imported from a
// relative module or declared in the file, extending nothing): whatever reads that value reads the package's type,
// which has no `mcpReq`, so a handler reading v2's context from it would not type-check. There the marker says
// nothing a person must do, and uproot removes it; everywhere else (an untyped literal, a call argument, the SDK's
// own context type, JavaScript) it stays.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';

const MARKER = /^[ \t]*\/\* @mcp-codemod-error This object looks like a v1 handler-context mock [^\n]*?\*\/[ \t]*\r?\n/;

/** What uproot says where it removed the codemod's advisory. */
export const OWN_CONTEXT = "the codemod took this object for a mock of v1's handler context from its keys; it initializes a variable declared with the package's own interface, which has no mcpReq, so no v2 handler reads the SDK's context from it, and uproot removed the codemod's marker";

export interface MockAdvisoryRepair {
  text: string;
  /** 1-based lines of the literals, in the repaired text. */
  lines: number[];
}

/** The file's text without the advisories uproot can discharge; undefined when none. */
export function dischargeContextMockAdvisories(text: string, file: string): MockAdvisoryRepair | undefined {
  if (!/\.[cm]?tsx?$/.test(file) || !text.includes('looks like a v1 handler-context mock')) return undefined;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const removals: Array<{ start: number; end: number; at: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableStatement(node)) {
      const marker = markerBefore(text, node);
      const [decl, ...more] = node.declarationList.declarations;
      if (marker && decl && !more.length && decl.initializer && ts.isObjectLiteralExpression(decl.initializer) && decl.type && ts.isTypeReferenceNode(decl.type) && ts.isIdentifier(decl.type.typeName) && !decl.type.typeArguments && ownInterface(decl.type.typeName.text, source, file)) {
        removals.push({ ...marker, at: decl.initializer.getStart(source) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!removals.length) return undefined;
  let out = text;
  for (const r of [...removals].sort((a, b) => b.start - a.start)) out = out.slice(0, r.start) + out.slice(r.end);
  const lines = removals.map((r) => {
    const removedBefore = removals.filter((o) => o.start < r.at).reduce((n, o) => n + text.slice(o.start, o.end).split('\n').length - 1, 0);
    return source.getLineAndCharacterOfPosition(r.at).line + 1 - removedBefore;
  });
  return { text: out, lines };
}

/** The codemod's marker on the line(s) just before the statement, as the range to remove. */
function markerBefore(text: string, statement: ts.Node): { start: number; end: number } | undefined {
  const start = statement.getStart();
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(lineStart, start).trim() !== '') return undefined;
  const before = text.lastIndexOf('\n', lineStart - 2) + 1;
  const match = MARKER.exec(text.slice(before, lineStart));
  return match && match[0].length === lineStart - before ? { start: before, end: lineStart } : undefined;
}

/** Whether `name` is an interface the package declares itself, extending nothing and with no `mcpReq`. */
function ownInterface(name: string, source: ts.SourceFile, file: string, depth = 0): boolean {
  if (depth > 4) return false;
  const local = declaredInterface(name, source);
  if (local !== undefined) return local;
  // Imported, or re-exported (`export type { X } from './types.js'`, a barrel's `export *`): followed to a relative module.
  for (const statement of source.statements) {
    const from = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    if (from === undefined) continue;
    let imported: string | undefined;
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      const element = bindings && ts.isNamedImports(bindings) ? bindings.elements.find((e) => e.name.text === name) : undefined;
      imported = element ? (element.propertyName ?? element.name).text : undefined;
    } else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) imported = name;
      else if (ts.isNamedExports(clause)) {
        const element = clause.elements.find((e) => e.name.text === name);
        imported = element ? (element.propertyName ?? element.name).text : undefined;
      }
    }
    if (!imported) continue;
    if (!from.startsWith('.')) return false; // another package's type: not the package's own
    const target = moduleFile(path.resolve(path.dirname(file), from));
    if (!target) return false;
    const found = ownInterface(imported, ts.createSourceFile(target, readFileSync(target, 'utf8'), ts.ScriptTarget.Latest, true), target, depth + 1);
    if (found || ts.isImportDeclaration(statement) || (statement as ts.ExportDeclaration).exportClause) return found;
  }
  return false;
}

/** true: an interface without heritage or `mcpReq`; false: declared otherwise; undefined: not declared here. */
function declaredInterface(name: string, source: ts.SourceFile): boolean | undefined {
  let found: boolean | undefined;
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === name) {
      if (found === false) return false;
      found = !statement.heritageClauses?.length && !statement.members.some((m) => m.name && ts.isIdentifier(m.name) && m.name.text === 'mcpReq');
    } else if ((ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name) return false;
  }
  return found;
}

/** The source file a relative specifier names (`./types.js` → `./types.ts`). */
function moduleFile(resolved: string): string | undefined {
  const stem = resolved.replace(/\.[cm]?js$/, '');
  for (const candidate of [resolved, `${stem}.ts`, `${stem}.mts`, `${stem}.cts`, `${stem}.tsx`, `${stem}.d.ts`, path.join(resolved, 'index.ts')]) if (existsSync(candidate) && /\.[cm]?tsx?$/.test(candidate)) return candidate;
  return undefined;
}
