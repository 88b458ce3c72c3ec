// v1 before 1.24 sent a tools/call result as the handler returned it; v2 (and v1 from 1.24 on) validates every
// tools/call result, low-level setRequestHandler and McpServer tools alike, and answers -32602 "Invalid tools/call
// result" instead. Where the installed v1 still sends, a content block whose `type` no MCP revision defines
// (tasksync-mcp, on 1.17.4, returns `type: "blob"` for non-image files) changes what the client gets, and no type
// annotation can keep the v1 answer: the upgrade is held. Checked on tasksync's own 1.17.4 and v2 2.4.0: v2 answers
// -32602 on 2025-06-18, 2025-11-25 and 2026-07-28 alike; the v1 1.17.4 and v2 clients already threw parsing 1.17.4's
// result (ZodError, SdkError InvalidResult), but the wire changes from a result to an error for every client.
// Read on the files before the upgrade (v1's CallToolRequestSchema as well as v2's 'tools/call'), so lines are the user's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';

/** The content block types a tools/call result may carry (2025-06-18 and 2026-07-28). */
const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

export interface RejectedContent {
  /** Absolute path. */
  file: string;
  /** 1-based. */
  line: number;
  /** The `type` values no MCP revision defines. */
  values: string[];
}

/** Why the upgrade is held, naming each block (`label` makes a path relative for the user). */
export function describeRejected(list: RejectedContent[], label: (file: string) => string, version: string | undefined): string {
  const at = list.slice(0, 3).map((r) => `${label(r.file)}:${r.line} (type ${r.values.map((v) => `"${v}"`).join(' or ')})`).join(', ') + (list.length > 3 ? ` and ${list.length - 3} more` : '');
  return `a tools/call handler returns a content block whose type no MCP revision defines, at ${at}: v1 ${version ?? '(its version unknown here)'}, as installed, sends it as returned, but v2 validates tools/call results and would answer -32602 instead, so the upgrade would change what the client gets: v2 answers the JSON-RPC error "Invalid tools/call result" on 2025-era and 2026-07-28 connections alike where v1 sent the result (a client built on the SDK, v1 or v2, already failed to parse that result, but any other client received the block) (give the block a type MCP defines, such as "resource" with a blob, then upgrade)`;
}

/**
 * The first v1 release seen validating tools/call results: installed 1.23.0 sends an unknown content type, 1.24.1
 * answers -32602 (no 1.24.0 was at hand, so it counts as sending).
 */
const V1_VALIDATES_FROM = [1, 24, 1];

/** The v1 SDK version installed for `dir`, or undefined when none resolves. */
export function installedV1(dir: string): string | undefined {
  // The SDK's exports map does not expose its package.json: look where Node's resolution would find the package.
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    try {
      const version = (JSON.parse(readFileSync(path.join(current, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8')) as { version?: unknown }).version;
      return typeof version === 'string' ? version : undefined;
    } catch {
      if (path.dirname(current) === current) return undefined;
    }
  }
}

/** Whether the installed v1 already answers -32602 to such a result (then v2 answers as it did); unknown counts as no. */
export function v1ValidatesToolResults(version: string | undefined): boolean {
  const parts = version?.match(/^(\d+)\.(\d+)\.(\d+)/)?.slice(1).map(Number);
  if (!parts) return false;
  for (let i = 0; i < 3; i++) if (parts[i] !== V1_VALIDATES_FROM[i]) return parts[i]! > V1_VALIDATES_FROM[i]!;
  return true;
}

const isScript = (file: string) => /\.[cm]?[jt]sx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file);

/** Every content block of a tools/call handler's direct results whose `type` can be a value v2 rejects. */
export function rejectedContent(files: string[], read: (file: string) => string = (f) => readFileSync(f, 'utf8')): RejectedContent[] {
  const out: RejectedContent[] = [];
  for (const file of files.filter(isScript)) {
    const text = read(file);
    if (!text.includes('content')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    for (const handler of toolHandlers(source)) {
      for (const block of contentBlocks(handler)) {
        const bad = typeValues(block.type, handler).filter((v) => !CONTENT_TYPES.has(v));
        if (!bad.length) continue;
        const line = source.getLineAndCharacterOfPosition(block.node.getStart(source)).line + 1;
        out.push({ file, line, values: bad });
      }
    }
  }
  return out;
}

type Handler = ts.ArrowFunction | ts.FunctionExpression;

const isFunction = (n: ts.Node | undefined): n is Handler => !!n && (ts.isArrowFunction(n) || ts.isFunctionExpression(n));

/** `setRequestHandler('tools/call' | CallToolRequestSchema, fn)` and the callback of `registerTool` / `tool`. */
function toolHandlers(source: ts.SourceFile): Handler[] {
  const out: Handler[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first, second] = node.arguments;
      const last = node.arguments[node.arguments.length - 1];
      if (method === 'setRequestHandler' && first && isFunction(second) && ((ts.isStringLiteralLike(first) && first.text === 'tools/call') || (ts.isIdentifier(first) && first.text === 'CallToolRequestSchema'))) out.push(second);
      if ((method === 'registerTool' || method === 'tool') && node.arguments.length >= 2 && isFunction(last)) out.push(last);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function unwrap(node: ts.Expression): ts.Expression {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n) || ts.isNonNullExpression(n) || ts.isTypeAssertionExpression(n)) n = n.expression;
  return n;
}

/** Object literals in the `content` array of each object the handler returns (not in nested functions). */
function contentBlocks(handler: Handler): Array<{ node: ts.ObjectLiteralExpression; type: ts.Expression }> {
  const results: ts.Expression[] = [];
  const add = (e: ts.Expression) => {
    const n = unwrap(e);
    if (ts.isConditionalExpression(n)) [n.whenTrue, n.whenFalse].forEach(add);
    else results.push(n);
  };
  if (!ts.isBlock(handler.body)) add(handler.body);
  else {
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) add(node.expression);
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(handler.body, visit);
  }
  const out: Array<{ node: ts.ObjectLiteralExpression; type: ts.Expression }> = [];
  for (const result of results) {
    if (!ts.isObjectLiteralExpression(result)) continue;
    const content = property(result, 'content');
    const list = content && unwrap(content);
    if (!list || !ts.isArrayLiteralExpression(list)) continue;
    for (const element of list.elements) {
      const block = unwrap(element);
      if (!ts.isObjectLiteralExpression(block)) continue;
      const type = property(block, 'type');
      if (type) out.push({ node: block, type });
    }
  }
  return out;
}

/** The value of `key` in an object literal: `key: value`, or the name itself for a shorthand `{ key }`. */
function property(object: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const p of object.properties) {
    const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
    if (name !== key) continue;
    if (ts.isPropertyAssignment(p)) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p)) return p.name;
  }
  return undefined;
}

/** The string literals a `type` value can be: literals, conditionals, `??`/`||`, and a `const` of the handler holding them. */
function typeValues(node: ts.Expression, handler: Handler, seen = new Set<string>()): string[] {
  const n = unwrap(node);
  if (ts.isStringLiteralLike(n)) return [n.text];
  if (ts.isConditionalExpression(n)) return [...typeValues(n.whenTrue, handler, seen), ...typeValues(n.whenFalse, handler, seen)];
  if (ts.isBinaryExpression(n) && (n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || n.operatorToken.kind === ts.SyntaxKind.BarBarToken)) return [...typeValues(n.left, handler, seen), ...typeValues(n.right, handler, seen)];
  if (ts.isIdentifier(n) && !seen.has(n.text)) {
    seen.add(n.text);
    const declaration = constIn(handler, n.text);
    return declaration?.initializer ? typeValues(declaration.initializer, handler, seen) : [];
  }
  return [];
}

/** The single `const name = …` declared in the handler's own body (not in nested functions). */
function constIn(handler: Handler, name: string): ts.VariableDeclaration | undefined {
  const found: ts.VariableDeclaration[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && ts.isVariableDeclarationList(node.parent) && node.parent.flags & ts.NodeFlags.Const) found.push(node);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(handler.body, visit);
  return found.length === 1 ? found[0] : undefined;
}
