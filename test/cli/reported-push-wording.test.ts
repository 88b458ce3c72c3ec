// A push-style elicitation or sampling request uproot reports but cannot move throws on 2026-07-28 (no
// server-to-client requests there): the scan summary and migrate's `reported` lines must not call it
// "deprecated, still works", as they rightly do a capability or list_changed site.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { runScan } from '../../packages/uproot/src/scan/scan.ts';
import { migrateToText } from '../../packages/uproot/src/report/migrate-text.ts';
import { scanToText } from '../../packages/uproot/src/report/text.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A tool whose helper in another module logs, then elicits (so it cannot be split: reported there), and which lists roots. */
function project(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-reported-push-'));
  made.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'greeter', type: 'module' }));
  writeFileSync(
    path.join(dir, 'ask.js'),
    `export async function askName(ctx) {\n  console.error('asking for a name');\n  const answer = await ctx.mcpReq.elicitInput({ message: 'Your name?', requestedSchema: { type: 'object', properties: {} } });\n  return answer.content?.name;\n}\n`,
  );
  writeFileSync(
    path.join(dir, 'server.js'),
    `import { McpServer } from '@modelcontextprotocol/server';
import { askName } from './ask.js';

const server = new McpServer({ name: 'greeter', version: '1.0.0' });
server.registerTool('greet', { description: 'Greet', inputSchema: {} }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: \`\${await askName(ctx)} \${roots.length}\` }] };
});
`,
  );
  return dir;
}

/** The same tool on the v1 SDK: its request keeps working on the 2025-era revisions v1 serves. */
function v1Project(): string {
  const dir = project();
  const server = path.join(dir, 'server.js');
  writeFileSync(server, readFileSync(server, 'utf8').replace("'@modelcontextprotocol/server'", "'@modelcontextprotocol/sdk/server/mcp.js'").replace("registerTool('greet', { description: 'Greet', inputSchema: {} },", "tool('greet', 'Greet', {},"));
  writeFileSync(
    path.join(dir, 'ask.js'),
    `import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';\nexport async function askName(extra) {\n  console.error('asking for a name');\n  const answer = await extra.sendRequest({ method: 'elicitation/create', params: { message: 'Your name?', requestedSchema: { type: 'object', properties: {} } } }, ElicitResultSchema);\n  return answer.content?.name;\n}\n`,
  );
  return dir;
}

describe('a reported push request is worded as breaking on 2026-07-28', () => {
  it('migrate’s reported line says the elicitation breaks, not that it still works', async () => {
    const dir = project();
    const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: true });
    const reported = migrateToText(result, [dir], dir).split('\n').filter((l) => l.trimStart().startsWith('reported'));
    expect(reported).toEqual([expect.stringMatching(/ask\.js:3:\d+ elicitation-request elicitInput\(\) \(breaks on 2026-07-28: push-style, move it into inputRequired by hand\)$/)]);
  });

  it('on the v1 SDK, migrate’s reported line says the request works until the upgrade (a tool that asks no roots)', async () => {
    const dir = v1Project();
    const server = path.join(dir, 'server.js');
    // No roots: --to param leaves the tool alone (one whose roots it rewrites gets its request marked v1-sdk, below).
    writeFileSync(server, readFileSync(server, 'utf8').replace('  const { roots } = await server.server.listRoots();\n', '').replace(' \${roots.length}', ''));
    const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: true });
    const reported = migrateToText(result, [dir], dir).split('\n').filter((l) => l.trimStart().startsWith('reported'));
    expect(reported).toEqual([expect.stringMatching(/ask\.js:4:\d+ elicitation-request sendRequest\(\{ method: 'elicitation\/create' \}\) \(push-style: works on the v1 SDK, which serves only 2025-era revisions; after the upgrade to v2 it breaks on 2026-07-28 unless moved/)]);
  });

  it('on the v1 SDK, a tool whose roots --to param rewrites gets its request marked v1-sdk: MRTR needs the v2 SDK', async () => {
    const dir = v1Project();
    const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: true });
    const outcomes = result.files.flatMap((f) => f.outcomes.map((o) => [f.file, o.site.kind, o.outcome, o.reason ?? null]));
    expect(outcomes).toEqual([
      ['ask.js', 'elicitation-request', 'marked', 'v1-sdk'],
      ['server.js', 'request', 'rewritten', null],
    ]);
  });

  it('scan’s summary counts it among the sites that break, not those that keep working', async () => {
    const dir = project();
    const text = scanToText(await runScan([dir], { cwd: dir }), [dir]);
    expect(text).toContain('0 can be rewritten, 1 need a person (reason-coded), 0 are deprecated but keep working, 1 break on 2026-07-28 and are left for you to move.');
  });
});
