import { createSiteRule } from './lib/site-rule.ts';

export const noRootsCapability = createSiteRule('no-roots-capability', 'capability', 'Flag the roots client capability and roots/list answers, deprecated by SEP-2577', 'warn');
export default noRootsCapability;
