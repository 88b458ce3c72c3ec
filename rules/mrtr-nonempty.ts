import { mrtrRuleDescriptions } from '../packages/core/src/mrtr/messages.ts';
import { createMrtrRule } from '../packages/eslint-plugin/src/mrtr-rule.ts';

export const mrtrNonempty = createMrtrRule('mrtr-nonempty', mrtrRuleDescriptions['mrtr-nonempty']);
export default mrtrNonempty;
