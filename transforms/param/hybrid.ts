// Hybrids: handlers that already take a project directory argument and fall back to roots when it
// is missing (patterns.md §7). The parameter exists, so only the roots rung goes: the innermost
// `if` (or `else if`) around the roots request, with no else of its own. Helpers only that rung
// called go with it.
import type { TSESTree } from '@typescript-eslint/types';
import type { FunctionNode, Node } from '@uproot/core/planning';
import { isExported } from '@uproot/core/planning';
import { unresolved } from './unprovable.ts';

const DIRECTORY_ARGUMENT = /^(project_?(dir|directory|root|path)|workspace_?(dir|directory|root|path|folder)?|root_?dir|directory|dir|cwd|working_?dir(ectory)?|base_?dir|folder)$/i;

export function directoryArgument(keys: readonly string[]): string | undefined {
  return keys.find((k) => DIRECTORY_ARGUMENT.test(k));
}

/** The statement that is the roots rung around `position`, as a removable range. */
export function rungOf(position: Node, callback: FunctionNode): { statement: TSESTree.IfStatement; range: [number, number] } {
  for (let child: Node = position, parent = position.parent; parent && parent !== callback; child = parent, parent = parent.parent) {
    if (parent.type === 'IfStatement' && parent.consequent === child) {
      if (parent.alternate) throw unresolved('the roots fallback has an else branch; remove the roots rung by hand');
      const owner = parent.parent;
      // `else if (roots…) { … }`: drop the `else if` and keep the if before it.
      if (owner?.type === 'IfStatement' && owner.alternate === parent) return { statement: parent, range: [owner.consequent.range[1], parent.range[1]] };
      return { statement: parent, range: parent.range };
    }
  }
  throw unresolved('the handler already takes a directory argument, but its roots fallback is not an if statement uproot can remove');
}

/** Statements declaring helpers whose every reference lies in removed code, found transitively. */
export function deadHelpers(candidates: Iterable<FunctionNode>, removed: Array<[number, number]>, references: (fn: FunctionNode) => Node[]): Array<{ fn: FunctionNode; statement: Node }> {
  const dead: Array<{ fn: FunctionNode; statement: Node }> = [];
  const pending = new Set(candidates);
  const inside = (n: Node) => removed.some(([s, e]) => n.range[0] >= s && n.range[1] <= e);
  for (let changed = true; changed; ) {
    changed = false;
    for (const fn of pending) {
      const statement = declaration(fn);
      const refs = references(fn);
      if (!statement || isExported(fn) || refs.length === 0 || !refs.every(inside)) continue;
      pending.delete(fn);
      dead.push({ fn, statement });
      removed.push(statement.range);
      changed = true;
    }
  }
  return dead;
}

function declaration(fn: FunctionNode): Node | undefined {
  if (fn.type === 'FunctionDeclaration') return fn;
  const declarator = fn.parent;
  const statement = declarator?.parent;
  if (declarator?.type === 'VariableDeclarator' && statement?.type === 'VariableDeclaration' && statement.declarations.length === 1) return statement;
  return undefined;
}
