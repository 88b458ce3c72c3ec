// A helper threaded with ctx that reads the roots capability through a variable
// (`const caps = server.server.getClientCapabilities() || {}; … caps?.roots !== undefined`) asks about
// this request's client instead: on 2026-07-28 over stdio `getClientCapabilities()` is undefined, so the
// 2025-era read would take the "no roots" path for a client that declared them in its envelope.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, calleeName, contains, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { PLAIN } from './chains.ts';
import { HELPER_NAMES } from './helpers-block.ts';
import { freshName, hasOptionalParameter } from './rewrite.ts';
import { removeStatement } from '../param/removal.ts';
import { comparedWithNothing } from './capability-compare.ts';
import { type Unit, Unprovable } from './unit.ts';

type Reason = NonNullable<RootsSite['reason']>;

/** The edits, and the capability sites they settle. `fn` gets ctx from the chain rewrite, under the name it picks. */
export function rootsCapabilityEdits(fn: FunctionNode, unit: Unit, reason: Reason): { edits: TextEdit[]; sites: RootsSite[] } {
  // The name rewrite.ts gives a threaded helper's ctx, with `!` when an optional parameter made it optional.
  const ctx = freshName(fn, unit.text) + (unit.typescript && hasOptionalParameter(fn) ? '!' : '');
  const edits: TextEdit[] = [];
  const sites: RootsSite[] = [];
  const fail = (why: string): never => {
    throw new Unprovable(reason, why);
  };
  walkAll(fn.body, (n) => {
    if (n.type !== 'CallExpression' || calleeName(n) !== 'getClientCapabilities') return;
    const callee = unwrap(n.callee);
    if (callee.type !== 'MemberExpression') return fail('the roots capability is read in a way uproot cannot follow');
    const receiver = unit.text.slice(callee.object.range[0], callee.object.range[1]);
    if (!PLAIN.test(receiver)) return fail('the roots capability is read from a server uproot cannot name per request');
    const declares = `${HELPER_NAMES.declares}(${ctx}, ${receiver})`;
    // `getClientCapabilities() || {}` / `?? {}`: the same object, or an empty one.
    let value: Node = n;
    const p = value.parent;
    if (p?.type === 'LogicalExpression' && p.left === value && (p.operator === '||' || p.operator === '??') && unwrap(p.right).type === 'ObjectExpression' && (unwrap(p.right) as TSESTree.ObjectExpression).properties.length === 0) value = p;
    const declarator = value.parent;
    const declaration = declarator?.parent;
    // A direct `getClientCapabilities()?.roots` is a capability site the chain rewrite asks per request itself.
    if (declarator?.type !== 'VariableDeclarator' || declarator.init !== value) return;
    if (declarator.id.type !== 'Identifier' || declaration?.type !== 'VariableDeclaration' || declaration.declarations.length !== 1) return fail('the client capabilities are kept in a way uproot cannot follow');
    const id = declarator.id;
    const refs = unit.prov.variableOf(id)?.references.filter((r) => r.identifier !== id) ?? [];
    for (const ref of refs) {
      const test = ref.identifier.type === 'Identifier' ? rootsTest(ref.identifier) : undefined;
      if (!test) return fail(`the client capabilities are read for more than whether roots are declared (line ${ref.identifier.loc.start.line})`);
      edits.push({ start: test.node.range[0], end: test.node.range[1], text: test.negated ? `!${declares}` : declares });
    }
    edits.push(removeStatement(unit.text, declaration));
    for (const site of unit.sites) if (site.kind === 'capability' && site.side === 'server' && (contains(declaration, site.node) || refs.some((r) => contains(site.node, r.identifier) || contains(r.identifier.parent ?? r.identifier, site.node)))) sites.push(site);
  });
  return { edits, sites };
}

/** `caps?.roots` asked as a yes/no: the expression that asks it, and whether it asks "not declared". */
function rootsTest(id: TSESTree.Identifier): { node: Node; negated: boolean } | undefined {
  const member = id.parent;
  if (member?.type !== 'MemberExpression' || member.object !== id || propertyName(member) !== 'roots') return undefined;
  const read: Node = member.parent?.type === 'ChainExpression' ? member.parent : member;
  const p = read.parent;
  if (p?.type === 'BinaryExpression') return comparedWithNothing(read);
  const asCondition =
    (p?.type === 'IfStatement' && p.test === read) ||
    (p?.type === 'UnaryExpression' && p.operator === '!') ||
    (p?.type === 'ConditionalExpression' && p.test === read) ||
    (p?.type === 'CallExpression' && calleeName(p) === 'Boolean');
  return asCondition ? { node: read, negated: false } : undefined;
}

