// The proof behind zod-v4-table.ts, on the real packages: zod 3.25.76 (the zod3 alias), the v2 floor 4.2.1 (zod42)
// and the installed zod 4. Every accepted use has a case; each case parses its inputs with all three and compares
// success, data and issue paths (what code reads off a result: messages and codes are refused by the table); and the
// JSON Schema v2 lists for a representative tool is what v1 listed for its zod 3 version.
/* eslint-disable @typescript-eslint/no-explicit-any -- one probe runs on three zod majors, whose namespaces share no type */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as zod3 from 'zod3';
import * as zod42 from 'zod42';
import * as zod4 from 'zod';
import { ZOD_V4_SAME } from '../../packages/uproot/src/sdk-upgrade/zod-v4-table.ts';
import { PROBE_CASES } from './zod-v4-probe-cases.ts';

const ZODS = { '3.25.76': zod3.z, '4.2.1': zod42.z, installed: zod4.z } as const;

/**
 * What the SDK and the accepted uses read off a parse: success, data, and where it failed (the set of issue paths;
 * the issues themselves differ, and the table refuses code that reads them).
 */
async function outcome(z: (typeof ZODS)[keyof typeof ZODS], schema: any, input: unknown): Promise<unknown> {
  const result = schema.safeParse(input);
  const paths = (r: any) => (r.success ? null : [...new Set<string>(r.error.issues.map((i: { path: unknown[] }) => JSON.stringify(i.path)))].sort());
  const asyncResult = await schema.safeParseAsync(input);
  let thrown: unknown = null;
  try {
    schema.parse(input);
  } catch (error) {
    thrown = { zodError: error instanceof z.ZodError, paths: paths({ success: false, error }) };
  }
  let thrownAsync: unknown = null;
  await schema.parseAsync(input).catch((error: unknown) => (thrownAsync = error instanceof z.ZodError));
  return { success: result.success, data: result.success ? result.data : undefined, paths: paths(result), async: [asyncResult.success, paths(asyncResult)], thrown, thrownAsync };
}

describe('zod 4 keeps every accepted zod 3 use', () => {
  it('every accepted use has a probe case (types are proven by the compile check below, entry points by resolution)', () => {
    const proven = new Set(PROBE_CASES.flatMap((c) => c.uses));
    const missing = Object.keys(ZOD_V4_SAME).filter((k) => !k.startsWith('type ') && !k.startsWith('import ') && !proven.has(k));
    expect(missing).toEqual([]);
  });

  it.each(PROBE_CASES.map((c) => [c.name, c] as const))('%s: same results on zod 3.25.76, 4.2.1 and the installed 4', async (_name, probe) => {
    const seen: Record<string, unknown> = {};
    for (const [version, z] of Object.entries(ZODS)) {
      const schema = probe.build(z);
      const results = [];
      for (const input of probe.inputs) results.push(await outcome(z, schema, structuredClone(input)));
      seen[version] = { results, read: probe.read ? probe.read(schema) : undefined };
    }
    expect(seen['4.2.1']).toEqual(seen['3.25.76']);
    expect(seen.installed).toEqual(seen['3.25.76']);
  });

  it('a probe can fail: .default() inside .optional() is what zod 4 changes, and the comparison sees it', async () => {
    const results = await Promise.all(Object.values(ZODS).map((z) => outcome(z, (z as any).object({ a: (z as any).string().default('x').optional() }), {})));
    expect(results[0]).not.toEqual(results[1]);
  });

  it('known and refused: zod 4 rejects Infinity in z.number(), which JSON cannot carry (the proof refuses z.number() where the package parses values itself)', () => {
    expect(Object.values(ZODS).map((z) => z.number().safeParse(Infinity).success)).toEqual([true, false, false]);
  });

  it('known and refused: a z.any() property may be missing on zod 3 and 4.2.1, not on the installed 4 (what ^4.2.0 installs today)', () => {
    expect(Object.values(ZODS).map((z: any) => z.object({ a: z.any() }).safeParse({}).success)).toEqual([true, true, false]);
  });

  it('the zod 4 entry points a zod 3.25 package may import resolve in zod 4 too', async () => {
    for (const sub of ['zod/v4', 'zod/mini', 'zod/v4-mini', 'zod/v4/core']) expect(await import(sub)).toBeTruthy();
  });

  it('the accepted types mean the same: what zod 3 infers and what zod 4 infers are assignable both ways', () => {
    const fixture = path.join(import.meta.dirname, '../fixtures/zod-v4/types.ts');
    const program = ts.createProgram({ rootNames: [fixture], options: { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, skipLibCheck: true, types: [] } });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ''}:${d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    // The one error is the refused second type argument of ZodObject, on its zod 4 line.
    expect(errors).toEqual([expect.stringMatching(/^types\.ts:43 Type 'string' does not satisfy the constraint '\$ZodObjectConfig'/)]);
  });
});

/** tools/list of a server holding one tool, through the SDK's in-memory transport. */
async function listed(sdk: 'v1' | 'v2', inputSchema: unknown, outputSchema: unknown): Promise<unknown> {
  const { McpServer } = sdk === 'v1' ? await import('@modelcontextprotocol/sdk/server/mcp.js') : await import('@modelcontextprotocol/server');
  const { InMemoryTransport } = sdk === 'v1' ? await import('@modelcontextprotocol/sdk/inMemory.js') : await import('@modelcontextprotocol/server');
  const mcp = new McpServer({ name: 's', version: '1' });
  (mcp.registerTool as (...a: unknown[]) => void)('t', { description: 'd', inputSchema, outputSchema }, async () => ({ content: [], structuredContent: {} }));
  const [client, server] = InMemoryTransport.createLinkedPair();
  const got = new Promise<unknown>((resolve) => {
    client.onmessage = (message: unknown) => {
      const m = message as { id?: number; result?: { tools: Array<{ inputSchema: unknown; outputSchema: unknown }> }; error?: unknown };
      if (m.id === 2) resolve(m.error ?? { input: m.result!.tools[0]!.inputSchema, output: m.result!.tools[0]!.outputSchema });
    };
  });
  await mcp.connect(server);
  await client.start();
  await client.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
  const result = await got;
  await mcp.close();
  return result;
}

/** A tool's input and output built from the accepted uses (what real servers hand registerTool). */
function representative(z: any): { input: Record<string, unknown>; output: Record<string, unknown> } {
  const content = z.discriminatedUnion('type', [z.object({ type: z.literal('text'), text: z.string() }), z.object({ type: z.literal('image'), data: z.string(), mimeType: z.string().optional() })]);
  return {
    input: {
      path: z.string().min(1).describe('Absolute path'),
      mode: z.enum(['read', 'write']).optional(),
      limit: z.number().int().min(0).max(100).optional().describe('How many'),
      exclude: z.array(z.string()).optional().default([]).describe('Globs to exclude'),
      flags: z.object({ recursive: z.boolean().optional() }).optional(),
      either: z.union([z.string(), z.array(z.string())]).optional(),
      nullableName: z.string().nullable().optional(),
    },
    output: { llmContent: z.union([z.string(), z.array(content)]).optional(), error: z.object({ message: z.string(), type: z.nativeEnum({ A: 'a', B: 'b' } as const).optional() }).optional() },
  };
}

/**
 * What differs between v1's listing (zod-to-json-schema, draft-07) and v2's (zod 4, draft 2020-12) for the same
 * schema, none of it in what the server accepts: the `$schema` URI; the safe-integer bounds zod 4 spells out on
 * .int(); `additionalProperties: false`, which v1 listed on input objects the server strips anyway (zod 4 lists input
 * objects as they parse: open; any v2 server lists them so, whatever zod 3 allowed); and `oneOf` for a discriminated
 * union, whose members exclude each other by their literal, where v1 wrote `anyOf`.
 */
function normalized(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema, (key, value) => {
    if (key === '$schema') return undefined;
    if (key === 'oneOf') return undefined;
    if (value && typeof value === 'object' && Array.isArray(value.oneOf)) return { anyOf: value.oneOf, ...Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'oneOf')) };
    if (value && typeof value === 'object' && value.type === 'integer') {
      const { minimum, maximum, ...rest } = value as { minimum?: number; maximum?: number };
      return { ...rest, ...(minimum !== undefined && minimum !== Number.MIN_SAFE_INTEGER ? { minimum } : {}), ...(maximum !== undefined && maximum !== Number.MAX_SAFE_INTEGER ? { maximum } : {}) };
    }
    return value;
  }));
}

describe('tools/list: v2 on zod 4 lists what v1 listed on zod 3', () => {
  it('a representative tool: raw shapes (v1) and their z.object (the codemod wraps them for v2)', async () => {
    const v1 = representative(zod3.z);
    const v2 = representative(zod4.z);
    const before = await listed('v1', v1.input, v1.output);
    const after = (await listed('v2', zod4.z.object(v2.input as never), zod4.z.object(v2.output as never))) as { input: unknown; output: unknown };
    const open = (schema: unknown) => JSON.parse(JSON.stringify(schema, (key, value) => (key === 'additionalProperties' && value === false ? undefined : value)));
    const was = before as { input: unknown; output: unknown };
    expect(normalized(after.input)).toEqual(normalized(open(was.input)));
    expect(normalized(after.output)).toEqual(normalized(was.output));
  });

  it('the comparison can fail: a zod 3 schema on v2 does not list at all', async () => {
    const v1 = representative(zod3.z);
    expect(await listed('v2', zod3.z.object(v1.input as never), zod3.z.object(v1.output as never))).toMatchObject({ code: expect.any(Number) });
  });
});
