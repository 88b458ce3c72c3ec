import type { Node } from '../ast.ts';
import type { MrtrMessageId, MrtrSuggestion } from './types.ts';

/** One problem as a check finds it; `findMrtrProblems` adds the rule, position and message text. */
export interface Finding {
  messageId: MrtrMessageId;
  node: Node;
  data: Record<string, string>;
  suggestion?: MrtrSuggestion;
}
