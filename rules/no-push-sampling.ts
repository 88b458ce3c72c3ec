import { createSiteRule } from './lib/site-rule.ts';

export const noPushSampling = createSiteRule('no-push-sampling', 'sampling-request', 'Disallow push-style sampling/createMessage requests, which throw on 2026-07-28 requests', 'error');
export default noPushSampling;
