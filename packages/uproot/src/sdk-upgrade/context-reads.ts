// A tool handler that declares v1's per-request `extra` with a type of its own (`extra?: { requestId?: …; signal?:
// AbortSignal }`) and reads its fields (`extra?.requestId`) passes the official codemod untouched: the declared type
// makes every read type-check on v2, where the second argument is a ServerContext that keeps requestId, signal and
// _meta under mcpReq. Left so, the handler reads `undefined` (a per-request registry keyed by the request id finds
// nothing). Where the function provably is what registerTool gets (passed directly, through a cast, a variable, or a
// same-file factory's returned function) and every use of the parameter is a read of a field with one v2 home,
// uproot moves both the reads and the declared type there: the same values reach the same names.
import { ts } from 'ts-morph';

/** v1 RequestHandlerExtra field → its path in v2's ServerContext (as context-destructuring.ts). */
const V2_HOME: Record<string, readonly string[]> = {
  signal: ['mcpReq', 'signal'],
  requestId: ['mcpReq', 'id'],
  _meta: ['mcpReq', '_meta'],
  sessionId: ['sessionId'],
};

/** What uproot says where it moved a handler's context reads. */
export const CONTEXT_READS_MOVED = "this tool handler declares v1's per-request extra with a type of its own, so the codemod left its reads, which on v2 would find undefined; every field it reads has one place in v2's ServerContext (requestId, signal and _meta under mcpReq), so uproot reads them there and declares the parameter so";

export interface ContextReadsRepair {
  text: string;
  /** 1-based lines of the handlers repaired, in the repaired text. */
  lines: number[];
}

/** The file's text with each registerTool handler's v1 context reads moved to v2's homes; undefined when none. */
export function repairContextReads(text: string, file: string): ContextReadsRepair | undefined {
  if (!/registerTool/.test(text)) return undefined;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /x$/.test(file) ? ts.ScriptKind.TSX : undefined);
  const handlers = new Set<ts.FunctionLikeDeclaration>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'registerTool' && node.arguments.length === 3) {
      const fn = functionOf(node.arguments[2]!, source, 0);
      if (fn) handlers.add(fn);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const edits: Array<{ start: number; end: number; insert: string }> = [];
  const lines: number[] = [];
  for (const fn of handlers) {
    const planned = planHandler(fn, source);
    if (!planned) continue;
    edits.push(...planned);
    lines.push(source.getLineAndCharacterOfPosition(fn.getStart(source)).line + 1);
  }
  if (!edits.length) return undefined;
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return { text: out, lines };
}

const unwrap = (e: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e) ? unwrap(e.expression) : e);

/** The function an expression provably is: itself, a const bound to it, or the one function a same-file factory returns. */
function functionOf(expression: ts.Expression, source: ts.SourceFile, depth: number): ts.FunctionLikeDeclaration | undefined {
  if (depth > 3) return undefined;
  const e = unwrap(expression);
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return e;
  if (ts.isIdentifier(e)) {
    const decl = uniqueDeclaration(e.text, source);
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isVariableDeclarationList(decl.parent) && decl.parent.flags & ts.NodeFlags.Const) return functionOf(decl.initializer, source, depth + 1);
    if (decl && ts.isFunctionDeclaration(decl)) return decl;
    return undefined;
  }
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
    const factory = uniqueDeclaration(e.expression.text, source);
    const body = factory && ts.isFunctionDeclaration(factory) ? factory.body : undefined;
    const returns: ts.Expression[] = [];
    const collect = (n: ts.Node) => {
      if (ts.isReturnStatement(n) && n.expression) returns.push(n.expression);
      if (!ts.isFunctionLike(n)) ts.forEachChild(n, collect);
    };
    if (body) ts.forEachChild(body, collect);
    return returns.length === 1 ? functionOf(returns[0]!, source, depth + 1) : undefined;
  }
  return undefined;
}

/** The one top-level or nested declaration of a name in the file; undefined when none or several. */
function uniqueDeclaration(name: string, source: ts.SourceFile): ts.Node | undefined {
  const found: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isVariableDeclaration(n) || ts.isFunctionDeclaration(n) || ts.isParameter(n) || ts.isClassDeclaration(n)) && n.name && ts.isIdentifier(n.name) && n.name.text === name) found.push(n);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found.length === 1 ? found[0] : undefined;
}

/** The edits for one handler, or undefined when its context parameter is not a declared v1 extra read field by field. */
function planHandler(fn: ts.FunctionLikeDeclaration, source: ts.SourceFile): Array<{ start: number; end: number; insert: string }> | undefined {
  const param = fn.parameters[1];
  if (!param || fn.parameters.length !== 2 || !ts.isIdentifier(param.name) || param.initializer || !param.type || !ts.isTypeLiteralNode(param.type)) return undefined;
  const fields = new Map<string, ts.PropertySignature>();
  for (const m of param.type.members) {
    if (!ts.isPropertySignature(m) || !m.name || !ts.isIdentifier(m.name) || !(m.name.text in V2_HOME)) return undefined;
    fields.set(m.name.text, m);
  }
  // Only v1's own fields that moved: a type of sessionId alone reads what v2 keeps where it was.
  if (![...fields.keys()].some((f) => V2_HOME[f]!.length > 1)) return undefined;
  const name = param.name.text;
  const edits: Array<{ start: number; end: number; insert: string }> = [];
  let refused = false;
  const visit = (n: ts.Node) => {
    if (refused) return;
    if (ts.isIdentifier(n) && n.text === name && n !== param.name) {
      const read = n.parent;
      // Every use is `extra.field` or `extra?.field` for a declared field: anything else (passed on, spread) may read more.
      if (!ts.isPropertyAccessExpression(read) || read.expression !== n || !fields.has(read.name.text) || isWritten(read)) {
        refused = true;
        return;
      }
      const home = V2_HOME[read.name.text]!;
      const dot = read.questionDotToken ? '?.' : '.';
      if (home.length > 1) edits.push({ start: read.expression.getEnd(), end: read.name.getEnd(), insert: `${dot}${home.slice(0, -1).join('?.')}?.${home[home.length - 1]}` });
      return;
    }
    if ((ts.isFunctionLike(n) && n !== fn && n.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name)) || (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name)) {
      refused = true; // shadowed: not worth telling apart
      return;
    }
    ts.forEachChild(n, visit);
  };
  if (fn.body) visit(fn.body);
  if (refused) return undefined;
  // The declared type, moved the same way: `{ sessionId?: …; mcpReq?: { id?: …; signal?: … } }`.
  const top: string[] = [];
  const under: string[] = [];
  for (const [field, member] of fields) {
    const home = V2_HOME[field]!;
    const type = member.type ? member.type.getText(source) : 'unknown';
    (home.length > 1 ? under : top).push(`${home[home.length - 1]}${member.questionToken ? '?' : ''}: ${type}`);
  }
  if (under.length) top.push(`mcpReq?: { ${under.join('; ')} }`);
  edits.push({ start: param.type.getStart(source), end: param.type.getEnd(), insert: `{ ${top.join('; ')} }` });
  return edits;
}

function isWritten(read: ts.PropertyAccessExpression): boolean {
  const p = read.parent;
  return (ts.isBinaryExpression(p) && p.left === read && p.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && p.operatorToken.kind <= ts.SyntaxKind.LastAssignment) || ts.isPrefixUnaryExpression(p) || ts.isPostfixUnaryExpression(p) || ts.isDeleteExpression(p);
}
