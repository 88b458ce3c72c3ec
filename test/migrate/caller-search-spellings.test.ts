// The search for a helper's callers reads a file's `from '…'` sources before it parses the file: a file whose
// sources all lead elsewhere cannot import the helper's module (or a barrel of it), so it is neither parsed
// nor given a unit. The barrel's importer must still be found however it spells the import: a comment between
// `from` and the source, a comment before the statement that itself says `from '`, among files that only
// mention the barrel. The text check alone (mayImportFrom) is also held to the folder for its index and an
// escape in the source, spellings the planner does not rewrite through either way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../packages/uproot/src/api.ts';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { mayImportFrom } from '../../transforms/mrtr/project.ts';

const ELICIT = `ctx.mcpReq.send({ method: 'elicitation/create', params: { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } })`;

const server = (importLine: string) => `import { McpServer } from '@modelcontextprotocol/server';
${importLine}

export function createServer() {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  server.registerTool('greet', { description: 'Greet in the workspace', inputSchema: {} }, async (_args, ctx) => {
    const { roots } = await server.server.listRoots();
    const name = await askName(ctx);
    return { content: [{ type: 'text', text: \`\${name} in \${roots.length} roots\` }] };
  });
  return server;
}
`;

const spellings: Array<[string, string]> = [
  ['a comment between from and the source', "import { askName } from/* the barrel */'./index.js';"],
  ['a line comment between from and the source', "import { askName } from // the barrel\n  './index.js';"],
  ['a comment before it that says from and a quote', "/* names from 'elsewhere */ import { askName } from './index.js';"],
];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(importLine: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-caller-spellings-'));
  made.push(dir);
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'greeter', type: 'module', dependencies: { '@modelcontextprotocol/server': '2.4.0' } }),
    'ask.js': `export async function askName(ctx) {\n  const answer = await ${ELICIT};\n  return answer.content?.name;\n}\n`,
    'index.js': "export { askName } from './ask.js';\n",
    'server.js': server(importLine),
    // Files that hold the barrel's stem and import other modules: read, never callers.
    'notes.js': "import { readFileSync } from 'node:fs';\nexport const index = readFileSync('index.js', 'utf8');\n",
    'other.js': "import { index } from './notes.js';\nexport const size = index.length; // from './index.js' in a comment\n",
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe.each(spellings)('the helper’s caller imports its barrel with %s', (_name, importLine) => {
  it('scan says the roots request is rewritten, and migrate moves the handler whole', async () => {
    const dir = project(importLine);
    const report = await scan([dir], { cwd: dir });
    expect(report.sites.map((s) => [path.basename(s.file), s.kind, s.action]).sort()).toEqual([
      ['ask.js', 'elicitation-request', expect.any(String)],
      ['server.js', 'request', 'rewrite'],
    ]);
    const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: true });
    expect(result.failures).toEqual([]);
    const outcomes = result.files.flatMap((f) => f.outcomes.map((o) => `${path.basename(f.file)} ${o.site.kind} ${o.outcome}`));
    expect(outcomes.sort()).toEqual(['ask.js elicitation-request rewritten', 'server.js request rewritten']);
  });
});

describe('mayImportFrom: whether a file may import a module, from its text', () => {
  const dir = path.join(os.tmpdir(), 'uproot-may-import');
  const target = path.join(dir, 'index.js');
  const from = path.join(dir, 'server.js');
  const files = new Map([target, from, path.join(dir, 'ask.js')].map((f) => [f, { path: f }]));
  const may = (text: string) => mayImportFrom(text, from, target, files);

  it('finds every spelling of a source that resolves to the module', () => {
    for (const text of [
      "import { askName } from './index.js';",
      "export * from './index.js'",
      'import{askName}from"./index"',
      "import { askName } from/* the barrel */'./index.js';",
      "import { askName } from // the barrel\n  './index.js';",
      "import { askName } from // the barrel\u2028'./index.js';",
      "/* names from 'elsewhere */ import { askName } from './index.js';",
      "const s = 'from '; import { askName } from './index.js';",
      "import { askName } from './';",
      'import { askName } from "./ind\\u0065x.js";',
    ]) {
      expect([text, may(text)]).toEqual([text, true]);
    }
  });

  it('rules out a file whose sources all lead elsewhere, however often it says from or index', () => {
    for (const text of ["import { askName } from './ask.js';", "// from 'index.js'\nexport const index = Array.from('index');", "import fs from 'node:fs'; const index = fs.readFileSync('index.js');", ''])
      expect([text, may(text)]).toEqual([text, false]);
  });
});

