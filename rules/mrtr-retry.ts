import { mrtrRuleDescriptions } from '@uproot/core/planning';
import { createMrtrRule } from './lib/mrtr-rule.ts';

export const mrtrRetry = createMrtrRule('mrtr-retry', mrtrRuleDescriptions['mrtr-retry']);
export default mrtrRetry;
