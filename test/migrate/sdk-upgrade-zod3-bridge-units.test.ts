// The three steps that let a zod 3 package upgrade (zod3-bridge.ts, context-reads.ts, context-mock-advisory.ts), each
// on the spellings a real author writes and on what each must leave alone. The whole path, upgraded and answering
// as v1 on both eras, is sdk-upgrade-zod3-bridge.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapRegistrations } from '../../packages/uproot/src/sdk-upgrade/zod3-bridge.ts';
import { bridgeModuleText, v1JsonSchemaOptions } from '../../packages/uproot/src/sdk-upgrade/zod3-bridge-module.ts';
import { repairContextReads } from '../../packages/uproot/src/sdk-upgrade/context-reads.ts';
import { dischargeContextMockAdvisories } from '../../packages/uproot/src/sdk-upgrade/context-mock-advisory.ts';

const at = (line: number) => `src/tools.ts:${line}`;
const wrap = (text: string, file = 'src/tools.ts') => wrapRegistrations(file, text, at);

describe('zod3Schema() around the schemas registerTool gets', () => {
  const wrapped: Array<[string, string, string]> = [
    ['a property (TypeScript, a cast)', "server.registerTool('a', { description: 'd', inputSchema: def.inputSchema.shape as never }, h);", "inputSchema: zod3Schema(def.inputSchema.shape as never)"],
    ['a shorthand property (JavaScript)', "server.registerTool('a', { inputSchema, outputSchema }, h);", '{ inputSchema: zod3Schema(inputSchema), outputSchema: zod3Schema(outputSchema) }'],
    ['an output schema spread in when present', "server.registerTool('a', { inputSchema: s, ...(t.outputSchema && { outputSchema: t.outputSchema }) }, h);", '...(t.outputSchema && { outputSchema: zod3Schema(t.outputSchema) })'],
    ['a ternary spread, the config in parentheses', "this.server.registerTool(name, ({ inputSchema: s, ...(o ? { outputSchema: o } : {}) }), h);", '...(o ? { outputSchema: zod3Schema(o) } : {})'],
  ];
  for (const [name, text, expected] of wrapped) {
    it(`wraps ${name}`, () => {
      const out = wrap(text);
      expect('why' in out).toBe(false);
      expect((out as { text: string }).text).toContain(expected);
      // Once wrapped, a second pass leaves it.
      expect((wrap((out as { text: string }).text) as { count: number }).count).toBe(0);
    });
  }

  it("removes the codemod's unverified-inputSchema marker above a registration it wraps", () => {
    const text = "for (const d of defs) {\n  /* @mcp-codemod-error Could not verify `inputSchema` is a schema object. Raw shapes are deprecated in v2 — pass a Standard Schema object (e.g. z.object({ … })); no change is needed if it already is one. */\n  server.registerTool(d.name, { inputSchema: d.shape }, h);\n}\n";
    const out = wrap(text) as { text: string };
    expect(out.text).toBe('for (const d of defs) {\n  server.registerTool(d.name, { inputSchema: zod3Schema(d.shape) }, h);\n}\n');
  });

  const refused: Array<[string, string, RegExp]> = [
    ['a config held in a variable', 'server.registerTool(name, config, h);', /src\/tools\.ts:1 registers a tool whose config is config, not an object literal/],
    ['a spread of a non-literal', "server.registerTool('a', { ...def.config, description: 'd' }, h);", /spreads def\.config into its config/],
    ['a prompt with an argsSchema', "server.registerPrompt('p', { argsSchema: shape }, h);", /hands schemas to registerPrompt\(\)/],
    ['a v1 tool() call the codemod left', "server.tool('a', shape, h);", /hands schemas to tool\(\)/],
  ];
  for (const [name, text, why] of refused) {
    it(`refuses ${name}, saying where`, () => {
      const out = wrap(text);
      expect('why' in out && out.why).toMatch(why);
    });
  }

  it('lists with the options of the installed v1: 1.23 added pipeStrategy', () => {
    expect(v1JsonSchemaOptions('1.17.1')).toBe('strict');
    expect(v1JsonSchemaOptions('1.23.0')).toBe('strict-pipe');
    expect(v1JsonSchemaOptions(undefined)).toBeUndefined();
    expect(bridgeModuleText('strict', 'ts')).toContain('zodToJsonSchema(zod3, { strictUnions: true })');
    expect(bridgeModuleText('strict-pipe', 'esm')).toContain('pipeStrategy: io');
    expect(bridgeModuleText('strict-pipe', 'cjs')).toMatch(/require\('zod-to-json-schema'\)[\s\S]*module\.exports = \{ zod3Schema \}/);
  });
});

describe("a registerTool handler's own declaration of v1's extra", () => {
  const handler = "async (args: Record<string, unknown>, extra?: { requestId?: string | number; sessionId?: string; _meta?: { progressToken?: string | number }; signal?: AbortSignal }) => {\n    return [extra?.requestId, extra?.sessionId, extra?._meta?.progressToken, extra?.signal];\n  }";
  const moved = [
    ['a factory whose returned arrow reaches registerTool through a const and a cast', `function make() {\n  return ${handler};\n}\nconst h = make();\nserver.registerTool('a', {}, h as never);\n`],
    ['an arrow passed directly', `server.registerTool('a', {}, ${handler});\n`],
    ['a function declaration', `async function h(args: unknown, extra: { requestId?: string | number; signal?: AbortSignal }) {\n  return [extra.requestId, extra.signal];\n}\nserver.registerTool('a', {}, h);\n`],
  ];
  for (const [name, text] of moved) {
    it(`reads v2's homes for ${name}`, () => {
      const out = repairContextReads(text, 'tools.ts');
      expect(out).toBeDefined();
      expect(out!.text).toMatch(/extra\??\.mcpReq\?\.id/);
      expect(out!.text).toMatch(/extra\??\.mcpReq\?\.signal/);
      expect(out!.text).not.toMatch(/extra\??\.requestId|extra\??\.signal\b/);
      expect(out!.text).toMatch(/mcpReq\?: \{ [^}]*id\?: string \| number/);
      expect(repairContextReads(out!.text, 'tools.ts')).toBeUndefined();
    });
  }
  const left = [
    ['the context handed on whole', `server.registerTool('a', {}, async (args: unknown, extra?: { requestId?: string; signal?: AbortSignal }) => run(extra));\n`],
    ['a field v2 moved elsewhere (authInfo)', `server.registerTool('a', {}, async (args: unknown, extra?: { authInfo?: unknown; signal?: AbortSignal }) => extra?.signal);\n`],
    ['a handler from another module', `import { h } from './h.js';\nserver.registerTool('a', {}, h);\n`],
    ["v2's own ServerContext", `server.registerTool('a', {}, async (args: unknown, ctx: ServerContext) => ctx.mcpReq.id);\n`],
  ];
  for (const [name, text] of left) it(`leaves ${name}`, () => expect(repairContextReads(text, 'tools.ts')).toBeUndefined());
});

describe("the codemod's handler-context-mock advisory", () => {
  const marker = "  /* @mcp-codemod-error This object looks like a v1 handler-context mock (sessionId, signal). v2 nests the context — reshape it (signal → mcpReq.signal; sessionId stays top-level), e.g. { sendRequest: fn } → { mcpReq: { send: fn } }. Passed as-is to a migrated handler that reads ctx.mcpReq.*, the v1 shape throws \"Cannot read properties of undefined\". */\n";
  const literal = '  const context: ToolContext = {\n    sessionId: id,\n    signal,\n  };\n';
  function files(types: string, barrel?: string): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-mock-'));
    writeFileSync(path.join(dir, 'types.ts'), types);
    if (barrel) writeFileSync(path.join(dir, 'registry.ts'), barrel);
    return dir;
  }
  it('is removed where the literal is a variable of the package own interface, imported or re-exported', () => {
    for (const [types, barrel, from] of [
      ['export interface ToolContext { sessionId: string; signal?: AbortSignal }\n', undefined, './types.js'],
      ['export interface ToolContext { sessionId: string; signal?: AbortSignal }\n', "export type { ToolContext } from './types.js';\n", './registry.js'],
      ['export interface ToolContext { sessionId: string; signal?: AbortSignal }\n', "export * from './types.js';\n", './registry.js'],
    ] as const) {
      const dir = files(types, barrel);
      const text = `import type { ToolContext } from '${from}';\nfunction wrap(id: string, signal?: AbortSignal) {\n${marker}${literal}  return context;\n}\n`;
      const out = dischargeContextMockAdvisories(text, path.join(dir, 'tools.ts'));
      expect(out?.text).toBe(`import type { ToolContext } from '${from}';\nfunction wrap(id: string, signal?: AbortSignal) {\n${literal}  return context;\n}\n`);
      expect(out?.lines).toEqual([3]);
    }
  });
  it("stays for the SDK's context type, an interface that extends one, an untyped literal, and JavaScript", () => {
    const dir = files('export interface ToolContext extends Base { sessionId: string }\n');
    const cases: Array<[string, string]> = [
      [`import type { ServerContext as ToolContext } from '@modelcontextprotocol/server';\nfunction f(id: string, signal?: AbortSignal) {\n${marker}${literal}}\n`, 'tools.ts'],
      [`import type { ToolContext } from './types.js';\nfunction f(id: string, signal?: AbortSignal) {\n${marker}${literal}}\n`, 'tools.ts'],
      [`function f(id: string, signal?: AbortSignal) {\n${marker}  const context = { sessionId: id, signal };\n}\n`, 'tools.ts'],
      [`function f(id, signal) {\n${marker}  const context = { sessionId: id, signal };\n}\n`, 'tools.js'],
    ];
    for (const [text, file] of cases) expect(dischargeContextMockAdvisories(text, path.join(dir, file))).toBeUndefined();
  });
});
