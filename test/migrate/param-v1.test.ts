// `--to param` works on v1 code as it is: no SDK upgrade, no v2 import, and the result type-checks in a
// project where only the v1 SDK is installed.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, expect, it } from 'vitest';
import { main } from '../../packages/uproot/src/cli.ts';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

it('rewrites a v1 server to a directory parameter that type-checks against the v1 SDK alone', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-param-v1-'));
  temps.push(dir);
  cpSync(path.join(REPO, 'test/fixtures/sdk-upgrade/single'), dir, { recursive: true });
  for (const pkg of ['@modelcontextprotocol/sdk', '@types/node', 'zod']) {
    mkdirSync(path.dirname(path.join(dir, 'node_modules', pkg)), { recursive: true });
    symlinkSync(path.join(REPO, 'node_modules', pkg), path.join(dir, 'node_modules', pkg), 'dir');
  }
  let out = '';
  const code = await main(['migrate', 'src', '--to', 'param', '--force', '--format', 'json'], { out: (s) => (out += s), err: () => {}, cwd: dir });
  const report = JSON.parse(out) as MigrateReport;
  expect(code).toBe(0);
  expect(report.summary).toMatchObject({ rewritten: 1, marked: 0 });
  expect(report).not.toHaveProperty('sdkUpgrade');
  const server = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
  expect(server).not.toMatch(/@modelcontextprotocol\/(server|core|client)/);
  expect(server).not.toContain('listRoots');
  const program = ts.createProgram({
    rootNames: [path.join(dir, 'src/server.ts')],
    options: { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, types: ['node'], skipLibCheck: true, noEmit: true },
  });
  expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
});
