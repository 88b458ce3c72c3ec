// Adding one property to an object literal (a zod shape, a config object, a JSON schema) in the
// layout the literal already has: one line stays one line, one property per line stays that way.
import type { TSESTree } from '@typescript-eslint/types';
import { propertyName } from '@uproot/core/planning';
import { type TextEdit, indentAt, insert, lineStart } from '@uproot/core/planning';
import { unresolved } from './unprovable.ts';

/** The keys of a literal whose every key is known (no spreads, no computed keys). */
export function literalKeys(obj: TSESTree.ObjectExpression | TSESTree.ObjectPattern, what: string): string[] {
  const keys: string[] = [];
  for (const p of obj.properties) {
    if (p.type === 'RestElement') continue;
    const key = p.type === 'Property' ? propertyName(p) : undefined;
    if (key === undefined) throw unresolved(`${what} has a spread or computed key, so a new parameter could collide with it`);
    keys.push(key);
  }
  return keys;
}

export function addProperty(text: string, obj: TSESTree.ObjectExpression | TSESTree.ObjectPattern | TSESTree.TSTypeLiteral, property: string, eol: string, unit: string): TextEdit {
  const members: TSESTree.Node[] = obj.type === 'TSTypeLiteral' ? obj.members : obj.properties;
  const separator = obj.type === 'TSTypeLiteral' ? ';' : ',';
  // A rest element must stay last: the new property goes before it.
  const rest = members.find((m) => m.type === 'RestElement');
  if (rest) return insert(rest.range[0], `${property}${separator} `);
  if (members.length === 0) return { start: obj.range[0], end: obj.range[1], text: `{ ${property} }` };
  const last = members[members.length - 1]!;
  // Type literal members own their `;`, object properties do not own their `,`.
  const own = /[,;]$/.test(text.slice(last.range[0], last.range[1])) ? '' : undefined;
  const trailing = own !== undefined ? [own] : /^\s*[,;]/.exec(text.slice(last.range[1], obj.range[1] - 1));
  const multiline = lineStart(text, last.range[0]) !== lineStart(text, obj.range[0]);
  if (multiline) {
    const indent = indentAt(text, last.range[0]) || indentAt(text, obj.range[0]) + unit;
    if (trailing) return insert(last.range[1] + trailing[0].length, `${eol}${indent}${property}${separator}`);
    return insert(last.range[1], `${separator}${eol}${indent}${property}`);
  }
  if (trailing) return insert(last.range[1] + trailing[0].length, ` ${property}${separator}`);
  return insert(last.range[1], `${separator} ${property}`);
}
