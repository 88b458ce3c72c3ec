import { mrtrRuleDescriptions } from '@uproot/core/planning';
import { createMrtrRule } from './lib/mrtr-rule.ts';

export const mrtrClientCapabilities = createMrtrRule('mrtr-client-capabilities', mrtrRuleDescriptions['mrtr-client-capabilities'],
);
export default mrtrClientCapabilities;
