// A low-level tools/call handler often returns what a dispatch map's tool function gave, cast to a loose type of the
// project's own (`return result as { content: Array<{ type: string; text?: string }> }`). v2 types the result as
// CallToolResult, and unlike v1 before 1.24.1 it validates it at run time (-32602 for a block it rejects). So the cast
// is retargeted to `CallToolResult` only where uproot follows every value it can hold (dispatch maps, spreads of other
// modules' maps, helpers, `await`, conditionals) to object literals whose blocks are members v2 accepts, their fields
// typed string by the checker: then v2 sends what v1 sent. Anything uproot cannot follow is named, with its place.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import type { ResultTypeFinding, ResultTypeRepair } from './v2-result-types.ts';
import { withBundledLibs } from '../types/libs.ts';

const SERVER = '@modelcontextprotocol/server';

/** The string fields each content block type needs (2025-06-18 and 2026-07-28); optional ones are refused. */
const BLOCK_FIELDS: Record<string, string[]> = { text: ['text'], image: ['data', 'mimeType'], audio: ['data', 'mimeType'] };

type Fn = ts.FunctionLikeDeclaration;

/** The program over the package's script files, with the project's compiler options (its @types included). */
export function resultProgram(dir: string, files: string[]): ts.Program {
  const tsconfig = path.join(dir, 'tsconfig.json');
  let options: ts.CompilerOptions = {};
  try {
    options = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })?.options ?? {};
  } catch {
    options = {};
  }
  options = { ...options, noEmit: true, skipLibCheck: true };
  // ts-morph's TypeScript has no lib files of its own on disk: without them `Buffer#toString` is not a string.
  return ts.createProgram({ rootNames: files.filter((f) => /\.[cm]?tsx?$/.test(f) && !/\.d\.[cm]?ts$/.test(f)), options, host: withBundledLibs(ts.createCompilerHost(options), options) });
}

const unwrap = (e: ts.Expression): ts.Expression => {
  let n = e;
  while (ts.isParenthesizedExpression(n) || ts.isAwaitExpression(n) || ts.isNonNullExpression(n)) n = n.expression;
  return n;
};

const where = (node: ts.Node) => {
  const s = node.getSourceFile();
  return `${path.basename(s.fileName)}:${s.getLineAndCharacterOfPosition(node.getStart(s)).line + 1}`;
};

/** Follows tool results back to where they are built; `why` is the first value it could not follow. */
class ResultTrace {
  why: string | undefined;
  private seen = new Set<ts.Node>();
  private checker: ts.TypeChecker;
  private program: ts.Program;
  constructor(program: ts.Program) {
    this.program = program;
    this.checker = program.getTypeChecker();
  }

  private fail(node: ts.Node, what: string): false {
    this.why ??= `${what} at ${where(node)}`;
    return false;
  }

  private declarations(node: ts.Node): ts.Declaration[] {
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.declarations ?? [];
  }

  /** Whether every value `expr` can be is a tools/call result v2 accepts unchanged. */
  result(expr: ts.Expression): boolean {
    const e = unwrap(expr);
    if (ts.isConditionalExpression(e)) return this.result(e.whenTrue) && this.result(e.whenFalse);
    if (ts.isObjectLiteralExpression(e)) return this.literal(e);
    if (ts.isCallExpression(e)) {
      const fns = this.functions(e.expression);
      return !!fns && fns.every((fn) => this.returns(fn));
    }
    if (ts.isIdentifier(e)) {
      const [decl, more] = this.declarations(e);
      if (!more && decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) return this.result(decl.initializer);
    }
    return this.fail(e, 'a value uproot cannot follow');
  }

  /** `{ content: [blocks], isError? }` with nothing else. */
  private literal(object: ts.ObjectLiteralExpression): boolean {
    for (const p of object.properties) {
      const name = p.name && ts.isIdentifier(p.name) ? p.name.text : undefined;
      if (name === 'isError' && ts.isPropertyAssignment(p) && this.typed(p.initializer, ts.TypeFlags.BooleanLike)) continue;
      if (name !== 'content' || !ts.isPropertyAssignment(p) || !ts.isArrayLiteralExpression(p.initializer)) return this.fail(p, 'a result field other than a content array literal and a boolean isError');
      for (const block of p.initializer.elements) if (!this.block(block)) return false;
    }
    return object.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'content') || this.fail(object, 'a result without content');
  }

  private block(node: ts.Expression): boolean {
    if (!ts.isObjectLiteralExpression(node)) return this.fail(node, 'a content block that is not an object literal');
    const fields = new Map<string, ts.Expression>();
    for (const p of node.properties) {
      if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) fields.set(p.name.text, p.initializer);
      else if (ts.isShorthandPropertyAssignment(p)) fields.set(p.name.text, p.name);
      else return this.fail(p, 'a content block field uproot cannot read');
    }
    let type = fields.get('type');
    while (type && (ts.isAsExpression(type) || ts.isSatisfiesExpression(type) || ts.isParenthesizedExpression(type))) type = type.expression;
    const needs = type && ts.isStringLiteralLike(type) ? BLOCK_FIELDS[type.text] : undefined;
    if (!needs) return this.fail(node, 'a content block whose type is not a literal "text", "image" or "audio"');
    for (const [name, value] of fields) {
      if (name === 'type') continue;
      if (!needs.includes(name)) return this.fail(value, `a "${name}" field on a ${(type as ts.StringLiteral).text} block`);
      if (!this.typed(value, ts.TypeFlags.StringLike)) return this.fail(value, `a ${name} the checker does not type as a string`);
    }
    return needs.every((n) => fields.has(n)) || this.fail(node, `a ${(type as ts.StringLiteral).text} block without ${needs.filter((n) => !fields.has(n)).join(' and ')}`);
  }

  private typed(node: ts.Expression, flags: ts.TypeFlags): boolean {
    const type = this.checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    return parts.every((t) => (t.flags & flags) !== 0);
  }

  /** Every return of a function is an accepted result (a recursive call counts as its own returns). */
  private returns(fn: Fn): boolean {
    if (this.seen.has(fn)) return true;
    this.seen.add(fn);
    if (!fn.body) return this.fail(fn, 'a function without a body');
    if (!ts.isBlock(fn.body)) return this.result(fn.body);
    // A declared return type makes the checker refuse a path that ends without a return; otherwise the body's last
    // statement must leave the function, or it may resolve to undefined, which v2 answers differently.
    const last = fn.body.statements[fn.body.statements.length - 1];
    if (!fn.type && !(last && (ts.isReturnStatement(last) || ts.isThrowStatement(last)))) return this.fail(fn, 'a function that may end without returning a result');
    let ok = true;
    const visit = (node: ts.Node) => {
      if (!ok || ts.isFunctionLike(node) || ts.isClassLike(node)) return;
      if (ts.isReturnStatement(node)) ok = node.expression ? this.result(node.expression) : this.fail(node, 'a return without a value');
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(fn.body, visit);
    return ok;
  }

  /** The functions a callee can be: a declaration, a const holding one, or any function of a dispatch map read by key. */
  private functions(callee: ts.Expression): Fn[] | undefined {
    const e = unwrap(callee);
    if (ts.isFunctionExpression(e) || ts.isArrowFunction(e)) return [e];
    if (ts.isElementAccessExpression(e)) return this.mapFunctions(e.expression);
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
      const decls = this.declarations(ts.isPropertyAccessExpression(e) ? e.name : e);
      if (decls.length !== 1) return this.fail(e, 'a callee uproot cannot resolve') || undefined;
      const decl = decls[0]!;
      if (ts.isFunctionDeclaration(decl) || ts.isMethodDeclaration(decl)) return [decl];
      if (ts.isPropertyAssignment(decl)) return this.functions(decl.initializer);
      if (ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) return this.functions(decl.initializer);
    }
    return this.fail(e, 'a callee uproot cannot resolve') || undefined;
  }

  /** `{ echo }`: the functions the variable or function named `echo` holds. */
  private shorthand(p: ts.ShorthandPropertyAssignment): Fn[] | undefined {
    const decls = this.checker.getShorthandAssignmentValueSymbol(p)?.declarations ?? [];
    const decl = decls.length === 1 ? decls[0]! : undefined;
    if (decl && ts.isFunctionDeclaration(decl)) return [decl];
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) return this.functions(decl.initializer);
    return this.fail(p, 'a dispatch map entry uproot cannot resolve') || undefined;
  }

  /** Every function value of an object literal held by a const that nothing writes to, spreads followed. */
  private mapFunctions(map: ts.Expression): Fn[] | undefined {
    const e = unwrap(ts.isAsExpression(map) ? map.expression : map);
    let object: ts.Expression | undefined = e;
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
      const decls = this.declarations(ts.isPropertyAccessExpression(e) ? e.name : e);
      const decl = decls.length === 1 ? decls[0] : undefined;
      if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const)) return this.fail(e, 'a dispatch map that is not a const') || undefined;
      const written = this.writes(decl);
      if (written) return this.fail(written, 'a dispatch map written to') || undefined;
      object = decl.initializer;
    }
    while (object && (ts.isAsExpression(object) || ts.isSatisfiesExpression(object) || ts.isParenthesizedExpression(object))) object = object.expression;
    if (!object || !ts.isObjectLiteralExpression(object)) return this.fail(e, 'a dispatch map that is not an object literal') || undefined;
    const out: Fn[] = [];
    for (const p of object.properties) {
      if (ts.isMethodDeclaration(p)) out.push(p);
      else if (ts.isSpreadAssignment(p)) {
        const inner = this.mapFunctions(p.expression);
        if (!inner) return undefined;
        out.push(...inner);
      } else {
        const fns = ts.isPropertyAssignment(p) ? this.functions(p.initializer) : ts.isShorthandPropertyAssignment(p) ? this.shorthand(p) : undefined;
        if (!fns) return this.fail(p, 'a dispatch map entry uproot cannot resolve') || undefined;
        out.push(...fns);
      }
    }
    return out;
  }

  /** A place in the program that writes into the object a const holds (`map[k] = …`, `Object.assign(map, …)`, `delete`). */
  private writes(decl: ts.VariableDeclaration): ts.Node | undefined {
    const symbol = this.checker.getSymbolAtLocation(decl.name);
    let found: ts.Node | undefined;
    for (const source of this.program.getSourceFiles()) {
      if (source.isDeclarationFile || found) continue;
      const visit = (node: ts.Node) => {
        if (found) return;
        if (ts.isIdentifier(node) && node !== decl.name) {
          let s = this.checker.getSymbolAtLocation(node);
          if (s && s.flags & ts.SymbolFlags.Alias) s = this.checker.getAliasedSymbol(s);
          if (s === symbol && !this.readOnly(node)) found = node;
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    return found;
  }

  /** A use that only reads entries: a spread, `map[key]`, `map.key` read, an import or export of the name. */
  private readOnly(node: ts.Identifier): boolean {
    let use: ts.Node = node;
    if (ts.isPropertyAccessExpression(use.parent) && use.parent.name === use) use = use.parent;
    const parent = use.parent;
    if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isSpreadAssignment(parent)) return true;
    const assignedTo = (target: ts.Node) => {
      const outer = target.parent;
      return (ts.isBinaryExpression(outer) && outer.left === target && outer.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && outer.operatorToken.kind <= ts.SyntaxKind.LastAssignment) || ts.isDeleteExpression(outer);
    };
    // `map.key` read (calling an entry included), never written.
    if (ts.isPropertyAccessExpression(parent) && parent.expression === use) return !assignedTo(parent);
    if (ts.isElementAccessExpression(parent) && parent.expression === use) return !assignedTo(parent);
    return false;
  }
}

/** `setRequestHandler('tools/call', fn)`: each return of `fn` cast to a type other than CallToolResult. */
function resultCasts(source: ts.SourceFile): ts.AsExpression[] {
  const out: ts.AsExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'setRequestHandler') {
      const [method, handler] = node.arguments;
      if (method && ts.isStringLiteralLike(method) && method.text === 'tools/call' && handler && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) {
        const collect = (e: ts.Expression) => {
          const n = ts.isParenthesizedExpression(e) ? e.expression : e;
          // A cast to a promise type casts a pending result: retargeting it to CallToolResult would not compile.
          if (!ts.isAsExpression(n)) return;
          const named = ts.isTypeReferenceNode(n.type) && ts.isIdentifier(n.type.typeName) ? n.type.typeName.text : undefined;
          if (named !== 'CallToolResult' && named !== 'Promise') out.push(n);
        };
        if (!ts.isBlock(handler.body)) collect(handler.body);
        else {
          const inner = (n: ts.Node) => {
            if (ts.isFunctionLike(n)) return;
            if (ts.isReturnStatement(n) && n.expression) collect(n.expression);
            ts.forEachChild(n, inner);
          };
          ts.forEachChild(handler.body, inner);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The edit that binds `CallToolResult` from v2 in a file: none when bound, undefined when the name is taken. */
function callToolResultImport(source: ts.SourceFile): { at: number; text: string } | null | undefined {
  let server: ts.NamedImports | undefined;
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const bindings = s.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const bound = bindings.elements.find((e) => e.name.text === 'CallToolResult');
    if (bound) return s.moduleSpecifier.text === SERVER && (bound.propertyName ?? bound.name).text === 'CallToolResult' ? null : undefined;
    if (s.moduleSpecifier.text === SERVER && !s.importClause?.isTypeOnly) server ??= bindings;
  }
  if (/\bCallToolResult\b/.test(source.text)) return undefined;
  const last = server?.elements[server.elements.length - 1];
  if (last) return { at: last.getEnd(), text: ', type CallToolResult' };
  const first = source.statements.find(ts.isImportDeclaration);
  const at = first ? first.getStart(source) : 0;
  return { at, text: `import type { CallToolResult } from '${SERVER}';\n` };
}

/** Retarget each proven tools/call result cast to CallToolResult; name each one uproot cannot prove. */
export function repairToolResultCasts(program: ts.Program, files: string[], read: (file: string) => string = (f) => readFileSync(f, 'utf8')): ResultTypeRepair {
  const texts = new Map<string, string>();
  const findings: ResultTypeFinding[] = [];
  for (const file of files) {
    if (!/['"]tools\/call['"]/.test(read(file))) continue;
    const source = program.getSourceFile(path.resolve(file));
    if (!source) continue;
    const edits: Array<{ at: number; end: number; text: string }> = [];
    const notes: Array<{ pos: number; level: 'info' | 'warning'; message: string }> = [];
    for (const cast of resultCasts(source)) {
      const trace = new ResultTrace(program);
      const v2 = "v2 types a tools/call result as CallToolResult and validates it at run time (-32602 for a block it rejects; v1 before 1.24.1 sent it)";
      const written = cast.type.getText(source);
      const binding = callToolResultImport(source);
      if (!trace.result(cast.expression) || binding === undefined) {
        const why = trace.why ? `it cannot follow ${trace.why}` : 'the name CallToolResult is taken in this file';
        notes.push({ pos: cast.getStart(source), level: 'warning', message: `this tools/call result is cast to \`${written}\`, and ${v2}; uproot cannot prove every value it holds is one v2 accepts, because ${why}: check those values, then cast to CallToolResult` });
        continue;
      }
      if (binding && !edits.some((e) => e.text === binding.text)) edits.push({ ...binding, end: binding.at });
      edits.push({ at: cast.type.getStart(source), end: cast.type.getEnd(), text: 'CallToolResult' });
      notes.push({ pos: cast.getStart(source), level: 'info', message: `this tools/call result was cast to \`${written}\`, and ${v2}: every value it holds is a result object literal whose content blocks v2 accepts (their fields typed string), so uproot cast it to CallToolResult (type-only; what the client gets is unchanged)` });
    }
    let out = read(file);
    for (const e of [...edits].sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.end);
    if (edits.length) texts.set(file, out);
    const added = (pos: number) => edits.filter((e) => e.text.endsWith('\n') && e.at <= pos).length;
    for (const n of notes) findings.push({ file, line: source.getLineAndCharacterOfPosition(n.pos).line + 1 + added(n.pos), level: n.level, message: n.message });
  }
  return { texts, findings };
}
