// The shapes the state planner (plan.ts) and its workspace and configuration planners share, so they import
// this file instead of each other.
import type { FunctionNode, RootsSite, TextEdit } from '@uproot/core/planning';
import type { FileContext } from '../entries.ts';
import type { Bindings } from '../bindings.ts';
import type { Unprovable } from '../unprovable.ts';

export interface StateOutcome {
  detail: string;
  /** `role` is null when uproot cannot tell how the roots are used (roots from configuration keep every reader as it was). */
  configure: { env: string | null; args: boolean; param: string | null; role: 'sandbox' | 'workspace' | null };
}

export interface StatePlan {
  edits: TextEdit[];
  removed: Array<[number, number]>;
  outcomes: Map<RootsSite, StateOutcome>;
  failures: Map<RootsSite, Unprovable>;
  /** Imports the moved code still uses. */
  keep: Set<string>;
  needs: { configured?: string; workspace?: boolean };
}

export interface StateInput {
  f: FileContext;
  sites: RootsSite[];
  bindings: Bindings;
  typescript: boolean;
  paramName: string;
  /** Handler callbacks the parameter rewrite already changes: a workspace consumer must not be one. */
  taken: ReadonlySet<FunctionNode>;
  names: () => { configured: string; workspace: WorkspaceNames };
}

export interface WorkspaceNames {
  fn: string;
  /** The directory check the param strategy generates (rootsFromDirectory). */
  directory: string;
  type: string;
}
