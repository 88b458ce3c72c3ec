// `--lifecycle per-request` on a server built in a factory (`function createServer() { const server = new
// McpServer(…); … }`, server-filesystem-http's shape) whose tool handlers are declared apart from their
// registration: the per-request capability check names the factory's `server`, which the handler sees at its
// entry. Written as a const arrow, a hoisted function declaration below the registration, and in JavaScript;
// a handler that cannot see that binding (a parameter shadows it, or it is declared outside the factory) keeps the marker.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('factory-handler');

const FACTORY = (handler: string, registration: string, types = true) => `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer${types ? ', type Root' : ''} } from '@modelcontextprotocol/server';

let allowed${types ? ': string[]' : ''} = process.env.START_DIR ? [path.resolve(process.env.START_DIR)] : [];

export function createServer()${types ? ': McpServer' : ''} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
${handler}
${registration}
  async function updateFromRoots(roots${types ? ': Root[]' : ''}) {
    const dirs = roots.map((root) => fileURLToPath(root.uri));
    if (dirs.length > 0) allowed = dirs;
  }
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    const response = await server.server.listRoots();
    await updateFromRoots(response.roots);
  });
  server.server.oninitialized = async () => {
    if (server.server.getClientCapabilities()?.roots) {
      const response = await server.server.listRoots();
      await updateFromRoots(response.roots);
    }
  };
  return server;
}
`;

const REGISTER = `  server.registerTool('allowed', {}, listAllowed);`;

const WAYS: Record<string, { source: string; file: string }> = {
  'a const arrow declared before its registration': {
    file: 'server.ts',
    source: FACTORY(`  const listAllowed = async () => ({ content: [{ type: 'text' as const, text: allowed.join(',') }] });`, REGISTER),
  },
  'a function declaration below its registration (hoisted)': {
    file: 'server.ts',
    source: FACTORY('', `${REGISTER}
  async function listAllowed() {
    return { content: [{ type: 'text' as const, text: allowed.join(',') }] };
  }`),
  },
  'a const function expression, in JavaScript': {
    file: 'server.js',
    source: FACTORY(`  const listAllowed = async function () {
    return { content: [{ type: 'text', text: allowed.join(',') }] };
  };`, REGISTER, false),
  },
};

describe('--lifecycle per-request names the factory’s server in a handler declared apart', () => {
  it.each(Object.entries(WAYS))('%s: rewritten, the check names server.server, type-checks and migrates to itself', (name, { source, file }) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 20), { [file]: source });
    const first = migrate(dir);
    expect(first.requests.map((r) => r.outcome)).toEqual(['rewritten', 'rewritten']);
    expect(first.changed[file]).toContain('clientDeclaresRoots(ctx, server.server)) await deriveRootsState(ctx)');
    if (file.endsWith('.ts')) expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });

  it('a handler whose own parameter is named server cannot name the factory’s', () => {
    const dir = project('shadow', {
      'server.ts': FACTORY(`  const listAllowed = async (server: unknown) => ({ content: [{ type: 'text' as const, text: \`\${String(server)} \${allowed.join(',')}\` }] });`, REGISTER),
    });
    const { requests } = migrate(dir);
    expect(requests.map((r) => r.outcome)).toEqual(['marked', 'marked']);
    for (const r of requests) expect(r.detail).toMatch(/server is not in scope where the handler is defined/);
  });

  it('a handler declared outside the factory cannot see its server', () => {
    const source = FACTORY('', REGISTER).replace('export function createServer', `async function listAllowed() {
  return { content: [{ type: 'text' as const, text: allowed.join(',') }] };
}

export function createServer`);
    const dir = project('outside', { 'server.ts': source });
    const { requests } = migrate(dir);
    expect(requests.map((r) => r.outcome)).toEqual(['marked', 'marked']);
    for (const r of requests) expect(r.detail).toMatch(/server is not in scope where the handler is defined/);
  });
});
