// filesystem-mcp-ahmetshbz1's shape after the SDK upgrade: each tool module lists `inputSchema: zodToJsonSchema(S) as
// ToolInput`, with `type ToolInput = Record<string, unknown>` in a types module, and v2's tools/list result type wants
// `type: 'object'`. zod-to-json-schema writes that for every zod 3 z.object() (checked below on the real packages), so
// uproot gives the loose type v2's `Tool['inputSchema']`; the same shape written other ways is lifted too, and what it
// cannot prove (a named schema, a loose type used elsewhere, a union, zod 4) is named, not changed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { z } from 'zod/v3';
import { afterEach, describe, expect, it } from 'vitest';
import { repairToolInputSchemas } from '../../packages/uproot/src/sdk-upgrade/tool-input-schemas.ts';
import { REPO, project, removeProjects, typeErrors } from './upgrade-project.ts';

afterEach(removeProjects);

const HANDLERS = `import { Server } from '@modelcontextprotocol/server';
import { tools } from './tools.js';
export function install(server: Server) {
  server.setRequestHandler('tools/list', async () => ({ tools }));
}
`;

/** Repair a virtual project (`/p/src/<name>` → text); returns each file's new text and the findings as `file:line level`. */
function repair(files: Record<string, string>, zodMajor: number | undefined = 3) {
  const abs = Object.fromEntries(Object.entries(files).map(([k, v]) => [`/p/src/${k}`, v]));
  const result = repairToolInputSchemas(Object.keys(abs), zodMajor, (f) => abs[f]!, (f) => f in abs);
  const texts = Object.fromEntries(Object.keys(files).map((k) => [k, result.texts.get(`/p/src/${k}`) ?? files[k]!]));
  return { texts, findings: result.findings.map((f) => `${path.basename(f.file)}:${f.line} ${f.level}`), messages: result.findings.map((f) => f.message) };
}

const TYPES = `export type ToolInput = Record<string, unknown>;\nexport interface Other { name: string }\n`;
const TOOLS = (schema: string, imports = "import { z } from 'zod';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\n") => `${imports}import type { ToolInput } from './types.js';
${schema}
export const tools = [{ name: 'read', description: 'Read a file', inputSchema: zodToJsonSchema(ReadArgs) as ToolInput }];
`;

describe('a loose type holding zodToJsonSchema(z.object()) gets Tool["inputSchema"]', () => {
  it('the real shape: the alias in a types module, the casts in tool modules', () => {
    const { texts, findings, messages } = repair({
      'handlers.ts': HANDLERS,
      'types.ts': TYPES,
      'tools.ts': TOOLS("const ReadArgs = z.object({ path: z.string().describe('File path') });"),
    });
    expect(texts['types.ts']).toBe(`import type { Tool } from '@modelcontextprotocol/server';\nexport type ToolInput = Tool['inputSchema'];\nexport interface Other { name: string }\n`);
    expect(findings).toEqual(['types.ts:2 info']);
    expect(messages[0]).toContain("every use of it (1) casts zodToJsonSchema() of one zod 3 z.object() schema");
    expect(repair({ 'handlers.ts': HANDLERS, 'types.ts': texts['types.ts']!, 'tools.ts': texts['tools.ts']! }).findings).toEqual([]);
  });

  it.each([
    ['the alias in the same file, an index signature, zod/v3, the schema chained', {
      'handlers.ts': HANDLERS,
      'tools.ts': `import { z } from 'zod/v3';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\ntype ToolInput = { [key: string]: unknown };\nconst Args = z.object({ a: z.string() }).strict().describe('args');\nexport const tools = [{ name: 'a', inputSchema: zodToJsonSchema(Args) as ToolInput }];\n`,
    }, 'tools.ts', "type ToolInput = Tool['inputSchema'];"],
    ['the schema imported from another module, a default import of the converter', {
      'handlers.ts': HANDLERS,
      'types.ts': TYPES,
      'schemas.ts': `import * as z from 'zod';\nexport const ReadArgs = z.object({ path: z.string() }).extend({ head: z.number().optional() });\n`,
      'tools.ts': TOOLS('', "import zodToJsonSchema from 'zod-to-json-schema';\nimport { ReadArgs } from './schemas.js';\n"),
    }, 'types.ts', "export type ToolInput = Tool['inputSchema'];"],
    ['a namespace import of the converter and an inline z.object()', {
      'handlers.ts': HANDLERS,
      'types.ts': TYPES,
      'tools.ts': `import { z } from 'zod';\nimport * as zjs from 'zod-to-json-schema';\nimport type { ToolInput } from './types.js';\nexport const tools = [{ name: 'a', inputSchema: zjs.zodToJsonSchema(z.object({ a: z.string() }).partial()) as ToolInput }];\n`,
    }, 'types.ts', "export type ToolInput = Tool['inputSchema'];"],
  ])('%s', (_name, files, changed, line) => {
    const { texts, findings } = repair(files);
    expect(texts[changed]).toContain(line);
    expect(findings.map((f) => f.split(' ')[1])).toEqual(['info']);
  });

  it.each([
    ['a second argument (a named schema sits behind $ref)', { 'tools.ts': TOOLS("const ReadArgs = z.object({ a: z.string() });").replace('zodToJsonSchema(ReadArgs)', "zodToJsonSchema(ReadArgs, 'Read')") }, undefined, 'which is not zodToJsonSchema() of one z.object() schema'],
    ['the loose type also types a parameter', { 'tools.ts': TOOLS('const ReadArgs = z.object({ a: z.string() });') + 'export function show(input: ToolInput) { return input; }\n' }, undefined, 'it also types tools.ts:6'],
    ['a union is not an object schema', { 'tools.ts': TOOLS('const ReadArgs = z.object({ a: z.string() }).or(z.object({ b: z.string() }));') }, undefined, 'which is not zodToJsonSchema() of one z.object() schema'],
    ['plain zod where zod 4 is installed', { 'tools.ts': TOOLS('const ReadArgs = z.object({ a: z.string() });') }, 4, 'the installed zod is 4.x'],
  ])('names it, unchanged: %s', (_name, files, zodMajor, why) => {
    const all = { 'handlers.ts': HANDLERS, 'types.ts': TYPES, ...files };
    const { texts, findings, messages } = repair(all, zodMajor ?? 3);
    expect(texts).toEqual(all);
    if (why.includes('not zodToJsonSchema')) {
      // Only the one cast there is: nothing holds zod-to-json-schema output uproot recognizes, so nothing to say.
      expect(findings).toEqual([]);
      return;
    }
    expect(findings).toEqual(['types.ts:1 warning']);
    expect(messages[0]).toContain(why);
  });

  it('a cast written in place, beside an alias in the same file: one import, both typed', () => {
    const tools = `import { z } from 'zod';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\ntype ToolInput = Record<string, unknown>;\nconst A = z.object({ a: z.string() });\nexport const tools = [\n  { name: 'a', inputSchema: zodToJsonSchema(A) as ToolInput },\n  { name: 'b', inputSchema: zodToJsonSchema(z.object({ b: z.number() })) as Record<string, unknown> },\n];\n`;
    const { texts, findings } = repair({ 'handlers.ts': HANDLERS, 'tools.ts': tools });
    expect(texts['tools.ts']).toBe(`import type { Tool } from '@modelcontextprotocol/server';\n${tools.replace("type ToolInput = Record<string, unknown>", "type ToolInput = Tool['inputSchema']").replace('as Record<string, unknown>', "as Tool['inputSchema']")}`);
    expect(findings).toEqual(['tools.ts:4 info', 'tools.ts:8 info']);
    expect(repair({ 'handlers.ts': HANDLERS, 'tools.ts': texts['tools.ts']! }).findings).toEqual([]);
  });

  it('a cast written in place where zod 4 is installed is named, unchanged', () => {
    const tools = `import { z } from 'zod';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\nexport const tools = [{ name: 'b', inputSchema: zodToJsonSchema(z.object({})) as Record<string, unknown> }];\n`;
    const { texts, findings, messages } = repair({ 'handlers.ts': HANDLERS, 'tools.ts': tools }, 4);
    expect(texts['tools.ts']).toBe(tools);
    expect(findings).toEqual(['tools.ts:3 warning']);
    expect(messages[0]).toContain('the installed zod is 4.x');
  });

  it('leaves a package without a tools/list handler, and JavaScript, alone', () => {
    const files = { 'types.ts': TYPES, 'tools.ts': TOOLS('const ReadArgs = z.object({ a: z.string() });') };
    expect(repair(files).findings).toEqual([]);
    const js = { 'handlers.js': HANDLERS.replace(': Server', ''), 'tools.js': "import { z } from 'zod';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\nexport const tools = [{ name: 'a', inputSchema: zodToJsonSchema(z.object({})) }];\n" };
    expect(repair(js)).toEqual({ texts: js, findings: [], messages: [] });
  });

  it('changes no emitted JavaScript', () => {
    const { texts } = repair({ 'handlers.ts': HANDLERS, 'types.ts': TYPES, 'tools.ts': TOOLS('const ReadArgs = z.object({ a: z.string() });') });
    const emit = (text: string) => ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
    expect(emit(texts['types.ts']!)).toBe(emit(TYPES));
  });
});

describe('the premises, on the real packages', () => {
  it('zod-to-json-schema writes type "object" for every z.object() spelling lifted, and a $ref for a named one', () => {
    const base = z.object({ path: z.string().describe('p'), n: z.number().optional() });
    for (const schema of [base, base.strict(), base.passthrough(), base.describe('d'), base.extend({ x: z.boolean() }), base.pick({ path: true }), base.omit({ n: true }), base.partial(), base.merge(z.object({ y: z.string() }))]) {
      expect((zodToJsonSchema(schema) as { type?: unknown }).type).toBe('object');
    }
    expect(zodToJsonSchema(base, 'Read')).toMatchObject({ $ref: '#/definitions/Read' });
    expect((zodToJsonSchema(base.or(z.object({ b: z.string() }))) as { type?: unknown }).type).toBeUndefined();
  });

  it('with the alias repaired, the tools/list handler type-checks against the real v2 SDK; before, it did not', () => {
    const dir = project(path.join(REPO, 'test/fixtures/sdk-upgrade/root-provided'));
    const src = path.join(dir, 'packages/server/src');
    mkdirSync(src, { recursive: true });
    mkdirSync(path.join(dir, 'node_modules/zod-to-json-schema'), { recursive: true });
    writeFileSync(path.join(dir, 'packages/server/package.json'), JSON.stringify({ name: 'server', type: 'module' }));
    // zod-to-json-schema's own declarations, reduced to its entry point: the repair must not depend on them.
    writeFileSync(path.join(dir, 'node_modules/zod-to-json-schema/package.json'), JSON.stringify({ name: 'zod-to-json-schema', type: 'module', types: './index.d.ts' }));
    writeFileSync(path.join(dir, 'node_modules/zod-to-json-schema/index.d.ts'), 'export declare function zodToJsonSchema(schema: unknown, name?: string): { [key: string]: unknown } | boolean;\nexport default zodToJsonSchema;\n');
    const files = { 'handlers.ts': HANDLERS, 'types.ts': TYPES, 'tools.ts': TOOLS("const ReadArgs = z.object({ path: z.string() });", "import { z } from 'zod/v3';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\n") };
    const write = (texts: Record<string, string>) => Object.entries(texts).forEach(([name, text]) => writeFileSync(path.join(src, name), text));
    write(files);
    expect(typeErrors(dir).filter((e) => e.startsWith('packages/server/'))).toEqual(['packages/server/src/handlers.ts TS2322']);
    write(repair(files).texts);
    expect(typeErrors(dir).filter((e) => e.startsWith('packages/server/'))).toEqual([]);
  });
});
