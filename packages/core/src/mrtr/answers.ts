// uproot/mrtr-input-responses: a hand-written MRTR handler reads each answer under the key it asked with,
// checks that the retry carries the answer before using it (the first call carries none, and a client may
// leave any key out), and looks at an elicitation's action before its content (decline and cancel carry none).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, propertyName } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import { type AnswerRead, type Asked, answerReads, askedByFunction } from './answer-reads.ts';
import type { Finding } from './finding.ts';
import type { InputRequiredResult } from './results.ts';

const COMPARISONS = new Set(['===', '!==', '==', '!=']);

export function checkAnswers(results: readonly InputRequiredResult[], ast: TSESTree.Program, prov: Provenance): Finding[] {
  const asked = askedByFunction(results, prov);
  if (asked.size === 0) return [];
  const out: Finding[] = [];
  const readsByHandler = new Map<FunctionNode, AnswerRead[]>();
  for (const read of answerReads(ast, prov)) {
    const handler = askingHandler(read.node, asked);
    if (!handler) continue;
    readsByHandler.set(handler, [...(readsByHandler.get(handler) ?? []), read]);
  }
  for (const [handler, reads] of readsByHandler) {
    const keys = asked.get(handler)!;
    for (const read of reads) {
      // No key at all (only a requestState, a pause): the keys were asked elsewhere, so no key check.
      if (!keys.open && keys.keys.size > 0 && !keys.keys.has(read.key)) {
        out.push({ messageId: 'answerUnderUnaskedKey', node: read.keyNode, data: { key: `'${read.key}'`, asked: [...keys.keys.keys()].map((k) => `'${k}'`).join(', ') } });
        continue;
      }
      const sameKey = reads.filter((r) => r.key === read.key);
      const unchecked = uncheckedUse(read, sameKey, prov);
      if (unchecked) out.push({ messageId: 'answerUsedUnchecked', node: unchecked.node, data: { key: `'${read.key}'`, use: unchecked.use } });
    }
    for (const [key, kind] of keys.keys) {
      if (kind !== 'elicitation') continue;
      const content = contentWithoutAction(reads.filter((r) => r.key === key && r.form !== 'content'), prov);
      if (content) out.push({ messageId: 'elicitActionIgnored', node: content, data: { key: `'${key}'` } });
    }
  }
  return out;
}

/** The nearest function around the read that asks for input itself. */
function askingHandler(node: Node, asked: Map<FunctionNode, Asked>): FunctionNode | undefined {
  for (let at = node.parent; at; at = at.parent) if (asked.has(at as FunctionNode)) return at as FunctionNode;
  return undefined;
}

/** The read, or a local it was bound to, as the expressions that carry the answer on. */
function carriers(read: AnswerRead, prov: Provenance): Node[] {
  const at = outer(read.node);
  const p = at.parent;
  if (p?.type === 'VariableDeclarator' && p.init === at && p.id.type === 'Identifier') {
    return (prov.variableOf(p.id)?.references ?? []).filter((r) => !r.isWrite()).map((r) => r.identifier);
  }
  return [read.node];
}

/** Through casts, `!` and optional-chain wrappers, which keep the value. */
function outer(node: Node): Node {
  let at = node;
  for (;;) {
    const p = at.parent;
    if (!p) return at;
    if (p.type === 'ChainExpression' || p.type === 'TSNonNullExpression' || p.type === 'TSAsExpression' || p.type === 'TSSatisfiesExpression') at = p;
    else if (p.type === 'AwaitExpression') at = p;
    else return at;
  }
}

/**
 * Whether `node` is itself tested: the test of an `if`, `?:`, loop or `&&`/`||`/`??`, a `switch`
 * discriminant, negated, compared, `typeof`-ed, or read with `?.`. For the SDK's view, reading `.kind` is
 * the test (the view is never undefined).
 */
function isTested(node: Node, form: AnswerRead['form']): boolean {
  let c = outer(node);
  const p0 = c.parent;
  if (p0?.type === 'MemberExpression' && p0.object === c) {
    if (p0.optional) return true;
    if (form !== 'view' || propertyName(p0) !== 'kind') return false;
    c = outer(p0);
  }
  for (;;) {
    const p = c.parent;
    if (!p) return false;
    if (p.type === 'UnaryExpression' && (p.operator === '!' || p.operator === 'typeof')) c = p;
    else if (p.type === 'BinaryExpression' && COMPARISONS.has(p.operator)) return true;
    else if (p.type === 'IfStatement' || p.type === 'WhileStatement' || p.type === 'DoWhileStatement' || p.type === 'ForStatement') return p.test === c;
    else if (p.type === 'ConditionalExpression') return p.test === c;
    else if (p.type === 'LogicalExpression') return p.left === c;
    else if (p.type === 'SwitchStatement') return p.discriminant === c;
    else return false;
  }
}

/** A dereference of the answer that no earlier test of the same key guards. */
function uncheckedUse(read: AnswerRead, sameKey: readonly AnswerRead[], prov: Provenance): { node: Node; use: string } | undefined {
  const uses = carriers(read, prov);
  const tested = (n: Node, form: AnswerRead['form']) => isTested(n, form);
  // Tested anywhere through this binding, or by an earlier read of the same key (`if (!responses.k) return ...`).
  if (uses.some((u) => tested(u, read.form))) return undefined;
  const guardedBefore = sameKey.some((r) => r.node.range[0] < read.node.range[0] && carriers(r, prov).some((u) => tested(u, r.form)));
  if (guardedBefore) return undefined;
  const at = outer(read.node);
  const p = at.parent;
  if (p?.type === 'VariableDeclarator' && p.init === at && p.id.type === 'ObjectPattern') {
    const names = p.id.properties.flatMap((q) => (q.type === 'Property' ? [propertyName(q)] : []));
    if (read.form === 'view' && names.includes('kind')) return undefined;
    return { node: p.id, use: 'destructured' };
  }
  for (const use of uses) {
    const u = outer(use);
    const member = u.parent;
    if (member?.type === 'MemberExpression' && member.object === u && !member.optional) {
      const name = propertyName(member) ?? '[...]';
      if (read.form === 'view' && name === 'kind') continue;
      return { node: member, use: `.${name}` };
    }
  }
  return undefined;
}

/** The first `.content` read of an elicitation answer when no read of the same answer looks at `.action`. */
function contentWithoutAction(reads: readonly AnswerRead[], prov: Provenance): Node | undefined {
  let content: Node | undefined;
  for (const read of reads) {
    const at = outer(read.node);
    const p = at.parent;
    if (p?.type === 'VariableDeclarator' && p.init === at && p.id.type === 'ObjectPattern') {
      const names = p.id.properties.flatMap((q) => (q.type === 'Property' ? [propertyName(q)] : []));
      if (names.includes('action')) return undefined;
      if (names.includes('content')) content ??= p.id;
      continue;
    }
    for (const use of carriers(read, prov)) {
      const u = outer(use);
      const member = u.parent;
      if (member?.type !== 'MemberExpression' || member.object !== u) continue;
      const name = propertyName(member);
      if (name === 'action') return undefined;
      if (name === 'content') content ??= member;
    }
  }
  return content;
}
