// Values a handler computes before it asks and uses after (a timestamp, a generated id) must not be computed again
// when the handler re-runs for the next round: the original computed each once per call. uproot carries them in the
// same signed requestState as the earlier answers. Only sources that are fresh but act on nothing, and whose values
// survive JSON unchanged (numbers, strings), are carried; any other call holds the handler. `new Date()` (no
// arguments: the current time) is carried too: as the instant, which JSON turns into its ISO string and `new Date`
// reads back to the same millisecond.
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
  /** TypeScript's type of the carried value, as requestState gives it back. */
  type: string;
  /** A `new Date()`: the carried ISO string is made a Date again. */
  date?: true;
}

/** `new Date().toISOString()` and the like: the current time as a string or number, which JSON keeps as is. */
const DATE_READS: Record<string, string> = { toISOString: 'string', toJSON: 'string', getTime: 'number', valueOf: 'number' };

/** `Date.now()`, `performance.now()`, `Math.random()`, `crypto.randomUUID()`, and `randomUUID()` from node:crypto. */
export function freshValue(statement: TSESTree.Statement, unit: Unit): FreshValue | undefined {
  if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const' || statement.declarations.length !== 1) return undefined;
  const declarator = statement.declarations[0]!;
  if (declarator.id.type !== 'Identifier' || declarator.id.typeAnnotation || !declarator.init) return undefined;
  const call = unwrap(declarator.init);
  const name = declarator.id.name;
  const source = unit.text.slice(call.range[0], call.range[1]);
  if (isNewDate(call, unit)) return { statement, name, source, type: 'string', date: true };
  if (call.type !== 'CallExpression' || call.arguments.length) return undefined;
  const callee = unwrap(call.callee);
  // `new Date().toISOString()`: computed once per call like `Date.now()`, and already JSON's own form.
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && DATE_READS[callee.property.name] && isNewDate(unwrap(callee.object), unit)) {
    return { statement, name, source, type: DATE_READS[callee.property.name]! };
  }
  if (!isFreshSource(callee, unit)) return undefined;
  return { statement, name, source, type: `ReturnType<typeof ${source.replace(/\(\)$/, '')}>` };
}

/** `new Date()` of the global Date with no arguments: the current time. */
function isNewDate(node: Node, unit: Unit): boolean {
  if (node.type !== 'NewExpression' || node.arguments.length) return false;
  const callee = unwrap(node.callee);
  return callee.type === 'Identifier' && callee.name === 'Date' && !unit.prov.variableOf(callee)?.defs.length;
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
  const read = typescript ? `(${values} as Record<string, ${value.type}> | undefined)?.${value.name}` : `${values}?.${value.name}`;
  // The same instant in every round: the first round's, read back from its ISO string.
  if (value.date) return `const ${value.name} = new Date(${read} ?? Date.now());`;
  return `const ${value.name} = ${read} ?? ${value.source};`;
}

/** What a round's requestState carries: the answers so far and the fresh values. */
export function statePayload(ctx: string, values: FreshValue[]): string {
  const responses = `${ctx}.mcpReq.inputResponses`;
  if (!values.length) return `${responses} ?? {}`;
  return `{ ...${responses}, '${VALUES_KEY}': { ${values.map((v) => v.name).join(', ')} } }`;
}
