// What each file of a project run imports and re-exports from, resolved and kept for the run. The caller and
// importer searches ask about the same files once per exported helper and per module stem, and a stem like
// `server` or `index` is in most files of an MCP repository (every v2 file imports `@modelcontextprotocol/server`):
// parsing each such file again per search was most of a project plan's time (this repository's fixtures: 12 of
// 17 s), and resolving its specifiers again per search most of what was left.
import { moduleRequests } from '@uproot/core/planning';

/** One `import`/`export … from`: the run's file it names (undefined: none of the run's files). */
export interface FileImport {
  target: string | undefined;
  kind: 'import' | 'reexport';
}

export type FileImports = FileImport[] | { error: unknown };

export class RunImports {
  private readonly byFile = new Map<string, FileImports>();
  private readonly resolve: (from: string, spec: string) => string | undefined;

  /** `resolve`: a specifier written in `from` to the run's file it names (fixed for the run). */
  constructor(resolve: (from: string, spec: string) => string | undefined) {
    this.resolve = resolve;
  }

  /** What is known of the file, without reading it. */
  known(abs: string): FileImports | undefined {
    return this.byFile.get(abs);
  }

  /** The file's import and re-export statements, or `{ error }` when it does not parse. */
  of(abs: string, text: string): FileImports {
    let known = this.byFile.get(abs);
    if (!known) {
      try {
        known = moduleRequests(text, abs).map((r) => ({ target: this.resolve(abs, r.source), kind: r.kind }));
      } catch (error) {
        known = { error };
      }
      this.byFile.set(abs, known);
    }
    return known;
  }
}
