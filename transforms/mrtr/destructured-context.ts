// A handler that destructures the SDK's per-request argument (`async (input, { signal }) => …`) has no name for
// the ctx the MRTR entry needs. The pattern becomes a name and the same pattern is destructured from it first
// thing in the body: every name the handler used is bound to the same value, before any of its own code runs.
import type { TSESTree } from '@typescript-eslint/types';
import type { Node, TextEdit } from '@uproot/core/planning';

/** Whether the parameter is a pattern this rewrite can name (no default: `{ signal } = {}` would change when it applies). */
export function nameableContext(param: Node | undefined): param is TSESTree.ObjectPattern {
  return param?.type === 'ObjectPattern';
}

/** The edit naming the pattern `ctx` (its type annotation kept) and the statement that destructures it again. */
export function nameContext(param: TSESTree.ObjectPattern, text: string, ctx: string): { edit: TextEdit; statement: string } {
  const annotation = param.typeAnnotation;
  const patternEnd = annotation ? annotation.range[0] : param.range[1];
  const pattern = text.slice(param.range[0], patternEnd).trimEnd();
  return {
    edit: { start: param.range[0], end: patternEnd, text: ctx },
    statement: `const ${pattern} = ${ctx};`,
  };
}
