// A helper that elicits or samples in another module, with no MCP import of its own: it asks through the handler
// ctx it is handed (`askName(ctx)` → `ctx.mcpReq.send({ method: 'elicitation/create' })`). The conformance suite's
// push-js server caught `migrate --to mrtr` once moving the roots request into MRTR while that elicitation stayed
// push-style, to throw on 2026-07-28. Whatever the file, the spelling of the export, or a barrel between them,
// migrate now moves the handler whole: the helper is split (a builder of what it asks, and the answer handed in),
// and the handler asks roots and the helper's question in one round. With the helper outside the run (one file
// given), it cannot be split, and the handler is held whole.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { scan } from '../../packages/uproot/src/api.ts';

const ELICIT = `ctx.mcpReq.send({ method: 'elicitation/create', params: { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } })`;
const SAMPLE = `ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: 'Name me' } }], maxTokens: 5 })`;

/** The tool: roots and the helper's question in one handler, as push-js's multiple_inputs tool does. */
const serverText = (importLine: string, ext: string) => `import { McpServer } from '@modelcontextprotocol/server';
${importLine}

export function createServer() {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  server.registerTool('greet', { description: 'Greet in the workspace', inputSchema: {} }, async (_args, ctx${ext === 'ts' ? ': any' : ''}) => {
    const { roots } = await server.server.listRoots();
    const name = await askName(ctx);
    return { content: [{ type: 'text', text: \`\${name} in \${roots.length} roots\` }] };
  });
  return server;
}
`;

interface Spelling {
  name: string;
  ext: 'js' | 'ts';
  files: Record<string, string>;
}

const param = (ext: string) => (ext === 'ts' ? 'ctx: any' : 'ctx');
const spellings: Spelling[] = [
  {
    name: 'a named function export eliciting through send()',
    ext: 'js',
    files: {
      'ask.js': `export async function askName(${param('js')}) {\n  const answer = await ${ELICIT};\n  return answer.content?.name;\n}\n`,
      'server.js': serverText("import { askName } from './ask.js';", 'js'),
    },
  },
  {
    name: 'an arrow const export sampling through requestSampling()',
    ext: 'js',
    files: {
      'ask.js': `export const askName = async (${param('js')}) => {\n  const reply = await ${SAMPLE};\n  return reply.content;\n};\n`,
      'server.js': serverText("import { askName } from './ask.js';", 'js'),
    },
  },
  {
    name: 'a function re-exported through index.js',
    ext: 'js',
    files: {
      'ask.js': `export async function askName(${param('js')}) {\n  const answer = await ${ELICIT};\n  return answer.content?.name;\n}\n`,
      'index.js': "export { askName } from './ask.js';\n",
      'server.js': serverText("import { askName } from './index.js';", 'js'),
    },
  },
  {
    name: 'a default export',
    ext: 'js',
    files: {
      'ask.js': `export default async function askName(${param('js')}) {\n  const answer = await ${ELICIT};\n  return answer.content?.name;\n}\n`,
      'server.js': serverText("import askName from './ask.js';", 'js'),
    },
  },
  {
    name: 'a TypeScript named export sampling through requestSampling()',
    ext: 'ts',
    files: {
      'ask.ts': `export async function askName(${param('ts')}) {\n  const reply = await ${SAMPLE};\n  return reply.content;\n}\n`,
      'server.ts': serverText("import { askName } from './ask.ts';", 'ts'),
    },
  },
];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-ctx-helper-'));
  made.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'greeter', type: 'module', dependencies: { '@modelcontextprotocol/server': '2.4.0' } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe.each(spellings)('a helper in another module asking through the ctx it is handed: $name', ({ ext, files }) => {
  const helperKind = files[`ask.${ext}`]!.includes('requestSampling') ? 'sampling-request' : 'elicitation-request';

  it('scan reports the helper’s push request, and the roots request as one migrate rewrites', async () => {
    const dir = project(files);
    const report = await scan([dir], { cwd: dir });
    expect(report.sites.map((s) => [path.basename(s.file), s.kind]).sort()).toEqual([[`ask.${ext}`, helperKind], [`server.${ext}`, 'request']]);
    const roots = report.sites.find((s) => s.kind === 'request')!;
    expect(roots.action).toBe('rewrite');
  });

  it('migrate --to mrtr moves the handler whole, the helper split into what it asks and what it does with the answer', async () => {
    const dir = project(files);
    const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: false });
    expect(result.failures).toEqual([]);
    const outcomes = result.files.flatMap((f) => f.outcomes.map((o) => `${path.basename(f.file)} ${o.site.kind} ${o.outcome}`));
    expect(outcomes.sort()).toEqual([`ask.${ext} ${helperKind} rewritten`, `server.${ext} request rewritten`]);
    const builder = helperKind === 'sampling-request' ? 'askNameSampling' : 'askNameElicitation';
    const ask = readFileSync(path.join(dir, `ask.${ext}`), 'utf8');
    const server = readFileSync(path.join(dir, `server.${ext}`), 'utf8');
    expect(ask).toMatch(new RegExp(`export function ${builder}\\(ctx(: any)?\\)`));
    // Every caller hands the answer: the helper asks nothing push-style any more, and takes the answer, required.
    expect(ask).toContain('await answered();');
    expect(ask).not.toMatch(/ctx\.mcpReq\.(send|elicitInput|requestSampling)\(/);
    const reader = helperKind === 'sampling-request' ? "samplingAnswer(ctx, 'name')" : "elicitationAnswer(ctx, 'name', 'request')";
    expect(server).toContain(`const name = await askName(ctx, () => ${reader});`);
    expect(server).toContain(`inputRequests.name = inputRequired.${helperKind === 'sampling-request' ? 'createMessage' : 'elicit'}(${builder}(ctx));`);
    // Imported from the helper's own module, a barrel between them or not.
    expect(server).toMatch(new RegExp(`import \\{[^}]*\\b${builder}\\b[^}]*\\} from './ask\\.${ext === 'ts' ? 'ts' : 'js'}';`));
    const again = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: true });
    expect(again.files.filter((f) => f.changed)).toEqual([]);
    // Nothing push-style left for scan (or no-push-elicitation / no-push-sampling, the same matcher) to report.
    expect((await scan([dir], { cwd: dir })).sites.filter((s) => s.kind === helperKind)).toEqual([]);
  });
});

describe('a project copied under a folder its package skips (the conformance harness’s `.tmp/` copies)', () => {
  it('still finds the helper’s callers, in the folder the run started in', async () => {
    const pkg = project({});
    const dir = path.join(pkg, '.tmp', 'copy');
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(spellings[0]!.files)) writeFileSync(path.join(dir, file), text);
    const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: true });
    const roots = result.files.flatMap((f) => f.outcomes).find((o) => o.site.kind === 'request')!;
    expect(roots.outcome).toBe('rewritten');
  });
});

// A user may hand migrate one file: the helper's module is then outside the run, read but never written, and
// still holds the handler whole.
describe.each(spellings)('only the server file given, the helper outside the run: $name', ({ ext, files }) => {
  it('migrate --to mrtr rewrites nothing in the handler and marks it with the helper’s request', async () => {
    const dir = project(files);
    const result = await runMigrate([path.join(dir, `server.${ext}`)], { cwd: dir, strategy: 'mrtr', dryRun: true });
    expect(result.failures).toEqual([]);
    const outcomes = result.files.flatMap((f) => f.outcomes.map((o) => ({ kind: o.site.kind, outcome: o.outcome, reason: o.reason, detail: o.detail })));
    expect(outcomes.filter((o) => o.outcome === 'rewritten')).toEqual([]);
    const roots = outcomes.find((o) => o.kind === 'request')!;
    expect([roots.outcome, roots.reason]).toEqual(['marked', 'push-request']);
    expect(roots.detail).toMatch(/in askName\(\) \(ask\.[jt]s:2\)/);
  });

  it('a handler that only elicits, calling the helper, keeps its own elicitation push-style too', async () => {
    const elicitsItself = files[`server.${ext}`]!.replace(
      'const { roots } = await server.server.listRoots();',
      `const first = await ctx.mcpReq.elicitInput({ message: 'Proceed?', requestedSchema: { type: 'object', properties: {} } });\n    const roots = [first];`,
    );
    expect(elicitsItself).not.toBe(files[`server.${ext}`]);
    const dir = project({ ...files, [`server.${ext}`]: elicitsItself });
    const result = await runMigrate([path.join(dir, `server.${ext}`)], { cwd: dir, strategy: 'mrtr', dryRun: true });
    expect(result.failures).toEqual([]);
    const outcomes = result.files.flatMap((f) => f.outcomes.map((o) => ({ kind: o.site.kind, outcome: o.outcome, detail: o.detail })));
    const own = outcomes.find((o) => o.kind === 'elicitation-request')!;
    expect(own.outcome).not.toBe('rewritten');
    expect(own.detail).toMatch(/in askName\(\) \(ask\.[jt]s:2\)/);
    expect(result.files.every((f) => !f.changed)).toBe(true);
  });
});
