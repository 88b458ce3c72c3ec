// server-filesystem-http imports the v1 SDK's example event store, a module v2 does not ship: the official codemod
// keeps that import under its own marker yet removes the v1 package, and uproot used to say the file was "outside
// the given paths". A module that imports nothing runs the same from the kept v1 package, so uproot keeps it at the
// declared range and the upgrade goes ahead; any other leftover v1 import holds it, naming the codemod's finding.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { selfContainedModule } from '../../packages/uproot/src/sdk-upgrade/unmapped-modules.ts';
import { REPO, cli, project, readJson, removeProjects, typeErrors } from './upgrade-project.ts';

const fixture = path.join(REPO, 'test/fixtures/sdk-upgrade/unmapped-example');
const STORE = '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
afterEach(removeProjects);

async function upgrade(dir: string, paths = ['src']): Promise<MigrateReport> {
  const { out } = await cli(['migrate', ...paths, '--to', 'mrtr', '--with-sdk-upgrade', '--force', '--format', 'json'], dir);
  return JSON.parse(out) as MigrateReport;
}

const requests = (report: MigrateReport) => report.files.flatMap((f) => f.sites.filter((s) => s.kind === 'request').map((s) => `${s.outcome}${s.reason ? ` ${s.reason}` : ''}`));

/** The same import, as other authors write it. */
const SPELLINGS: Record<string, (text: string) => string> = {
  'a named import': (t) => t,
  'an aliased import': (t) => t.replace('{ InMemoryEventStore }', '{ InMemoryEventStore as Store }').replace('new InMemoryEventStore()', 'new Store()'),
  'a namespace import': (t) => t.replace('{ InMemoryEventStore }', '* as examples').replace('new InMemoryEventStore()', 'new examples.InMemoryEventStore()'),
  'double quotes and a store made later': (t) => t.replaceAll(`'${STORE}'`, `"${STORE}"`).replace('export const events: EventStore = new InMemoryEventStore();', 'export function events(): EventStore {\n  return new InMemoryEventStore();\n}'),
};

describe('--with-sdk-upgrade keeps the v1 package for a self-contained module v2 has no counterpart for', () => {
  for (const [name, respell] of Object.entries(SPELLINGS)) {
    it(`${name}: upgraded, the request rewritten, the v1 package kept at its range, and it type-checks`, async () => {
      const dir = project(fixture);
      const file = path.join(dir, 'src/server.ts');
      writeFileSync(file, respell(readFileSync(file, 'utf8')));
      expect(typeErrors(dir)).toEqual([]);
      const report = await upgrade(dir);
      expect(report.sdkUpgrade!.applied).toBe(true);
      expect(requests(report)).toEqual(['rewritten']);
      const deps = readJson(path.join(dir, 'package.json')).dependencies!;
      expect(deps['@modelcontextprotocol/sdk']).toBe('^1.24.0');
      expect(deps['@modelcontextprotocol/server']).toBeDefined();
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain('@mcp-codemod-error');
      expect(text.match(/@modelcontextprotocol\/sdk[^'"]*/g)).toEqual([STORE]);
      expect(report.sdkUpgrade!.diagnostics.find((d) => d.message.startsWith('kept @modelcontextprotocol/sdk in package.json (^1.24.0, as declared)'))?.file).toBe('src/server.ts');
      expect(typeErrors(dir)).toEqual([]);
      // A second run has nothing left to upgrade or rewrite.
      const again = await upgrade(dir);
      expect(again.files.filter((f) => f.changed)).toEqual([]);
    });
  }

  it('finds the example store self-contained and the SDK server module not', () => {
    const from = path.join(REPO, 'package.json');
    expect(selfContainedModule(STORE, from)).toBe(true);
    expect(selfContainedModule('@modelcontextprotocol/sdk/server/mcp.js', from)).toBe(false);
    expect(selfContainedModule('@modelcontextprotocol/sdk/examples/shared/missing.js', from)).toBe(false);
  });
});

describe('any other v1 import left holds the upgrade, and the reason says where', () => {
  it('an unmapped module that imports SDK code: held, naming the codemod finding in the given path (not "outside")', async () => {
    const dir = project(fixture);
    const file = path.join(dir, 'src/server.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace(`import { InMemoryEventStore } from '${STORE}';`, `import { InMemoryEventStore } from '${STORE}';\nimport * as demo from '@modelcontextprotocol/sdk/examples/server/simpleStreamableHttp.js';\nvoid demo;`));
    const before = readFileSync(file, 'utf8');
    const report = await upgrade(dir);
    expect(report.sdkUpgrade!.applied).toBe(false);
    expect(requests(report)).toEqual(['marked v1-sdk']);
    const detail = report.files.flatMap((f) => f.sites).find((s) => s.kind === 'request')!.detail!;
    expect(detail).toContain('the official codemod keeps a v1 import in src/server.ts:');
    expect(detail).toContain('Unknown SDK import path: @modelcontextprotocol/sdk/examples/server/simpleStreamableHttp.js');
    expect(detail).not.toContain('outside the given paths');
    expect(readJson(path.join(dir, 'package.json')).dependencies!['@modelcontextprotocol/sdk']).toBe('^1.24.0');
    expect(readFileSync(file, 'utf8').replace(/^\s*\/\/ uproot: .*\n/m, '')).toBe(before);
  });

  it('a test beside src that imports the v1 SDK: held as outside the given paths, not kept alive by the example store', async () => {
    const dir = project(fixture);
    writeFileSync(path.join(dir, 'server.test.ts'), `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const made = new McpServer({ name: 't', version: '1' });\n`);
    const report = await upgrade(dir);
    expect(report.sdkUpgrade!.applied).toBe(false);
    const detail = report.files.flatMap((f) => f.sites).find((s) => s.kind === 'request')!.detail!;
    expect(detail).toContain('1 file outside the given paths still imports it (server.test.ts)');
    expect(detail).toContain('the official codemod keeps a v1 import in src/server.ts:');
    rmSync(path.join(dir, 'server.test.ts'));
  });
});

describe('the premise: v1 example store serves v2 transport at run time', () => {
  it("a v2 McpServer behind v2's HTTP transport stores each response in v1's InMemoryEventStore and sends its event ids", async () => {
    const { McpServer, WebStandardStreamableHTTPServerTransport } = await import('@modelcontextprotocol/server');
    const { InMemoryEventStore } = await import('@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js');
    const store = new InMemoryEventStore();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => 'session', eventStore: store });
    const mcp = new McpServer({ name: 's', version: '1' });
    mcp.registerTool('hi', { description: 'd' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));
    await mcp.connect(transport);
    const post = (body: object, session?: string) =>
      transport.handleRequest(new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}) }, body: JSON.stringify(body) }));
    await (await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })).text();
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, 'session');
    const text = await (await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'hi', arguments: {} } }, 'session')).text();
    const id = /^id: (\S+)$/m.exec(text)?.[1];
    expect(text).toContain('"text":"hello"');
    // The event id is the v1 store's own format (stream id, time, random) and names a stored event.
    expect(id).toMatch(/^[^_]+_\d+_[a-z0-9]+$/);
    expect((store as unknown as { events: Map<string, { message: { id?: number } }> }).events.get(id!)?.message.id).toBe(2);
    await mcp.close();
  });
});
