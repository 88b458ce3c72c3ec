// What each site kind and reason code means, in the words users see in ESLint, `uproot scan`,
// SARIF and markers. One source so the three front ends say the same thing.
import { facts } from './surface.ts';
import type { ReasonCode, RootsSite, SiteKind } from './types.ts';

export const DOCS_BASE = 'https://github.com/uproot-mcp/uproot/blob/main/';

export const ruleOfKind: Record<SiteKind, string> = {
  request: 'no-roots-request',
  'input-request': 'no-roots-input-request',
  'list-changed': 'no-roots-list-changed',
  capability: 'no-roots-capability',
  'elicitation-request': 'no-push-elicitation',
  'sampling-request': 'no-push-sampling',
};

export function ruleDocsUrl(rule: string): string {
  return `${DOCS_BASE}rules/${rule}.md`;
}

export function reasonDocsUrl(reason: ReasonCode): string {
  return `${DOCS_BASE}docs/reasons/${reason}.md`;
}

const deprecation = `roots are deprecated by ${facts.deprecatedBy} in revision ${facts.breakingRevision} (earliest removal: ${facts.earliestRemoval})`;

/** One sentence per kind: the fact, then the way out. */
export const kindMessages: Record<SiteKind, string> = {
  request: `Push-style roots/list request: it throws on every ${facts.breakingRevision} request, which has no server-to-client requests, and ${deprecation}. Return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }) from the handler (uproot migrate --to mrtr), or take the directory as a tool parameter (--to param).`,
  'input-request': `roots/list input request: multi round-trip roots work on ${facts.breakingRevision}, but ${deprecation}. Take the directory as an explicit tool parameter or prompt argument, or from server configuration (uproot migrate --to param).`,
  'list-changed': `notifications/roots/list_changed is removed in ${facts.breakingRevision} (the handler never fires and the v2 client throws when sending it), and ${deprecation}. Request roots per call, or take directories from parameters or configuration.`,
  'elicitation-request': `Push-style elicitation/create request: it throws on every ${facts.breakingRevision} request, which has no server-to-client requests. Return inputRequired({ inputRequests: { <key>: inputRequired.elicit({...}) } }) from the handler and read the answer with inputResponse(ctx.mcpReq.inputResponses, '<key>') on the retry; a roots request in the same handler must travel in the same inputRequests map.`,
  'sampling-request': `Push-style sampling/createMessage request: it throws on every ${facts.breakingRevision} request, which has no server-to-client requests. Return inputRequired({ inputRequests: { <key>: inputRequired.createMessage({...}) } }) from the handler and read the answer with inputResponse(ctx.mcpReq.inputResponses, '<key>') on the retry; a roots request in the same handler must travel in the same inputRequests map.`,
  capability: `The roots capability is deprecated: ${deprecation}, and on ${facts.breakingRevision} capabilities ride on each request (roots has no listChanged). Keep answering roots/list for 2025-era peers, and plan for explicit directory parameters or configuration.`,
};

/** One line per reason code: why uproot left the site for a person. */
export const reasonMessages: Record<ReasonCode, string> = {
  lifecycle: `roots are requested outside any request (initialization, startup or after connect); ${facts.breakingRevision} has no initialize, so there is no request to attach a multi round-trip to`,
  'list-changed': `roots are refreshed from notifications/roots/list_changed, which ${facts.breakingRevision} removed`,
  'list-handler': 'roots are needed in a list handler (or to decide which tools exist); list results cannot ask for input',
  background: 'roots are requested from a timer, listener or other detached work that no request is waiting for',
  'shared-state': 'the roots are stored in state that outlives the request (module, session or field); every request must ask for them itself',
  proxy: 'roots are forwarded between peers (a proxy or bridge); both legs need a plan',
  'timeout-control': 'the request has a timeout, an abort signal or a race; multi round-trip requests have no counterpart for these',
  'unresolved-chain': 'no caller of this function could be traced to a tools/call, prompts/get or resources/read handler',
  'resource-param': 'resources/read cannot take a tool parameter; use a resource URI template or configuration instead',
  'push-request': `the handler also makes a push-style elicitation or sampling request that uproot cannot move into one inputRequired({ inputRequests }) result with its other requests; rewriting the rest alone would leave it failing on ${facts.breakingRevision} at that request, so the handler is left whole: move its requests into one inputRequired({ inputRequests }) result by hand (its roots request with them, or replaced by a directory parameter)`,
  'v1-sdk': 'the v1 SDK (@modelcontextprotocol/sdk) has no multi round-trip requests; upgrade first with `npx @modelcontextprotocol/codemod v1-to-v2`, or let `uproot migrate --with-sdk-upgrade` run it and then migrate',
};

export const reasonCodes = Object.keys(reasonMessages) as ReasonCode[];

/** What a v1 site would still need after the SDK upgrade: then the upgrade alone is not the way out. */
export const V1_STILL_MARKED = 'after an upgrade to v2 uproot would still leave it for a person';

/** In a v1-sdk detail: the run asked for the SDK upgrade and uproot held it back; what follows says why. */
export const V1_UPGRADE_HELD = 'uproot migrate --with-sdk-upgrade did not upgrade the SDK';

/** The reason line of a marker or report entry: the planner's specific cause, then the general one. */
export function describeReason(reason: ReasonCode, detail?: string): string {
  if (!detail) return reasonMessages[reason];
  if (reason === 'v1-sdk' && detail.startsWith(V1_STILL_MARKED)) {
    return `the v1 SDK (@modelcontextprotocol/sdk) has no multi round-trip requests, and ${detail}; \`uproot migrate --to param\` works on v1 as it is`;
  }
  // The general text would send the user to --with-sdk-upgrade, which this run used: the detail says why it held back.
  if (reason === 'v1-sdk' && detail.includes(V1_UPGRADE_HELD)) {
    return `${detail}; the v1 SDK (@modelcontextprotocol/sdk) has no multi round-trip requests, and \`uproot migrate --to param\` works on v1 as it is`;
  }
  return reason === 'unresolved-chain' ? detail : `${detail}; ${reasonMessages[reason]}`;
}

/** A site's message as ESLint and the tsserver plugin show it: the kind's sentence, then what migrate would do. */
export function siteMessage(kind: SiteKind, note: string): string {
  return `${kindMessages[kind]}${note}`;
}

/**
 * What `uproot migrate --to mrtr` would do with the site: the planner's verdict when it marked the site,
 * else the site finder's action.
 */
export function siteNote(site: Pick<RootsSite, 'action' | 'reason'>, marked?: { reason: ReasonCode; detail?: string }): string {
  // Each note starts with its own space, so a site with nothing to add ends at the kind's sentence.
  if (marked) return ` Needs a person [${marked.reason}]: ${describeReason(marked.reason, marked.detail)}.`;
  if (site.action === 'rewrite') return ' uproot migrate can rewrite this site.';
  if (site.reason) return ` Needs a person [${site.reason}]: ${reasonMessages[site.reason]}.`;
  return '';
}

/** The title of the offered MRTR rewrite (an ESLint suggestion, a tsserver code fix). */
export const mrtrRewriteTitle = 'Rewrite to a multi round-trip request, as `uproot migrate --to mrtr` would.';
