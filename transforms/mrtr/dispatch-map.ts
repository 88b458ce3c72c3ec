// Tool handlers kept in an exported name→function map (`export const handlers = { async read(args) {…} }`),
// gathered into one dispatch map in another module (`const map = { ...read.handlers, ...write.handlers }`)
// and run by the tools/call handler (`const fn = map[name]; await fn(args)`): the calls that can run a
// function of the map are the dispatch's calls. Followed only where every use of the maps is such a
// spread, a lookup or a call, so no function of a map can be run from anywhere else uproot does not see.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, unwrap } from '@uproot/core/planning';
import type { ProjectIndex, UnitIndex } from './project-index.ts';
import { isTestFileOf } from './test-files.ts';
import type { Unit } from './unit.ts';

type Variable = NonNullable<ReturnType<Unit['prov']['variableOf']>>;
export interface DispatchCall {
  unit: Unit;
  call: Node;
}

/** Maps spread into maps: how deep the gathering may go. */
const MAX_SPREADS = 3;

/**
 * The calls, in any file of the run, that can run `fn`, a property of an exported object literal; undefined
 * when `fn` is not one, or when the object (or a map it is spread into) is used other than looked up and called.
 */
export function dispatchCalls(at: Unit, fn: FunctionNode, project: ProjectIndex): DispatchCall[] | undefined {
  if (!('unitAt' in project) || !project.importersOf) return undefined;
  const map = exportedMap(fn);
  if (!map) return undefined;
  const units = project as ProjectIndex & UnitIndex;
  const out: DispatchCall[] = [];
  // Its own module may look it up too.
  const own = at.prov.variableOf(map.id);
  if (!own || !usesOfVariable(own, at, out, 0)) return undefined;
  const importers = project.importersOf(at.path, at.path);
  if (!importers) return undefined;
  for (const file of importers) {
    // A test drives the handlers itself: it serves no client whose roots it would miss.
    if (isTestFileOf(file, path.dirname(at.path))) continue;
    const other = units.unitAt(file);
    if (!other || !importedUses(other, at, map, out)) return undefined;
  }
  return out;
}

/** `export const handlers = { read: async () => …, async write() {…} }` (a cast or `satisfies` around it allowed): the declarator of the object `fn` is a property of. */
function exportedMap(fn: FunctionNode): { id: TSESTree.Identifier; declarator: TSESTree.VariableDeclarator } | undefined {
  const property = fn.parent;
  if (property?.type !== 'Property' || property.value !== fn) return undefined;
  const object = property.parent;
  let holder: Node | undefined = object?.parent;
  while (holder && (holder.type === 'TSAsExpression' || holder.type === 'TSSatisfiesExpression' || holder.type === 'TSNonNullExpression')) holder = holder.parent;
  if (holder?.type !== 'VariableDeclarator' || holder.id.type !== 'Identifier' || !holder.init || unwrap(holder.init) !== object) return undefined;
  const declaration = holder.parent;
  if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const' || declaration.parent?.type !== 'ExportNamedDeclaration') return undefined;
  return { id: holder.id, declarator: holder };
}

/** The importer's bindings of the map: a named import of it (through barrels), or `ns.handlers` of a namespace import of its module. */
function importedUses(unit: Unit, at: Unit, map: { id: TSESTree.Identifier; declarator: TSESTree.VariableDeclarator }, out: DispatchCall[]): boolean {
  const graph = unit.prov.moduleOrigin?.graph;
  if (!graph?.exportedAt) return false;
  for (const s of unit.ast.body) {
    if (s.type !== 'ImportDeclaration' || s.importKind === 'type') continue;
    for (const spec of s.specifiers) {
      const variable = unit.prov.variableOf(spec.local);
      if (!variable) return false;
      if (spec.type === 'ImportNamespaceSpecifier') {
        if (graph.moduleAt?.(unit.path, s.source.value)?.file !== at.path) continue;
        for (const ref of variable.references) {
          const member = ref.identifier.parent;
          if (member?.type !== 'MemberExpression' || member.object !== ref.identifier || member.computed) return false;
          if (member.property.type === 'Identifier' && member.property.name === map.id.name && !usesOfValue(member, unit, out, 0)) return false;
        }
        continue;
      }
      if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
      const name = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
      const found = graph.exportedAt(unit.path, s.source.value, name);
      if (!found || found.module.file !== at.path || !sameRange(found.node, map.declarator, map.declarator.init!)) continue;
      if (!usesOfVariable(variable, unit, out, 0)) return false;
    }
  }
  return true;
}

function sameRange(node: Node, ...candidates: Node[]): boolean {
  const n = unwrap(node);
  return candidates.some((c) => (c.range[0] === node.range[0] && c.range[1] === node.range[1]) || (c.range[0] === n.range[0] && c.range[1] === n.range[1]) || (unwrap(c).range[0] === n.range[0] && unwrap(c).range[1] === n.range[1]));
}

/** Every read of a variable holding a map must be a use `usesOfValue` accepts. */
function usesOfVariable(variable: Variable, unit: Unit, out: DispatchCall[], spreads: number): boolean {
  for (const ref of variable.references) {
    if (ref.isWrite()) {
      if (variable.defs.some((d) => d.name === ref.identifier)) continue;
      return false;
    }
    const p = ref.identifier.parent;
    // `ReturnType<typeof handlers>` runs nothing (`export { handlers }` hands the map to modules not followed here).
    if (p?.type === 'TSTypeQuery') continue;
    if (!usesOfValue(ref.identifier, unit, out, spreads)) return false;
  }
  return true;
}

/**
 * `value` evaluates to a map: spread into another map held by a const (its uses followed in turn), looked up
 * (`map[name]`, `map.read`) and the function found called at once or through a const read only by calls
 * and tests (`if (!fn) throw …`), or asked for a key (`name in map`).
 */
function usesOfValue(value: Node, unit: Unit, out: DispatchCall[], spreads: number): boolean {
  let node = value;
  while (node.parent && (node.parent.type === 'TSAsExpression' || node.parent.type === 'TSSatisfiesExpression' || node.parent.type === 'TSNonNullExpression')) node = node.parent;
  const p = node.parent;
  if (p?.type === 'SpreadElement' && p.parent?.type === 'ObjectExpression') {
    if (spreads >= MAX_SPREADS) return false;
    const gathered = constOf(p.parent);
    const variable = gathered && unit.prov.variableOf(gathered);
    return !!variable && usesOfVariable(variable, unit, out, spreads + 1);
  }
  if (p?.type === 'MemberExpression' && p.object === node) return lookup(p, unit, out);
  // `name in map`: asks for a key and runs nothing.
  return p?.type === 'BinaryExpression' && p.operator === 'in' && p.right === node;
}

/** What a looked-up function is used for: called here, or held by a const only called and tested. */
function lookup(member: TSESTree.MemberExpression, unit: Unit, out: DispatchCall[]): boolean {
  let node: Node = member;
  while (node.parent && (node.parent.type === 'TSAsExpression' || node.parent.type === 'TSNonNullExpression' || node.parent.type === 'ChainExpression')) node = node.parent;
  const p = node.parent;
  if (p?.type === 'CallExpression' && p.callee === node) {
    out.push({ unit, call: p });
    return true;
  }
  const id = p?.type === 'VariableDeclarator' && p.init === node && p.id.type === 'Identifier' && p.parent?.type === 'VariableDeclaration' && p.parent.kind === 'const' ? p.id : undefined;
  const variable = id && unit.prov.variableOf(id);
  if (!variable) return false;
  for (const ref of variable.references) {
    if (ref.identifier === id) continue;
    let use: Node = ref.identifier;
    while (use.parent && (use.parent.type === 'TSAsExpression' || use.parent.type === 'TSNonNullExpression')) use = use.parent;
    const q = use.parent;
    if (q?.type === 'CallExpression' && q.callee === use) out.push({ unit, call: q });
    else if (!tested(use)) return false;
  }
  return true;
}

/** `!fn`, `typeof fn`, `if (fn)`, `fn === undefined`: reads that run nothing and hand the function nowhere. */
function tested(use: Node): boolean {
  const q = use.parent;
  if (q?.type === 'UnaryExpression' && (q.operator === '!' || q.operator === 'typeof')) return true;
  if (q?.type === 'IfStatement' && q.test === use) return true;
  if (q?.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(q.operator)) return true;
  return false;
}

/** The const a gathered map is held by (`const handlerMap: Record<…> = { …a, …b }`). */
function constOf(object: Node): TSESTree.Identifier | undefined {
  let node = object;
  while (node.parent && (node.parent.type === 'TSAsExpression' || node.parent.type === 'TSSatisfiesExpression')) node = node.parent;
  const p = node.parent;
  return p?.type === 'VariableDeclarator' && p.init === node && p.id.type === 'Identifier' && p.parent?.type === 'VariableDeclaration' && p.parent.kind === 'const' ? p.id : undefined;
}
