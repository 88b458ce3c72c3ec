// The marker for roots kept per session (`roots.set(sessionId, answer.roots)`), said precisely: which
// key the fill writes under, where that key comes from, and which use of the fill keeps uproot from
// seeing every caller. A per-request rewrite must write each answer under the key its readers use,
// so the author needs to know where the key is made, not only that there is one.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, functionName, locOf, propertyName, unwrap } from '@uproot/core/planning';
import type { Provenance, RootsState } from '@uproot/core/planning';
import { fillerOf } from '../param/state/hooks.ts';
import { type OtherCallers, untriggeredUse } from './trigger-detail.ts';

/** The detail for a session-map state; `text` is the file's source. */
/** `requests`: the roots requests that feed the state (a `.then` callback on one is the fill's own code). */
export function sessionMapDetail(state: RootsState, prov: Provenance, text: string, listChanged: ReadonlySet<Node>, requests: ReadonlySet<Node>, elsewhere?: OtherCallers): string {
  const head = `the roots are kept per session in ${state.name}`;
  const write = state.writes[0]?.node;
  if (!write || write.type !== 'CallExpression' || !write.arguments[0]) return `${head}; one process can serve several clients, and a per-request rewrite would have to key each answer by the same session the original used`;
  const key = keyOrigin(write.arguments[0], prov, text);
  const fill = fillerOf(write, requests);
  const name = fill && functionName(fill);
  const use = fill && name ? untriggeredUse(fill, prov, listChanged, elsewhere) : undefined;
  const where = use ? `; ${name}(), which fills it, ${use}` : '';
  const reads = readKeys(state, text);
  const read = reads.length ? ` and read with ${reads.join(', ')}` : '';
  return `${head}, keyed by ${key}${read}${where}; a per-request rewrite has to write each answer under the key the readers of the same request use, which uproot cannot prove here`;
}

/** `sessionId (a parameter of syncRoots())`, `extra.sessionId`, or the key's own text. */
function keyOrigin(key: TSESTree.CallExpressionArgument, prov: Provenance, text: string): string {
  const spelled = text.slice(key.range[0], key.range[1]);
  const id = unwrap(key);
  if (id.type !== 'Identifier') return spelled;
  const def = prov.variableOf(id)?.defs[0];
  if (def?.type === 'Parameter') {
    const owner = functionName(def.node as FunctionNode);
    return `${spelled} (a parameter of ${owner ? `${owner}()` : 'the enclosing function'})`;
  }
  if (def?.name) return `${spelled} (line ${locOf(def.name).start.line})`;
  return spelled;
}

/** The keys the map is read with (`roots.get(extra.sessionId)` → `extra.sessionId (line 12)`), each spelling once. */
function readKeys(state: RootsState, text: string): string[] {
  if (state.kind !== 'session-map') return [];
  const keys = new Map<string, number>();
  for (const ref of state.variable.references) {
    const member = ref.identifier.parent;
    const call = member?.parent;
    if (member?.type !== 'MemberExpression' || member.object !== ref.identifier || call?.type !== 'CallExpression' || call.callee !== member || !call.arguments[0]) continue;
    if (!['get', 'has'].includes(propertyName(member) ?? '')) continue;
    const spelled = text.slice(call.arguments[0].range[0], call.arguments[0].range[1]);
    if (!keys.has(spelled)) keys.set(spelled, locOf(call).start.line);
  }
  return [...keys].map(([k, line]) => `${k} (line ${line})`);
}
