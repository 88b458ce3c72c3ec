// `--lifecycle per-request` when the list_changed handler debounces the refresh through a timer
// (`if (h) clearTimeout(h); h = setTimeout(() => void refresh(server), 100);`), as the j0hanz
// filesystem servers do. The timer is the handler's own work, so it goes with the handler, and the
// handle with it when nothing else uses it; a handle something else uses (a shutdown clearTimeout, a
// read in a tool) keeps the marker and the marker says where. Written a module `let` handle, a
// private class field, a named callback handed to setTimeout, `.unref()`, JavaScript and TypeScript.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('debounce');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

const HEAD = `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
`;

/** The fill: asks, keeps the directories, logs when the request fails. */
const FILL = (js: boolean, name = 'updateRootsFromClient') => `async function ${name}(server${ts(js, ': McpServer')})${ts(js, ': Promise<void>')} {
  try {
    const result = await server.server.listRoots();
    rootDirectories = result.roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri));
  } catch (error) {
    console.error('roots unavailable:', error instanceof Error ? error.message : String(error));
  }
}`;

const TOOLS = (indent: string, read = 'rootDirectories') => `${indent}server.registerTool('inside', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({ content: [{ type: 'text', text: String(${read}.some((dir) => path.resolve(p).startsWith(dir))) }] }));`;

/** Module state, a module `let` handle, an arrow callback, as filesystem-context-mcp-server writes it. */
const MODULE_LET = (js: boolean, extra = '') => `${HEAD}let rootsUpdateTimeout${ts(js, ': ReturnType<typeof setTimeout> | undefined')};
let rootDirectories${ts(js, ': string[]')} = [];
let clientInitialized = false;
${FILL(js)}
export function createServer()${ts(js, ': McpServer')} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  server.server.setNotificationHandler('notifications/initialized', async () => {
    clientInitialized = true;
    await updateRootsFromClient(server);
  });
  server.server.setNotificationHandler('notifications/roots/list_changed', () => {
    if (!clientInitialized) return;
    if (rootsUpdateTimeout) clearTimeout(rootsUpdateTimeout);
    rootsUpdateTimeout = setTimeout(() => {
      void updateRootsFromClient(server);
    }, 100);
  });
${TOOLS('  ')}
  return server;
}
${extra}`;

describe('a debounced list_changed refresh, per request', () => {
  for (const js of [false, true]) {
    it(`module let handle (${ext(js)}): the debounce, its handle and the init flag go with the handlers`, () => {
      const dir = project(`let-${ext(js)}`, { [`server.${ext(js)}`]: MODULE_LET(js) });
      const first = migrate(dir);
      expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
      const text = first.changed[`server.${ext(js)}`]!;
      expect(text).not.toMatch(/setTimeout|clearTimeout|rootsUpdateTimeout|clientInitialized|list_changed/);
      if (!js) expect(typecheck(dir)).toEqual([]);
      expect(migrate(dir).changed).toEqual({});
    });
  }
});
