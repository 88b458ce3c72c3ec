// After the official codemod, a v1 `.resource()` call whose name is not a string literal is left with the codemod's
// "Could not automatically migrate" marker (linear-mcp-server, a new type error after the upgrade). uproot applies
// the codemod's own rename when the receiver is provably an McpServer, written here the ways real servers hold one.
import { describe, expect, it } from 'vitest';
import { repairResourceCalls } from '../../packages/uproot/src/sdk-upgrade/resource-calls.ts';

const MARKER = '/* @mcp-codemod-error Could not automatically migrate .resource() call. Manual migration required. */';

function upgraded(body: string, imports = 'import type { McpServer } from "@modelcontextprotocol/server";'): string {
  return `${imports}\n\n${body}`;
}

describe('the codemod left a .resource() call whose name is not a string literal', () => {
  it('renames it on a parameter typed McpServer, metadata object given (linear-mcp-server)', () => {
    const text = upgraded(`const meta = { name: 'dash', uri: 'ui://dash' };
export function register(server: McpServer): void {
  ${MARKER}
  server.resource(meta.name, meta.uri, { mimeType: 'text/html' }, async () => ({ contents: [] }));
}
`);
    const repaired = repairResourceCalls(text, 'a.ts')!;
    expect(repaired.text).toBe(text.replace(`  ${MARKER}\n`, '').replace('server.resource(', 'server.registerResource('));
    expect(repaired.lines).toEqual([5]);
  });

  it('adds the empty config the codemod adds for the 3-argument form, on a server built with new under an alias', () => {
    const text = upgraded(`const NAME = 'notes';
const server = new Mcp({ name: 's', version: '1' });
${MARKER}
server.resource(NAME, new ResourceTemplate('notes://{id}', { list: undefined }), async (uri) => ({ contents: [{ uri: uri.href, text: '' }] }));
`, 'import { McpServer as Mcp, ResourceTemplate } from "@modelcontextprotocol/server";');
    const repaired = repairResourceCalls(text, 'b.ts')!;
    expect(repaired.text).toContain("server.registerResource(NAME, new ResourceTemplate('notes://{id}', { list: undefined }), {}, async (uri) =>");
    expect(repaired.text).not.toContain(MARKER);
  });

  it('renames it on this.server, a constructor parameter property typed McpServer (a class holding the server)', () => {
    const text = upgraded(`export class Resources {
  constructor(private readonly server: McpServer, private readonly uri: string) {}
  register(): void {
    const name = this.uri.split('/').pop()!;
    ${MARKER}
    this.server.resource(name, this.uri, {}, async () => ({ contents: [] }));
  }
}
`);
    expect(repairResourceCalls(text, 'c.ts')!.text).toContain('this.server.registerResource(name, this.uri, {}, async');
  });

  it('renames a call kept in a variable, under a class property declared McpServer', () => {
    const text = upgraded(`class Holder {
  server: McpServer;
  constructor(server: McpServer) { this.server = server; }
  add(name: string) {
    ${MARKER}
    const registered = this.server.resource(name, 'memo://x', { description: 'x' }, async () => ({ contents: [] }));
    return registered;
  }
}
`);
    expect(repairResourceCalls(text, 'd.ts')!.text).toContain('const registered = this.server.registerResource(name,');
  });

  const refused: Array<[string, string]> = [
    ['a receiver of no declared type', `export function register(server: any, name: string) {\n  ${MARKER}\n  server.resource(name, 'x://y', {}, async () => ({ contents: [] }));\n}\n`],
    ['a receiver whose name another binding shadows', `export function a(server: McpServer) {}\nexport function register(server: { resource(...a: unknown[]): void }, name: string) {\n  ${MARKER}\n  server.resource(name, 'x://y', {}, async () => ({ contents: [] }));\n}\n`],
    ['a spread argument', `export function register(server: McpServer, args: [string, string]) {\n  ${MARKER}\n  server.resource(...args, {}, async () => ({ contents: [] }));\n}\n`],
    ['a call the codemod did not mark', `export function register(server: McpServer, name: string) {\n  server.resource(name, 'x://y', {}, async () => ({ contents: [] }));\n}\n`],
    ['a receiver that is a getter', `class H {\n  get server(): McpServer { return make(); }\n  add(n: string) {\n    ${MARKER}\n    this.server.resource(n, 'x://y', {}, async () => ({ contents: [] }));\n  }\n}\n`],
  ];
  for (const [name, body] of refused) {
    it(`leaves it, marker and all, for ${name}`, () => {
      expect(repairResourceCalls(upgraded(body), 'e.ts')).toBeUndefined();
    });
  }

  it('is idempotent: a repaired file has nothing left to repair', () => {
    const text = upgraded(`export function register(server: McpServer, name: string): void {\n  ${MARKER}\n  server.resource(name, 'x://y', {}, async () => ({ contents: [] }));\n}\n`);
    expect(repairResourceCalls(repairResourceCalls(text, 'f.ts')!.text, 'f.ts')).toBeUndefined();
  });
});
