// v2 registers tool and prompt schemas through zod >= 4.2: on the real SDK (server 2.4.0, zod 3.25.76) a zod 3
// raw shape makes registerTool throw when the server starts, and a zod 3 z.object() fails tools/list. The codemod
// only warns about the range; uproot holds the upgrade where the code hands zod schemas to a registration
// (zod-floor.ts), and lets it go ahead where zod stays away from the SDK or the range meets the floor.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { zodFloorHold } from '../../packages/uproot/src/sdk-upgrade/zod-floor.ts';
import { REPO, cli, project, readJson, removeProjects } from './upgrade-project.ts';

afterAll(removeProjects);

const WARNING = { file: 'package.json', line: 1, level: 'warning' as const, message: "zod range '^3.23.8' cannot satisfy v2's floor: zod >=4.2.0 is required. An older range installs cleanly and then fails." };
const report = (diagnostics = [WARNING]) => ({ dirs: ['.'], filesChanged: 1, dependencies: [], install: null, diagnostics, applied: true, review: false });

describe('zodFloorHold: which files hand zod schemas to a registration', () => {
  const held: Array<[string, string, number]> = [
    ['an ESM import and registerTool', "import { z } from 'zod';\n\nserver.registerTool('t', { inputSchema: { a: z.string() } }, cb);\n", 3],
    ['CommonJS and the older tool()', "const { z } = require('zod');\nserver.tool('t', { a: z.string() }, cb);\n", 2],
    ['the zod/v4 subpath and registerPrompt', "import * as z from 'zod/v4';\nexport function add(s) {\n  s.registerPrompt('p', { argsSchema: { a: z.string() } }, cb);\n}\n", 3],
    ['a spaced member call of prompt()', "import z from \"zod\";\nmcp\n  . prompt ('p', { a: z.string() }, cb);\n", 3],
  ];
  it.each(held)('%s: held at the first registration', (_name, text, line) => {
    const hold = zodFloorHold(report(), ['/p/src/server.ts'], () => text);
    expect(hold).toEqual({ range: '^3.23.8', at: [{ file: '/p/src/server.ts', line }] });
  });

  it('schemas built in one file and registered in another: held at the registration', () => {
    const texts: Record<string, string> = {
      '/p/tools.ts': "import { z } from 'zod';\nexport const SearchArgs = { query: z.string() };\n",
      '/p/server.ts': "import { SearchArgs } from './tools.js';\n\nserver.registerTool('search', { inputSchema: SearchArgs }, cb);\n",
    };
    expect(zodFloorHold(report(), Object.keys(texts), (f) => texts[f]!)).toEqual({ range: '^3.23.8', at: [{ file: '/p/server.ts', line: 3 }] });
  });

  const notHeld: Array<[string, Record<string, string>]> = [
    ['zod only for the handler’s own checks', { '/p/a.ts': "import { z } from 'zod';\nconst Args = z.object({ a: z.string() });\nserver.setRequestHandler(CallToolRequestSchema, async (r) => Args.parse(r.params.arguments));\n" }],
    ['registrations in a package that never imports zod', { '/p/b.ts': "server.registerTool('t', { description: 'd' }, cb);\n", '/p/c.ts': 'export const x = 1;\n' }],
    ['zod beside a word that only ends in tool', { '/p/c.ts': "import { z } from 'zod';\nconst tool = makeTool(z.string());\nrun(tool);\n" }],
    ['a registration in a file that is not code', { '/p/a.ts': "import { z } from 'zod';\n", '/p/notes.md': "server.registerTool(\n" }],
  ];
  it.each(notHeld)('not held: %s', (_name, texts) => {
    expect(zodFloorHold(report(), Object.keys(texts), (f) => texts[f]!)).toBeUndefined();
  });

  it('not held when the codemod finds the range fine', () => {
    expect(zodFloorHold(report([]), ['/p/s.ts'], () => "import { z } from 'zod';\nserver.registerTool('t', {}, cb);\n")).toBeUndefined();
  });
});

async function upgrade(dir: string): Promise<MigrateReport> {
  const { out } = await cli(['migrate', '.', '--to', 'mrtr', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
  return JSON.parse(out) as MigrateReport;
}

/** The v1 fixture (registerTool with zod raw shapes, a roots request in a tool) declaring `zod`. */
function withZod(range: string): string {
  const dir = project(path.join(REPO, 'test/fixtures/sdk-upgrade/single'));
  const manifest = readJson(path.join(dir, 'package.json'));
  manifest.dependencies!.zod = range;
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

describe('migrate --with-sdk-upgrade', () => {
  it('a zod 3 range with registerTool schemas: the upgrade is held, the request says why, nothing is written', async () => {
    const dir = withZod('^3.25.76');
    const before = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    const result = await upgrade(dir);
    expect(result.sdkUpgrade!.applied).toBe(false);
    const request = result.files.flatMap((f) => f.sites).find((s) => s.kind === 'request')!;
    expect([request.outcome, request.reason]).toEqual(['marked', 'v1-sdk']);
    expect(request.detail).toContain("the project's zod range '^3.25.76' is below v2's floor (zod >= 4.2.0) and src/server.ts:7 hands zod schemas to a tool or prompt registration");
    expect(readJson(path.join(dir, 'package.json')).dependencies!['@modelcontextprotocol/sdk']).toBe('1.32.2');
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain(before.split('\n')[1]!);
  });

  it('a range that meets the floor: the same code upgrades and the request is rewritten', async () => {
    const result = await upgrade(withZod('^4.2.0'));
    expect(result.sdkUpgrade!.skipped).toBeUndefined();
    expect(result.sdkUpgrade!.applied).toBe(true);
    expect(result.files.flatMap((f) => f.sites).filter((s) => s.kind === 'request').map((s) => s.outcome)).toEqual(['rewritten']);
  });
});
