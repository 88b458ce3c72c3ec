// Flags only the roots hooks use — `let clientInitialized = false`, set in the initialized hook and
// tested by the list_changed handler (`if (!clientInitialized) return;`). Per request every hook
// goes, so such a flag guards nothing any more: it goes with them, declaration and all (a `let`
// left written but never read fails `noUnusedLocals`).
import { type Node, type VariableLike, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import type { Hook } from '../param/state/hooks.ts';

/** Module or local `let` flags whose every use is a literal write or a `return` guard inside `hooks`, with their declarations. */
export function hookOnlyFlags(hooks: readonly Hook[], prov: Provenance): { flags: Set<VariableLike>; declarations: Node[] } {
  const flags = new Set<VariableLike>();
  const declarations: Node[] = [];
  const inHooks = (n: Node) => hooks.some((h) => n.range[0] >= h.statement.range[0] && n.range[1] <= h.statement.range[1]);
  const seen = new Set<VariableLike>();
  for (const hook of hooks) {
    for (const node of guardsAndWrites(hook)) {
      const v = prov.variableOf(node);
      if (!v || seen.has(v)) continue;
      seen.add(v);
      const declarator = v.defs[0]?.node;
      if (v.defs.length !== 1 || declarator?.type !== 'VariableDeclarator' || declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.declarations.length !== 1) continue;
      if (declarator.parent.parent?.type === 'ExportNamedDeclaration' || (declarator.init && unwrap(declarator.init).type !== 'Literal')) continue;
      const uses = v.references.map((r) => r.identifier as Node).filter((r) => r !== declarator.id);
      if (uses.every((u) => inHooks(u) && (literalWrite(u) || guard(u)))) {
        flags.add(v);
        declarations.push(declarator.parent);
      }
    }
  }
  return { flags, declarations };
}

/** The identifiers written with a literal or tested by a guard in the hook's own statements. */
function guardsAndWrites(hook: Hook): import('@typescript-eslint/types').TSESTree.Identifier[] {
  const found: import('@typescript-eslint/types').TSESTree.Identifier[] = [];
  const body = hook.fn.body;
  if (body.type !== 'BlockStatement') return found;
  for (const s of body.body) {
    if (s.type === 'ExpressionStatement' && s.expression.type === 'AssignmentExpression' && s.expression.left.type === 'Identifier' && literalWrite(s.expression.left)) found.push(s.expression.left);
    if (s.type === 'IfStatement') {
      const t = unwrap(s.test);
      const x = t.type === 'UnaryExpression' && t.operator === '!' ? unwrap(t.argument) : t;
      if (x.type === 'Identifier' && guard(x)) found.push(x);
    }
  }
  return found;
}

/** `flag = true;` as a statement. */
function literalWrite(id: Node): boolean {
  const p = id.parent;
  return p?.type === 'AssignmentExpression' && p.left === id && p.operator === '=' && unwrap(p.right).type === 'Literal' && p.parent?.type === 'ExpressionStatement';
}

/** `if (flag) return;` / `if (!flag) return;` with no else. */
function guard(id: Node): boolean {
  let test: Node = id;
  if (test.parent?.type === 'UnaryExpression' && test.parent.operator === '!') test = test.parent;
  const s = test.parent;
  if (s?.type !== 'IfStatement' || s.test !== test || s.alternate) return false;
  const body = s.consequent.type === 'BlockStatement' && s.consequent.body.length === 1 ? s.consequent.body[0]! : s.consequent;
  return body.type === 'ReturnStatement' && !body.argument;
}

/**
 * The declarations of debounce handles (`let rootsUpdateTimeout;`) whose handler goes: nothing else
 * used them but statements that only clear them, and a scheduler only the handler called — both go too.
 */
export function debounceDeclarations(hooks: readonly Hook[]): Node[] {
  return hooks.flatMap((h) => (h.debounce ? [...(h.debounce.declaration ? [h.debounce.declaration] : []), ...h.debounce.retired] : []));
}
