// What a strategy decided for one file: the edits to apply and, per site, what became of it.
import type { TextEdit } from '@uproot/core/planning';
import type { ReasonCode, RootsSite } from '@uproot/core/planning';
import type { HelperKind } from './shared-helpers/names.ts';
import type { PushRequest } from './push-requests.ts';

export interface SiteOutcome {
  site: RootsSite;
  /** rewritten by the edits; marked with a reason-coded comment; reported only (still deprecated, still works). */
  outcome: 'rewritten' | 'marked' | 'reported';
  reason?: ReasonCode;
  /** Why this particular site needs a person, beyond the reason code's general text. */
  detail?: string;
  /** For retired roots state: what the user must now configure (the JSON report's `configure`). */
  configure?: { env: string | null; args: boolean; param: string | null; role: 'sandbox' | 'workspace' | null };
  /** The rewritten request is in code nothing calls (a helper split for its future callers): no client ever met it. */
  dormant?: true;
}

export interface FilePlan {
  edits: TextEdit[];
  outcomes: SiteOutcome[];
  /** The generated helpers the edits write into the file, or import from a shared module. */
  helpers?: HelperKind[];
  /** `--to param`: the variable the file's roots requests now read instead of the client (roots from configuration). */
  configuredSource?: string;
  /** `--to param` with `movePushRequests`: the callback offsets of the handlers whose roots it rewrote. */
  rewrittenHandlers?: number[];
  /** `--to param`: push requests in other files' helpers that v1 handlers it rewrote make, to be marked v1-sdk there. */
  v1Pushes?: Array<{ file: string; at: number }>;
  /** `--to param` with `movePushRequests`: the generated functions the rewrite calls that only read (a round may run them again). */
  replaySafe?: string[];
  /** MRTR planned with `pushOnly`: the handlers of this file whose push requests stay push-style, and why. */
  pushStayed?: Array<{ at: number; requests: PushRequest[]; why?: string }>;
}

export type Strategy = 'mrtr' | 'param';
