// The official codemod renames v1's `server.resource(name, uri, [metadata,] read)` to v2's `registerResource(name,
// uri, metadata, read)` only when the name is a string literal; otherwise it leaves "Could not automatically migrate
// .resource() call" (linear-mcp-server: `server.resource(meta.name, meta.uri, {...}, read)`). The literal is not what
// makes the rename right: v1 has no other 3- or 4-argument `resource`, so uproot applies the codemod's own rename when
// the receiver is provably an McpServer (declared with the type, or built with `new`) and no argument is spread.
import { ts } from 'ts-morph';

const MARKER = '/* @mcp-codemod-error Could not automatically migrate .resource() call. Manual migration required. */';
const SERVER = '@modelcontextprotocol/server';

export interface ResourceRepair {
  text: string;
  /** 1-based lines, in the repaired text, of the calls renamed. */
  lines: number[];
}

/** The file's text with the codemod's unmigrated `.resource()` calls renamed where provable; undefined when none was. */
export function repairResourceCalls(text: string, file: string): ResourceRepair | undefined {
  if (!text.includes(MARKER)) return undefined;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const serverTypes = mcpServerNames(source);
  if (!serverTypes.size) return undefined;
  const edits: Array<{ start: number; end: number; insert: string }> = [];
  const renamed: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'resource') {
      const marker = markerAbove(text, node);
      const args = node.arguments;
      if (marker !== undefined && (args.length === 3 || args.length === 4) && !args.some(ts.isSpreadElement) && isMcpServer(node.expression.expression, source, serverTypes)) {
        edits.push({ start: marker.start, end: marker.end, insert: '' });
        edits.push({ start: node.expression.name.getStart(), end: node.expression.name.getEnd(), insert: 'registerResource' });
        renamed.push(node.expression.name.getStart());
        // The codemod's own 3-argument form: no metadata, so an empty config before the read callback.
        if (args.length === 3) edits.push({ start: args[2]!.getStart(), end: args[2]!.getStart(), insert: '{}, ' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!edits.length) return undefined;
  // Each removed marker is one whole line: a renamed call moves up one line for every marker above it.
  const removed = edits.filter((e) => e.insert === '' && e.end > e.start).map((e) => e.start);
  const lines = renamed.map((at) => source.getLineAndCharacterOfPosition(at).line + 1 - removed.filter((m) => m < at).length);
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return { text: out, lines };
}

/** The codemod's marker comment on the lines just above the call's statement, with the line break after it. */
function markerAbove(text: string, call: ts.Node): { start: number; end: number } | undefined {
  let statement: ts.Node = call;
  while (statement.parent && !ts.isExpressionStatement(statement) && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent)) statement = statement.parent;
  const lineStart = text.lastIndexOf('\n', statement.getStart() - 1) + 1;
  const before = text.lastIndexOf('\n', lineStart - 2) + 1;
  const line = text.slice(before, lineStart);
  if (line.trim() !== MARKER) return undefined;
  return { start: before, end: lineStart };
}

/** Local names of v2's McpServer class in the file. */
function mcpServerNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== SERVER) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) if ((el.propertyName ?? el.name).text === 'McpServer') names.add(el.name.text);
  }
  return names;
}

/** A declaration that types or builds its binding as an McpServer. */
function declaresServer(decl: ts.ParameterDeclaration | ts.VariableDeclaration | ts.PropertyDeclaration, types: Set<string>): boolean {
  const type = decl.type;
  if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && types.has(type.typeName.text)) return true;
  const init = decl.initializer;
  return !type && !!init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && types.has(init.expression.text);
}

/**
 * Every declaration of the receiver's name in the file (parameters, variables) declares an McpServer, or, for
 * `this.x`, the enclosing class's property or constructor parameter property `x` does. One other binding of the
 * name anywhere in the file is enough to refuse: shadowing is not followed.
 */
function isMcpServer(receiver: ts.Expression, source: ts.SourceFile, types: Set<string>): boolean {
  if (ts.isIdentifier(receiver)) {
    const decls: Array<ts.ParameterDeclaration | ts.VariableDeclaration> = [];
    let other = false;
    const visit = (node: ts.Node) => {
      if ((ts.isParameter(node) || ts.isVariableDeclaration(node)) && ts.isIdentifier(node.name) && node.name.text === receiver.text) decls.push(node);
      else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isImportSpecifier(node) || ts.isBindingElement(node)) && node.name && ts.isIdentifier(node.name) && node.name.text === receiver.text) other = true;
      ts.forEachChild(node, visit);
    };
    visit(source);
    return !other && decls.length > 0 && decls.every((d) => declaresServer(d, types));
  }
  if (ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword) {
    let cls: ts.Node | undefined = receiver.parent;
    while (cls && !ts.isClassDeclaration(cls) && !ts.isClassExpression(cls)) cls = cls.parent;
    if (!cls) return false;
    const name = receiver.name.text;
    const members = (cls as ts.ClassLikeDeclaration).members;
    const found: Array<ts.PropertyDeclaration | ts.ParameterDeclaration> = [];
    for (const m of members) {
      if (ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === name) found.push(m);
      if (ts.isConstructorDeclaration(m)) for (const p of m.parameters) if (ts.isIdentifier(p.name) && p.name.text === name && p.modifiers?.length) found.push(p);
      if ((ts.isGetAccessor(m) || ts.isSetAccessor(m) || ts.isMethodDeclaration(m)) && ts.isIdentifier(m.name) && m.name.text === name) return false;
    }
    return found.length === 1 && declaresServer(found[0]!, types);
  }
  return false;
}
