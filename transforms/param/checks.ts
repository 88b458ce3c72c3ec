// What keeps a roots request from becoming a parameter: its answer outlives the request, a
// catch turns its failure into a default (a fallback a parameter must keep), or a helper on the
// way has callers or a signature uproot cannot extend safely.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, enclosingFunction, functionName, isExported, propertyName, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { unresolved } from './unprovable.ts';

/** `try { …request… } catch { default }` or `.catch(() => default)`: the request may fail into a fallback. */
export function catchesToDefault(node: Node): boolean {
  const fn = enclosingFunction(node);
  for (let current: Node = node; current.parent && current.parent !== fn; current = current.parent) {
    const p: Node = current.parent;
    if (p.type === 'MemberExpression' && p.object === current && propertyName(p) === 'catch') return true;
    if (p.type === 'MemberExpression' && p.object === current && propertyName(p) === 'then' && p.parent?.type === 'CallExpression' && p.parent.arguments.length > 1) return true;
    if (p.type === 'TryStatement' && p.block === current && p.handler) return true;
  }
  return false;
}

/** Only the request forms whose answer is exactly a ListRootsResult (a parameter cannot feed a custom schema). */
export function checkRequestForm(call: TSESTree.CallExpression, prov: Provenance): void {
  const name = calleeName(call);
  if (name === 'listRoots') return;
  const second = call.arguments[1];
  if (!second) return;
  if (name === 'send' && unwrap(second).type === 'ObjectExpression') return; // ctx.mcpReq.send(request, options)
  if (prov.is(second, 'schema')?.name !== 'ListRootsResultSchema') throw unresolved('the request parses the answer with its own result schema');
}

export function checkHelper(fn: FunctionNode, call: TSESTree.CallExpression): void {
  const name = functionName(fn) ?? 'a helper';
  if (isExported(fn)) throw unresolved(`${name} is exported, so callers uproot cannot see would break`);
  if (fn.params.some((p) => p.type === 'RestElement')) throw unresolved(`${name} takes rest parameters`);
  if (call.arguments.some((a) => a.type === 'SpreadElement')) throw unresolved(`${name} is called with spread arguments`);
  if (call.arguments.length > fn.params.length) throw unresolved(`${name} is called with more arguments than it declares`);
  if (fn.type === 'FunctionExpression' && fn.parent?.type === 'MethodDefinition') throw unresolved(`${name} is a class method; thread the directory through it by hand`);
}

/** A handler passed by name must be used only by its registration: its parameters are about to change. */
export function checkNamedCallback(callback: FunctionNode, registration: TSESTree.CallExpression, prov: Provenance): void {
  if (registration.arguments.includes(callback as TSESTree.Expression)) return;
  if (isExported(callback)) throw unresolved('the handler function is exported; its parameters would change for other callers');
  if (prov.referencesTo(callback).length !== 1) throw unresolved('the handler function is used in more than one place');
}

