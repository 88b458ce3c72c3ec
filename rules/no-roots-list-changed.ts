import { createSiteRule } from './lib/site-rule.ts';

export const noRootsListChanged = createSiteRule('no-roots-list-changed', 'list-changed', 'Flag roots list_changed handling, removed in 2026-07-28', 'warn');
export default noRootsListChanged;
