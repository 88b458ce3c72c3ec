// The building blocks the edit planners (transforms/) and the ESLint rules are made of: AST helpers,
// provenance, reach, classification and text edits. Public so those planners use the core through its
// package exports like any other client; the stable, user-facing API is the package root.
export * from './index.ts';
export * from './ast.ts';
export * from './provenance.ts';
export * from './reach.ts';
export * from './classify.ts';
export * from './client-send-position.ts';
export * from './legacy-era-branch.ts';
export * from './context.ts';
export * from './registrations.ts';
export * from './sites.ts';
export * from './surface.ts';
export * from './types.ts';
export { resolveImport as resolveSpecifier } from './resolve-import.ts';
export * from './prefilter.ts';
export * from './prefilter-reach.ts';
export * from './plan/edits.ts';
export * from './plan/imports.ts';
export * from './plan/import-style.ts';
export { locOf, position } from './loc.ts';
export { lineStarts } from './parse.ts';
export { moduleRequests, type ModuleRequest } from './module-requests.ts';
export * from './plan/markers.ts';
export * from './mrtr/index.ts';
export * from './mrtr/messages.ts';
export { V1_STILL_MARKED, V1_UPGRADE_HELD } from './messages.ts';
export * from './state/index.ts';
export { stateViewOf } from './consumers.ts';
