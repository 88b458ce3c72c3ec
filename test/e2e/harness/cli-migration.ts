// `uproot migrate` as a user runs it on a fixture's copy, as the harness's FileTransform: the first file asked for
// migrates the whole copy (chains cross files); each file is then read as the run wrote it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { runMigrate } from '../../../packages/uproot/src/migrate/migrate.ts';
import type { Strategy } from '../../../transforms/outcome.ts';
import type { FileTransform } from './load.ts';

export interface CliMigration {
  transform: FileTransform;
  /** How many files a second run would change. */
  secondRun(): Promise<number>;
  /** Each site's `<kind> <outcome>[ <reason>]`, capability sites left out. */
  outcomes(): string[];
}

export function cliMigration(strategy: Strategy): CliMigration {
  let dir: string | undefined;
  let outcomes: string[] = [];
  const transform: FileTransform = async (_text, file) => {
    if (!dir) {
      dir = path.dirname(file);
      const result = await runMigrate([dir], { cwd: dir, strategy, dryRun: false });
      expect(result.failures).toEqual([]);
      outcomes = result.files.flatMap((f) => f.outcomes.filter((o) => o.site.kind !== 'capability').map((o) => `${o.site.kind} ${o.outcome}${o.reason ? ` ${o.reason}` : ''}`));
    }
    return readFileSync(file, 'utf8');
  };
  const secondRun = async () => (await runMigrate([dir!], { cwd: dir!, strategy, dryRun: true })).files.filter((f) => f.changed).length;
  return { transform, secondRun, outcomes: () => outcomes };
}
