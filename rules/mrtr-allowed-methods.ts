import { mrtrRuleDescriptions } from '@uproot/core/planning';
import { createMrtrRule } from './lib/mrtr-rule.ts';

export const mrtrAllowedMethods = createMrtrRule('mrtr-allowed-methods', mrtrRuleDescriptions['mrtr-allowed-methods']);
export default mrtrAllowedMethods;
