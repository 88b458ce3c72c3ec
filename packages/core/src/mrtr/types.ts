import type { TSESTree } from '@typescript-eslint/types';
import type { TextEdit } from '../plan/edits.ts';
import type { SourceRange } from '../types.ts';

/** The six MRTR rules, by their ESLint names without the `uproot/` prefix. */
export type MrtrRule = 'mrtr-allowed-methods' | 'mrtr-nonempty' | 'mrtr-request-state' | 'mrtr-retry' | 'mrtr-client-capabilities' | 'mrtr-input-responses';

export type MrtrMessageId =
  | 'notInputRequiredCapable'
  | 'emptyInputRequired'
  | 'unprotectedRequestState'
  | 'clientDecodesRequestState'
  | 'clientInventsRequestState'
  | 'retryReusesId'
  | 'retryChangesMethod'
  | 'retryChangesParams'
  | 'retryAnswersUnrequestedKey'
  | 'ungatedInputRequest'
  | 'rootsListChanged'
  | 'answerUnderUnaskedKey'
  | 'answerUsedUnchecked'
  | 'elicitActionIgnored';

/** A rewrite offered as an ESLint suggestion (never applied by `uproot migrate` on its own). */
export interface MrtrSuggestion {
  messageId: 'useRequestStateCodec';
  data: Record<string, string>;
  edits: TextEdit[];
}

export interface MrtrProblem extends SourceRange {
  rule: MrtrRule;
  messageId: MrtrMessageId;
  /** Values for the message's `{{placeholders}}`. */
  data: Record<string, string>;
  /** The message with its placeholders filled in: what `uproot scan` prints. */
  message: string;
  /** The AST node reported; not serialised. */
  node: TSESTree.Node;
  suggestion?: MrtrSuggestion;
}
