// The servers the conformance matrix judges: a push-style fixture as written, the same fixture after the real
// `uproot migrate --to mrtr` runner (on a copy, as a user runs it), and the hand-written MRTR reference.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runMigrate } from '../../../packages/uproot/src/migrate/migrate.ts';
import { copyFixture } from '../../e2e/harness/load.ts';
import type { ServerFactory } from './serve-http.ts';

export const CONFORMANCE_FIXTURES = fileURLToPath(new URL('../../e2e/fixtures/conformance/', import.meta.url));

/** The push-style originals the issue asks uproot to migrate (TS and JS). */
export const PUSH_FIXTURES = ['push-ts', 'push-js'] as const;
/** Written by hand, not by uproot: proves the harness passes a correct MRTR server. */
export const HAND_WRITTEN_REFERENCE = 'mrtr-hand-written-ts';

export type Variant = 'original' | 'hand-written' | 'uproot-migrated';

export interface MigrationSummary {
  rewritten: number;
  marked: number;
  reported: number;
  /** `reason` codes of the marked sites, e.g. `push-request`. */
  reasons: string[];
  failures: string[];
}

export interface LoadedServer {
  fixture: string;
  variant: Variant;
  createServer: ServerFactory;
  /** For `uproot-migrated`: what the migrate run reported. */
  migration?: MigrationSummary;
  cleanup(): Promise<void>;
}

function summarize(result: Awaited<ReturnType<typeof runMigrate>>): MigrationSummary {
  const outcomes = result.files.flatMap((f) => f.outcomes);
  const count = (o: string) => outcomes.filter((x) => x.outcome === o).length;
  return {
    rewritten: count('rewritten'),
    marked: count('marked'),
    reported: count('reported'),
    reasons: [...new Set(outcomes.flatMap((x) => (x.outcome === 'marked' && x.reason ? [x.reason] : [])))].sort(),
    failures: result.failures.map((f) => `${f.file}: ${f.message}`),
  };
}

/** Imports a fixture from a copy in test/e2e/.tmp (so it resolves the repo's SDK), migrated first if asked. */
export async function loadServer(fixture: string, variant: Variant): Promise<LoadedServer> {
  const copy = await copyFixture(path.join(CONFORMANCE_FIXTURES, fixture));
  try {
    let migration: MigrationSummary | undefined;
    if (variant === 'uproot-migrated') {
      migration = summarize(await runMigrate([copy.dir], { cwd: copy.dir, strategy: 'mrtr', dryRun: false }));
    }
    const createServer = await importEntry(copy.dir);
    return { fixture, variant, createServer, ...(migration ? { migration } : {}), cleanup: copy.cleanup };
  } catch (error) {
    await copy.cleanup();
    throw error;
  }
}

/** The copy's `server.ts` or `server.js` (each copy has its own directory, so no module cache is shared). */
async function importEntry(dir: string): Promise<ServerFactory> {
  const entry = ['server.ts', 'server.js'].map((f) => path.join(dir, f)).find((f) => existsSync(f));
  if (!entry) throw new Error(`${dir} has no server.ts or server.js`);
  const module = (await import(pathToFileURL(entry).href)) as { createServer?: ServerFactory };
  if (typeof module.createServer !== 'function') throw new Error(`${entry} does not export createServer()`);
  return module.createServer;
}
