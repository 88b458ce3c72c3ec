// Why a roots request reached from list handlers stays marked, said once for all of them: on 2026-07-28 a
// tools/list, resources/list or prompts/list request cannot ask the client for input, so a list that waited for
// the roots (backlog-md: every list handler resolves the roots first) would be answered without them. Where the
// code the request runs re-registers what the server offers (it sends notifications/tools/list_changed), the
// roots decide which tools exist: the marker says so, since that is what a client would see change.
import { type FunctionNode, type Node, calleeName, contextReason, reachesOf, enclosingFunction, functionName, isFunction, propertyName, walkAll } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import type { Unit } from './unit.ts';
import { Unprovable } from './unit.ts';

const LIST_CHANGED = /^send(Tool|Resource|Prompt)ListChanged$/;
const MAX_DEPTH = 3;

/** One list-handler failure naming every list handler that reaches the site (from the chains' failures); undefined without one. */
export function listHandlerFailure(failures: readonly Unprovable[], site: RootsSite, unit: Unit): Unprovable | undefined {
  const lists = failures.filter((f) => f.reason === 'list-handler');
  return listFailure([...new Set(lists.map((f) => /^reached from (.+)$/.exec(f.message)?.[1]).filter((n): n is string => !!n))], site, unit);
}

/** The same, for a site scan already marked list-handler (no chain was planned): the list handlers found from the site itself. */
export function listHandlerDetail(site: RootsSite, unit: Unit): string | undefined {
  const names = reachesOf(site.node, unit.prov)
    .filter((r) => contextReason({ handler: r.handler, name: r.name, via: [] }) === 'list-handler')
    .map((r) => r.name ?? r.handler);
  return listFailure([...new Set(names)], site, unit)?.message;
}

/** Undefined where it would add nothing to the reason's own text: one list, and nothing says the roots decide what exists. */
function listFailure(names: string[], site: RootsSite, unit: Unit): Unprovable | undefined {
  if (names.length === 0) return undefined;
  const offered = offeredBy(site, unit);
  if (names.length === 1 && offered.length === 0) return undefined;
  const decides = offered.length ? `; the roots decide which ${joined(offered)} the server offers (the code the request runs re-registers them and sends their list_changed)` : '';
  return new Unprovable(
    'list-handler',
    `reached from ${joined(names)}${decides}; a list request cannot ask the client for input on 2026-07-28, so ${names.length > 1 ? 'these lists' : 'this list'} would be answered without the roots the original waited for`,
  );
}

function joined(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** `tools`, `resources`, `prompts`: what the functions run after the request (same file, a few calls deep) announce as changed. */
function offeredBy(site: RootsSite, unit: Unit): string[] {
  const start = enclosingFunction(site.node);
  if (!start) return [];
  const found = new Set<string>();
  const seen = new Set<FunctionNode>();
  const visit = (fn: FunctionNode, depth: number) => {
    if (seen.has(fn) || depth > MAX_DEPTH) return;
    seen.add(fn);
    walkAll(fn.body, (n) => {
      if (n.type !== 'CallExpression') return;
      const name = calleeName(n);
      const kind = name ? LIST_CHANGED.exec(name)?.[1] : undefined;
      if (kind) found.add(`${kind.toLowerCase()}s`);
      else if (name) for (const callee of sameFile(name, unit)) visit(callee, depth + 1);
    });
  };
  visit(start, 0);
  return ['tools', 'resources', 'prompts'].filter((k) => found.has(k));
}

/** Functions and methods of the file named `name` (a call `this.upgrade()` or `upgrade()`). */
function sameFile(name: string, unit: Unit): FunctionNode[] {
  const out: FunctionNode[] = [];
  walkAll(unit.ast, (n: Node) => {
    if (!isFunction(n)) return;
    const own = functionName(n) ?? (n.parent?.type === 'MethodDefinition' ? propertyName(n.parent) : undefined);
    if (own === name) out.push(n);
  });
  return out;
}
