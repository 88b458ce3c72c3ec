// Where roots used to arrive, the parameter's roots arrive now, in the same shape: a push result
// becomes the `{ roots }` object (a resolved promise where it was not awaited), an MRTR answer
// view becomes `{ kind: 'roots', roots }`, a raw input response becomes the `{ roots }` object.
import type { Node } from '@uproot/core/planning';
import type { TextEdit } from '@uproot/core/planning';
import type { AnswerRead } from './input-request.ts';
import { removeStatement } from './removal.ts';

export function feedRequest(text: string, site: Node, rootsVar: string): TextEdit {
  // `await server?.listRoots()`: the optional chain wraps the call.
  const call = site.parent?.type === 'ChainExpression' ? site.parent : site;
  const parent = call.parent;
  if (parent?.type === 'AwaitExpression') {
    if (parent.parent?.type === 'ExpressionStatement') return removeStatement(text, parent.parent);
    return { start: parent.range[0], end: parent.range[1], text: rootsVar };
  }
  if (parent?.type === 'ExpressionStatement') return removeStatement(text, parent);
  return { start: call.range[0], end: call.range[1], text: `Promise.resolve(${rootsVar})` };
}

export function feedRead(read: AnswerRead, rootsVar: string, typescript: boolean): TextEdit {
  if (read.shape === 'raw') return { start: read.node.range[0], end: read.node.range[1], text: rootsVar };
  const view = `{ kind: 'roots'${typescript ? ' as const' : ''}, roots: ${rootsVar}.roots }`;
  return { start: read.node.range[0], end: read.node.range[1], text: needsParens(read.node) ? `(${view})` : view };
}

function needsParens(node: Node): boolean {
  const p = node.parent;
  if (!p) return false;
  if (p.type === 'MemberExpression' && p.object === node) return true;
  if (p.type === 'CallExpression' && p.callee === node) return true;
  if (p.type === 'ArrowFunctionExpression' && p.body === node) return true;
  return p.type === 'ExpressionStatement';
}
