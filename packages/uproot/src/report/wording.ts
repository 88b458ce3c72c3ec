// Short forms of the core messages for places that show one line (terminal lines, SARIF titles).
import { type SiteKind, facts, recommendedSeverity, ruleOfKind } from '@uproot/core/light';

/** The first clause of a kind message: the fact, without the dates in parentheses or the way out. */
export function headline(message: string): string {
  return message.split(/ \(|\. /)[0]!;
}

/**
 * How a site uproot only reports is worded: a push request (roots, elicitation, sampling; the recommended
 * `error` rules) throws on the breaking revision, which has no server-to-client requests, so "deprecated, still
 * works" would tell its author it can wait. The other kinds are deprecated but keep working.
 */
export function reportedNote(kind: SiteKind, sdk?: 1 | 2 | null): string {
  if (!breaksOnRevision(kind)) return 'deprecated, still works';
  // The v1 SDK serves only 2025-era revisions, where the push request still works: it breaks with the upgrade.
  if (sdk === 1) return `push-style: works on the v1 SDK, which serves only 2025-era revisions; after the upgrade to v2 it breaks on ${facts.breakingRevision} unless moved into inputRequired (uproot migrate --with-sdk-upgrade --to mrtr moves it where it can prove the move)`;
  return `breaks on ${facts.breakingRevision}: push-style, move it into inputRequired by hand`;
}

export function breaksOnRevision(kind: SiteKind): boolean {
  return recommendedSeverity[ruleOfKind[kind]] === 'error';
}
