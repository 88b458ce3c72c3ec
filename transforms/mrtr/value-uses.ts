// A start-up fetch whose function is also handed on as a value (pi-delegate-mcp: `registerAllTools(server, { config,
// getRoots })`, which every tool calls as `ctx.getRoots()`): the marker names that hand-off too, since it is what a
// per-request form would have to change — the tools would need their request's ctx passed through that property.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, functionName, locOf } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

/** "getRoots() is also handed to registerAllTools() at line 40, as the property getRoots of an object", or undefined. */
export function handedOnAsValue(fn: FunctionNode, prov: Provenance): string | undefined {
  const name = functionName(fn);
  if (!name) return undefined;
  for (const ref of prov.referencesTo(fn) as Node[]) {
    const p = ref.parent;
    if (p?.type === 'CallExpression' && p.callee === ref) continue;
    const line = locOf(ref).start.line;
    const holder = p?.type === 'Property' && p.value === ref && p.parent?.type === 'ObjectExpression' ? p : undefined;
    const call = (holder ? holder.parent!.parent : p) as Node | undefined;
    const to = (call?.type === 'CallExpression' || call?.type === 'NewExpression') ? calleeName(call as TSESTree.CallExpression) : undefined;
    const key = holder && !holder.computed && holder.key.type === 'Identifier' ? holder.key.name : undefined;
    return `${name}() is also handed on as a value at line ${line}${to ? ` (to ${call?.type === 'NewExpression' ? 'new ' : ''}${to}()${key ? `, as the property ${key} of an object` : ''})` : ''}, whose calls uproot does not follow: a per-request form would have to pass each caller's request context through it`;
  }
  return undefined;
}
