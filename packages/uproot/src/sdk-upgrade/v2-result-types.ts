// After the official codemod a schema-keyed v1 handler is `setRequestHandler('tools/list', …)`, and v2 checks
// what it returns against that method's result type. A value declared without a type (`const TOOLS = [...]`)
// was widened (`type: 'object'` became `string`), which v1's loose `ServerResult` accepted and v2 rejects.
// A type annotation (`const TOOLS: ListToolsResult['tools'] = [...]`) changes neither the value nor the emitted
// JavaScript, so uproot adds it where the declaration is a plain literal v2 would reject widened and the handler
// results are its only uses; elsewhere it names the declaration. (`satisfies` is not enough: an array of
// differently shaped literals is still inferred with `?: undefined` members, which v2's JSON values reject.)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { type V2Result, V2_RESULTS } from './v2-result-methods.ts';

export interface ResultTypeFinding {
  /** Absolute path. */
  file: string;
  /** 1-based, in the text as repaired. */
  line: number;
  level: 'info' | 'warning';
  message: string;
}

export interface ResultTypeRepair {
  /** The new text of each file uproot changed. */
  texts: Map<string, string>;
  findings: ResultTypeFinding[];
}

const SERVER = '@modelcontextprotocol/server';

interface Use {
  /** The name in the handler's file. */
  name: string;
  method: string;
  known: V2Result;
  /** The v2 type the value must satisfy, e.g. `ListToolsResult['tools']`. */
  type: string;
  /** The reference in the handler's result. */
  node: ts.Identifier;
}

interface Edit {
  at: number;
  insert: string;
}

/** Handlers registered with a method string whose result type v2 knows, and the declared values their results are built from. */
function resultUses(source: ts.SourceFile): Use[] {
  const uses: Use[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'setRequestHandler') {
      const [method, handler] = node.arguments;
      const known = method && ts.isStringLiteralLike(method) ? V2_RESULTS[method.text] : undefined;
      if (known && handler && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) {
        const name = (method as ts.StringLiteral).text;
        for (const result of resultExpressions(handler)) {
          if (ts.isIdentifier(result)) uses.push({ name: result.text, method: name, known, type: known.type, node: result });
          if (!ts.isObjectLiteralExpression(result)) continue;
          for (const prop of result.properties) {
            const key = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
            if (!key || !known.keys.includes(key)) continue;
            const value = ts.isShorthandPropertyAssignment(prop) ? prop.name : ts.isPropertyAssignment(prop) ? unwrap(prop.initializer) : undefined;
            if (value && ts.isIdentifier(value)) uses.push({ name: value.text, method: name, known, type: `${known.type}['${key}']`, node: value });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAwaitExpression(current)) current = current.expression;
  return current;
}

/** What a handler returns: its expression body, or each `return` outside nested functions, both arms of a `?:`. */
function resultExpressions(handler: ts.ArrowFunction | ts.FunctionExpression): ts.Expression[] {
  const out: ts.Expression[] = [];
  const add = (expression: ts.Expression) => {
    const e = unwrap(expression);
    if (ts.isConditionalExpression(e)) [e.whenTrue, e.whenFalse].forEach(add);
    else out.push(e);
  };
  if (!ts.isBlock(handler.body)) {
    add(handler.body);
    return out;
  }
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) add(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(handler.body, visit);
  return out;
}

/** Literals only (nested objects and arrays, strings, numbers, booleans, null): nothing an annotation could make mean something else. */
function plainLiteral(node: ts.Expression): boolean {
  const n = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (plainString(n) || ts.isNumericLiteral(n)) return true;
  if (n.kind === ts.SyntaxKind.TrueKeyword || n.kind === ts.SyntaxKind.FalseKeyword || n.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isPrefixUnaryExpression(n) && n.operator === ts.SyntaxKind.MinusToken) return ts.isNumericLiteral(n.operand);
  if (ts.isArrayLiteralExpression(n)) return n.elements.every((e) => !ts.isSpreadElement(e) && !ts.isOmittedExpression(e) && plainLiteral(e));
  if (ts.isObjectLiteralExpression(n)) {
    return n.properties.every((p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name)) && plainLiteral(p.initializer));
  }
  return false;
}

/** A string literal, or literals joined with `+` (long descriptions are often split this way). */
function plainString(node: ts.Expression): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  return ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && plainString(node.left) && plainString(node.right);
}

/** Whether the literal has a string under a property v2 types as a literal: only then does widening make v2 reject it. */
function widens(node: ts.Node, literals: string[]): boolean {
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && literals.includes(node.name.text)) {
    const value = node.initializer;
    if (ts.isStringLiteralLike(value) || (ts.isArrayLiteralExpression(value) && value.elements.some(ts.isStringLiteralLike))) return true;
  }
  return ts.forEachChild(node, (child) => widens(child, literals) || undefined) ?? false;
}

function declarationsNamed(source: ts.SourceFile, name: string): ts.VariableDeclaration[] {
  const out: ts.VariableDeclaration[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every expression reference to `name` in the file (not property names, not the declarations themselves). */
function referencesTo(source: ts.SourceFile, name: string): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === name) {
      const parent = node.parent;
      const isName = (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node) || (ts.isVariableDeclaration(parent) && parent.name === node);
      if (!isName) out.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const exported = (declaration: ts.VariableDeclaration) => {
  const statement = declaration.parent.parent;
  return ts.isVariableStatement(statement) && !!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
};

/** The module a name is imported from, and its exported name there. */
function importOf(source: ts.SourceFile, name: string): { from: string; exported: string } | undefined {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    const from = statement.moduleSpecifier.text;
    if (clause?.name?.text === name) return { from, exported: 'default' };
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === name) return { from, exported: '*' };
    const element = bindings && ts.isNamedImports(bindings) ? bindings.elements.find((e) => e.name.text === name) : undefined;
    if (element) return { from, exported: (element.propertyName ?? element.name).text };
  }
  return undefined;
}

/** A relative import's TypeScript source: `./tools.js` is `./tools.ts` once compiled. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.[cm]?jsx?$/, '');
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.cts'].map((e) => stem + e), ...['.ts', '.tsx'].map((e) => path.join(base, `index${e}`))];
  return candidates.find((c) => /\.[cm]?tsx?$/.test(c) && !/\.d\.[cm]?ts$/.test(c) && existsSync(c));
}

/** Whether any identifier in the file (a local type, a variable, another import) already has this name. */
function identifierIn(node: ts.Node, name: string): boolean {
  if (ts.isIdentifier(node) && node.text === name) return true;
  return ts.forEachChild(node, (child) => identifierIn(child, name) || undefined) ?? false;
}

/** How to bind a v2 result type in a file: already there, an edit that adds it, or undefined when the name is taken. */
function resultTypeImport(source: ts.SourceFile, type: string): { edit?: Edit } | undefined {
  let server: ts.ImportDeclaration | undefined;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (statement.moduleSpecifier.text === SERVER && bindings && ts.isNamedImports(bindings)) {
      if (bindings.elements.some((e) => e.name.text === type && (e.propertyName ?? e.name).text === type)) return {};
      server ??= statement;
    }
  }
  if (identifierIn(source, type)) return undefined;
  const bindings = server?.importClause?.namedBindings as ts.NamedImports | undefined;
  const last = bindings?.elements[bindings.elements.length - 1];
  if (last) return { edit: { at: last.getEnd(), insert: `, ${server!.importClause!.isTypeOnly ? '' : 'type '}${type}` } };
  const first = source.statements.find(ts.isImportDeclaration);
  const quote = first && source.text[first.moduleSpecifier.getStart(source)] === '"' ? '"' : "'";
  return { edit: { at: first ? first.getStart(source) : 0, insert: `import type { ${type} } from ${quote}${SERVER}${quote};\n` } };
}

const isTypeScript = (file: string) => /\.[cm]?tsx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file);

/**
 * Repair the upgraded files: each plain-literal `const` of the handler's file that feeds only handler results and
 * would be widened gets the v2 result type as its annotation; a declaration uproot cannot prove that for (another
 * module's export, a computed value, a const with other uses) is named in a warning. `read` gives a file's text.
 */
export function repairResultTypes(files: string[], read: (file: string) => string = (f) => readFileSync(f, 'utf8')): ResultTypeRepair {
  const sources = new Map<string, ts.SourceFile>();
  const sourceOf = (file: string) => {
    if (!sources.has(file)) sources.set(file, ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
    return sources.get(file)!;
  };
  const edits = new Map<string, Edit[]>();
  const addEdit = (file: string, edit: Edit) => edits.set(file, [...(edits.get(file) ?? []), edit]);
  const findings: Array<{ file: string; pos: number; level: 'info' | 'warning'; message: string }> = [];
  const imported = new Set<string>();
  const seen = new Set<ts.VariableDeclaration>();
  for (const file of files.filter(isTypeScript)) {
    if (!read(file).includes('setRequestHandler')) continue;
    const source = sourceOf(file);
    const uses = resultUses(source);
    for (const use of uses) {
      const feeds = (where: string) => `\`${use.name}\`${where} feeds the '${use.method}' result, which v2 checks against ${use.type}`;
      const unproven = (why: string) => `${why}, so uproot cannot prove it has that type: give it the type (\`: ${use.type}\`) if the type check fails after the install`;
      let home = file;
      let local = declarationsNamed(source, use.name);
      const from = local.length ? undefined : importOf(source, use.name);
      if (from?.from.startsWith('@modelcontextprotocol/')) continue;
      if (from) {
        const target = resolveRelative(file, from.from);
        if (!target || from.exported === 'default' || from.exported === '*') {
          findings.push({ file, pos: source.text.indexOf(use.name), level: 'warning', message: `${feeds('')}; ${unproven(`it is imported from '${from.from}'`)}` });
          continue;
        }
        home = target;
        local = declarationsNamed(sourceOf(target), from.exported);
      }
      const homeSource = sourceOf(home);
      const declaredIn = home === file ? '' : ` (declared in ${path.relative(path.dirname(file), home)})`;
      if (local.length !== 1) {
        findings.push({ file, pos: use.node.getStart(source), level: 'warning', message: `${feeds(declaredIn)}; ${unproven(local.length ? `${local.length} declarations share its name` : 'its declaration is not a variable uproot can read')}` });
        continue;
      }
      const declaration = local[0]!;
      const init = declaration.initializer;
      // Typed by the user (an annotation, `as`, `satisfies`): left as written.
      if (seen.has(declaration) || declaration.type || !init || ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) continue;
      seen.add(declaration);
      const pos = declaration.getStart(homeSource);
      const list = declaration.parent;
      const isConst = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
      if (!isConst || !plainLiteral(init)) {
        findings.push({ file: home, pos, level: 'warning', message: `${feeds(declaredIn)}; ${unproven('it is not a const of plain literals')}` });
        continue;
      }
      // Nothing v2 types as a literal is in it: it type-checks as declared.
      if (!widens(init, use.known.literals)) continue;
      // The annotation types every use: only where the handler results are all of them is it proven harmless.
      const sameType = uses.filter((u) => u.name === use.name);
      const others = home === file ? referencesTo(source, use.name).filter((r) => !sameType.some((u) => u.node === r)) : [];
      if (home !== file || exported(declaration) || others.length || sameType.some((u) => u.type !== use.type)) {
        const why = home !== file || exported(declaration) ? 'other modules may use it as declared' : others.length ? `it has other uses (line ${others.map((r) => source.getLineAndCharacterOfPosition(r.getStart(source)).line + 1).join(', ')})` : 'it feeds results of different types';
        findings.push({ file: home, pos, level: 'warning', message: `${feeds(declaredIn)}, and v2 rejects it as declared (its literal-typed fields are widened to string); ${unproven(why)}` });
        continue;
      }
      const binding = imported.has(use.known.type + '\0' + home) ? {} : resultTypeImport(homeSource, use.known.type);
      if (!binding) {
        findings.push({ file: home, pos, level: 'warning', message: `${feeds(declaredIn)}, and v2 rejects it as declared; the name ${use.known.type} is taken in this file, so uproot left it: type it as ${use.type}` });
        continue;
      }
      if (binding.edit) addEdit(home, binding.edit);
      imported.add(use.known.type + '\0' + home);
      addEdit(home, { at: declaration.name.getEnd(), insert: `: ${use.type}` });
      findings.push({ file: home, pos, level: 'info', message: `${feeds(declaredIn)}, which rejects its literal-typed fields widened to string: uproot declared it \`: ${use.type}\` (the handler results are its only uses; the value and the emitted JavaScript are unchanged)` });
    }
  }
  const texts = new Map<string, string>();
  for (const [file, list] of edits) {
    let out = read(file);
    for (const edit of [...list].sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.insert + out.slice(edit.at);
    texts.set(file, out);
  }
  const lineIn = (file: string, pos: number) => {
    const source = sourceOf(file);
    // An added import line shifts what follows it by one; names merged into an existing import shift nothing.
    const added = (edits.get(file) ?? []).filter((e) => e.insert.endsWith('\n') && e.at <= pos).length;
    return source.getLineAndCharacterOfPosition(Math.max(pos, 0)).line + 1 + added;
  };
  return { texts, findings: findings.map((f) => ({ file: f.file, line: lineIn(f.file, f.pos), level: f.level, message: f.message })) };
}
