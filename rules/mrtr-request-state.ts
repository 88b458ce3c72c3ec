import { mrtrRuleDescriptions } from '@uproot/core/planning';
import { createMrtrRule } from './lib/mrtr-rule.ts';

export const mrtrRequestState = createMrtrRule('mrtr-request-state', mrtrRuleDescriptions['mrtr-request-state'], { suggestions: true });
export default mrtrRequestState;
