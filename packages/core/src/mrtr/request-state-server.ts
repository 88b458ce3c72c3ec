// uproot/mrtr-request-state, server side: a requestState minted without integrity protection that the
// handler decodes and acts on when the retry brings it back. The client (or anyone) can forge it.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, contains, enclosingFunction, nodeText, propertyName, unwrap } from '../ast.ts';
import { locOf } from '../loc.ts';
import { type Provenance, walkAll } from '../provenance.ts';
import type { Finding } from './finding.ts';
import { returningFunctions } from './flow.ts';
import { handlersAnswering } from './handlers.ts';
import { isMcpExport } from './imports.ts';
import { type InputRequiredResult, requestStateValue } from './results.ts';
import { decodedInput, unprotectedEncoding } from './state-encoding.ts';
import { fieldOf, insideConsoleCall, isGlobalMethod, objectOf, outermostValue, readsOfDeclared, singleValue, unwrapAll } from './values.ts';

interface Mint {
  result: InputRequiredResult;
  property: TSESTree.Property;
  value: Node;
  encoding: string;
}

interface ReadBack {
  /** The decoding call whose output the handler uses. */
  decode: TSESTree.CallExpression;
  /** Where the raw state comes from: `ctx.mcpReq.requestState()` or `params.requestState`. */
  source: Node;
}

export function checkServerRequestState(results: InputRequiredResult[], ast: TSESTree.Program, text: string, prov: Provenance): Finding[] {
  const mints: Mint[] = [];
  for (const result of results) {
    const state = requestStateValue(result, prov);
    const encoding = state && unprotectedEncoding(state.value, prov);
    if (state && encoding) mints.push({ result, ...state, encoding });
  }
  if (mints.length === 0) return [];
  const handlerFunctions = new Set(results.flatMap((r) => returningFunctions(r.node, prov)));
  const reads = readBacks(ast, prov, handlerFunctions);
  if (reads.length === 0) return [];
  return mints.map((mint) => {
    const read = reads.find((r) => sharesFunction(r.decode, mint.property)) ?? reads[0]!;
    const finding: Finding = {
      messageId: 'unprotectedRequestState',
      node: mint.property,
      data: { encoding: mint.encoding, line: String(locOf(read.decode).start.line) },
    };
    const suggestion = codecSuggestion(mint, reads, results, ast, text, prov);
    return suggestion ? { ...finding, suggestion } : finding;
  });
}

/** Decodings of a received requestState whose output the server goes on to use. */
function readBacks(ast: TSESTree.Program, prov: Provenance, handlerFunctions: Set<FunctionNode>): ReadBack[] {
  const out: ReadBack[] = [];
  walkAll(ast, (node) => {
    if (node.type !== 'CallExpression') return;
    const decoded = decodedInput(node, prov);
    const source = decoded && stateSource(decoded.input, prov, handlerFunctions, 0);
    if (source && influences(node, prov)) out.push({ decode: node, source });
  });
  return out.sort((a, b) => a.decode.range[0] - b.decode.range[0]);
}

/** The server-side read of a requestState that `expr` is, or is decoded / derived from. */
function stateSource(expr: Node, prov: Provenance, handlerFunctions: Set<FunctionNode>, depth: number): Node | undefined {
  if (depth > 6) return undefined;
  const n = unwrapAll(expr);
  const next = (e: Node) => stateSource(e, prov, handlerFunctions, depth + 1);
  switch (n.type) {
    case 'Identifier': {
      const init = singleValue(n, prov);
      return init ? next(init) : undefined;
    }
    case 'LogicalExpression':
      return next(n.left) ?? next(n.right);
    case 'ConditionalExpression':
      return next(n.consequent) ?? next(n.alternate);
    case 'CallExpression': {
      if (isSdkStateRead(n, prov)) return n;
      const decoded = decodedInput(n, prov);
      if (decoded) return next(decoded.input);
      const callee = unwrap(n.callee);
      // `Buffer.from(state, 'base64').toString()`
      if (callee.type === 'MemberExpression' && propertyName(callee) === 'toString') return next(callee.object);
      return undefined;
    }
    case 'MemberExpression':
      return propertyName(n) === 'requestState' && isHandRolledStateRead(n, prov, handlerFunctions) ? n : undefined;
    default:
      return undefined;
  }
}

/** `ctx.mcpReq.requestState()`, or `requestState()` destructured from `ctx.mcpReq`. */
function isSdkStateRead(call: TSESTree.CallExpression, prov: Provenance): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression') {
    if (propertyName(callee) !== 'requestState') return false;
    const owner = unwrap(callee.object);
    return (owner.type === 'MemberExpression' && propertyName(owner) === 'mcpReq') || !!prov.is(owner, 'mcp-req');
  }
  if (callee.type !== 'Identifier') return false;
  const def = prov.variableOf(callee)?.defs[0];
  if (def?.type !== 'Variable' || def.node.type !== 'VariableDeclarator' || def.node.id.type !== 'ObjectPattern' || !def.node.init) return false;
  const prop = def.node.id.properties.find((p) => p.type === 'Property' && p.value === def.name);
  const init = unwrap(def.node.init);
  const fromMcpReq = (init.type === 'MemberExpression' && propertyName(init) === 'mcpReq') || !!prov.is(init, 'mcp-req');
  return prop?.type === 'Property' && propertyName(prop) === 'requestState' && fromMcpReq;
}

/** `request.params.requestState`, or `params.requestState` in a hand-rolled handler that mints one. */
function isHandRolledStateRead(member: TSESTree.MemberExpression, prov: Provenance, handlerFunctions: Set<FunctionNode>): boolean {
  const object = unwrap(member.object);
  if (object.type === 'MemberExpression' && propertyName(object) === 'params') return true;
  if (object.type !== 'Identifier') return false;
  const def = prov.variableOf(object)?.defs[0];
  return def?.type === 'Parameter' && handlerFunctions.has(def.node as FunctionNode);
}

/** Whether the decoded value is used for something other than logging. */
function influences(decode: Node, prov: Provenance): boolean {
  const at = outermostValue(decode);
  const parent = at.parent;
  if (!parent || parent.type === 'ExpressionStatement' || insideConsoleCall(at)) return false;
  if (parent.type === 'VariableDeclarator' && parent.init === at) return readsOfDeclared(parent, prov).some((r) => !insideConsoleCall(r));
  return true;
}

function sharesFunction(a: Node, b: Node): boolean {
  for (let fn = enclosingFunction(b); fn; fn = enclosingFunction(fn)) if (fn.range[0] <= a.range[0] && a.range[1] <= fn.range[1]) return true;
  return false;
}

/**
 * `await codec.mint(payload, ctx)` / `await codec.verify(state, ctx)`, offered only when provably
 * equivalent apart from the integrity check: the file already has one codec at module level, no server
 * in the file verifies state itself, and the handler has exactly this JSON.stringify mint and one
 * JSON.parse of `ctx.mcpReq.requestState()`, both in async code where `ctx` is in scope.
 */
function codecSuggestion(mint: Mint, reads: ReadBack[], results: InputRequiredResult[], ast: TSESTree.Program, text: string, prov: Provenance): Finding['suggestion'] {
  const codec = moduleCodec(ast, prov);
  if (!codec || serversVerifyState(ast, prov) !== false) return undefined;
  const stringify = unwrap(mint.value);
  if (stringify !== mint.value || stringify.type !== 'CallExpression' || !isGlobalMethod(stringify.callee, 'JSON', 'stringify', prov)) return undefined;
  const payload = stringify.arguments[0];
  if (stringify.arguments.length !== 1 || !payload || payload.type === 'SpreadElement') return undefined;
  const uses = handlersAnswering(mint.result.node, prov);
  if (uses.length !== 1 || uses[0]!.served !== 'sdk' || !uses[0]!.capable) return undefined;
  // The handler's ctx parameter, read through `ctx.mcpReq.requestState()`.
  const inHandler = reads.filter((r) => r.source.type === 'CallExpression' && sharesFunction(r.decode, mint.property));
  if (inHandler.length !== 1) return undefined;
  const read = inHandler[0]!;
  if (!isGlobalMethod(read.decode.callee, 'JSON', 'parse', prov) || read.decode.arguments.length !== 1) return undefined;
  const raw = read.decode.arguments[0]!;
  if (stateSource(raw, prov, new Set(), 0) !== read.source || !directRead(raw, read.source, prov)) return undefined;
  const ctx = ctxOf(read.source as TSESTree.CallExpression, prov);
  const handler = ctx && (prov.variableOf(ctx)?.defs[0]?.node as FunctionNode | undefined);
  if (!ctx || !handler || !contains(handler, mint.property) || !contains(handler, read.decode)) return undefined;
  const mintsInHandler = results.filter((r) => contains(handler, r.node) && requestStateValue(r, prov));
  if (mintsInHandler.length !== 1) return undefined;
  if (!enclosingFunction(mint.property)?.async || !enclosingFunction(read.decode)?.async) return undefined;
  const decodeParent = outermostValue(read.decode).parent;
  const needsParens = decodeParent?.type === 'MemberExpression' || (decodeParent?.type === 'CallExpression' && decodeParent.callee === read.decode);
  const verify = `await ${codec}.verify(${nodeText(text, raw)}, ${ctx.name})`;
  return {
    messageId: 'useRequestStateCodec',
    data: { codec, ctx: ctx.name },
    edits: [
      { start: stringify.range[0], end: stringify.range[1], text: `await ${codec}.mint(${nodeText(text, payload)}, ${ctx.name})` },
      { start: read.decode.range[0], end: read.decode.range[1], text: needsParens ? `(${verify})` : verify },
    ],
  };
}

/** The raw state passed to JSON.parse is the read itself or a local holding exactly it. */
function directRead(raw: Node, source: Node, prov: Provenance): boolean {
  const n = unwrap(raw);
  if (n === source) return true;
  return n.type === 'Identifier' && singleValue(n, prov) !== undefined && unwrapAll(singleValue(n, prov)!) === source;
}

/** `ctx` in `ctx.mcpReq.requestState()`. */
function ctxOf(read: TSESTree.CallExpression, prov: Provenance): TSESTree.Identifier | undefined {
  const callee = unwrap(read.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const mcpReq = unwrap(callee.object);
  if (mcpReq.type !== 'MemberExpression') return undefined;
  const ctx = unwrap(mcpReq.object);
  return ctx.type === 'Identifier' && prov.variableOf(ctx)?.defs[0]?.type === 'Parameter' ? ctx : undefined;
}


/** The one `const codec = createRequestStateCodec(...)` at module level, by name. */
function moduleCodec(ast: TSESTree.Program, prov: Provenance): string | undefined {
  const names: string[] = [];
  for (const statement of ast.body) {
    const decl = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (decl?.type !== 'VariableDeclaration' || decl.kind !== 'const') continue;
    for (const d of decl.declarations) {
      const init = d.init && unwrap(d.init);
      if (d.id.type === 'Identifier' && init?.type === 'CallExpression' && isMcpExport(init.callee, 'createRequestStateCodec', prov)) names.push(d.id.name);
    }
  }
  return names.length === 1 ? names[0] : undefined;
}

/** Whether some server in the file is constructed with a requestState option (undefined: cannot tell). */
function serversVerifyState(ast: TSESTree.Program, prov: Provenance): boolean | undefined {
  let verdict: boolean | undefined = false;
  walkAll(ast, (node) => {
    if (node.type !== 'NewExpression' || verdict !== false) return;
    const kind = prov.valueOf(node.callee)?.kind;
    if (kind !== 'mcp-server-class' && kind !== 'server-class') return;
    const optionsArg = node.arguments[1];
    if (!optionsArg) return;
    const options = objectOf(optionsArg, prov);
    const field = options && fieldOf(options, 'requestState', prov);
    if (!field || field.state === 'unknown') verdict = undefined;
    else if (field.state !== 'absent') verdict = true;
  });
  return verdict;
}
