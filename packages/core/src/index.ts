export type { RootsSite, SiteKind, SiteContext, HandlerKind, ReasonCode, SiteAction, SourceRange } from './types.ts';
export type { ScopeManagerLike } from './ast.ts';
export type { McpValue, SdkMajor, Side } from './surface.ts';
export { findRootsSites, type FindSitesInput } from './sites.ts';
export { mayContainRootsSites } from './prefilter.ts';
export { parseSource, ParseError, type ParsedFile } from './parse.ts';
export { kindMessages, reasonMessages, reasonCodes, ruleOfKind, ruleDocsUrl, reasonDocsUrl, DOCS_BASE } from './messages.ts';
export { scanText, type FileScan } from './scan-text.ts';
export { facts } from './surface.ts';
