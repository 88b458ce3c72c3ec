// The state roots land in when a server keeps them beyond one request, and what its readers do
// with it. Shared by scan (consumers and role per site) and the param planner (retiring the state).
import type { TSESTree } from '@typescript-eslint/types';
import type { Node, VariableLike } from '../ast.ts';
import type { Provenance } from '../provenance.ts';

/** How the state's readers use the roots: containment checks (the directories a server may touch) or a base directory. */
export type StateRole = 'sandbox' | 'workspace';

/** Where the state lives, in the words of the report. */
export type StateKind = 'module-variable' | 'class-field' | 'setter' | 'session-map' | 'lazy-getter';

/** One write of roots into the state: the node that writes, and the expression holding the roots. */
export interface StateWrite {
  /** The assignment, the setter call, or the `map.set(...)` call. */
  node: TSESTree.AssignmentExpression | TSESTree.CallExpression;
  /** The value written. */
  value: Node;
}

interface Common {
  kind: StateKind;
  /** The state's name as the source spells it (`allowedDirs`, `this.roots`, `setAllowedDirectories`). */
  name: string;
  writes: StateWrite[];
}

export type RootsState =
  | (Common & { kind: 'module-variable' | 'session-map' | 'lazy-getter'; variable: VariableLike })
  | (Common & { kind: 'class-field'; field: string; cls: Node })
  | (Common & {
      kind: 'setter';
      /** The imported setter, in this file. */
      local: TSESTree.Identifier;
      /** The module that holds the state, and the variable the setter assigns there. */
      module: { file: string; program: TSESTree.Program; prov: Provenance; text: string };
      variable: VariableLike;
    });

/** A read of the state that a request handler reaches, in this file or in the module holding it. */
export interface StateRead {
  node: Node;
  prov: Provenance;
  text: string;
}
