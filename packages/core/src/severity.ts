// How `configs.recommended` weighs each rule; the tsserver plugin shows the same weights as error or warning.
import { ruleOfKind } from './messages.ts';
import { mrtrRules } from './mrtr/messages.ts';

export type Severity = 'error' | 'warn';

/** Push requests (roots, elicitation, sampling) break today; the rest are deprecated but still work. */
const siteSeverity: Record<string, Severity> = {
  [ruleOfKind.request]: 'error',
  [ruleOfKind['input-request']]: 'warn',
  [ruleOfKind['list-changed']]: 'warn',
  [ruleOfKind.capability]: 'warn',
  [ruleOfKind['elicitation-request']]: 'error',
  [ruleOfKind['sampling-request']]: 'error',
};

/** Rule name (without `uproot/`) to its recommended severity. Hand-written MRTR that breaks a 2026-07-28 rule fails at run time or opens a hole, so every mrtr-* rule is an error. */
export const recommendedSeverity: Readonly<Record<string, Severity>> = {
  ...siteSeverity,
  ...Object.fromEntries(mrtrRules.map((rule) => [rule, 'error' as const])),
};
