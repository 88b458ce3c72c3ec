// filesystem-mcp-ahmetshbz1's tools/call handler after the SDK upgrade: `return result as { content: Array<{ type:
// string; text?: string }>; isError?: boolean }`, where `result` comes from a dispatch map spread from ten tool modules'
// `handlers`. v2 types the result as CallToolResult and validates it at run time, so uproot retargets the cast only
// where the checker follows every value to result literals v2 accepts; the same shape written other ways is lifted,
// and each value it cannot follow is named with its place.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ts } from 'ts-morph';
import { afterEach, describe, expect, it } from 'vitest';
import { repairToolResultCasts, resultProgram } from '../../packages/uproot/src/sdk-upgrade/tool-result-casts.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Repair a project of `files` (under src/); returns the new texts and the findings as `file:line level message`. */
function repair(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-casts-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, types: [] } }));
  const abs = Object.keys(files).map((name) => path.join(dir, 'src', name));
  Object.entries(files).forEach(([name, text]) => writeFileSync(path.join(dir, 'src', name), text));
  const result = repairToolResultCasts(resultProgram(dir, abs), abs);
  const texts = Object.fromEntries(Object.keys(files).map((k) => [k, result.texts.get(path.join(dir, 'src', k)) ?? files[k]!]));
  return { texts, findings: result.findings.map((f) => `${path.basename(f.file)}:${f.line} ${f.level} ${f.message}`) };
}

const TYPES = `export interface MCPResponse { content: Array<{ type: 'text' | 'image' | 'resource'; text?: string; data?: string; mimeType?: string }>; isError?: boolean }
export type HandlerFunction = (args: Record<string, unknown>) => Promise<MCPResponse>;
`;
const READ = (body = "return { content: [{ type: 'text', text: String(args.path) }] };") => `import type { HandlerFunction, MCPResponse } from './types.js';
async function readImage(p: string): Promise<MCPResponse> {
  const data = p.split('').reverse().join('');
  return { content: [{ type: 'image', data, mimeType: 'image/png' }] };
}
async function walk(p: string, depth = 0): Promise<MCPResponse> {
  if (depth > 2) return { content: [{ type: 'text', text: p }] };
  return await walk(p + '/x', depth + 1);
}
export const handlers: Record<string, HandlerFunction> = {
  async read(args: Record<string, unknown>): Promise<MCPResponse> {
    if (args.image) return await readImage(String(args.path));
    if (args.walk) return walk(String(args.path));
    ${body}
  },
};
`;
const INDEX = `import type { Server } from '@modelcontextprotocol/server';
import type { HandlerFunction } from './types.js';
import * as read from './read.js';
export function install(server: Server) {
  const handlerMap: Record<string, HandlerFunction> = { ...read.handlers };
  server.setRequestHandler('tools/call', async (request) => {
    try {
      const { name, arguments: args = {} } = request.params as { name: string; arguments?: Record<string, unknown> };
      const fn = handlerMap[name];
      if (!fn) throw new Error('Unknown tool: ' + name);
      const result = await fn(args);
      return result as { content: Array<{ type: string; text?: string }>; isError?: boolean };
    } catch (error) {
      return { content: [{ type: 'text', text: String(error) }], isError: true };
    }
  });
}
`;

describe('a tools/call result cast to a loose type becomes CallToolResult where every value is followed', () => {
  it('the real shape: a dispatch map spread from a tool module, helpers, recursion, await', () => {
    const { texts, findings } = repair({ 'types.ts': TYPES, 'read.ts': READ(), 'index.ts': INDEX });
    expect(texts['index.ts']).toBe(`import type { CallToolResult } from '@modelcontextprotocol/server';\n${INDEX.replace('result as { content: Array<{ type: string; text?: string }>; isError?: boolean }', 'result as CallToolResult')}`);
    expect(findings).toEqual([expect.stringMatching(/^index\.ts:13 info this tools\/call result was cast to `\{ content: Array/)]);
    // Idempotent: the cast is CallToolResult now.
    expect(repair({ 'types.ts': TYPES, 'read.ts': READ(), 'index.ts': texts['index.ts']! })).toMatchObject({ findings: [] });
  });

  it.each([
    ['a map of const arrows in the same file, called by key, the cast in parentheses', {
      'index.ts': `import { Server, type ServerContext } from '@modelcontextprotocol/server';
const echo = async (a: { x?: unknown }) => ({ content: [{ type: 'text' as const, text: \`echo \${String(a.x)}\` }] });
const tools = { echo, shout: async (a: { x?: unknown }) => ({ content: [{ type: 'text' as const, text: String(a.x).toUpperCase() }], isError: false }) };
export function install(server: Server) {
  server.setRequestHandler('tools/call', async (request, _ctx: ServerContext) => {
    return ((await tools[request.params.name as 'echo'](request.params.arguments ?? {})) as { content: unknown[] });
  });
}
`,
    }, 'index.ts', "import { Server, type ServerContext, type CallToolResult } from '@modelcontextprotocol/server';"],
    ['a named function of another module, a conditional of two literals, an expression body', {
      'tools.ts': `export async function runEcho(args: Record<string, unknown>) {\n  return args.loud ? { content: [{ type: 'text' as const, text: 'LOUD' }] } : { content: [{ type: 'audio' as const, data: String(args.a), mimeType: 'audio/wav' }] };\n}\n`,
      'index.ts': `import type { Server } from '@modelcontextprotocol/server';\nimport { runEcho } from './tools.js';\ntype Loose = { content: Array<{ type: string }> };\nexport const install = (server: Server) => server.setRequestHandler('tools/call', async (request) => (await runEcho(request.params.arguments ?? {})) as Loose);\n`,
    }, 'index.ts', '(await runEcho(request.params.arguments ?? {})) as CallToolResult'],
    ['a function expression handler, a switch over the tool name, a const holding the result', {
      'index.ts': `import type { Server } from '@modelcontextprotocol/server';\nfunction one(): { content: Array<{ type: 'text'; text: string }> } { return { content: [{ type: 'text', text: '1' }] }; }\nexport function install(server: Server) {\n  server.setRequestHandler('tools/call', async function (request) {\n    switch (request.params.name) {\n      case 'one': { const r = one(); return r as { content: object[] }; }\n      default: throw new Error('unknown');\n    }\n  });\n}\n`,
    }, 'index.ts', 'return r as CallToolResult;'],
  ])('%s', (_name, files, changed, expected) => {
    const { texts, findings } = repair(files);
    expect(texts[changed]).toContain(expected);
    expect(findings.map((f) => f.split(' ')[1])).toEqual(['info']);
  });

  it.each([
    ['a tool function returns parsed JSON', READ('return JSON.parse(String(args.raw));'), 'a callee uproot cannot resolve at read.ts:14'],
    ['a block of a type v2 needs more for', READ("return { content: [{ type: 'resource', text: 'x' }] };"), 'a content block whose type is not a literal "text", "image" or "audio" at read.ts:14'],
    ['a text block without text', READ("return { content: [{ type: 'text' }] };"), 'a text block without text at read.ts:14'],
    ['text the checker types as any', READ("const raw: any = args.raw;\n    return { content: [{ type: 'text', text: raw }] };"), 'a text the checker does not type as a string at read.ts:15'],
    ['the dispatch map written to elsewhere', `${READ()}handlers['late'] = async () => JSON.parse('{}');\n`, 'a dispatch map written to at read.ts:17'],
  ])('names it, unchanged: %s', (_name, read, why) => {
    const files = { 'types.ts': TYPES, 'read.ts': read, 'index.ts': INDEX };
    const { texts, findings } = repair(files);
    expect(texts).toEqual(files);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^index\.ts:12 warning /);
    expect(findings[0]).toContain(`because it cannot follow ${why}: check those values, then cast to CallToolResult`);
  });

  it('names a tool function without a declared type that may end without a return', () => {
    const files = {
      'index.ts': `import type { Server } from '@modelcontextprotocol/server';\nconst tools = { maybe: async (a: { x?: string }) => {\n  if (a.x) return { content: [{ type: 'text' as const, text: a.x }] };\n} };\nexport function install(server: Server) {\n  server.setRequestHandler('tools/call', async (request) => (await tools.maybe(request.params.arguments ?? {})) as { content: unknown[] });\n}\n`,
    };
    const { texts, findings } = repair(files);
    expect(texts).toEqual(files);
    expect(findings).toEqual([expect.stringContaining('because it cannot follow a function that may end without returning a result at index.ts:2')]);
  });

  it('leaves a cast to a promise type alone: CallToolResult there would not compile', () => {
    const index = INDEX.replace('const result = await fn(args);\n      return result as { content: Array<{ type: string; text?: string }>; isError?: boolean };', 'return fn(args) as Promise<{ content: unknown[] }>;');
    expect(index).not.toBe(INDEX);
    expect(repair({ 'types.ts': TYPES, 'read.ts': READ(), 'index.ts': index })).toMatchObject({ findings: [] });
  });

  it('changes no emitted JavaScript', () => {
    const { texts } = repair({ 'types.ts': TYPES, 'read.ts': READ(), 'index.ts': INDEX });
    const emit = (text: string) => ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
    expect(emit(texts['index.ts']!)).toBe(emit(INDEX));
  });
});

describe('the premise, on the real SDKs', () => {
  // Every block kind the proof accepts, with isError: v1 (1.32.2, which sends what 1.22 sent for valid results) and
  // v2 answer the same result on 2025-era connections, and v2 answers it on 2026-07-28 too (plus its resultType).
  const RESULT = { content: [{ type: 'text', text: 't' }, { type: 'image', data: 'aW1n', mimeType: 'image/png' }, { type: 'audio', data: 'YXU=', mimeType: 'audio/wav' }], isError: true };

  async function answer2025(v: 'v1' | 'v2'): Promise<unknown> {
    const mod = v === 'v1' ? await import('@modelcontextprotocol/sdk/server/index.js') : await import('@modelcontextprotocol/server');
    const { InMemoryTransport } = v === 'v1' ? await import('@modelcontextprotocol/sdk/inMemory.js') : await import('@modelcontextprotocol/server');
    const server = new mod.Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    if (v === 'v1') {
      const { CallToolRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
      (server as import('@modelcontextprotocol/sdk/server/index.js').Server).setRequestHandler(CallToolRequestSchema, async () => RESULT as never);
    } else (server as import('@modelcontextprotocol/server').Server).setRequestHandler('tools/call', async () => RESULT as never);
    const [client, end] = InMemoryTransport.createLinkedPair();
    const got = new Promise<unknown>((resolve) => {
      client.onmessage = (m: unknown) => {
        const message = m as { id?: number; result?: unknown; error?: unknown };
        if (message.id === 2) resolve(message.error ?? message.result);
      };
    });
    await (server as { connect(t: unknown): Promise<void> }).connect(end);
    await client.start();
    await client.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
    await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'read', arguments: {} } });
    const out = await got;
    await server.close();
    return out;
  }

  it('v1 and v2 send the proven result unchanged on 2025, and v2 on 2026-07-28', async () => {
    expect(await answer2025('v1')).toEqual(RESULT);
    expect(await answer2025('v2')).toEqual(RESULT);
    const { Server, createMcpHandler } = await import('@modelcontextprotocol/server');
    const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
    const handler = createMcpHandler(() => {
      const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
      server.setRequestHandler('tools/call', async () => RESULT as never);
      return server;
    });
    const client = new Client({ name: 'c', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL('http://uproot-casts.test/mcp'), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(await client.callTool({ name: 'read', arguments: {} })).toMatchObject(RESULT);
    await client.close();
    await handler.close();
  });
});
