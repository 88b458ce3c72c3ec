import { createSiteRule } from './lib/site-rule.ts';

export const noRootsInputRequest = createSiteRule('no-roots-input-request', 'input-request', 'Flag roots/list input requests (MRTR), deprecated by SEP-2577', 'warn');
export default noRootsInputRequest;
