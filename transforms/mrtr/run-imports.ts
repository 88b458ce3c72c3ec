// What each file of a project run imports and re-exports from, kept for the run. The caller and importer searches
// ask about the same files once per exported helper and per module stem, and a stem like `server` or `index` is in
// most files of an MCP repository (every v2 file imports `@modelcontextprotocol/server`): parsing each such file
// again per search was most of a project plan's time (this repository's fixtures: 12 of 17 s).
import { type ModuleRequest, moduleRequests } from '@uproot/core/planning';

export type FileImports = ModuleRequest[] | { error: unknown };

export class RunImports {
  private readonly byFile = new Map<string, FileImports>();

  /** The file's import and re-export statements, or `{ error }` when it does not parse. */
  of(abs: string, text: string): FileImports {
    let known = this.byFile.get(abs);
    if (!known) {
      try {
        known = moduleRequests(text, abs);
      } catch (error) {
        known = { error };
      }
      this.byFile.set(abs, known);
    }
    return known;
  }
}
