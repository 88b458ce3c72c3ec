// Where the original refused because no roots had arrived (`if (allowed.length === 0) throw …`,
// `if (!workspaceRoot) return …`), the message gains the remedy: the parameter to pass and the
// variable to set. Found on the state's reads; a message that is not a plain literal stays as it is.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, type TextEdit, insert, unwrap } from '@uproot/core/planning';
import { walkAll } from '@uproot/core/planning';

export function remedyEdits(reads: readonly Node[], remedy: string, text: string): TextEdit[] {
  const edits: TextEdit[] = [];
  const done = new Set<Node>();
  for (const read of reads) {
    const guard = emptinessGuard(read);
    if (!guard || done.has(guard)) continue;
    done.add(guard);
    const message = messageOf(guard.consequent);
    if (message) edits.push(append(message, remedy, text));
  }
  return edits;
}

/** The `if` whose test asks whether the state is still empty, with `read` in that test. */
function emptinessGuard(read: Node): TSESTree.IfStatement | undefined {
  let n: Node = read;
  // `x.length`, `!x`, `x === undefined`, `x.length === 0`, `x == null`, `x.size === 0`
  if (n.parent?.type === 'MemberExpression' && n.parent.object === n && ['length', 'size'].includes((n.parent.property as TSESTree.Identifier).name)) n = n.parent;
  const p = n.parent;
  let test: Node | undefined;
  if (p?.type === 'UnaryExpression' && p.operator === '!') test = p;
  else if (p?.type === 'BinaryExpression' && ['===', '==', '<', '<='].includes(p.operator)) {
    const other = p.left === n ? p.right : p.left;
    const o = unwrap(other);
    if ((o.type === 'Literal' && (o.value === 0 || o.value === null || o.value === 1)) || (o.type === 'Identifier' && o.name === 'undefined')) test = p;
  }
  if (!test) return undefined;
  const ifs = test.parent;
  return ifs?.type === 'IfStatement' && ifs.test === test ? ifs : undefined;
}

/** The literal message a refusal carries: `throw new Error('…')`, or the text of an `isError` result. */
function messageOf(consequent: Node): TSESTree.Literal | TSESTree.TemplateLiteral | undefined {
  let found: TSESTree.Literal | TSESTree.TemplateLiteral | undefined;
  walkAll(consequent, (n) => {
    if (found) return;
    if (n.type === 'Literal' && typeof n.value === 'string' && n.value.length > 12 && isMessage(n)) found = n;
    if (n.type === 'TemplateLiteral' && isMessage(n)) found = n;
  });
  return found;
}

function isMessage(n: Node): boolean {
  const p = n.parent;
  if (p?.type === 'NewExpression' || p?.type === 'CallExpression') return p.arguments[0] === n;
  if (p?.type === 'Property') return !p.computed && p.value === n && ((p.key as TSESTree.Identifier).name === 'text' || (p.key as TSESTree.Identifier).name === 'message');
  return p?.type === 'ThrowStatement' || p?.type === 'ReturnStatement';
}

function append(message: TSESTree.Literal | TSESTree.TemplateLiteral, remedy: string, text: string): TextEdit {
  const end = message.range[1] - 1;
  if (message.type === 'TemplateLiteral') return insert(end, ` ${remedy.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${')}`);
  const quote = text[message.range[0]]!;
  return insert(end, ` ${remedy.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}`);
}
