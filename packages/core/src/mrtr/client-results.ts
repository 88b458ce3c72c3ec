// The client side of a multi round-trip: results the code knows may be input_required (a resultType
// test, isInputRequiredResult(), or `allowInputRequired: true`), the request that produced each, and
// the retries the code sends after them.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, calleeName, contains, enclosingFunction, isFunction, propertyName, staticString, unwrap } from '../ast.ts';
import { type Provenance, walkAll } from '../provenance.ts';
import { isMcpExport } from './imports.ts';
import { INPUT_REQUIRED } from './results.ts';
import { fieldOf, isGlobalMethod, objectOf, rootIdentifier, sameReference, unwrapAll } from './values.ts';

export interface ReceivedResult {
  /** The expression holding the server's answer: `first`, `reply.result`. */
  subject: Node;
  /** The test or call that shows the code expects input_required. */
  evidence: Node;
  /** For tests: whether the evidence is true when the result is input_required. */
  test: boolean;
}

export interface SentRequest {
  call: TSESTree.CallExpression;
  /** The request message as passed: `{ method, params }` or a JSON-RPC message, inline or a local. */
  message: Node;
  object: TSESTree.ObjectExpression;
}

export interface Retry {
  sent: SentRequest;
  /** The params object the retry sends, when it is written out. */
  params?: TSESTree.ObjectExpression;
  received: ReceivedResult;
  /** The request that got input_required, when the code shows it. */
  original?: SentRequest;
}

export function receivedResults(ast: TSESTree.Program, prov: Provenance): ReceivedResult[] {
  const out: ReceivedResult[] = [];
  walkAll(ast, (node) => {
    if (node.type === 'BinaryExpression' && ['===', '==', '!==', '!='].includes(node.operator)) {
      const subject = resultTypeSubject(node.left as Node, node.right) ?? resultTypeSubject(node.right, node.left as Node);
      if (subject) out.push({ subject, evidence: node, test: true });
    } else if (node.type === 'CallExpression' && isMcpExport(node.callee, 'isInputRequiredResult', prov) && node.arguments[0]?.type !== 'SpreadElement' && node.arguments[0]) {
      out.push({ subject: node.arguments[0], evidence: node, test: true });
    } else if (node.type === 'SwitchCase' && node.test && staticString(node.test) === INPUT_REQUIRED) {
      const sw = node.parent;
      const d = sw?.type === 'SwitchStatement' ? unwrap(sw.discriminant) : undefined;
      if (d?.type === 'MemberExpression' && propertyName(d) === 'resultType') out.push({ subject: d.object, evidence: node, test: false });
    } else if (node.type === 'CallExpression' && allowsInputRequired(node, prov)) {
      // `const first = await client.request(req, withInputRequired(S), { allowInputRequired: true })`
      let at: Node = node;
      while (at.parent && (at.parent.type === 'AwaitExpression' || at.parent.type === 'TSAsExpression')) at = at.parent;
      const decl = at.parent;
      if (decl?.type === 'VariableDeclarator' && decl.init === at && decl.id.type === 'Identifier') out.push({ subject: decl.id, evidence: node, test: false });
    }
  });
  return out.filter((r) => rootIdentifier(r.subject));
}

/** `x.resultType` compared with `'input_required'`: `x`. */
function resultTypeSubject(member: Node, literal: Node): Node | undefined {
  const m = unwrap(member);
  return m.type === 'MemberExpression' && propertyName(m) === 'resultType' && staticString(literal) === INPUT_REQUIRED ? m.object : undefined;
}

function allowsInputRequired(call: TSESTree.CallExpression, prov: Provenance): boolean {
  const options = objectOf(call.arguments[2], prov);
  const allow = options && fieldOf(options, 'allowInputRequired', prov);
  return allow?.state === 'own' && unwrap(allow.value).type === 'Literal' && (unwrap(allow.value) as TSESTree.Literal).value === true;
}

/** A call that sends a request message: `x.request({ method, ... })`, `send(msg)`, `fetch(url, { body: JSON.stringify(msg) })`. */
export function sentRequest(call: TSESTree.CallExpression, prov: Provenance, retry = false): SentRequest | undefined {
  const first = call.arguments[0];
  const direct = first && first.type !== 'SpreadElement' ? requestObject(first, prov, retry) : undefined;
  if (direct) return { call, message: first!, object: direct };
  const options = objectOf(call.arguments[1], prov);
  const body = options && fieldOf(options, 'body', prov);
  if (body?.state === 'own') {
    const stringify = unwrap(body.value);
    const inner = stringify.type === 'CallExpression' && isGlobalMethod(stringify.callee, 'JSON', 'stringify', prov) ? stringify.arguments[0] : undefined;
    const object = inner && inner.type !== 'SpreadElement' ? requestObject(inner, prov, retry) : undefined;
    if (object) return { call, message: inner!, object };
  }
  return undefined;
}

/**
 * An object literal with a static `method`: a request (or a JSON-RPC request message). A retry may take its
 * method from a spread the code cannot see (`{ ...request, params: { ..., requestState } }`).
 */
function requestObject(node: Node, prov: Provenance, retry: boolean): TSESTree.ObjectExpression | undefined {
  const obj = objectOf(node, prov);
  if (!obj) return undefined;
  const method = fieldOf(obj, 'method', prov);
  if ((method.state === 'own' || method.state === 'inherited') && staticString(method.value) !== undefined) return obj;
  if (!retry) return undefined;
  const params = fieldOf(obj, 'params', prov);
  const paramsObject = params.state === 'own' ? objectOf(params.value, prov) : undefined;
  return paramsObject && ['inputResponses', 'requestState'].some((k) => fieldOf(paramsObject, k, prov).state === 'own') ? obj : undefined;
}

/** The request whose answer `subject` holds: `first` ← `await client.request(req)`, `reply.result` ← `await rpc(msg)`. */
export function originalRequest(subject: Node, prov: Provenance, depth = 0): SentRequest | undefined {
  if (depth > 4) return undefined;
  let n = unwrapAll(subject);
  if (n.type === 'MemberExpression' && propertyName(n) === 'result') n = unwrapAll(n.object);
  if (n.type === 'Identifier') {
    const def = prov.variableOf(n)?.defs[0];
    if (def?.type !== 'Variable' || def.node.type !== 'VariableDeclarator' || !def.node.init) return undefined;
    const id = def.node.id;
    // The first value of a `let` is the original answer, even when a loop reassigns the variable later.
    if (id.type === 'ObjectPattern' && !id.properties.some((p) => p.type === 'Property' && propertyName(p) === 'result' && p.value === def.name)) return undefined;
    return originalRequest(def.node.init, prov, depth + 1);
  }
  if (n.type !== 'CallExpression') return undefined;
  const sent = sentRequest(n, prov);
  if (sent) return sent;
  // `await res.json()` where `res = await fetch(url, { body: JSON.stringify(msg) })`.
  const callee = unwrap(n.callee);
  if (callee.type === 'MemberExpression' && calleeName(n) === 'json') return originalRequest(callee.object, prov, depth + 1);
  return undefined;
}

/** Retries: sent requests whose params carry inputResponses or requestState, tied to a received result. */
export function retries(ast: TSESTree.Program, received: ReceivedResult[], prov: Provenance): Retry[] {
  const out: Retry[] = [];
  walkAll(ast, (node) => {
    if (node.type !== 'CallExpression') return;
    const sent = sentRequest(node, prov, true);
    if (!sent) return;
    const paramsField = fieldOf(sent.object, 'params', prov);
    const params = paramsField.state === 'own' || paramsField.state === 'inherited' ? objectOf(paramsField.value, prov) : undefined;
    const carries = (!!params && ['inputResponses', 'requestState'].some((k) => fieldOf(params, k, prov).state === 'own')) || assignsRetryFields(sent.message, node, prov);
    if (!carries) return;
    const match = (params && echoedResult(params, received, prov)) ?? guardingResult(node, received) ?? precedingResult(node, received, prov);
    if (!match) return;
    const original = originalRequest(match.subject, prov);
    // A request is not its own retry (`while (r.resultType === 'input_required') r = await send(...)` with one send).
    out.push({ sent, ...(params ? { params } : {}), received: match, ...(original && original.call !== node ? { original } : {}) });
  });
  return out;
}

/** `msg.params.requestState = ...` before `send(msg)`: a message turned into a retry in place. */
function assignsRetryFields(message: Node, before: Node, prov: Provenance): boolean {
  const id = unwrap(message);
  if (id.type !== 'Identifier') return false;
  for (const ref of prov.variableOf(id)?.references ?? []) {
    if (ref.identifier.range[0] > before.range[0]) continue;
    const params = ref.identifier.parent;
    const field = params?.parent;
    const write = field?.parent;
    if (params?.type !== 'MemberExpression' || propertyName(params) !== 'params' || field?.type !== 'MemberExpression' || field.object !== params) continue;
    if (write?.type === 'AssignmentExpression' && write.left === field && ['inputResponses', 'requestState'].includes(propertyName(field) ?? '')) return true;
  }
  return false;
}

/** `requestState: first.requestState` ties the retry to `first`. */
function echoedResult(params: TSESTree.ObjectExpression, received: ReceivedResult[], prov: Provenance): ReceivedResult | undefined {
  const state = fieldOf(params, 'requestState', prov);
  if (state.state !== 'own') return undefined;
  const value = unwrapAll(state.value);
  if (value.type !== 'MemberExpression' || propertyName(value) !== 'requestState') return undefined;
  return received.find((r) => sameReference(r.subject, value.object, prov));
}

/** A resultType test that only lets control reach `node` when the result is input_required. */
export function guardingResult(node: Node, received: ReceivedResult[]): ReceivedResult | undefined {
  for (const r of received) {
    if (!r.test) continue;
    if (guards(r.evidence, node)) return r;
  }
  // `switch (r.resultType) { case 'input_required': ... }`
  return received.find((r) => r.evidence.type === 'SwitchCase' && (r.evidence as TSESTree.SwitchCase).consequent.some((s) => contains(s, node)));
}

function guards(evidence: Node, node: Node): boolean {
  const test = testRoot(evidence);
  if (!test) return false;
  const { root, positive } = test;
  const holder = root.parent;
  if (!holder) return false;
  if (holder.type === 'IfStatement' && holder.test === root) {
    if (positive && contains(holder.consequent, node)) return true;
    if (!positive && holder.alternate && contains(holder.alternate, node)) return true;
    if (!positive && !holder.alternate && alwaysExits(holder.consequent)) return followsInBlock(holder, node);
    return false;
  }
  if ((holder.type === 'WhileStatement' || holder.type === 'DoWhileStatement' || holder.type === 'ForStatement') && holder.test === root) return positive && contains(holder.body, node);
  if (holder.type === 'ConditionalExpression' && holder.test === root) return contains(positive ? holder.consequent : holder.alternate, node);
  if (holder.type === 'LogicalExpression' && holder.left === root) return positive && holder.operator === '&&' && contains(holder.right, node);
  return false;
}

/** Climb from the evidence to the whole test: through `!` (flipping), `&&` while true means input_required, `||` while false does. */
function testRoot(evidence: Node): { root: Node; positive: boolean } | undefined {
  let positive = evidence.type === 'BinaryExpression' ? evidence.operator === '===' || evidence.operator === '==' : true;
  let at: Node = evidence;
  for (;;) {
    const p = at.parent;
    if (!p) return undefined;
    if (p.type === 'UnaryExpression' && p.operator === '!') positive = !positive;
    else if (p.type === 'LogicalExpression') {
      if (!((p.operator === '&&' && positive) || (p.operator === '||' && !positive))) return undefined;
    } else if (p.type !== 'ChainExpression' && p.type !== 'TSNonNullExpression') return { root: at, positive };
    at = p;
  }
}

function alwaysExits(statement: Node): boolean {
  if (['ReturnStatement', 'ThrowStatement', 'ContinueStatement', 'BreakStatement'].includes(statement.type)) return true;
  if (statement.type === 'BlockStatement') {
    const last = statement.body[statement.body.length - 1];
    return !!last && alwaysExits(last);
  }
  return false;
}

/** `node` comes after `statement` in the same block (or in a block nested there), in the same function. */
function followsInBlock(statement: Node, node: Node): boolean {
  const block = statement.parent;
  if (!block || !('body' in block) || !Array.isArray(block.body)) return false;
  return contains(block, node) && node.range[0] >= statement.range[1] && enclosingFunction(node) === enclosingFunction(statement);
}

/** The nearest received result before `node` in the same function whose variable `node` can see. */
function precedingResult(node: Node, received: ReceivedResult[], prov: Provenance): ReceivedResult | undefined {
  let best: ReceivedResult | undefined;
  for (const r of received) {
    if (r.evidence.range[1] > node.range[0] || enclosingFunction(r.evidence) !== enclosingFunction(node)) continue;
    const root = rootIdentifier(r.subject);
    const scope = root && prov.variableOf(root)?.defs[0]?.node;
    const block = scope && scopeBlock(scope);
    if (!block || !contains(block, node)) continue;
    if (!best || r.evidence.range[0] > best.evidence.range[0]) best = r;
  }
  return best;
}

/** The block a declaration's binding is visible in. */
function scopeBlock(decl: Node): Node | undefined {
  let at: Node | undefined = decl.parent;
  while (at && at.type !== 'BlockStatement' && at.type !== 'Program' && !isFunction(at)) at = at.parent;
  return at;
}

