import { createSiteRule } from './lib/site-rule.ts';

export const noPushElicitation = createSiteRule('no-push-elicitation', 'elicitation-request', 'Disallow push-style elicitation/create requests, which throw on 2026-07-28 requests', 'error');
export default noPushElicitation;
