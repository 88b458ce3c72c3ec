// The generated helpers a migration may share between files, and the names they are exported under.
// One kind is one block a planner would otherwise write inline into every file that needs it.
export type HelperKind = 'mrtr' | 'directory' | 'configured' | 'capability' | 'workspace';

/** In the order a shared module holds them (the order a planner writes them inline). */
export const HELPER_KINDS: readonly HelperKind[] = ['mrtr', 'directory', 'configured', 'capability', 'workspace'];

/** The per-request capability check and the roots answer check (`--to mrtr`). */
export const MRTR_EXPORTS = ['clientDeclaresRoots', 'rootsFromAnswer'] as const;

/** The directory validation, the configuration reader and the per-call workspace (`--to param`), with their types. */
export const PARAM_EXPORTS = {
  directory: { fn: 'rootsFromDirectory', type: 'DirectoryRoots' },
  configured: { fn: 'configuredRoots', cache: 'configuredRootsCache', type: 'ConfiguredRoots' },
  /** Whether roots are configured: what a "did the client declare roots" check asks once roots come from configuration. */
  capability: { fn: 'rootsConfigured', warned: 'rootsConfiguredWarned' },
  workspace: { fn: 'workspaceRoots' },
} as const;

/** The file name a shared module gets, before its extension: it says whose helpers these are. */
export const SHARED_MODULE_STEM = 'uproot-roots';

/** Where a planner should import shared helpers from instead of writing them inline: a module specifier per file. */
export type SharedHelpers = (file: string) => string | undefined;
