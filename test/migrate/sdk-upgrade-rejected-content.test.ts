// tasksync-mcp's view_media returns `{ type: "blob" }` content for non-image files. Its installed v1 (1.17.4) sends
// that result as returned; v2 validates every tools/call result and answers -32602, so the SDK upgrade would change
// what the client gets, and uproot holds it and names the block. From 1.24.1 v1 answers -32602 too (the last test
// runs the repository's 1.32.2 and v2), so there the upgrade goes ahead. The same block is
// written the ways authors do: a const chosen by a conditional (tasksync), a literal, `as const`, `??`, McpServer's
// registerTool and tool(), v2's method string, JavaScript.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { installedV1, rejectedContent, v1ValidatesToolResults } from '../../packages/uproot/src/sdk-upgrade/v2-rejected-content.ts';
import { REPO, cli, project, readJson, removeProjects } from './upgrade-project.ts';

afterEach(removeProjects);

const V1 = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';\nconst server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });\nconst mcp = new McpServer({ name: 's', version: '1' });\n`;

const find = (text: string, file = '/p/server.ts') => rejectedContent([file], () => text).map((r) => `${r.line} ${r.values.join(',')}`);

describe('content blocks v2 rejects at run time', () => {
  it.each([
    ['a const chosen by a conditional, in a switch (tasksync)', `${V1}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'view': {
      const mimeType = String(request.params.arguments?.mime);
      const type = mimeType.startsWith('image/') ? 'image' : 'blob';
      return {
        content: [{ type, data: 'eA==', mimeType }],
      };
    }
    default:
      return { content: [{ type: 'text', text: 'unknown' }] };
  }
});
`, ['12 blob']],
    ["v2's method string, a literal with as const", `${V1}server.setRequestHandler('tools/call', async () => ({ content: [{ type: 'blob' as const, data: 'eA==', mimeType: 'a/b' }] }));\n`, ['6 blob']],
    ['registerTool with a conditional in place and ??', `${V1}mcp.registerTool('view', { description: 'd' }, async ({ kind }: { kind?: string }) => {
  const fallback = undefined as string | undefined;
  return { content: [{ type: kind ? 'file' : (fallback ?? 'blob'), data: 'eA==', mimeType: 'a/b' }] };
});
`, ['8 file,blob']],
    ['tool() in JavaScript, the result built in a ternary', `${V1}mcp.tool('view', async ({ big }) => (big ? { content: [{ type: "blob", data: "" }] } : { content: [{ type: "text", text: "" }] }));\n`, ['6 blob']],
  ])('%s', (_name, text, expected) => {
    expect(find(text, _name.includes('JavaScript') ? '/p/server.js' : '/p/server.ts')).toEqual(expected);
  });

  it.each([
    ['every type MCP defines', `${V1}server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: '' }, { type: 'image', data: '', mimeType: 'image/png' }, { type: 'audio', data: '', mimeType: 'audio/wav' }, { type: 'resource_link', uri: 'file:///a', name: 'a' }, { type: 'resource', resource: { uri: 'file:///a', blob: '' } }] }));\n`],
    ['a blob returned by a tools/list handler or a nested function is not a tools/call result', `${V1}server.setRequestHandler('tools/list', async () => ({ content: [{ type: 'blob' }], tools: [] }));\nmcp.registerTool('x', { description: 'd' }, async () => {\n  const later = () => ({ content: [{ type: 'blob' }] });\n  void later;\n  return { content: [{ type: 'text', text: '' }] };\n});\n`],
    ['a type uproot cannot see (a parameter) is not claimed', `${V1}mcp.registerTool('x', { description: 'd' }, async ({ t }: { t: 'text' }) => ({ content: [{ type: t, text: '' }] }));\n`],
  ])('nothing for %s', (_name, text) => {
    expect(find(text)).toEqual([]);
  });
});

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: 'files', version: '1.0.0' });
server.registerTool('count-roots', { description: 'How many roots the client shares' }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: String(roots.length) }] };
});
server.registerTool('raw', { description: 'The bytes of a file' }, async () => {
  const mimeType = 'application/octet-stream';
  const type = mimeType.startsWith('image/') ? 'image' : 'blob';
  return { content: [{ type, data: 'eA==', mimeType }] } as never;
});
`;

/** The fixture with SERVER in it; `v1` replaces the linked SDK by a package.json of that version alone. */
function blobProject(v1?: string): string {
  const dir = project(path.join(REPO, 'test/fixtures/sdk-upgrade/unmapped-example'));
  writeFileSync(path.join(dir, 'src/server.ts'), SERVER);
  if (v1) {
    const sdk = path.join(dir, 'node_modules/@modelcontextprotocol/sdk');
    rmSync(sdk);
    mkdirSync(sdk);
    writeFileSync(path.join(sdk, 'package.json'), JSON.stringify({ name: '@modelcontextprotocol/sdk', version: v1 }));
  }
  return dir;
}

async function upgrade(dir: string): Promise<MigrateReport> {
  const { out } = await cli(['migrate', 'src', '--to', 'mrtr', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
  return JSON.parse(out) as MigrateReport;
}

describe('the installed v1 decides', () => {
  it('reads the installed version and compares it with the first release that validates', () => {
    expect(installedV1(blobProject('1.17.4'))).toBe('1.17.4');
    expect(installedV1(REPO)).toBe('1.32.2');
    expect(['1.17.4', '1.23.0', '1.24.0', '1.24.1', '1.32.2', '2.0.0', undefined, 'latest'].map(v1ValidatesToolResults)).toEqual([false, false, false, true, true, true, false, false]);
  });

  it('on 1.17.4 the upgrade is held: the request keeps its v1-sdk marker with the block and the version named', async () => {
    const dir = blobProject('1.17.4');
    const report = await upgrade(dir);
    expect(report.sdkUpgrade!.applied).toBe(false);
    const request = report.files.flatMap((f) => f.sites).find((s) => s.kind === 'request')!;
    expect(request.outcome).toBe('marked');
    expect(request.reason).toBe('v1-sdk');
    expect(request.detail).toContain('at src/server.ts:10 (type "blob"): v1 1.17.4, as installed, sends it as returned, but v2 validates tools/call results and would answer -32602 instead');
    expect(request.detail).toContain('v2 answers the JSON-RPC error "Invalid tools/call result" on 2025-era and 2026-07-28 connections alike where v1 sent the result');
    expect(readJson(path.join(dir, 'package.json')).dependencies!['@modelcontextprotocol/sdk']).toBe('^1.24.0');
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain("from '@modelcontextprotocol/sdk/server/mcp.js'");
  });

  it('on 1.32.2, which already answers -32602, the upgrade goes ahead and the request is rewritten', async () => {
    const dir = blobProject();
    const report = await upgrade(dir);
    expect(report.sdkUpgrade!.applied).toBe(true);
    expect(report.files.flatMap((f) => f.sites).filter((s) => s.kind === 'request').map((s) => s.outcome)).toEqual(['rewritten']);
  });

  it('the premise, on the real SDKs: v1 1.32.2 and v2 both answer -32602 (1.17.4 sent the block: see the header)', async () => {
    const answers: string[] = [];
    for (const v of ['v1', 'v2'] as const) {
      const { McpServer } = v === 'v1' ? await import('@modelcontextprotocol/sdk/server/mcp.js') : await import('@modelcontextprotocol/server');
      const { InMemoryTransport } = v === 'v1' ? await import('@modelcontextprotocol/sdk/inMemory.js') : await import('@modelcontextprotocol/server');
      const mcp = new McpServer({ name: 's', version: '1' });
      (mcp.registerTool as (...a: unknown[]) => void)('raw', { description: 'd' }, async () => ({ content: [{ type: 'blob', data: 'eA==', mimeType: 'a/b' }] }));
      const [client, server] = InMemoryTransport.createLinkedPair();
      const got = new Promise<string>((resolve) => {
        client.onmessage = (message: unknown) => {
          const m = message as { id?: number; result?: unknown; error?: { code: number } };
          if (m.id === 2) resolve(m.error ? `error ${m.error.code}` : `result ${JSON.stringify(m.result)}`);
        };
      });
      await mcp.connect(server);
      await client.start();
      await client.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
      await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'raw', arguments: {} } });
      answers.push(`${v} ${await got}`);
      await mcp.close();
    }
    expect(answers).toEqual(['v1 error -32602', 'v2 error -32602']);
  });

  it('the premise on 2026-07-28: v2 answers -32602 there too, which its client throws', async () => {
    const { Server, createMcpHandler } = await import('@modelcontextprotocol/server');
    const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
    const handler = createMcpHandler(() => {
      const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
      server.setRequestHandler('tools/call', async () => ({ content: [{ type: 'blob', data: 'eA==', mimeType: 'a/b' }] }) as never);
      return server;
    });
    const client = new Client({ name: 'c', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL('http://uproot-blob.test/mcp'), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    await expect(client.callTool({ name: 'raw', arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Invalid tools/call result') });
    await client.close();
    await handler.close();
  });
});
