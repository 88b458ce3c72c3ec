// The request handed on as a thunk: `initializeRoots(async () => { return server.server.listRoots(); })`.
// The request's promise is what the function returns, so its answer (or failure) is what each call of
// that function gives the helper it was passed to. Followed into the helper (here or imported): when the
// helper only calls the parameter, awaits the call and reads the answer's roots, a configured answer
// stands in for the request as it would inline, and each call is where a failure would be caught.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, castOuter, isFunction } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { helperOf } from './answer-helper.ts';

export interface ThunkCall {
  /** The `await thunk()` expression in the helper: where the answer arrives and a failure would surface. */
  awaited: Node;
  prov: Provenance;
}

/**
 * The awaited calls of the function `request` is returned from, when that function is passed straight to
 * a helper that does nothing else with it; a string says why not; undefined when the request is not returned.
 */
export function thunkCalls(request: Node, prov: Provenance): ThunkCall[] | string | undefined {
  const fn = returnedFrom(castOuter(request));
  if (!fn) return undefined;
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(fn as TSESTree.Expression)) return 'the request\'s promise is returned from a function that is not handed straight to a helper';
  const found = helperOf(call, prov);
  const index = call.arguments.indexOf(fn as TSESTree.Expression);
  const param = found?.fn.params[index];
  if (!found || param?.type !== 'Identifier') return 'the request\'s promise is returned from a function handed to a helper uproot cannot follow';
  const variable = found.prov.variableOf(param);
  if (!variable) return 'the request\'s promise is returned from a function handed to a helper uproot cannot follow';
  const out: ThunkCall[] = [];
  for (const ref of variable.references) {
    if (variable.defs.some((d) => d.name === ref.identifier)) continue;
    const id = ref.identifier as Node;
    const p = id.parent;
    if (p?.type !== 'CallExpression' || p.callee !== id || p.arguments.length > 0) return `${found.fn.type === 'FunctionDeclaration' && found.fn.id ? `${found.fn.id.name}()` : 'the helper'} does more with the function than call it`;
    const awaited = castOuter(p).parent;
    if (awaited?.type !== 'AwaitExpression') return 'the helper does not await the answer where it calls the function';
    out.push({ awaited, prov: found.prov });
  }
  return out.length ? out : 'the helper never calls the function it is given';
}

/** The function whose return value `value` is: `return value;` in its body, or a concise arrow's body. */
function returnedFrom(value: Node): FunctionNode | undefined {
  const p = value.parent;
  if (isFunction(p) && p.type === 'ArrowFunctionExpression' && p.body === value) return p;
  if (p?.type !== 'ReturnStatement') return undefined;
  for (let n: Node | undefined = p.parent; n; n = n.parent) if (isFunction(n)) return n;
  return undefined;
}
