// `migrate` lists the project's tests that drive roots behaviour the run removed or rewrote (JSON
// `testsToUpdate`, and the text report), with a one-line reason, and never edits them.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../packages/uproot/src/cli.ts';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';

const v1Fixture = path.resolve(import.meta.dirname, '../fixtures/sdk-upgrade/single');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

function scratch(files: Record<string, string> = {}, from?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-tests-to-update-'));
  temps.push(dir);
  if (from) cpSync(from, dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function migrateJson(cwd: string, ...args: string[]): Promise<MigrateReport> {
  let out = '';
  await main(['migrate', ...args, '--format', 'json', '--force'], { out: (s) => (out += s), err: () => {}, cwd });
  return JSON.parse(out) as MigrateReport;
}

/** A v2 server whose tool asks for roots, with a refresh the param strategy retires. */
const v2Server = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export const server = new McpServer({ name: 'files', version: '1.0.0' });

server.registerTool('first-root', { inputSchema: z.object({}) }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: roots[0]?.uri ?? 'none' }] };
});
`;

const answeringClient = `import { Client } from '@modelcontextprotocol/client';
import { it } from 'vitest';

it('answers roots', () => {
  const client = new Client({ name: 't', version: '1' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work' }] }));
});
`;

const callingClient = `${answeringClient}
it('calls the tool', async () => {
  await client.callTool({ name: 'first-root', arguments: {} });
});
`;

const listChangedSender = `import { Client } from '@modelcontextprotocol/client';

export async function touch(client: Client) {
  await client.sendRootsListChanged();
}
`;

const unrelated = `import { it } from 'vitest';
import { server } from '../src/server.ts';
it('exists', () => void server);
`;

describe('testsToUpdate', () => {
  it('lists, under --to param on v1, the client that answers roots/list and the listRoots stub, and edits neither', async () => {
    const dir = scratch({}, v1Fixture);
    const tests = ['test/roots.test.ts', 'test/stub.spec.ts', 'test/wait.test.ts'].map((f) => readFileSync(path.join(dir, f), 'utf8'));
    const report = await migrateJson(dir, 'src', '--to', 'param');
    expect(report.summary.rewritten).toBe(1);
    expect(report.testsToUpdate.map((t) => t.file)).toEqual(['test/roots.test.ts', 'test/stub.spec.ts']);
    const [roots, stub] = report.testsToUpdate;
    expect(roots!.why).toMatch(/^its client declares roots \(line 9\); its client answers roots\/list \(line 10\); it calls count-roots, but the migrated server no longer asks the client for roots \(src\/server\.ts\)/);
    expect(stub!.why).toMatch(/^it stubs or calls listRoots \(line 6, 7\), but/);
    for (const why of report.testsToUpdate.map((t) => t.why)) expect(why).not.toContain('\n');
    expect(['test/roots.test.ts', 'test/stub.spec.ts', 'test/wait.test.ts'].map((f) => readFileSync(path.join(dir, f), 'utf8'))).toEqual(tests);
  });

  it('is empty when the run removed nothing (v1 under --to mrtr is only marked)', async () => {
    const dir = scratch({}, v1Fixture);
    const report = await migrateJson(dir, 'src', '--dry-run');
    expect(report.summary.rewritten).toBe(0);
    expect(report.testsToUpdate).toEqual([]);
  });

  it('under --to mrtr keeps a client that only answers roots (still asked), but lists one that calls the rewritten tool', async () => {
    const dir = scratch({ 'package.json': '{ "name": "files" }', 'src/server.ts': v2Server, 'test/answers.test.ts': answeringClient, 'test/calls.test.ts': callingClient, 'test/unrelated.test.ts': unrelated });
    const report = await migrateJson(dir, 'src', '--dry-run');
    expect(report.summary.rewritten).toBe(1);
    expect(report.testsToUpdate).toEqual([{ file: 'test/calls.test.ts', why: expect.stringContaining('it calls first-root, but the migrated server asks for roots through multi round-trip input requests instead of listRoots (src/server.ts)') }]);
  });

  it('under --to param lists every roots-driving test of the project, __tests__ folders and list_changed senders included', async () => {
    const dir = scratch({ 'package.json': '{ "name": "files" }', 'src/server.ts': v2Server, 'test/answers.test.ts': answeringClient, 'src/__tests__/touch.ts': listChangedSender, 'src/touch.ts': listChangedSender, 'test/unrelated.test.ts': unrelated });
    const report = await migrateJson(dir, 'src/server.ts', '--to', 'param', '--dry-run');
    expect(report.testsToUpdate.map((t) => t.file)).toEqual(['src/__tests__/touch.ts', 'test/answers.test.ts']);
    expect(report.testsToUpdate[0]!.why).toMatch(/^it sends notifications\/roots\/list_changed \(line 4\), but the migrated server no longer asks the client for roots/);
  });

  it('reads a test file afresh when it changed between two runs in one process (the findings are remembered per text)', async () => {
    const dir = scratch({ 'package.json': '{ "name": "files" }', 'src/server.ts': v2Server, 'test/answers.test.ts': answeringClient });
    const first = await migrateJson(dir, 'src', '--to', 'param', '--dry-run');
    expect(first.testsToUpdate.map((t) => t.why)).toEqual([expect.stringMatching(/^its client declares roots \(line 5\); its client answers roots\/list \(line 6\), but/)]);
    // Two lines more above the client: a memo keyed by path alone would repeat lines 5 and 6.
    writeFileSync(path.join(dir, 'test/answers.test.ts'), `// first\n// second\n${answeringClient}`);
    const second = await migrateJson(dir, 'src', '--to', 'param', '--dry-run');
    expect(second.testsToUpdate.map((t) => t.why)).toEqual([expect.stringMatching(/^its client declares roots \(line 7\); its client answers roots\/list \(line 8\), but/)]);
    // And a file that no longer drives roots drops out.
    writeFileSync(path.join(dir, 'test/answers.test.ts'), unrelated);
    expect((await migrateJson(dir, 'src', '--to', 'param', '--dry-run')).testsToUpdate).toEqual([]);
  });

  it('appears in the text report', async () => {
    const dir = scratch({}, v1Fixture);
    let out = '';
    await main(['migrate', 'src', '--to', 'param', '--dry-run'], { out: (s) => (out += s), err: () => {}, cwd: dir });
    expect(out).toContain('Tests that drive roots behaviour this migration removed (update them yourself; uproot did not edit them):');
    expect(out).toMatch(/^ {2}test\/stub\.spec\.ts: it stubs or calls listRoots/m);
  });
});
