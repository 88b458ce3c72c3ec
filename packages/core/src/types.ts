import type { TSESTree } from '@typescript-eslint/types';
import type { SdkMajor, Side } from './surface.ts';

export type SiteKind = 'request' | 'input-request' | 'list-changed' | 'capability' | 'elicitation-request' | 'sampling-request';

/** The kinds that are push-style server-to-client requests other than roots/list (elicitation, sampling). */
export type PushSiteKind = 'elicitation-request' | 'sampling-request';

/** Which kind of handler reaches a site. */
export type HandlerKind =
  | 'tool'
  | 'prompt'
  | 'resource'
  | 'request-handler' // low-level setRequestHandler for tools/call, prompts/get or resources/read
  | 'lifecycle'
  | 'notification-handler'
  | 'list-handler'
  | 'background'
  | 'other';

export interface SiteContext {
  handler: HandlerKind;
  /** Tool / prompt / resource name, or the request or notification method, when known. */
  name?: string;
  /** Functions between the handler and the site, outermost first. */
  via: string[];
}

export type ReasonCode =
  | 'lifecycle'
  | 'list-changed'
  | 'list-handler'
  | 'background'
  | 'shared-state'
  | 'proxy'
  | 'timeout-control'
  | 'unresolved-chain'
  | 'resource-param'
  | 'v1-sdk'
  | 'push-request';

/** Told why a roots candidate the finder looked at is not a site (`uproot scan --explain`). */
export type Explain = (node: TSESTree.Node, why: string) => void;

/** What `uproot migrate --to mrtr` would do with the site. */
export type SiteAction = 'rewrite' | 'mark' | 'report';

export interface SourceRange {
  /** Offsets into the file text, end exclusive. */
  range: [number, number];
  line: number; // 1-based
  column: number; // 1-based
  endLine: number;
  endColumn: number;
}

export interface RootsSite extends SourceRange {
  kind: SiteKind;
  sdk: SdkMajor | null;
  side: Side;
  /** The syntax that makes this a site, e.g. `server.listRoots()` or `capabilities.roots`. */
  form: string;
  context: SiteContext;
  action: SiteAction;
  reason?: ReasonCode;
  /** What the planner found when it could not rewrite the site (set by `uproot scan` from the MRTR planner). */
  detail?: string;
  /** For roots kept in state (lifecycle, list-changed, shared-state): the handlers that read that state. */
  consumers?: SiteContext[];
  /** For roots kept in state: whether the readers use them as a sandbox (containment checks) or a workspace (a base directory). */
  role?: 'sandbox' | 'workspace';
  /** The AST node of the site; not serialised. */
  node: TSESTree.Node;
}
