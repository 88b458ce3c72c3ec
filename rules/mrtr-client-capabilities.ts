import { mrtrRuleDescriptions } from '../packages/core/src/mrtr/messages.ts';
import { createMrtrRule } from '../packages/eslint-plugin/src/mrtr-rule.ts';

export const mrtrClientCapabilities = createMrtrRule('mrtr-client-capabilities', mrtrRuleDescriptions['mrtr-client-capabilities'],
);
export default mrtrClientCapabilities;
