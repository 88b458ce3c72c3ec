// A handler whose rounds carry signed requestState needs MCP_REQUEST_STATE_KEY where the server is launched (the
// generated codec falls back to a random key per process, which another process serving the retry would refuse):
// the JSON report says so in the moved request's `configure`, and the text summary in one line.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { migrateReport } from '../../packages/uproot/src/report/migrate-json.ts';
import { configureLine } from '../../packages/uproot/src/report/configure-line.ts';

const fixtures = path.resolve(import.meta.dirname, '../e2e/fixtures/mrtr-push');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function migrated(fixture: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-state-key-'));
  dirs.push(dir);
  cpSync(path.join(fixtures, fixture), dir, { recursive: true });
  return runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: true });
}

describe('the requestState signing key in what to configure', () => {
  it('a round that carries a fresh id in signed requestState: configure names MCP_REQUEST_STATE_KEY', async () => {
    const result = await migrated('fresh-id-ts');
    const sites = migrateReport(result).files.flatMap((f) => f.sites);
    const moved = sites.filter((s) => s.kind === 'elicitation-request' || s.kind === 'sampling-request');
    expect(moved.length).toBeGreaterThan(0);
    for (const site of moved) expect(site.configure).toEqual({ env: 'MCP_REQUEST_STATE_KEY', args: false, param: null, role: null });
    expect(configureLine(result)).toMatch(/set MCP_REQUEST_STATE_KEY \(32\+ bytes, the same in every process serving the same clients\)/);
  });

  it('a round with nothing to carry asks for no key', async () => {
    const result = await migrated('direct-ts');
    expect(migrateReport(result).files.flatMap((f) => f.sites).filter((s) => s.configure)).toEqual([]);
    expect(configureLine(result)).toBeUndefined();
  });
});
