import { createSiteRule } from './lib/site-rule.ts';

export const noRootsRequest = createSiteRule('no-roots-request', 'request', 'Disallow push-style roots/list requests, which throw on 2026-07-28 requests', 'error');
export default noRootsRequest;
