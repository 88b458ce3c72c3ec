// A setter rarely writes one variable alone: code-tools-mcp's setWorkspaceRoots(roots) writes WORKSPACE_ROOTS, the
// primary WORKSPACE_ROOT and resets two caches, and its getters fill the same variables from the configuration when
// they are empty (`if (!WORKSPACE_ROOT) { WORKSPACE_ROOT = …; WORKSPACE_ROOTS = …; }`). Replaying the fill at each
// handler's entry keeps what every read sees as long as each variable is written only by the setter, by such an
// empty-state refill (it restores the start-up value, in either form, whenever the state is empty), or by code no
// client reaches (start-up code, test files, a function nothing calls). Any other writer — a tool that sets the
// workspace — would be overwritten at the next handler's entry, so it keeps the marker.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, contains, enclosingFunction, isExported, locOf, unwrap, walkAll } from '@uproot/core/planning';
import type { VariableLike } from '@uproot/core/planning';
import type { ProjectIndex } from './chains.ts';
import { atStartup } from './startup.ts';
import { isTestFileOf } from './test-files.ts';
import type { Unit } from './unit.ts';
import path from 'node:path';

export interface SetterHolder {
  unit: Unit;
  variable: VariableLike;
  setter: FunctionNode;
}

/** The module variables the setter assigns besides its main one: the rest of the state it keeps. */
export function siblingVariables(holder: SetterHolder): VariableLike[] {
  const out = new Set<VariableLike>();
  walkAll(holder.setter.body, (n) => {
    if (n.type !== 'AssignmentExpression' || n.left.type !== 'Identifier') return;
    const variable = holder.unit.prov.variableOf(n.left);
    const declared = variable?.defs[0]?.name;
    if (variable && variable !== holder.variable && declared && !enclosingFunction(declared)) out.add(variable);
  });
  return [...out];
}

/**
 * Every write of `variable` outside the setter is an empty-state refill of the group or runs where no client's
 * request does; `hooks` are the statements the per-request form retires (start-up code runs before them).
 */
export function checkOtherWriters(holder: SetterHolder, variable: VariableLike, group: readonly VariableLike[], unit: Unit, hooks: Node[], units: ProjectIndex, fail: (why: string) => never): void {
  const shown = path.relative(path.dirname(unit.path), holder.unit.path).split(path.sep).join('/');
  for (const ref of variable.references) {
    if (!ref.isWrite() || ref.identifier === variable.defs[0]?.name || contains(holder.setter, ref.identifier)) continue;
    if (refillsEmpty(ref.identifier, group, holder.unit)) continue;
    const fn = enclosingFunction(ref.identifier);
    if (fn && unreachedByClients(fn, holder, unit, hooks, units)) continue;
    fail(`${variable.name} is also written at line ${locOf(ref.identifier).start.line} of ${shown.startsWith('.') ? shown : `./${shown}`}`);
  }
}

/** The write sits in the consequent of `if (!V)` / `if (V == null)` / `if (V === null)` with V a variable of the group. */
function refillsEmpty(write: Node, group: readonly VariableLike[], unit: Unit): boolean {
  for (let n: Node | undefined = write; n?.parent; n = n.parent) {
    const p: Node = n.parent;
    if (p.type === 'IfStatement' && p.consequent === n && emptyTest(p.test, group, unit)) return true;
    if (p.type === 'FunctionDeclaration' || p.type === 'FunctionExpression' || p.type === 'ArrowFunctionExpression') return false;
  }
  return false;
}

function emptyTest(test: Node, group: readonly VariableLike[], unit: Unit): boolean {
  const t = unwrap(test);
  const isState = (x: Node) => {
    const v = x.type === 'Identifier' ? unit.prov.variableOf(x) : undefined;
    return !!v && group.includes(v);
  };
  if (t.type === 'UnaryExpression' && t.operator === '!') return isState(unwrap(t.argument));
  if (t.type !== 'BinaryExpression' || !['==', '==='].includes(t.operator)) return false;
  const other = isState(unwrap(t.left)) ? unwrap(t.right) : isState(unwrap(t.right as Node)) ? unwrap(t.left as Node) : undefined;
  return !!other && ((other.type === 'Literal' && other.value === null) || (other.type === 'Identifier' && other.name === 'undefined' && t.operator === '==='));
}

/** An exported function of the holder's module that only test files and this file's start-up code call. */
function unreachedByClients(fn: FunctionNode, holder: SetterHolder, unit: Unit, hooks: Node[], units: ProjectIndex): boolean {
  if (enclosingFunction(fn) || !isExported(fn) || holder.unit.prov.referencesTo(fn).length > 0) return false;
  const callers = units.callersOf(holder.unit, fn);
  if (!callers) return false;
  return callers.every(({ unit: at, call }) => isTestFileOf(at.path, path.dirname(holder.unit.path)) || (at.path === unit.path && atStartup(call as TSESTree.CallExpression, hooks, unit.prov)));
}
