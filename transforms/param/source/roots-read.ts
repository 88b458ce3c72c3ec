// One reference to a roots answer inside a helper that checks it: does it read nothing a configured
// `{ roots }` value answers differently? Both are non-null objects with a `roots` member, so shape
// tests (`typeof`, `!== null`, `'roots' in`, truthiness) answer alike, and a zod schema that names
// only `roots` (stripping the rest, zod's default) parses the two by their roots alone.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, castOuter, propertyName, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

const PARSE = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa']);

/** Whether this reference (the parameter the answer arrives in) reads the answer for its roots only. */
export function readsOnlyRoots(ref: Node, prov: Provenance): boolean {
  const id = castOuter(ref);
  const p = id.parent;
  if (!p) return false;
  if (p.type === 'MemberExpression' && p.object === id) return !p.computed && propertyName(p) === 'roots';
  if (p.type === 'UnaryExpression' && (p.operator === 'typeof' || p.operator === '!')) return true;
  if (p.type === 'BinaryExpression') {
    if (p.operator === 'in' && p.right === id) return p.left.type === 'Literal' && p.left.value === 'roots';
    const other = p.left === id ? p.right : p.left;
    return ['===', '!==', '==', '!='].includes(p.operator) && isNullish(other as Node);
  }
  if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && p.test === id) return true;
  if (p.type === 'LogicalExpression' && p.left === id && p.operator === '&&') return true;
  if (p.type === 'CallExpression' && p.arguments[0] === id && p.arguments.length === 1) return rootsOnlySchemaParse(p, prov);
  return false;
}

function isNullish(n: Node): boolean {
  return (n.type === 'Literal' && n.value === null) || (n.type === 'Identifier' && n.name === 'undefined');
}

/** `Schema.safeParse(value)` where `const Schema = z.object({ roots: … })`, z from zod, nothing chained. */
function rootsOnlySchemaParse(call: TSESTree.CallExpression, prov: Provenance): boolean {
  const callee = unwrap(call.callee as Node);
  if (callee.type !== 'MemberExpression' || !PARSE.has(propertyName(callee) ?? '')) return false;
  const schema = unwrap(callee.object as Node);
  if (schema.type !== 'Identifier') return false;
  const def = prov.variableOf(schema)?.defs[0];
  const declarator = def?.node;
  if (declarator?.type !== 'VariableDeclarator' || declarator.parent?.kind !== 'const' || !declarator.init) return false;
  const init = unwrap(declarator.init as Node);
  if (init.type !== 'CallExpression' || init.arguments.length !== 1) return false;
  const make = unwrap(init.callee as Node);
  if (make.type !== 'MemberExpression' || propertyName(make) !== 'object' || !fromZod(unwrap(make.object as Node), prov)) return false;
  const shape = init.arguments[0]!;
  return shape.type === 'ObjectExpression' && shape.properties.length === 1 && shape.properties.every((q) => q.type === 'Property' && !q.computed && propertyName(q) === 'roots');
}

/** `z` imported from `zod` (or `zod/v3`, `zod/v4`, `zod/mini`), by name or as a namespace. */
function fromZod(n: Node, prov: Provenance): boolean {
  if (n.type !== 'Identifier') return false;
  const def = prov.variableOf(n)?.defs[0];
  if (def?.type !== 'ImportBinding' || def.parent?.type !== 'ImportDeclaration') return false;
  const from = def.parent.source.value;
  return from === 'zod' || from.startsWith('zod/');
}
