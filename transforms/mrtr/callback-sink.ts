// A marker's detail for roots whose derived value ends in a callback the fetching code was handed
// (`onSkillsChanged(skillMap, instructions)` in `syncSkills(server, dir, onSkillsChanged)`,
// skilljack-mcp): what the callback writes, and who reads it, is written by the caller, beyond the
// state shapes the per-request planners follow. The value is followed through the function's own
// locals — declarations, assignments, `for … of`, `.then` callbacks, `push`/`add`/`set` into a collection — so the detail
// names the call only when what it is handed really came from the answer.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type VariableLike, enclosingFunction, functionName, locOf, propertyName, unwrap, walkAll } from '@uproot/core/planning';
import type { Provenance, RootsSite } from '@uproot/core/planning';

const COLLECT = new Set(['push', 'unshift', 'add', 'set']);

export function callbackSinkDetail(site: RootsSite, prov: Provenance): string | undefined {
  const fn = enclosingFunction(site.node);
  if (!fn) return undefined;
  const tainted = fromAnswer(fn, site.node, prov);
  const reads = (e: Node) => {
    let hit = false;
    walkAll(e, (n) => {
      if (n === site.node) hit = true;
      if (n.type === 'Identifier') {
        const v = prov.variableOf(n);
        if (v && tainted.has(v)) hit = true;
      }
    });
    return hit;
  };
  let found: string | undefined;
  walkAll(fn.body, (n) => {
    if (found || n.type !== 'CallExpression' || n.range[0] < site.node.range[1]) return;
    const callee = unwrap(n.callee);
    if (callee.type !== 'Identifier') return;
    const def = prov.variableOf(callee)?.defs[0];
    if (def?.type !== 'Parameter') return;
    const arg = n.arguments.find((a) => reads(a));
    if (!arg) return;
    const owner = def.node as Node;
    // The callback is the fetching function's own parameter or an enclosing function's, not one of a callback inside it.
    if (owner.range[0] > fn.range[0] || owner.range[1] < fn.range[1]) return;
    const ownerName = owner.type === 'FunctionDeclaration' || owner.type === 'FunctionExpression' || owner.type === 'ArrowFunctionExpression' ? functionName(owner as FunctionNode) : undefined;
    found = `what is derived from the roots answer is handed to ${callee.name}() (line ${locOf(n).start.line}), a callback ${ownerName ? `${ownerName}() is` : 'the function fetching them is'} given by its callers: the per-request form does not follow a caller-supplied callback to the state it writes, or to who reads that state, so it cannot derive that state per request`;
  });
  return found;
}

/** The locals of `fn` holding (part of) what `request` answered, followed to a fixed point. */
function fromAnswer(fn: FunctionNode, request: Node, prov: Provenance): Set<VariableLike> {
  const tainted = new Set<VariableLike>();
  const reads = (e: Node | null | undefined) => {
    let hit = false;
    if (e) {
      walkAll(e, (n) => {
        if (n === request) hit = true;
        if (n.type === 'Identifier') {
          const v = prov.variableOf(n);
          if (v && tainted.has(v)) hit = true;
        }
      });
    }
    return hit;
  };
  const add = (target: Node) => {
    let grew = false;
    walkAll(target, (n) => {
      if (n.type !== 'Identifier') return;
      // `{ skills: rootSkills }` binds rootSkills, not the key.
      if (n.parent?.type === 'Property' && n.parent.key === n && n.parent.value !== n) return;
      const v = prov.variableOf(n);
      if (v && !tainted.has(v)) {
        tainted.add(v);
        grew = true;
      }
    });
    return grew;
  };
  for (let round = 0, grew = true; grew && round < 8; round++) {
    grew = false;
    walkAll(fn.body, (n) => {
      if (n.type === 'VariableDeclarator' && reads(n.init)) grew = add(n.id) || grew;
      else if (n.type === 'AssignmentExpression' && reads(n.right)) grew = add(n.left) || grew;
      else if (n.type === 'ForOfStatement' && reads(n.right)) grew = add(n.left) || grew;
      // `request.then(({ roots }) => …)`: the callback's parameters hold the answer.
      else if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'then' && reads(n.callee.object)) {
        const cb = n.arguments[0] && unwrap(n.arguments[0] as TSESTree.Expression);
        if (cb && (cb.type === 'ArrowFunctionExpression' || cb.type === 'FunctionExpression')) for (const param of cb.params) grew = add(param) || grew;
      }
      else if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && COLLECT.has(propertyName(n.callee) ?? '') && n.arguments.some((a) => reads(a))) {
        const object = unwrap(n.callee.object as TSESTree.Expression);
        if (object.type === 'Identifier') grew = add(object) || grew;
      }
    });
  }
  return tainted;
}
