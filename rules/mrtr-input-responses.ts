import { mrtrRuleDescriptions } from '@uproot/core/planning';
import { createMrtrRule } from './lib/mrtr-rule.ts';

export const mrtrInputResponses = createMrtrRule('mrtr-input-responses', mrtrRuleDescriptions['mrtr-input-responses']);
export default mrtrInputResponses;
