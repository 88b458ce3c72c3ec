// Values a handler computes before it asks and uses after (a timestamp, a generated id) must not be computed again
// when the handler re-runs for the next round: the original computed each once per call. uproot carries them in the
// same signed requestState as the earlier answers. Only sources that are fresh but act on nothing, and whose values
// survive JSON unchanged (numbers, strings), are carried; a `new Date()` or any other call holds the handler.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, unwrap } from '@uproot/core/planning';
import type { Unit } from './unit.ts';

/** The requestState entry the carried values travel under, beside the answers (never an input request key). */
export const VALUES_KEY = 'uproot:values';

/** `const name = <fresh source>` before the handler's requests. */
export interface FreshValue {
  statement: TSESTree.VariableDeclaration;
  name: string;
  /** The source text of the call, evaluated only in the first round. */
  source: string;
}

/** `Date.now()`, `performance.now()`, `Math.random()`, `crypto.randomUUID()`, and `randomUUID()` from node:crypto. */
export function freshValue(statement: TSESTree.Statement, unit: Unit): FreshValue | undefined {
  if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const' || statement.declarations.length !== 1) return undefined;
  const declarator = statement.declarations[0]!;
  if (declarator.id.type !== 'Identifier' || declarator.id.typeAnnotation || !declarator.init) return undefined;
  const call = unwrap(declarator.init);
  if (call.type !== 'CallExpression' || call.arguments.length) return undefined;
  if (!isFreshSource(unwrap(call.callee), unit)) return undefined;
  return { statement, name: declarator.id.name, source: unit.text.slice(call.range[0], call.range[1]) };
}

const GLOBAL_SOURCES: Record<string, string> = { Date: 'now', performance: 'now', Math: 'random', crypto: 'randomUUID' };

function isFreshSource(callee: Node, unit: Unit): boolean {
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
    const object = unwrap(callee.object);
    // A global, not a binding of the file that shadows it.
    return object.type === 'Identifier' && GLOBAL_SOURCES[object.name] === callee.property.name && !unit.prov.variableOf(object)?.defs.length;
  }
  if (callee.type !== 'Identifier' || callee.name !== 'randomUUID') return false;
  const def = unit.prov.variableOf(callee)?.defs[0];
  const declaration = def?.type === 'ImportBinding' ? def.node.parent : undefined;
  return declaration?.type === 'ImportDeclaration' && ['node:crypto', 'crypto'].includes(declaration.source.value);
}

/** The declaration, now read from the carried values when an earlier round computed it. */
export function carriedDeclaration(value: FreshValue, ctx: string, typescript: boolean): string {
  const values = `${ctx}.mcpReq.inputResponses?.['${VALUES_KEY}']`;
  const read = typescript ? `(${values} as Record<string, ReturnType<typeof ${sourceFunction(value)}>> | undefined)?.${value.name}` : `${values}?.${value.name}`;
  return `const ${value.name} = ${read} ?? ${value.source};`;
}

/** `Date.now` for `Date.now()`: the function whose return type the carried value has. */
function sourceFunction(value: FreshValue): string {
  return value.source.replace(/\(\)$/, '');
}

/** What a round's requestState carries: the answers so far and the fresh values. */
export function statePayload(ctx: string, values: FreshValue[]): string {
  const responses = `${ctx}.mcpReq.inputResponses`;
  if (!values.length) return `${responses} ?? {}`;
  return `{ ...${responses}, '${VALUES_KEY}': { ${values.map((v) => v.name).join(', ')} } }`;
}
