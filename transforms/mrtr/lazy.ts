// `--lifecycle per-request` for a lazily filled getter: `if (!cache) cache = <roots>; return cache`
// in a function the handlers call. The request is threaded like any other (the handler asks for
// roots first), and the guard goes, so every request derives the cache from its own answer. A getter
// that writes its cache on every call needs only the threading.
import { type Node, type TextEdit, analyzeState, contains, enclosingFunction, locOf, unwrap } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { type Unit, Unprovable } from './unit.ts';

/** The edits that drop the guard around the cache's only write; throws when the shape is any other. */
export function lazyGuardEdits(site: RootsSite, unit: Unit): TextEdit[] {
  const analysis = analyzeState(site.node, unit.prov, unit.text);
  const state = analysis.states[0];
  if (analysis.states.length !== 1 || state?.kind !== 'lazy-getter' || state.writes.length !== 1) {
    throw new Unprovable('shared-state', 'the roots are stored in state that is not a lazily filled cache of one getter');
  }
  const write = state.writes[0]!.node;
  const getter = enclosingFunction(write);
  if (!getter) throw new Unprovable('shared-state', `${state.name} is filled outside a function`);
  const writes = state.variable.references.filter((r) => r.isWrite() && !state.variable.defs.some((d) => d.name === r.identifier));
  if (writes.length !== 1) throw new Unprovable('shared-state', `${state.name} is written in more than one place`);
  // Only the getter reads the cache: its callers all go through it, so each gets a fresh derivation.
  const outside = state.variable.references.find((r) => !r.isWrite() && !contains(getter, r.identifier));
  if (outside) throw new Unprovable('shared-state', `${state.name} is read outside its getter (line ${locOf(outside.identifier).start.line})`);
  const statement = write.parent;
  if (statement?.type !== 'ExpressionStatement') throw new Unprovable('shared-state', `${state.name} is filled inside a larger expression`);
  // Written on every call of the getter, and only read there: already per request once threaded.
  if (getter.body.type === 'BlockStatement' && statement.parent === getter.body) return [];
  const guard = statement.parent?.type === 'BlockStatement' && statement.parent.body.length === 1 ? statement.parent.parent : statement.parent;
  if (guard?.type !== 'IfStatement' || guard.alternate || !isEmptyTest(guard.test, state.variable.name)) {
    throw new Unprovable('shared-state', `${state.name} is filled under a condition other than "not yet filled"`);
  }
  // `if (!cache) cache = …;` or `if (!cache) { cache = …; }`: the write takes the guard's place.
  const edits: TextEdit[] = [{ start: guard.range[0], end: statement.range[0], text: '' }];
  if (guard.consequent !== statement) edits.push({ start: statement.range[1], end: guard.range[1], text: '' });
  return edits;
}

/** `!cache`, `cache === undefined` or `cache == null`: the test of a cache not filled yet. */
function isEmptyTest(test: Node, name: string): boolean {
  const t = unwrap(test);
  const named = (n: Node) => unwrap(n).type === 'Identifier' && (unwrap(n) as { name: string }).name === name;
  if (t.type === 'UnaryExpression' && t.operator === '!') return named(t.argument);
  if (t.type === 'BinaryExpression' && ['===', '=='].includes(t.operator)) {
    const other = named(t.left) ? unwrap(t.right) : named(t.right) ? unwrap(t.left) : undefined;
    return !!other && ((other.type === 'Identifier' && other.name === 'undefined') || (other.type === 'Literal' && other.value === null));
  }
  return false;
}
