import { mrtrRuleDescriptions } from '@uproot/core/planning';
import { createMrtrRule } from '../packages/eslint-plugin/src/mrtr-rule.ts';

export const mrtrClientCapabilities = createMrtrRule('mrtr-client-capabilities', mrtrRuleDescriptions['mrtr-client-capabilities'],
);
export default mrtrClientCapabilities;
