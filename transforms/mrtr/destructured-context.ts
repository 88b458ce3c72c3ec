// A handler that destructures the SDK's per-request argument (`async (input, { signal }) => …`) has no name for
// the ctx the MRTR entry needs. The pattern becomes a name and the same pattern is destructured from it first
// thing in the body: every name the handler used is bound to the same value, before any of its own code runs.
// A name only the replaced request used (`{ mcpReq }` for `mcpReq.send({ method: 'roots/list' })`) is left out,
// so no binding is left unread.
import type { TSESTree } from '@typescript-eslint/types';
import type { Node, TextEdit } from '@uproot/core/planning';

/** Whether the parameter is a pattern this rewrite can name (no default: `{ signal } = {}` would change when it applies). */
export function nameableContext(param: Node | undefined): param is TSESTree.ObjectPattern {
  return param?.type === 'ObjectPattern';
}

/**
 * The edit naming the pattern `ctx` (its type annotation kept) and the statement that destructures it again, without
 * the plain properties `unused` says nothing reads any more (undefined statement: none is left).
 */
export function nameContext(param: TSESTree.ObjectPattern, text: string, ctx: string, unused: (name: TSESTree.Identifier) => boolean): { edit: TextEdit; statement?: string } {
  const annotation = param.typeAnnotation;
  const patternEnd = annotation ? annotation.range[0] : param.range[1];
  const kept = param.properties.filter((p) => !(p.type === 'Property' && p.value.type === 'Identifier' && unused(p.value)));
  const pattern = kept.length === param.properties.length ? text.slice(param.range[0], patternEnd).trimEnd() : `{ ${kept.map((p) => text.slice(p.range[0], p.range[1])).join(', ')} }`;
  return {
    edit: { start: param.range[0], end: patternEnd, text: ctx },
    ...(kept.length ? { statement: `const ${pattern} = ${ctx};` } : {}),
  };
}
