// tsserver wants diagnostics synchronously, so the ES module analysis is loaded with require():
// Node 20.19+ and 22.12+ load ES modules without top-level await that way (require(esm)).
import type * as Analysis from './analysis.ts';

export type AnalysisModule = typeof Analysis;

/** The analysis built beside dist/tsserver.cjs, or a sentence saying why this editor's Node cannot load it. */
export function loadAnalysis(): AnalysisModule | string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load is the point (see above)
    return require('./tsserver/analysis.js') as AnalysisModule;
  } catch (error) {
    const cause = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `uproot/tsserver could not load its analysis on Node ${process.version} (${cause}); it needs Node 20.19+ or 22.12+, so point the editor's TypeScript at a newer Node. No uproot diagnostics in this project.`;
  }
}
