// Roots kept in the properties of one module object (memvid-mcp: `const state = { roots: [], supported:
// false }`, filled by `state.roots = result.roots || []; state.supported = true`). The object is the
// state, as a module variable is: its binding never changes, so what changes is what its properties hold,
// and those are written only by assignments `state.p = …`. The object may be read only through its
// properties: handed on whole (`Object.assign(state, …)`, `return state`, `track(state)`), it could be
// written where uproot does not look.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, contains, enclosingFunction, functionName, locOf, unwrap } from '@uproot/core/planning';
import type { Provenance, VariableLike } from '@uproot/core/planning';

/** The module `const` an assignment writes a property of (`state.roots = …`, `state.flags.ready = …`), when it is one. */
export function moduleObjectOf(assignment: TSESTree.AssignmentExpression, prov: Provenance): { variable: VariableLike; name: string } | undefined {
  const root = memberRoot(assignment.left);
  if (!root) return undefined;
  const variable = prov.variableOf(root);
  const def = variable?.defs[0];
  const declarator = def?.node as Node | undefined;
  if (!variable || variable.defs.length !== 1 || declarator?.type !== 'VariableDeclarator' || enclosingFunction(declarator)) return undefined;
  if (declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.kind !== 'const' || declarator.init?.type !== 'ObjectExpression') return undefined;
  return { variable, name: root.name };
}

/** `a.b.c` with no computed step: `a`. */
function memberRoot(node: Node): TSESTree.Identifier | undefined {
  let x = unwrap(node);
  if (x.type !== 'MemberExpression') return undefined;
  while (x.type === 'MemberExpression') {
    if (x.computed) return undefined;
    x = unwrap(x.object);
  }
  return x.type === 'Identifier' ? x : undefined;
}

/**
 * Every use of the object outside `fills` reads a property; a write of one (`state.p = …`, `state.p++`,
 * `delete state.p`) or the object handed on whole fails with the line. The fills' own uses are theirs.
 */
export function checkObjectUses(variable: VariableLike, fills: readonly Node[], where: string, fail: (why: string) => never): void {
  const declared = variable.defs[0]?.name;
  for (const ref of variable.references) {
    const id = ref.identifier;
    if (id === declared || fills.some((f) => contains(f, id))) continue;
    const line = locOf(id).start.line;
    const member = id.parent;
    if (member?.type !== 'MemberExpression' || member.object !== id) fail(`${variable.name} is handed on whole at line ${line} of ${where}, where its properties could be written unseen`);
    let top: Node = member!;
    while (top.parent?.type === 'MemberExpression' && top.parent.object === top) top = top.parent;
    const p = top.parent;
    // A target of an assignment, an update, a `delete`, or of a destructuring (`({ roots: state.roots } = answer)`, `for (state.last of …)`).
    const written =
      (p?.type === 'AssignmentExpression' && p.left === top) ||
      (p?.type === 'UpdateExpression' && p.argument === top) ||
      (p?.type === 'UnaryExpression' && p.operator === 'delete') ||
      p?.type === 'ArrayPattern' ||
      p?.type === 'RestElement' ||
      (p?.type === 'Property' && p.value === top && p.parent?.type === 'ObjectPattern') ||
      (p?.type === 'AssignmentPattern' && (p.left as Node) === top) ||
      ((p?.type === 'ForOfStatement' || p?.type === 'ForInStatement') && p.left === top);
    const writer = written ? enclosingFunction(id) : undefined;
    const by = writer && functionName(writer) ? `, by ${functionName(writer)}()` : '';
    if (written) fail(`${variable.name} is also written at line ${line} of ${where}${by}`);
  }
}
