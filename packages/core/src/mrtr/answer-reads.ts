// Where a hand-written MRTR handler asks and where it reads the answers: the keys of the inputRequests its
// input_required results carry (and which of them are elicitations), and every read of an answer by key —
// `inputResponse(responses, 'k')`, `acceptedContent(responses, 'k')`, `ctx.mcpReq.inputResponses.k`.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, propertyName, staticString, unwrap } from '../ast.ts';
import { type Provenance, walkAll } from '../provenance.ts';
import { isMcpExport } from './imports.ts';
import type { InputRequiredResult } from './results.ts';
import { fieldOf, objectOf, resolveValue, singleValue } from './values.ts';

export type AskedKind = 'elicitation' | 'other';

/** What one function's input_required results ask for; `open` when some key cannot be read statically. */
export interface Asked {
  keys: Map<string, AskedKind>;
  open: boolean;
}

/**
 * How an answer is read: `view` is the SDK's `inputResponse()` (never undefined; `.kind` says what came),
 * `content` is `acceptedContent()` (the accepted content or undefined), `raw` is the entry itself (the bare
 * result the client sent, or undefined).
 */
export type ReadForm = 'view' | 'content' | 'raw';

export interface AnswerRead {
  key: string;
  /** The key as written: the string argument or the property. */
  keyNode: Node;
  /** The expression whose value is the answer. */
  node: Node;
  form: ReadForm;
}

/** The keys each function asks under, from the input_required results written in it. */
export function askedByFunction(results: readonly InputRequiredResult[], prov: Provenance): Map<FunctionNode, Asked> {
  const out = new Map<FunctionNode, Asked>();
  for (const result of results) {
    const fn = enclosingFunction(result.node);
    if (!fn) continue;
    const asked = out.get(fn) ?? { keys: new Map<string, AskedKind>(), open: false };
    out.set(fn, asked);
    if (!result.spec) {
      asked.open = true;
      continue;
    }
    const field = fieldOf(result.spec, 'inputRequests', prov);
    if (field.state === 'own' || field.state === 'inherited') collectKeys(field.value, asked, prov, 0);
    else if (field.state === 'unknown') asked.open = true;
  }
  return out;
}

function collectKeys(value: Node, asked: Asked, prov: Provenance, depth: number): void {
  const named = unwrap(value);
  if (named.type === 'Identifier' && (prov.variableOf(named)?.references ?? []).filter((r) => !r.isWrite()).length > 1) {
    // A map bound to a local that is also used elsewhere may gain keys there (`requests.roots = …`): no guess.
    asked.open = true;
    return;
  }
  const obj = objectOf(value, prov);
  if (!obj || depth > 4) {
    asked.open = true;
    return;
  }
  for (const p of obj.properties) {
    if (p.type === 'SpreadElement') {
      // `...(missing ? { k: ask() } : {})`, `...(missing && { k: ask() })`: both branches may be asked.
      const arg = unwrap(p.argument);
      if (arg.type === 'ConditionalExpression') {
        collectKeys(arg.consequent, asked, prov, depth + 1);
        collectKeys(arg.alternate, asked, prov, depth + 1);
      } else if (arg.type === 'LogicalExpression') collectKeys(arg.right, asked, prov, depth + 1);
      else collectKeys(arg, asked, prov, depth + 1);
      continue;
    }
    const key = p.computed ? constantString(p.key, prov) : propertyName(p);
    if (key === undefined) {
      asked.open = true;
      continue;
    }
    if (isElicitationRequest(p.value, prov, 0)) asked.keys.set(key, 'elicitation');
    else if (!asked.keys.has(key)) asked.keys.set(key, 'other');
  }
}

/** `inputRequired.elicit(...)` / `.elicitUrl(...)`, `{ method: 'elicitation/create' }`, or a local arrow returning one. */
function isElicitationRequest(value: Node, prov: Provenance, depth: number): boolean {
  const n = resolveValue(value, prov);
  if (n.type === 'ObjectExpression') {
    const method = fieldOf(n, 'method', prov);
    return method.state === 'own' && staticString(method.value) === 'elicitation/create';
  }
  if (n.type !== 'CallExpression' || depth > 2) return false;
  const callee = unwrap(n.callee);
  if (callee.type === 'MemberExpression') {
    const name = propertyName(callee);
    return (name === 'elicit' || name === 'elicitUrl') && isInputRequiredBuilderRef(callee.object, prov);
  }
  if (callee.type === 'Identifier') {
    const fn = singleValue(callee, prov);
    if (fn?.type === 'ArrowFunctionExpression' && fn.body.type !== 'BlockStatement') return isElicitationRequest(fn.body, prov, depth + 1);
  }
  return false;
}

function isInputRequiredBuilderRef(node: Node, prov: Provenance): boolean {
  const n = unwrap(node);
  if (isMcpExport(n, 'inputRequired', prov)) return true;
  const alias = n.type === 'Identifier' ? singleValue(n, prov) : undefined;
  return alias !== undefined && isMcpExport(alias, 'inputRequired', prov);
}

function constantString(node: Node, prov: Provenance): string | undefined {
  const direct = staticString(node);
  if (direct !== undefined) return direct;
  const n = unwrap(node);
  const value = n.type === 'Identifier' ? singleValue(n, prov) : undefined;
  return value ? staticString(value) : undefined;
}

/** Every read of an answer by a static key in the file. */
export function answerReads(ast: TSESTree.Program, prov: Provenance): AnswerRead[] {
  const out: AnswerRead[] = [];
  walkAll(ast, (node) => {
    if (node.type === 'CallExpression') {
      const form = isMcpExport(node.callee, 'inputResponse', prov) ? 'view' : isMcpExport(node.callee, 'acceptedContent', prov) ? 'content' : undefined;
      const keyNode = node.arguments[1];
      const key = keyNode && keyNode.type !== 'SpreadElement' ? constantString(keyNode, prov) : undefined;
      if (form && keyNode && key !== undefined) out.push({ key, keyNode, node, form });
      return;
    }
    if (node.type !== 'MemberExpression' || !holdsInputResponses(node.object, prov)) return;
    const key = node.computed ? constantString(node.property, prov) : propertyName(node);
    const p = node.parent;
    const written = p?.type === 'AssignmentExpression' && p.left === node;
    if (key !== undefined && !written) out.push({ key, keyNode: node.property, node, form: 'raw' });
  });
  return out;
}

/** `x.inputResponses`, `x.inputResponses ?? {}`, or a local bound once to one of those. */
function holdsInputResponses(node: Node, prov: Provenance, depth = 0): boolean {
  const n = unwrap(node);
  if (n.type === 'ChainExpression') return holdsInputResponses(n.expression, prov, depth);
  if (n.type === 'MemberExpression') return propertyName(n) === 'inputResponses';
  if (n.type === 'LogicalExpression') return holdsInputResponses(n.left, prov, depth);
  if (n.type === 'Identifier' && depth < 3) {
    const value = singleValue(n, prov);
    return value !== undefined && holdsInputResponses(value, prov, depth + 1);
  }
  return false;
}
