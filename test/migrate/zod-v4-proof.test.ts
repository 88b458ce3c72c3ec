// The zod 3 → 4 proof on packages written the ways real servers write zod: named, namespace, default and require
// imports, TypeScript and JavaScript, schemas behind a barrel, a class getter, raw shapes and z.object, results read
// through destructuring, a promise and `.then`. Each package is proven (no break) or held at the use zod 4 changes.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proveZod4 } from '../../packages/uproot/src/sdk-upgrade/zod-v4-proof.ts';
import { REPO } from './upgrade-project.ts';

const temps: string[] = [];
afterAll(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A package of `files` with zod 3.25.76 installed (the repository's zod3 alias), or none. */
function pkg(files: Record<string, string>, zod: 'zod3' | 'none' = 'zod3'): { dir: string; files: string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-zod-'));
  temps.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', type: 'module', dependencies: { zod: '^3.25.0' } }));
  if (zod === 'zod3') {
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(path.join(REPO, 'node_modules/zod3'), path.join(dir, 'node_modules/zod'), 'dir');
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return { dir, files: Object.keys(files).map((f) => path.join(dir, f)) };
}

const prove = (files: Record<string, string>) => {
  const p = pkg(files);
  const proof = proveZod4(p.dir, p.files);
  return { uses: proof.uses, breaks: proof.breaks.map((b) => `${path.relative(p.dir, b.file)}:${b.line} ${b.use}: ${b.change}`) };
};

describe('proven: every zod use is one zod 4 keeps', () => {
  const proven: Array<[string, Record<string, string>]> = [
    ['a named import and a raw shape', { 'src/server.ts': "import { z } from 'zod';\nexport const shape = { path: z.string().min(1).describe('dir'), depth: z.number().int().min(0).optional() };\n" }],
    ['a namespace import and z.object', { 'src/server.ts': "import * as z from 'zod';\nexport const Args = z.object({ mode: z.enum(['a', 'b']).optional(), tags: z.array(z.string()).optional().default([]) });\nexport type Args = z.infer<typeof Args>;\n" }],
    ['JavaScript with require, no checkJs', { 'src/server.cjs': "const { z } = require('zod');\nmodule.exports = { shape: { path: z.string().describe('p'), all: z.boolean().optional() } };\n" }],
    ['a default import in an .mjs file', { 'src/server.mjs': "import z from 'zod';\nexport const out = { content: z.string(), kind: z.union([z.literal('a'), z.literal('b')]).nullable() };\n" }],
    [
      'schemas behind a barrel, extended and read in another file',
      {
        'src/schemas/base.ts': "import { z } from 'zod';\nexport const Base = z.object({ path: z.string() });\n",
        'src/schemas/index.ts': "export * from './base.js';\n",
        'src/server.ts': "import { Base } from './schemas/index.js';\nimport type { z } from 'zod';\nexport const Full = Base.extend({ depth: Base.shape.path.optional() }).strict();\nexport type Full = z.infer<typeof Full>;\n",
      },
    ],
    ['a class getter handing out a schema', { 'src/tools.ts': "import { z } from 'zod';\nexport class Tool {\n  get schema() {\n    return z.object({ q: z.string() });\n  }\n}\nexport const shape = new Tool().schema.partial().shape;\n" }],
    ['a schema handed to a function of the package itself', { 'src/a.ts': "import { z } from 'zod';\nfunction register(name: string, schema: unknown) {\n  return { name, schema };\n}\nexport const tool = register('t', z.object({ q: z.string() }));\n" }],
    ['type-only names: ZodRawShape, ZodTypeAny, ZodObject<Shape>', { 'src/types.ts': "import type { ZodRawShape, ZodTypeAny, z } from 'zod';\nexport type Tool<S extends ZodRawShape> = { shape: S; any: ZodTypeAny; out: z.infer<z.ZodObject<S>> };\n" }],
  ];
  it.each(proven)('%s', (_name, files) => {
    const proof = prove(files);
    expect(proof.breaks).toEqual([]);
    expect(proof.uses).toBeGreaterThan(0);
  });
});

describe('held: the proof names the file:line and what zod 4 changes', () => {
  const held: Array<[string, Record<string, string>, RegExp]> = [
    [
      'ZodError.errors read off a destructured result of a schema from a barrel',
      {
        'src/schemas/args.ts': "import { z } from 'zod';\nexport const Args = z.object({ q: z.string() });\n",
        'src/schemas/index.ts': "export { Args } from './args.js';\n",
        'src/check.ts': "import { Args } from './schemas/index.js';\nexport function check(input: unknown) {\n  const { success, error } = Args.safeParse(input);\n  return success ? [] : error.errors.map((e) => e.message);\n}\n",
      },
      /^src\/check\.ts:4 ZodError\.errors: removes ZodError\.errors/,
    ],
    ['.format() on an error reached through a promise and .then', { 'src/a.ts': "import { z } from 'zod';\nconst S = z.string();\nexport const p = S.safeParseAsync(1).then((r) => (r.success ? null : r.error.format()));\n" }, /^src\/a\.ts:3 ZodError\.format: changes what ZodError\.format returns/],
    ['z.record with one argument', { 'src/a.ts': "import { z } from 'zod';\nexport const headers = z.record(z.string());\n" }, /^src\/a\.ts:2 z\.record: needs z\.record\(keys, values\)/],
    ['.default() inside .optional()', { 'src/a.ts': "import { z } from 'zod';\nexport const shape = { limit: z.number().default(10).optional() };\n" }, /^src\/a\.ts:2 ZodType\.optional: applies a \.default\(\) inside \.optional\(\)/],
    ['a default zod 3 validates and zod 4 does not', { 'src/a.ts': "import { z } from 'zod';\nexport const shape = { limit: z.number().min(5).default(1) };\n" }, /^src\/a\.ts:2 ZodType\.default: returns a \.default\(\) value without parsing it/],
    ['.url() in JavaScript', { 'src/a.js': "import { z } from 'zod';\nexport const Env = z.object({ BASE: z.string().url() });\n" }, /^src\/a\.js:2 ZodString\.url: changes which strings \.url\(\) accepts/],
    ['required_error params, CommonJS', { 'src/a.cjs': "const z = require('zod');\nmodule.exports = z.string({ required_error: 'path is required' });\n" }, /^src\/a\.cjs:2 z\.string: reads z\.string\(\)'s params differently/],
    ['zod-to-json-schema beside zod', { 'src/a.ts': "import { z } from 'zod';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\nexport const json = zodToJsonSchema(z.object({ a: z.string() }));\n" }, /^src\/a\.ts:2 import zod-to-json-schema: schemas are what this package is handed, and it reads zod 3's internals/],
    // Another installed package handed a zod value reads it itself, whether it declares a function, a const of a
    // function type or a class method (the first and last are known from the callee, the second needs the call).
    ...(['export declare function toJson(schema: unknown): object;', 'export declare const toJson: (schema: unknown) => object;'].map((declaration): [string, Record<string, string>, RegExp] => [
      `a schema handed to another package: ${declaration}`,
      {
        'node_modules/schema-kit/package.json': JSON.stringify({ name: 'schema-kit', types: 'index.d.ts' }),
        'node_modules/schema-kit/index.d.ts': `${declaration}\n`,
        'src/a.ts': "import { z } from 'zod';\nimport { toJson } from 'schema-kit';\nexport const json = toJson(z.object({ a: z.string() }));\n",
      },
      /^src\/a\.ts:3 escape schema-kit: /,
    ]) as Array<[string, Record<string, string>, RegExp]>),
    [
      "a schema handed to another package's class method",
      {
        'node_modules/schema-kit/package.json': JSON.stringify({ name: 'schema-kit', types: 'index.d.ts' }),
        'node_modules/schema-kit/index.d.ts': 'export declare class Kit {\n  add(schema: unknown): this;\n}\n',
        'src/a.ts': "import { z } from 'zod';\nimport { Kit } from 'schema-kit';\nexport const kit = new Kit().add(z.string());\n",
      },
      /^src\/a\.ts:3 escape schema-kit: /,
    ],
    ['instanceof a schema class', { 'src/a.ts': "import { z } from 'zod';\nexport const isText = (s: unknown) => s instanceof z.ZodString;\n" }, /^src\/a\.ts:2 z\.ZodString: changes zod's schema classes/],
    ['z.number() in a package that parses values of its own', { 'src/a.ts': "import { z } from 'zod';\nconst Ratio = z.number();\nexport const ok = (a: number, b: number) => Ratio.safeParse(a / b).success;\n" }, /^src\/a\.ts:2 z\.number: rejects Infinity in z\.number\(\), which zod 3 accepted, and the package parses values of its own \(src\/a\.ts:3\)/],
    ['a z.any() property', { 'src/a.ts': "import { z } from 'zod';\nexport const shape = { payload: z.any() };\n" }, /^src\/a\.ts:2 z\.any: makes a z\.any\(\) object property required/],
    ['zod/v3 kept on zod 3', { 'src/a.ts': "import { z } from 'zod/v3';\nexport const s = z.string();\n" }, /^src\/a\.ts:1 import zod\/v3: keeps zod\/v3 on zod 3/],
  ];
  it.each(held)('%s', (_name, files, expected) => {
    const proof = prove(files);
    expect(proof.breaks.length).toBeGreaterThan(0);
    expect(proof.breaks.some((b) => expected.test(b))).toBe(true);
  });

  it('zod not installed: nothing can be proven, and the break says to install', () => {
    const p = pkg({ 'src/a.ts': "import { z } from 'zod';\nexport const s = z.string();\n" }, 'none');
    expect(proveZod4(p.dir, p.files).breaks.map((b) => b.change)).toEqual([expect.stringContaining('zod is not installed here')]);
  });
});
