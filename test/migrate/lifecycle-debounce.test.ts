// `--lifecycle per-request` when the list_changed handler debounces the refresh through a timer
// (`if (h) clearTimeout(h); h = setTimeout(() => void refresh(server), 100);`), as the j0hanz
// filesystem servers do. The timer is the handler's own work, so it goes with the handler, and the
// handle with it, and a shutdown's clearTimeout of it (which does nothing once no timer is ever
// assigned); a handle something else reads (whether a refresh is pending) keeps the marker and the
// marker says where. Written a module `let` handle, a
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

/** The same server with the list_changed handler written `handler`, the handle declared `handle`, and module code `extra`. */
const WITH_HANDLER = (js: boolean, handler: string, handle: string, extra = '') =>
  MODULE_LET(js, extra)
    .replace(/ {2}server\.server\.setNotificationHandler\('notifications\/roots\/list_changed'[\s\S]*?\n {2}\}\);\n/, handler)
    .replace(/^let rootsUpdateTimeout.*\n/m, handle);

const SPELLINGS: Record<string, (js: boolean) => string> = {
  'a named callback handed to setTimeout, `h !== undefined` and a reset in the handler': (js) =>
    WITH_HANDLER(
      js,
      `  function refreshLater()${ts(js, ': void')} {
    void updateRootsFromClient(server);
  }
  server.server.setNotificationHandler('notifications/roots/list_changed', () => {
    if (!clientInitialized) return;
    if (pending !== undefined) {
      clearTimeout(pending);
      pending = undefined;
    }
    pending = setTimeout(refreshLater, 250);
  });
`,
      `let pending${ts(js, ': NodeJS.Timeout | undefined')};\n`,
    ),
  'setTimeout(…).unref() chained, a null handle, the callback resetting it': (js) =>
    WITH_HANDLER(
      js,
      `  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    if (debounce != null) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      void updateRootsFromClient(server);
    }, 50).unref();
  });
`,
      `let debounce${ts(js, ': ReturnType<typeof setTimeout> | null')} = null;\n`,
    ),
  'the handle unref-ed on a statement of its own, no init flag': (js) =>
    WITH_HANDLER(
      js,
      `  server.server.setNotificationHandler('notifications/roots/list_changed', () => {
    clearTimeout(timer);
    timer = setTimeout(() => updateRootsFromClient(server), 100);
    timer.unref();
  });
`,
      `let timer${ts(js, ': ReturnType<typeof setTimeout> | undefined')};\n`,
    ),
};

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

  for (const [name, files] of Object.entries(SPELLINGS)) {
    for (const js of [false, true]) {
      it(`${name} (${ext(js)}): retired with the handler`, () => {
        const source = files(js);
        // The spelling took: the handler text was replaced.
        expect(source).not.toMatch(/rootsUpdateTimeout/);
        const dir = project(`v-${ext(js)}`, { [`server.${ext(js)}`]: source });
        const first = migrate(dir);
        expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
        const text = first.changed[`server.${ext(js)}`]!;
        expect(text).not.toMatch(/setTimeout|clearTimeout|pending|debounce|timer|list_changed|refreshLater/);
        expect(text).toMatch(/await updateRootsFromClient\(server, ctx\);/);
        if (!js) expect(typecheck(dir)).toEqual([]);
        expect(migrate(dir).changed).toEqual({});
      });
    }
  }

  // A shutdown clearTimeout of the handle does nothing once the handler that assigned it goes: it goes too
  // (lifecycle-debounce-scheduler.test.ts has more spellings). A read of whether a refresh is pending answers a
  // caller, and the original could answer true: more than a debounce, so the marker stays and says where.
  for (const js of [false, true]) {
    it(`the handle also cleared by a shutdown (${ext(js)}): the clear goes with the handler, stop() stays`, () => {
      const source = MODULE_LET(js, 'export function stop() {\n  if (rootsUpdateTimeout) clearTimeout(rootsUpdateTimeout);\n}\n');
      const dir = project(`stop-${ext(js)}`, { [`server.${ext(js)}`]: source });
      const first = migrate(dir);
      expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
      const text = first.changed[`server.${ext(js)}`]!;
      expect(text).not.toMatch(/setTimeout|clearTimeout|rootsUpdateTimeout|list_changed/);
      expect(text).toMatch(/export function stop\(\) \{\n\}/);
      if (!js) expect(typecheck(dir)).toEqual([]);
      expect(migrate(dir).changed).toEqual({});
    });
    it(`the handle also used by a read of whether a refresh is pending (${ext(js)}): marked, saying where`, () => {
      const extra = 'export const refreshPending = () => rootsUpdateTimeout !== undefined;\n';
      const source = MODULE_LET(js, extra);
      const line = source.split('\n').findIndex((l) => l.startsWith('export const refreshPending')) + 1;
      const dir = project(`used-${ext(js)}`, { [`server.${ext(js)}`]: source });
      const { requests, changed } = migrate(dir);
      expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringContaining(`whose handle rootsUpdateTimeout is also used at line ${line}`) }]);
      expect(changed[`server.${ext(js)}`]).toMatch(/\[background\]/);
    });
  }

  /** A class keeping the handle in a private field, as fs-context-mcp-server's RootsManager does; `shutdown` uses it or not. */
  const CLASS = (js: boolean, shutdown: boolean) => `${HEAD}${js ? '' : 'export '}class RootsServer {
  ${js ? '#timer' : 'private timer'}${ts(js, '?: ReturnType<typeof setTimeout>')};
  ${js ? '' : 'private '}dirs${ts(js, ': string[]')} = [];
  ${ts(js, 'readonly ')}server = new McpServer({ name: 's', version: '1.0.0' });
  constructor() {
    this.server.server.setNotificationHandler('notifications/initialized', async () => {
      await this.update();
    });
    this.server.server.setNotificationHandler('notifications/roots/list_changed', () => {
      if (this.${js ? '#' : ''}timer) clearTimeout(this.${js ? '#' : ''}timer);
      this.${js ? '#' : ''}timer = setTimeout(() => {
        void this.update();
      }, 100);
    });
    this.server.registerTool('inside', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({ content: [{ type: 'text', text: String(this.dirs.some((dir) => path.resolve(p).startsWith(dir))) }] }));
  }
${shutdown ? `  close()${ts(js, ': void')} {\n    clearTimeout(this.${js ? '#' : ''}timer);\n  }\n` : ''}  ${js ? '' : 'private '}async update()${ts(js, ': Promise<void>')} {
    try {
      const result = await this.server.server.listRoots();
      this.dirs = result.roots.map((root) => fileURLToPath(root.uri));
    } catch (error) {
      console.error('roots unavailable:', String(error));
    }
  }
}
${js ? 'export const createServer = () => new RootsServer().server;\n' : ''}`;
  for (const js of [false, true]) {
    it(`a private class field handle (${ext(js)}): retired with the handler`, () => {
      const dir = project(`class-${ext(js)}`, { [`server.${ext(js)}`]: CLASS(js, false) });
      const first = migrate(dir);
      expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
      const text = first.changed[`server.${ext(js)}`]!;
      expect(text).not.toMatch(/setTimeout|clearTimeout|timer|list_changed|notifications\/initialized/);
      if (!js) expect(typecheck(dir)).toEqual([]);
      expect(migrate(dir).changed).toEqual({});
    });
    it(`a private class field handle a close() method also clears (${ext(js)}): the clear goes, close() stays`, () => {
      const dir = project(`class-close-${ext(js)}`, { [`server.${ext(js)}`]: CLASS(js, true) });
      const first = migrate(dir);
      expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
      const text = first.changed[`server.${ext(js)}`]!;
      expect(text).not.toMatch(/setTimeout|clearTimeout|timer|list_changed/);
      expect(text).toMatch(/close\(\)(: void)? \{\n {2}\}/);
      if (!js) expect(typecheck(dir)).toEqual([]);
      expect(migrate(dir).changed).toEqual({});
    });
  }

  // filesystem-context-mcp-server's fill recomputes in a `finally`, for a client without roots too: the helper keeps
  // it and runs for every client (lifecycle-finally-derivation.test.ts has the derivations that write state).
  for (const js of [false, true]) {
    it(`a fill whose finally recomputes for every client (${ext(js)}): the helper keeps it, for every client`, () => {
      const source = MODULE_LET(js, `function recompute()${ts(js, ': void')} {\n  console.error(rootDirectories.length);\n}\n`).replace(
        "    console.error('roots unavailable:', error instanceof Error ? error.message : String(error));\n  }\n",
        "    console.error('roots unavailable:', error instanceof Error ? error.message : String(error));\n  } finally {\n    recompute();\n  }\n",
      );
      expect(source).toMatch(/finally/);
      const dir = project(`finally-${ext(js)}`, { [`server.${ext(js)}`]: source });
      const first = migrate(dir);
      expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
      const text = first.changed[`server.${ext(js)}`]!;
      expect(text).toMatch(/\} finally \{\n {4}recompute\(\);/);
      expect(text).not.toMatch(/clientDeclaresRoots\(ctx, [^)]*\)\) await/);
      if (!js) expect(typecheck(dir)).toEqual([]);
      expect(migrate(dir).changed).toEqual({});
    });
  }
});
