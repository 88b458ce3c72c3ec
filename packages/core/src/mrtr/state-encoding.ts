// How a requestState string was made or taken apart: encodings anyone can forge or read, and the
// decoders that turn a received state back into data.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, calleeName, propertyName, staticString, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import { isGlobal, isGlobalMethod, singleValue } from './values.ts';

/** A description of the encoding when `value` is built without any integrity protection. */
export function unprotectedEncoding(value: Node, prov: Provenance, depth = 0): string | undefined {
  const n = unwrap(value);
  if (depth > 4) return undefined;
  switch (n.type) {
    case 'Identifier': {
      const init = singleValue(n, prov);
      return init ? unprotectedEncoding(init, prov, depth + 1) : undefined;
    }
    case 'TemplateLiteral':
      return n.expressions.length > 0 && !n.expressions.some((e) => mayBeProtected(e, prov)) ? 'a template literal' : undefined;
    case 'BinaryExpression':
      if (n.operator !== '+' || (staticString(n.left) !== undefined && staticString(n.right as Node) !== undefined)) return undefined;
      return mayBeProtected(n.left, prov) || mayBeProtected(n.right as Node, prov) ? undefined : 'string concatenation';
    case 'ConditionalExpression':
      return unprotectedEncoding(n.consequent, prov, depth + 1) ?? unprotectedEncoding(n.alternate, prov, depth + 1);
    case 'LogicalExpression':
      return unprotectedEncoding(n.left, prov, depth + 1) ?? unprotectedEncoding(n.right, prov, depth + 1);
    case 'CallExpression':
      return encoderName(n, prov);
    default:
      return undefined;
  }
}

/** Callee names that make or carry a signature (`sign`, `mac`, `codec.mint`, `hmac.digest`, `seal`, `encrypt`, ...). */
const SIGNING = /sign|mac|mint|seal|encrypt|cipher|digest|jw[st]|token|protect/i;

/** A part that may carry a signature: `${body}.${mac(body)}`, `'v1.' + await sign(body)`. */
function mayBeProtected(part: Node, prov: Provenance, depth = 0): boolean {
  const n = unwrap(part);
  if (depth > 4) return true;
  if (n.type === 'AwaitExpression') return mayBeProtected(n.argument, prov, depth + 1);
  if (n.type === 'Identifier') {
    const init = singleValue(n, prov);
    return init ? mayBeProtected(init, prov, depth + 1) : false;
  }
  if (n.type === 'CallExpression') return encoderName(n, prov) === undefined && SIGNING.test(calleeName(n) ?? '');
  if (n.type === 'BinaryExpression' || n.type === 'TemplateLiteral') return unprotectedEncoding(n, prov, depth + 1) === undefined;
  return false;
}

function encoderName(call: TSESTree.CallExpression, prov: Provenance): string | undefined {
  const callee = unwrap(call.callee);
  if (isGlobalMethod(callee, 'JSON', 'stringify', prov)) return 'JSON.stringify';
  for (const fn of ['btoa', 'encodeURIComponent', 'String']) if (isGlobal(callee, fn, prov)) return `${fn}()`;
  // `Buffer.from(JSON.stringify(x)).toString('base64')`
  if (callee.type === 'MemberExpression' && propertyName(callee) === 'toString') {
    const inner = unwrap(callee.object);
    if (inner.type === 'CallExpression' && isGlobalMethod(inner.callee, 'Buffer', 'from', prov)) {
      const encoding = call.arguments[0] ? staticString(call.arguments[0]) : undefined;
      return `Buffer.from(...).toString(${encoding ? `'${encoding}'` : ''})`;
    }
  }
  return undefined;
}

/** When `call` decodes its input (`JSON.parse`, `atob`, `Buffer.from(s, 'base64')`, ...): the input and a verb. */
export function decodedInput(call: TSESTree.CallExpression, prov: Provenance): { input: Node; how: string } | undefined {
  const callee = unwrap(call.callee);
  const first = call.arguments[0];
  if (first && first.type !== 'SpreadElement') {
    if (isGlobalMethod(callee, 'JSON', 'parse', prov)) return { input: first, how: 'parses (JSON.parse)' };
    if (isGlobal(callee, 'atob', prov)) return { input: first, how: 'decodes (atob)' };
    if (isGlobal(callee, 'decodeURIComponent', prov)) return { input: first, how: 'decodes (decodeURIComponent)' };
    if (isGlobalMethod(callee, 'Buffer', 'from', prov) && call.arguments[1]) return { input: first, how: 'decodes (Buffer.from)' };
  }
  if (callee.type === 'MemberExpression' && calleeName(call) === 'split') return { input: callee.object, how: 'splits (.split())' };
  return undefined;
}

/** String methods that make a different string out of the state. */
export const rewritingMethods = new Set(['slice', 'substring', 'substr', 'replace', 'replaceAll', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'concat', 'padStart', 'padEnd', 'normalize']);
