import { mrtrRuleDescriptions } from '@uproot/core/planning';
import { createMrtrRule } from './lib/mrtr-rule.ts';

export const mrtrNonempty = createMrtrRule('mrtr-nonempty', mrtrRuleDescriptions['mrtr-nonempty']);
export default mrtrNonempty;
