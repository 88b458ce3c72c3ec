// The parser-free part of the core: messages, the text pre-filter and the shared types. Reporters
// and the CLI's start-up import this, so a run over files without roots never loads TypeScript.
export type { RootsSite, SiteKind, SiteContext, HandlerKind, ReasonCode, SiteAction, SourceRange } from './types.ts';
export type { StateRole } from './state/types.ts';
export type { McpValue, SdkMajor, Side } from './surface.ts';
export { likelyRootsRequest, mayContainRootsSites, prefilterParts } from './prefilter.ts';
export { matterWords, mayMatter } from './prefilter-words.ts';
export { isRoutineWhy, whyFamily, whyParticulars, skippedFileCandidates, skippedFileWhy, type RootsCandidate } from './candidates.ts';
export { kindMessages, reasonMessages, reasonCodes, ruleOfKind, ruleDocsUrl, reasonDocsUrl, describeReason, siteMessage, siteNote, mrtrRewriteTitle, DOCS_BASE } from './messages.ts';
export { recommendedSeverity, type Severity } from './severity.ts';
export { facts } from './surface.ts';
export { mayContainMrtrProblems } from './mrtr/prefilter.ts';
export type { MrtrProblem, MrtrRule } from './mrtr/types.ts';
export { mrtrRules, mrtrRuleDescriptions } from './mrtr/messages.ts';
export { McpReach } from './prefilter-reach.ts';
export { snapshotDuringRun } from './run-snapshot.ts';
