// The code a helper's push request becomes (see helper-ask.ts): in the helper's module, a builder beside the helper
// that returns what it asks, and the request replaced by the answer the helper is handed in a new last parameter;
// in the handler, the call of the helper hands it this round's answer reader.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, insert } from '@uproot/core/planning';
import { type HelperAsk, builderText, declarationOf, preludeOf } from './helper-ask.ts';
import type { RoundRequest } from './push-round.ts';
import { removeStatement } from './push-round-edits.ts';

/** A new last parameter, with parentheses around a lone arrow parameter. */
export function appendParameter(fn: FunctionNode, text: string, param: string): TextEdit[] {
  const last = fn.params[fn.params.length - 1];
  if (!last) {
    const open = text.indexOf('(', fn.type === 'FunctionDeclaration' && fn.id ? fn.id.range[1] : fn.range[0]);
    return [insert(open + 1, param)];
  }
  const parenthesised = text.slice(fn.range[0], fn.params[0]!.range[0]).includes('(');
  return parenthesised ? [insert(last.range[1], `, ${param}`)] : [insert(fn.params[0]!.range[0], '('), insert(last.range[1], `, ${param})`)];
}

/**
 * The helper's new parameter for the answer, and the builder declared after it. The request goes when every caller
 * hands the answer; else it stays, asked only when no answer is handed in, with the parameters its builder returns.
 * Nothing when an earlier run split it already.
 */
export function helperSplitEdits(r: RoundRequest, via: HelperAsk): TextEdit[] {
  if (via.alreadySplit) return [];
  const { fn, fnUnit: u } = via;
  const params = u.text.slice(...via.paramsRange);
  const result = r.ask === 'elicit' ? 'ElicitResult' : 'CreateMessageResult';
  // Every caller hands the answer: the helper asks nothing itself any more, and requires it (declared optional only
  // after an optional parameter, where TypeScript allows no required one).
  const required = via.fallback === undefined;
  const afterOptional = fn.params.some((p) => p.type === 'Identifier' && p.optional);
  const param = `${via.answerParam}${u.typescript ? `${required && !afterOptional ? '' : '?'}: () => Promise<${result}>` : ''}`;
  const edits: TextEdit[] = appendParameter(fn, u.text, param);
  const names = fn.params.map((p) => (p.type === 'AssignmentPattern' ? (p.left as { name: string }).name : (p as { name: string }).name));
  if (required) {
    edits.push({ start: r.site.node.range[0], end: r.site.node.range[1], text: `${via.answerParam}${u.typescript && afterOptional ? '!' : ''}()` });
  } else {
    edits.push(insert(r.site.node.range[0], `(${via.answerParam} ? ${via.answerParam}() : `));
    edits.push({ start: via.paramsRange[0], end: via.paramsRange[1], text: `${via.builder}(${names.join(', ')})` });
    edits.push(insert(r.site.node.range[1], ')'));
  }
  edits.push(insert(declarationOf(fn)!.range[1], builderText(via, params, r.ask)));
  // The builder repeats the plain declarations the request's parameters used: those the helper no longer reads go.
  const gone: [number, number] = required ? [r.site.node.range[0], r.site.node.range[1]] : via.paramsRange;
  for (const statement of unreadPrelude(r, via, gone)) edits.push(removeStatement(statement, u.text));
  return edits;
}

/**
 * The helper's declarations before its request that nothing it keeps reads: every reference is in `gone` (the text
 * the split replaces) or in another such declaration. They are plain (checkAskedFirst), so removing them changes nothing.
 */
function unreadPrelude(r: RoundRequest, via: HelperAsk, gone: [number, number]): TSESTree.VariableDeclaration[] {
  const prelude = preludeOf(r.site, via.fn).filter((st): st is TSESTree.VariableDeclaration => st.type === 'VariableDeclaration');
  const within = (node: Node, range: readonly [number, number]) => node.range[0] >= range[0] && node.range[1] <= range[1];
  const unread = new Set(prelude);
  for (let changed = true; changed; ) {
    changed = false;
    for (const st of unread) {
      const read = st.declarations.some((d) =>
        (via.fnUnit.prov.variableOf(d.id as TSESTree.Identifier)?.references ?? []).some((ref) => {
          const id = ref.identifier as Node;
          return id !== d.id && !within(id, gone) && ![...unread].some((other) => within(id, other.range));
        }),
      );
      if (read) {
        unread.delete(st);
        changed = true;
      }
    }
  }
  return [...unread];
}

/** The SDK types the split helper names in TypeScript. */
export function helperSplitTypes(r: RoundRequest): string[] {
  return r.ask === 'elicit' ? ['ElicitResult', 'ElicitRequestFormParams'] : ['CreateMessageResult', 'CreateMessageRequestParamsBase'];
}

/** The handler's call of the helper, handing it the answer reader (optional parameters it leaves out stay undefined). */
export function answerArgument(via: HelperAsk, reader: string): TextEdit {
  const { call } = via;
  const padding = Array.from({ length: Math.max(0, via.answerIndex - call.arguments.length) }, () => 'undefined');
  const args = [...padding, `() => ${reader}`].join(', ');
  return insert(call.range[1] - 1, call.arguments.length ? `, ${args}` : args);
}
