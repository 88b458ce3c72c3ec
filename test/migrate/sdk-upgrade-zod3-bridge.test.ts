// `--with-sdk-upgrade` on a package whose zod 3 code zod 4 would change (a `.url()` check, `ZodError.errors`) and
// which hands zod 3 shapes to registerTool, in the registry shape of the iceener template servers: the package stays
// on zod 3, each schema it hands to registerTool goes through zod3Schema(), and the handler's own declared v1 `extra`
// reads v2's context. The upgrade then goes ahead for the dormant roots helper, the project type-checks against v2,
// and the upgraded server answers tools/list and tools/call as the v1 original did, on both protocol eras.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { REPO, cli, project, removeProjects, typeErrors } from './upgrade-project.ts';

afterAll(removeProjects);
const SLOW = 900_000;

/** The fixture on zod 3.25.76 with zod-to-json-schema, each resolving the project's zod 3 as npm installs them. */
function onZod3(fixture: string): string {
  const dir = project(path.join(REPO, 'test/fixtures/sdk-upgrade', fixture));
  rmSync(path.join(dir, 'node_modules/zod'));
  symlinkSync(path.join(REPO, 'node_modules/zod3'), path.join(dir, 'node_modules/zod'), 'dir');
  cpSync(path.join(REPO, 'node_modules/zod-to-json-schema'), path.join(dir, 'node_modules/zod-to-json-schema'), { recursive: true });
  const sdk = path.join(dir, 'node_modules/@modelcontextprotocol/sdk');
  rmSync(sdk);
  cpSync(path.join(REPO, 'node_modules/@modelcontextprotocol/sdk'), sdk, { recursive: true });
  // The copy finds the v1 SDK's other dependencies where npm would have put them, beside it.
  const own = JSON.parse(readFileSync(path.join(sdk, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(own.dependencies)) {
    const at = path.join(dir, 'node_modules', name);
    if (existsSync(at) || !existsSync(path.join(REPO, 'node_modules', name))) continue;
    mkdirSync(path.dirname(at), { recursive: true });
    symlinkSync(path.join(REPO, 'node_modules', name), at, 'dir');
  }
  return dir;
}

type Factory = () => { connect(t: unknown): Promise<void>; close(): Promise<void> };

/** tools/list and three calls, on a 2025-era session (InMemoryTransport) or 2026-07-28 (createMcpHandler over HTTP). */
async function session(createServer: Factory, era: '2025' | '2026'): Promise<unknown[]> {
  const client = new Client({ name: 'bridge-e2e', version: '1.0.0' }, era === '2026' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  let close: () => Promise<void>;
  if (era === '2025') {
    const server = createServer();
    const [c, s] = InMemoryTransport.createLinkedPair();
    await server.connect(s);
    await client.connect(c);
    close = () => server.close();
  } else {
    const handler = createMcpHandler(() => createServer() as never);
    await client.connect(new StreamableHTTPClientTransport(new URL('http://bridge.test/mcp'), { fetch: (u: string | URL, init?: RequestInit) => handler.fetch(new Request(u, init)) }));
    close = () => handler.close();
  }
  try {
    const { tools } = await client.listTools();
    const listed = tools.map((t) => {
      // v2 leaves out what v1 sent empty; the rest of the definition must agree.
      const { execution, ...rest } = t as Record<string, unknown>;
      void execution;
      return rest;
    });
    const answers: unknown[] = [listed];
    for (const args of [{ query: 'notes' }, { query: 'notes', limit: 3, homepage: 'https://example.com' }, { query: '', limit: 0 }]) {
      const result = (await client.callTool({ name: 'find', arguments: args })) as { isError?: boolean; content: Array<{ text?: string }>; structuredContent?: unknown };
      // A validation error's text is the SDK's own; that it is one, and for which call, must agree.
      answers.push(result.isError ? { isError: true } : { content: result.content, structuredContent: result.structuredContent });
    }
    return answers;
  } finally {
    await client.close();
    await close();
  }
}

const migrate = (dir: string) => cli(['migrate', 'src', '--to', 'mrtr', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--format', 'json', '--force'], dir);

describe('zod 3 kept behind zod3Schema() where zod 4 is not proven', () => {
  it(
    'TypeScript registry: the upgrade goes ahead, the schemas and the handler context are bridged, and the answers match v1 on both eras',
    async () => {
      const dir = onZod3('zod3-bridge-ts');
      expect(typeErrors(dir)).toEqual([]);
      // The original runs from a copy of its own: the migrated modules must not come from the module cache.
      const original = onZod3('zod3-bridge-ts');
      const v1 = (await import(pathToFileURL(path.join(original, 'src/server.ts')).href)) as { createServer: Factory };
      const before = await session(v1.createServer, '2025');

      const { report } = await migrate(dir).then((r) => ({ report: JSON.parse(r.out) as MigrateReport }));
      expect(report.sdkUpgrade?.applied).toBe(true);
      expect(report.sdkUpgrade?.diagnostics.filter((d) => d.level !== 'info')).toEqual([]);
      const kept = report.sdkUpgrade?.diagnostics.find((d) => d.message.startsWith('uproot kept zod ^3.25.76'));
      expect(kept?.message).toContain('wrapped the 2 schemas it hands to registerTool in zod3Schema() (src/uproot-zod3-schema.ts)');
      expect(report.sdkUpgrade?.diagnostics.some((d) => d.message.startsWith("this tool handler declares v1's per-request extra"))).toBe(true);
      expect(report.files.flatMap((f) => f.sites).filter((s) => s.kind === 'request').map((s) => s.outcome)).toEqual(['rewritten']);
      expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies.zod).toBe('^3.25.76');
      const tools = readFileSync(path.join(dir, 'src/tools.ts'), 'utf8');
      expect(tools).toContain('inputSchema: zod3Schema(tool.inputSchema.shape)');
      expect(tools).toContain('...(tool.outputSchema && { outputSchema: zod3Schema(tool.outputSchema.shape) })');
      expect(tools).toContain("import { zod3Schema } from './uproot-zod3-schema.js';");
      expect(tools).toContain('extra?.mcpReq?.id');
      expect(tools).toContain('extra?.mcpReq?.signal');
      expect(typeErrors(dir)).toEqual([]);

      const v2 = (await import(pathToFileURL(path.join(dir, 'src/server.ts')).href)) as { createServer: Factory };
      const after2025 = await session(v2.createServer, '2025');
      const after2026 = await session(v2.createServer, '2026');
      expect(after2025).toEqual(before);
      expect(after2026).toEqual(before);
      // The answers carry what the handler read from its context: the request id and the signal reached it.
      expect(JSON.stringify(before)).toContain('request id: number');
      expect(JSON.stringify(before)).toContain('signal: true');

      const again = await migrate(dir);
      expect((JSON.parse(again.out) as MigrateReport).files.filter((f) => f.changed)).toEqual([]);
    },
    SLOW,
  );
});
