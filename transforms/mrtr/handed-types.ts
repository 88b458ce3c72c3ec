// The declared function types a handed-on fetcher travels under (`getRoots: () => Promise<string[]>` in the object type
// its registration takes, a constructor's `private readonly getContext: () => Promise<Context>`) take the request's ctx
// as the function itself now does, so every call that passes it type-checks.
import { type TextEdit, insert } from '@uproot/core/planning';
import type { SitePlan } from './chains.ts';
import type { HandedType } from './handed-value.ts';
import type { Unit } from './unit.ts';

/** One edit per declared type, in the unit that declares it, each giving the type a last `ctx: ServerContext`. */
export function handedTypeEdits(plans: SitePlan[]): Map<Unit, TextEdit[]> {
  const out = new Map<Unit, TextEdit[]>();
  const done = new Set<HandedType['node']>();
  for (const hop of plans.flatMap((p) => p.chains.flatMap((c) => c.hops))) {
    for (const { unit, node } of hop.types ?? []) {
      if (done.has(node)) continue;
      done.add(node);
      out.set(unit, [...(out.get(unit) ?? []), widen(node, unit)]);
    }
  }
  return out;
}

function widen(node: HandedType['node'], unit: Unit): TextEdit {
  const params = node.params;
  const names = new Set(params.map((p) => (p.type === 'Identifier' ? p.name : '')));
  const name = ['ctx', 'mcpCtx', 'rootsCtx'].find((n) => !names.has(n)) ?? 'uprootCtx';
  // After optional parameters ctx is optional too, as the function's own parameter is (rewrite.ts, TS1016).
  const optional = params.some((p) => (p.type === 'Identifier' && p.optional) || p.type === 'AssignmentPattern');
  const typed = `${name}${optional ? '?' : ''}: ServerContext`;
  const last = params[params.length - 1];
  if (last) return insert(last.range[1], `, ${typed}`);
  const from = node.type === 'TSMethodSignature' ? node.key.range[1] : node.typeParameters?.range[1] ?? node.range[0];
  return insert(unit.text.indexOf('(', from) + 1, typed);
}
