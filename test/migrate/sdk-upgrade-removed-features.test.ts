// A v1 feature v2 removed with nothing in its place (experimental tasks, SEP-2663): the official codemod marks
// it and upgrades anyway; uproot holds the upgrade where the project's own code uses it (removed-features.ts),
// and lets it go ahead where only its tests do (they are listed for the person who updates them).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { describeRemoved, removedFeatures } from '../../packages/uproot/src/sdk-upgrade/removed-features.ts';
import { REPO, cli, project, readJson, removeProjects } from './upgrade-project.ts';

afterAll(removeProjects);

const TASKS = 'Experimental tasks removed in v2 (SEP-2663 — tasks moved to the Extensions Track). No v2 equivalent.';
const OPTION = "Remove 'taskStore' from McpServer options — experimental tasks removed in v2 (SEP-2663 — tasks moved to the Extensions Track). No v2 equivalent.";
const report = (diagnostics: Array<{ file: string; line: number; level: 'marker' | 'warning' | 'info'; message: string }>) => ({ dirs: ['.'], filesChanged: 1, dependencies: [], install: null, diagnostics, applied: true, review: false });

describe('removedFeatures: the codemod findings that hold the upgrade', () => {
  it('a warning and a marker in source files; not a deprecation, not a test file', () => {
    const found = removedFeatures(
      report([
        { file: 'server/index.ts', line: 1, level: 'warning', message: TASKS },
        { file: 'server/index.ts', line: 41, level: 'marker', message: OPTION },
        { file: 'transports/sse.ts', line: 1, level: 'info', message: 'SSEServerTransport is deprecated. Migrate to NodeStreamableHTTPServerTransport.' },
        { file: '__tests__/tasks.test.ts', line: 3, level: 'warning', message: TASKS },
        { file: 'src/tasks.spec.ts', line: 3, level: 'warning', message: TASKS },
      ]),
      '/p',
    );
    expect(found.map((d) => `${d.file}:${d.line}`)).toEqual(['server/index.ts:1', 'server/index.ts:41']);
    expect(describeRemoved(found)).toBe(
      'the project uses experimental tasks, which v2 removed with no equivalent (the official codemod says so at server/index.ts:1, server/index.ts:41): the upgraded server would stop compiling or lose the feature (move off it first, then upgrade)',
    );
  });

  it('nothing removed: a finding that has a v2 counterpart does not hold', () => {
    expect(removedFeatures(report([{ file: 'a.ts', line: 2, level: 'marker', message: 'Could not verify `inputSchema` is a schema object. Raw shapes are deprecated in v2.' }]), '/p')).toEqual([]);
  });
});

async function upgrade(dir: string): Promise<MigrateReport> {
  const { out } = await cli(['migrate', '.', '--to', 'mrtr', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
  return JSON.parse(out) as MigrateReport;
}

// The store comes from the project's own module: no v1 import is left behind for the other hold to see, so
// the codemod's "No v2 equivalent" marker on the option is all that tells the upgrade breaks the server.
const TASK_SERVER = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { makeStore } from './store.js';",
  '',
  "export const taskServer = new McpServer({ name: 'tasks', version: '1.0.0' }, { taskStore: makeStore() });",
  '',
].join('\n');
const STORE = 'export const makeStore = () => undefined;\n';

/** The v1 fixture with the task server written as `server` beside its store in `folder`, upgraded; and its roots request. */
async function upgradedWithTasks(folder: string, server: string) {
  const dir = project(path.join(REPO, 'test/fixtures/sdk-upgrade/single'));
  writeFileSync(path.join(dir, folder, server), TASK_SERVER);
  writeFileSync(path.join(dir, folder, 'store.ts'), STORE);
  const result = await upgrade(dir);
  return { dir, result, request: result.files.flatMap((f) => f.sites).find((s) => s.kind === 'request')! };
}

describe('migrate --with-sdk-upgrade', () => {
  it('the server itself keeps a task store: the upgrade is held and the roots request says why', async () => {
    const { dir, result, request } = await upgradedWithTasks('src', 'tasks.ts');
    expect(result.sdkUpgrade!.applied).toBe(false);
    expect([request.outcome, request.reason]).toEqual(['marked', 'v1-sdk']);
    expect(request.detail).toContain('the project uses experimental tasks, which v2 removed with no equivalent (the official codemod says so at src/tasks.ts:4)');
    // This hold alone: no v1 import is left behind.
    expect(request.detail).not.toContain('keeps a v1 import');
    expect(readJson(path.join(dir, 'package.json')).dependencies!['@modelcontextprotocol/sdk']).toBe('1.32.2');
  });

  it('only a test file uses tasks: the upgrade goes ahead and the request is rewritten', async () => {
    const { result, request } = await upgradedWithTasks('test', 'tasks.test.ts');
    expect(result.sdkUpgrade!.applied).toBe(true);
    expect(request.outcome).toBe('rewritten');
  });
});
