import type { ESLint, Linter, Rule } from 'eslint';
import { recommendedSeverity } from '@uproot/core/light';
import { noRootsCapability } from '../../../rules/no-roots-capability.ts';
import { noRootsInputRequest } from '../../../rules/no-roots-input-request.ts';
import { noRootsListChanged } from '../../../rules/no-roots-list-changed.ts';
import { noRootsRequest } from '../../../rules/no-roots-request.ts';
import { noPushElicitation } from '../../../rules/no-push-elicitation.ts';
import { noPushSampling } from '../../../rules/no-push-sampling.ts';
import { mrtrAllowedMethods } from '../../../rules/mrtr-allowed-methods.ts';
import { mrtrClientCapabilities } from '../../../rules/mrtr-client-capabilities.ts';
import { mrtrInputResponses } from '../../../rules/mrtr-input-responses.ts';
import { mrtrNonempty } from '../../../rules/mrtr-nonempty.ts';
import { mrtrRequestState } from '../../../rules/mrtr-request-state.ts';
import { mrtrRetry } from '../../../rules/mrtr-retry.ts';

// typescript-eslint's RuleModule is not assignable to ESLint 10's Rule type (typescript-eslint
// issue #11543); the rules are type-checked where they are defined, so widen them here.
const rules = {
  'no-roots-request': noRootsRequest,
  'no-roots-input-request': noRootsInputRequest,
  'no-roots-list-changed': noRootsListChanged,
  'no-roots-capability': noRootsCapability,
  'no-push-elicitation': noPushElicitation,
  'no-push-sampling': noPushSampling,
  'mrtr-allowed-methods': mrtrAllowedMethods,
  'mrtr-nonempty': mrtrNonempty,
  'mrtr-request-state': mrtrRequestState,
  'mrtr-retry': mrtrRetry,
  'mrtr-client-capabilities': mrtrClientCapabilities,
  'mrtr-input-responses': mrtrInputResponses,
} as unknown as Record<string, Rule.RuleModule>;

// The weights live in the core, so the tsserver plugin shows the same rules as errors and warnings.
const recommendedRules: Linter.RulesRecord = Object.fromEntries(Object.entries(recommendedSeverity).map(([rule, severity]) => [`uproot/${rule}`, severity]));

const strictRules: Linter.RulesRecord = Object.fromEntries(Object.keys(recommendedRules).map((r) => [r, 'error']));

/** The plugin object, as flat configs use it: `plugins: { uproot }` or `uproot.configs.recommended`. */
export interface UprootPlugin extends ESLint.Plugin {
  meta: { name: string; version: string };
  rules: Record<string, Rule.RuleModule>;
  configs: { readonly recommended: Linter.Config; readonly strict: Linter.Config };
}

const plugin: UprootPlugin = {
  meta: { name: 'eslint-plugin-uproot', version: '0.1.0' },
  rules,
  configs: {
    get recommended(): Linter.Config {
      return { name: 'uproot/recommended', plugins: { uproot: plugin }, rules: recommendedRules };
    },
    get strict(): Linter.Config {
      return { name: 'uproot/strict', plugins: { uproot: plugin }, rules: strictRules };
    },
  },
};

export default plugin;
export { rules };
