// uproot/mrtr-retry: a hand-written retry after input_required must be the original request again (same
// method and params) on a new JSON-RPC id, answering the inputRequests keys the server chose.
import { type Node, propertyName, staticString, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import type { Retry, SentRequest } from './client-results.ts';
import type { Finding } from './finding.ts';
import { type Field, climbTransparent, fieldOf, objectOf, referencesOf, rootIdentifier, sameReference, singleValue, unwrapAll } from './values.ts';

export function checkRetries(list: Retry[], prov: Provenance): Finding[] {
  const out: Finding[] = [];
  for (const retry of list) {
    if (retry.original) {
      const id = reusedId(retry, retry.original, prov);
      if (id) out.push(id);
      const method = changedMethod(retry, retry.original, prov);
      if (method) out.push(method);
      const params = changedParams(retry, retry.original, prov);
      if (params) out.push(params);
    }
    out.push(...unrequestedKeys(retry, prov));
  }
  return out;
}

function present(field: Field): field is Extract<Field, { value: Node }> {
  return field.state === 'own' || field.state === 'inherited';
}

function reusedId(retry: Retry, original: SentRequest, prov: Provenance): Finding | undefined {
  const originalId = fieldOf(original.object, 'id', prov);
  if (!present(originalId)) return undefined;
  const found = (node: Node, how: string): Finding => ({ messageId: 'retryReusesId', node, data: { how } });
  // The original message object itself, patched and sent again.
  if (sameReference(retry.sent.message, original.message, prov)) return idWritten(original.message, prov) ? undefined : found(retry.sent.message, 'the original message object is sent again');
  const id = fieldOf(retry.sent.object, 'id', prov);
  if (id.state === 'inherited' && objectOf(id.spread.argument, prov) === original.object) return found(id.spread, 'it is spread from the original message');
  if (id.state !== 'own') return undefined;
  const value = unwrapAll(id.value);
  const before = unwrapAll(originalId.value);
  if (value.type === 'Literal' && before.type === 'Literal' && value.value !== null && value.value === before.value) return found(id.property, `the same id ${value.raw}`);
  if (value.type === 'Identifier' && before.type === 'Identifier' && sameReference(value, before, prov) && singleValue(value, prov) !== undefined) {
    return found(id.property, `the same id variable ${value.name}`);
  }
  if (value.type === 'MemberExpression' && propertyName(value) === 'id') {
    const owner = unwrap(value.object);
    if (sameReference(owner, original.message, prov)) return found(id.property, "the original message's id");
    const response = responseOf(retry.received.subject);
    if (response && sameReference(owner, response, prov)) return found(id.property, "the response's id, which is the original request's");
  }
  return undefined;
}

/** `reply` for a subject `reply.result`: the JSON-RPC response, which carries the original id. */
function responseOf(subject: Node): Node | undefined {
  const s = unwrap(subject);
  return s.type === 'MemberExpression' && propertyName(s) === 'result' ? s.object : undefined;
}

function idWritten(message: Node, prov: Provenance): boolean {
  const id = rootIdentifier(message);
  return (prov.variableOf(id!)?.references ?? []).some((ref) => {
    const member = ref.identifier.parent;
    const write = member?.parent;
    return member?.type === 'MemberExpression' && propertyName(member) === 'id' && write?.type === 'AssignmentExpression' && write.left === member;
  });
}

function changedMethod(retry: Retry, original: SentRequest, prov: Provenance): Finding | undefined {
  const before = fieldOf(original.object, 'method', prov);
  const after = fieldOf(retry.sent.object, 'method', prov);
  if (!present(before) || !present(after)) return undefined;
  const from = staticString(before.value);
  const to = staticString(after.value);
  if (from === undefined || to === undefined || from === to) return undefined;
  return { messageId: 'retryChangesMethod', node: after.property, data: { retry: to, original: from } };
}

function changedParams(retry: Retry, original: SentRequest, prov: Provenance): Finding | undefined {
  const paramsBefore = fieldOf(original.object, 'params', prov);
  const before = present(paramsBefore) ? objectOf(paramsBefore.value, prov) : undefined;
  const after = retry.params;
  if (!before || !after || before === after) return undefined;
  const report = (node: Node, what: string, field: string): Finding => ({ messageId: 'retryChangesParams', node, data: { what, field } });
  for (const key of ['name', 'uri']) {
    const from = fieldOf(before, key, prov);
    const to = fieldOf(after, key, prov);
    if (!present(from)) continue;
    if (to.state === 'absent') return report(after, `the ${key} (it is left out)`, key);
    if (!present(to)) continue;
    const a = staticString(from.value);
    const b = staticString(to.value);
    if (a !== undefined && b !== undefined && a !== b) return report(to.property, `the ${key} ('${a}' became '${b}')`, key);
  }
  const from = fieldOf(before, 'arguments', prov);
  const to = fieldOf(after, 'arguments', prov);
  if (!present(from)) return undefined;
  if (to.state === 'absent') return report(after, 'the arguments (they are left out)', 'arguments');
  if (!present(to) || to.value === from.value || sameReference(to.value, from.value, prov)) return undefined;
  const difference = argumentDifference(from.value, to.value, prov);
  return difference ? report(to.property, `the arguments (${difference})`, 'arguments') : undefined;
}

/** How two argument object literals differ, when both are fully known. */
function argumentDifference(before: Node, after: Node, prov: Provenance): string | undefined {
  const a = plainEntries(before, prov);
  const b = plainEntries(after, prov);
  if (!a || !b) return undefined;
  for (const key of a.keys()) if (!b.has(key)) return `${key} is left out`;
  for (const key of b.keys()) if (!a.has(key)) return `${key} is added`;
  for (const [key, value] of a) {
    const other = b.get(key)!;
    if (value !== undefined && other !== undefined && value !== other) return `${key} changed from ${value} to ${other}`;
  }
  return undefined;
}

/** Keys of an object literal without spreads or computed keys, with literal values as source text. */
function plainEntries(node: Node, prov: Provenance): Map<string, string | undefined> | undefined {
  const obj = objectOf(node, prov);
  if (!obj) return undefined;
  const out = new Map<string, string | undefined>();
  for (const p of obj.properties) {
    if (p.type !== 'Property') return undefined;
    const key = propertyName(p);
    if (key === undefined) return undefined;
    const value = unwrap(p.value);
    out.set(key, value.type === 'Literal' ? value.raw : undefined);
  }
  return out;
}

function unrequestedKeys(retry: Retry, prov: Provenance): Finding[] {
  if (!retry.params) return [];
  const responses = fieldOf(retry.params, 'inputResponses', prov);
  const answers = responses.state === 'own' ? objectOf(responses.value, prov) : undefined;
  if (!answers) return [];
  const out: Finding[] = [];
  let requested: Set<string> | undefined | null = null;
  for (const p of answers.properties) {
    if (p.type !== 'Property') continue;
    if (p.computed && staticString(p.key) === undefined) {
      if (readsMethod(p.key)) out.push({ messageId: 'retryAnswersUnrequestedKey', node: p.key, data: { key: 'the request method', detail: ' (inputRequests keys are names the server chose, not methods)' } });
      continue;
    }
    const key = propertyName(p);
    if (key === undefined) continue;
    if (requested === null) requested = requestedKeys(retry.received.subject, prov);
    if (requested && requested.size > 0 && !requested.has(key)) {
      out.push({ messageId: 'retryAnswersUnrequestedKey', node: p.key, data: { key: `'${key}'`, detail: ` (the code reads inputRequests ${[...requested].map((k) => `'${k}'`).join(', ')})` } });
    }
  }
  return out;
}

/** `[request.method]`: a key made from an input request's method. */
function readsMethod(key: Node): boolean {
  const k = unwrap(key);
  return k.type === 'MemberExpression' && propertyName(k) === 'method';
}

/**
 * The inputRequests keys the code looks at, when it only ever reads fixed keys (`r.inputRequests.roots`,
 * `'roots' in r.inputRequests`, `const { roots } = r.inputRequests`); undefined when it iterates them.
 */
function requestedKeys(subject: Node, prov: Provenance): Set<string> | undefined {
  const keys = new Set<string>();
  for (const use of referencesOf(subject, prov)) {
    const member = climbTransparent(use).parent;
    if (member?.type !== 'MemberExpression' || member.object !== climbTransparent(use) || propertyName(member) !== 'inputRequests') continue;
    if (!collectKeys(member, keys, prov, 0)) return undefined;
  }
  return keys;
}

function collectKeys(requests: Node, keys: Set<string>, prov: Provenance, depth: number): boolean {
  const at = climbTransparent(requests);
  const p = at.parent;
  if (!p) return false;
  if (p.type === 'MemberExpression' && p.object === at) {
    const key = propertyName(p);
    if (key === undefined) return false;
    keys.add(key);
    return true;
  }
  if (p.type === 'BinaryExpression' && p.operator === 'in' && p.right === at) {
    const key = staticString(p.left as Node);
    if (key === undefined) return false;
    keys.add(key);
    return true;
  }
  if (p.type === 'VariableDeclarator' && p.init === at) {
    if (p.id.type === 'ObjectPattern') {
      for (const prop of p.id.properties) {
        const key = prop.type === 'Property' ? propertyName(prop) : undefined;
        if (key === undefined) return false;
        keys.add(key);
      }
      return true;
    }
    if (p.id.type === 'Identifier' && depth === 0) {
      const variable = prov.variableOf(p.id);
      return (variable?.references ?? []).filter((r) => !r.isWrite()).every((r) => collectKeys(r.identifier, keys, prov, depth + 1));
    }
  }
  // `if (!r.inputRequests) ...` only tests presence.
  if (p.type === 'UnaryExpression' && p.operator === '!') return true;
  if ((p.type === 'IfStatement' || p.type === 'LogicalExpression' || p.type === 'ConditionalExpression') && (p as { test?: Node }).test === at) return true;
  return false;
}
