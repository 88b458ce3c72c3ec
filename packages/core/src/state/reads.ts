// Who reads roots state, and from which handler: every read of the variable, field or map, and for
// a setter's module, the reads there that the functions it exports carry back to this file's handlers.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, enclosingFunction, functionName, inTypeOnly, isExported, propertyName } from '../ast.ts';
import { contextsOf, isRequestHandler } from '../context.ts';
import { type Provenance, walkAll } from '../provenance.ts';
import type { SiteContext } from '../types.ts';
import type { RootsState, StateRead } from './types.ts';

/** Reads of the state (writes excluded), with the provenance of the file each sits in. */
export function readsOf(state: RootsState, prov: Provenance, text: string): StateRead[] {
  if (state.kind === 'class-field') {
    const reads: StateRead[] = [];
    walkAll(state.cls, (n) => {
      if (n.type === 'MemberExpression' && n.object.type === 'ThisExpression' && propertyName(n) === state.field) {
        const p = n.parent;
        if (!(p?.type === 'AssignmentExpression' && p.left === n)) reads.push({ node: n, prov, text });
      }
    });
    return reads;
  }
  const home = state.kind === 'setter' ? state.module : { prov, text };
  // A type query (`value: typeof allowed`) reads nothing at run time.
  return state.variable.references.filter((r) => !r.isWrite() && !inTypeOnly(r.identifier)).map((r) => ({ node: r.identifier, prov: home.prov, text: home.text }));
}

export interface Consumer {
  context: SiteContext;
  read: StateRead;
  /** For a setter's module: the call in this file that carries the read here, and whether that function only returns how many entries the state has. */
  call?: TSESTree.CallExpression;
  count?: boolean;
}

/** The request handlers that reach each read, in this file (through the setter module's exports for a setter). */
export function consumersOfState(state: RootsState, prov: Provenance, text: string): Consumer[] {
  const out: Consumer[] = [];
  for (const read of readsOf(state, prov, text)) {
    if (state.kind !== 'setter') {
      for (const context of contextsOf(read.node, prov)) if (isRequestHandler(context.handler)) out.push({ context, read });
      continue;
    }
    // In the state's own module: the exported function holding the read, then its callers here.
    const fn = outermostExported(read.node);
    if (!fn) continue;
    const name = functionName(fn);
    const count = returnsSize(read.node, fn);
    for (const call of importedCalls(state.local, name, prov)) {
      for (const context of contextsOf(call, prov)) if (isRequestHandler(context.handler)) out.push({ context: { ...context, via: [...context.via, name!] }, read, call, count });
    }
  }
  return out;
}

/** `return state.length` (or `.size`) as the whole body of `fn`. */
function returnsSize(read: Node, fn: Node): boolean {
  const member = read.parent;
  if (member?.type !== 'MemberExpression' || member.object !== read || !['length', 'size'].includes(propertyName(member) ?? '')) return false;
  const body = (fn as { body?: Node }).body;
  if (body === member) return true;
  return body?.type === 'BlockStatement' && body.body.length === 1 && body.body[0]!.type === 'ReturnStatement' && body.body[0]!.argument === member;
}

function outermostExported(node: Node) {
  let fn = enclosingFunction(node);
  while (fn && !isExported(fn)) fn = enclosingFunction(fn);
  return fn && functionName(fn) ? fn : undefined;
}

/** Calls in this file of `name`, imported from the same module as the setter. */
function importedCalls(setter: TSESTree.Identifier, name: string | undefined, prov: Provenance): TSESTree.CallExpression[] {
  const def = prov.variableOf(setter)?.defs[0];
  const decl = def?.parent;
  if (!name || decl?.type !== 'ImportDeclaration') return [];
  const calls: TSESTree.CallExpression[] = [];
  for (const spec of decl.specifiers) {
    if (spec.type !== 'ImportSpecifier') continue;
    const imported = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
    if (imported !== name) continue;
    for (const ref of prov.variableOf(spec.local)?.references ?? []) {
      const p = ref.identifier.parent;
      if (p?.type === 'CallExpression' && p.callee === ref.identifier) calls.push(p);
    }
  }
  return calls;
}
