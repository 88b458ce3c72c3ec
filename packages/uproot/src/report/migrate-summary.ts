import type { MigrateResult } from '../migrate/shapes.ts';

export function summarizeMigrate(result: MigrateResult) {
  let rewritten = 0;
  let marked = 0;
  let reported = 0;
  for (const f of result.files) {
    for (const o of f.outcomes) {
      if (o.outcome === 'rewritten') rewritten++;
      else if (o.outcome === 'marked') marked++;
      else reported++;
    }
  }
  return { files: result.files.length, changedFiles: result.files.filter((f) => f.changed).length, rewritten, marked, reported, failures: result.failures.length, types: result.types.types, ...(result.types.why ? { typesWhy: result.types.why } : {}) };
}
