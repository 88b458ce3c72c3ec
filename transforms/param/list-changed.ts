// A server's roots list_changed handler that only resets state nothing reads any more (for
// example a cache whose readers became the directory parameter) does nothing observable: it goes.
// Handlers that refresh state someone still reads stay marked `list-changed`.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, isFunction, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';

export interface DeadRefresh {
  site: RootsSite;
  statement: TSESTree.ExpressionStatement;
  state: string[];
  /** Declarations of that state nothing else uses: they go too. */
  declarations: TSESTree.VariableDeclaration[];
}

export function deadRefresh(site: RootsSite, prov: Provenance, removed: ReadonlyArray<[number, number]>): DeadRefresh | undefined {
  const call = site.node.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== site.node) return undefined;
  const statement = call.parent;
  const handler = call.arguments[call.arguments.length - 1];
  if (statement?.type !== 'ExpressionStatement' || !handler || !isFunction(handler)) return undefined;
  const body: Node[] = handler.body.type === 'BlockStatement' ? handler.body.body : [handler.body];
  const state: TSESTree.Identifier[] = [];
  for (const s of body) {
    const e = unwrap(s.type === 'ExpressionStatement' ? s.expression : s);
    const target = resetTarget(e);
    if (!target) return undefined;
    state.push(target);
  }
  if (state.length === 0) return undefined;
  const inside = (n: Node) => (n.range[0] >= handler.range[0] && n.range[1] <= handler.range[1]) || removed.some(([s, e]) => n.range[0] >= s && n.range[1] <= e);
  const declarations: TSESTree.VariableDeclaration[] = [];
  for (const id of new Set(state.map((s) => prov.variableOf(s)))) {
    const def = id?.defs[0];
    if (!id || def?.type !== 'Variable' || isInsideNode(def.node, handler)) return undefined;
    // Any other read keeps the handler: the state still matters to someone.
    if (id.references.some((r) => !inside(r.identifier) && !isPlainWrite(r.identifier))) return undefined;
    const declaration = def.parent;
    const initialised = def.node.type === 'VariableDeclarator' ? def.node.id : undefined;
    const used = id.references.some((r) => !inside(r.identifier) && r.identifier !== initialised);
    if (!used && declaration?.type === 'VariableDeclaration' && declaration.declarations.length === 1 && declaration.parent?.type !== 'ExportNamedDeclaration') declarations.push(declaration);
  }
  return { site, statement, state: [...new Set(state.map((s) => s.name))], declarations };
}

/** `x = undefined | null | true/false | [] | {} | new Map()` or `x.clear()`: a reset or a flag, nothing else. */
function resetTarget(e: Node): TSESTree.Identifier | undefined {
  if (e.type === 'AssignmentExpression' && e.operator === '=' && e.left.type === 'Identifier') {
    const r = unwrap(e.right);
    const empty =
      (r.type === 'Identifier' && r.name === 'undefined') ||
      (r.type === 'Literal' && (r.value === null || typeof r.value === 'boolean' || r.value === 0 || r.value === '')) ||
      (r.type === 'ArrayExpression' && r.elements.length === 0) ||
      (r.type === 'ObjectExpression' && r.properties.length === 0) ||
      (r.type === 'NewExpression' && r.arguments.length === 0 && r.callee.type === 'Identifier' && ['Map', 'Set'].includes(r.callee.name));
    return empty ? e.left : undefined;
  }
  if (e.type === 'CallExpression' && e.arguments.length === 0 && e.callee.type === 'MemberExpression' && !e.callee.computed &&
    e.callee.property.type === 'Identifier' && e.callee.property.name === 'clear' && e.callee.object.type === 'Identifier') return e.callee.object;
  return undefined;
}

function isPlainWrite(id: Node): boolean {
  const p = id.parent;
  return (p?.type === 'AssignmentExpression' && p.operator === '=' && p.left === id) || (p?.type === 'VariableDeclarator' && p.id === id);
}

function isInsideNode(node: Node, container: Node): boolean {
  return node.range[0] >= container.range[0] && node.range[1] <= container.range[1];
}
