// `--lifecycle per-request` when the list_changed handler debounces through a scheduler it alone calls
// (`this.scheduleRootsUpdate(server)`, which restarts a pending timer with `.refresh()` or starts one and
// `.unref()`s it), and a shutdown method clears the same handle — fs-context-mcp-server's RootsManager.
// The per-request form retires the handler, so the scheduler is never called and the handle never holds
// a timer again: the scheduler goes, and a statement elsewhere that only clears the handle
// (`clearTimeout(h)`, `h = undefined`) does nothing from then on and goes too. A use that answers
// something (a read returned to a caller), a scheduler something else calls, or a clear that also does
// other work keeps the marker, which says where. Written as a class with private members (TS `private`,
// JS `#`), module functions, and an arrow scheduler handed the fill by name; JavaScript and TypeScript.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('debounce-scheduler');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

const HEAD = `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
`;

const TOOL = (read: string) => `server.registerTool('inside', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({ content: [{ type: 'text', text: String(${read}.some((dir) => path.resolve(p).startsWith(dir))) }] }))`;

/** fs-context-mcp-server's shape: a class, a private scheduler method, `.refresh()`, `.unref()` on its own line, a destroy() clearing the handle. */
const CLASS = (js: boolean, o: { visibility?: string; destroy?: string; extraCall?: string } = {}) => {
  const p = (name: string) => (js ? `#${name}` : name);
  const visibility = o.visibility ?? (js ? '' : 'private ');
  const scheduler = js && o.visibility === undefined ? '#scheduleRootsUpdate' : 'scheduleRootsUpdate';
  return `${HEAD}${js ? '' : 'export '}class RootsManager {
  ${js ? '#rootsUpdateTimeout' : 'private rootsUpdateTimeout'}${ts(js, ': ReturnType<typeof setTimeout> | undefined')};
  ${js ? '' : 'private '}dirs${ts(js, ': string[]')} = [];
  ${ts(js, 'readonly ')}server = new McpServer({ name: 's', version: '1.0.0' });
  constructor() {
    const server = this.server;
    server.server.setNotificationHandler('notifications/initialized', async () => {
      await this.update();
    });
    server.server.setNotificationHandler('notifications/roots/list_changed', () => {
      this.${scheduler}(server);
    });
    ${TOOL('this.dirs')};${o.extraCall ?? ''}
  }
  destroy()${ts(js, ': void')} {
${o.destroy ?? `    if (this.${p('rootsUpdateTimeout')}) {
      clearTimeout(this.${p('rootsUpdateTimeout')});
      this.${p('rootsUpdateTimeout')} = undefined;
    }
`}  }
  ${visibility}${scheduler}(server${ts(js, ': McpServer')})${ts(js, ': void')} {
    if (this.${p('rootsUpdateTimeout')}) {
      this.${p('rootsUpdateTimeout')}.refresh();
      return;
    }
    this.${p('rootsUpdateTimeout')} = setTimeout(() => {
      this.${p('rootsUpdateTimeout')} = undefined;
      void this.update();
    }, 100);
    this.${p('rootsUpdateTimeout')}.unref();
  }
  ${js ? '' : 'private '}async update()${ts(js, ': Promise<void>')} {
    try {
      const result = await this.server.server.listRoots();
      this.dirs = result.roots.map((root) => fileURLToPath(root.uri));
    } catch (error) {
      console.error('roots unavailable:', String(error));
    }
  }
}
${js ? 'export const createServer = () => new RootsManager().server;\n' : ''}`;
};

/** Module functions: the handler calls scheduleRefresh(server); stop() clears the handle with bare statements. */
const MODULE = (js: boolean, stop = 'export function stop()' + ts(js, ': void') + ' {\n  clearTimeout(timer);\n  timer = undefined;\n}\n') => `${HEAD}let timer${ts(js, ': ReturnType<typeof setTimeout> | undefined')};
let rootDirectories${ts(js, ': string[]')} = [];
async function updateRootsFromClient(server${ts(js, ': McpServer')})${ts(js, ': Promise<void>')} {
  try {
    const result = await server.server.listRoots();
    rootDirectories = result.roots.map((root) => fileURLToPath(root.uri));
  } catch (error) {
    console.error('roots unavailable:', String(error));
  }
}
function scheduleRefresh(server${ts(js, ': McpServer')})${ts(js, ': void')} {
  clearTimeout(timer);
  timer = setTimeout(() => void updateRootsFromClient(server), 100);
}
${stop}export function createServer()${ts(js, ': McpServer')} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  server.server.setNotificationHandler('notifications/initialized', async () => {
    await updateRootsFromClient(server);
  });
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    scheduleRefresh(server);
  });
  ${TOOL('rootDirectories')};
  return server;
}
`;

/** An arrow scheduler in the factory, the fill handed to setTimeout by name, the handle a local of the factory, and an onclose clearing it. */
const ARROW = (js: boolean) => `${HEAD}export function createServer()${ts(js, ': McpServer')} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  let allowed${ts(js, ': string[]')} = [];
  let pending${ts(js, ': NodeJS.Timeout | null')} = null;
  const refresh = async ()${ts(js, ': Promise<void>')} => {
    try {
      const { roots } = await server.server.listRoots();
      allowed = roots.map((root) => fileURLToPath(root.uri));
    } catch (error) {
      console.error('roots unavailable:', String(error));
    }
  };
  const later = ()${ts(js, ': void')} => {
    if (pending !== null) clearTimeout(pending);
    pending = setTimeout(refresh, 250);
  };
  server.server.setNotificationHandler('notifications/initialized', async () => {
    await refresh();
  });
  server.server.setNotificationHandler('notifications/roots/list_changed', () => {
    later();
  });
  server.server.onclose = () => {
    if (pending !== null) {
      clearTimeout(pending);
      pending = null;
    }
  };
  ${TOOL('allowed')};
  return server;
}
`;

const REWRITTEN: Record<string, { source: (js: boolean) => string; gone: RegExp; kept: RegExp }> = {
  'a class: private scheduler method with .refresh() and .unref(), destroy() clearing the handle': { source: (js) => CLASS(js), gone: /setTimeout|clearTimeout|rootsUpdateTimeout|scheduleRootsUpdate|\.refresh\(\)|list_changed|notifications\/initialized/, kept: /destroy\(\)(: void)? \{\n {2}\}/ },
  'module functions: a scheduler function, an exported stop() clearing the handle': { source: (js) => MODULE(js), gone: /setTimeout|clearTimeout|timer|scheduleRefresh|list_changed/, kept: /export function stop\(\)(: void)? \{\n\}/ },
  'an arrow scheduler handed the fill by name, an onclose clearing a local handle': { source: (js) => ARROW(js), gone: /setTimeout|clearTimeout|pending|later|list_changed/, kept: /server\.server\.onclose = \(\) => \{\n {2}\};/ },
};

describe('a list_changed refresh debounced through a scheduler, per request', () => {
  for (const [name, { source, gone, kept }] of Object.entries(REWRITTEN)) {
    for (const js of [false, true]) {
      it(`${name} (${ext(js)}): the scheduler, the handle and its clears go with the handler`, () => {
        const text = source(js);
        // The spelling is what it says: a timer started outside the handler, and a clear elsewhere.
        expect(text).toMatch(/clearTimeout/);
        const dir = project(`ok-${ext(js)}`, { [`server.${ext(js)}`]: text });
        const first = migrate(dir);
        expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
        const after = first.changed[`server.${ext(js)}`]!;
        expect(after).not.toMatch(gone);
        // The method or hook that cleared the handle stays, empty: only the clears went.
        expect(after).toMatch(kept);
        expect(after).toMatch(/inputRequired\.listRoots\(\)/);
        if (!js) expect(typecheck(dir)).toEqual([]);
        expect(migrate(dir).changed).toEqual({});
      });
    }
  }

  const MARKED: Record<string, { source: (js: boolean) => string; detail: (text: string) => string }> = {
    // Anyone holding the manager may call a public scheduler: it cannot go with the handler.
    'a public scheduler method': {
      source: (js) => CLASS(js, { visibility: js ? '' : 'public ' }),
      detail: (text) => `runs from a timer at line ${lineOf(text, '= setTimeout(')}`,
    },
    // A tool also schedules a refresh: the scheduler has a caller the per-request form keeps.
    'a scheduler a tool calls too': {
      source: (js) => CLASS(js, { extraCall: `\n    server.registerTool('refresh', {}, async () => { this.${js ? '#' : ''}scheduleRootsUpdate(server); return { content: [] }; });` }),
      detail: (text) => `runs from a timer at line ${lineOf(text, '= setTimeout(')}`,
    },
    // The shutdown clears and also reports: more than a clear, so the handle's use there is named.
    'a destroy() that clears the handle and reports it': {
      source: (js) => CLASS(js, { destroy: `    if (this.${js ? '#' : ''}rootsUpdateTimeout) {\n      clearTimeout(this.${js ? '#' : ''}rootsUpdateTimeout);\n      console.error('refresh cancelled');\n    }\n` }),
      detail: (text) => `is also used at line ${lineOf(text, '  destroy()') + 1} in destroy()`,
    },
    // A read that answers whether a refresh is pending: the original could answer true.
    'a read of the handle that answers a caller': {
      source: (js) => MODULE(js, `export const refreshPending = ()${ts(js, ': boolean')} => timer !== undefined;\n`),
      detail: (text) => `whose handle timer is also used at line ${lineOf(text, 'export const refreshPending')}`,
    },
  };
  for (const [name, { source, detail }] of Object.entries(MARKED)) {
    for (const js of [false, true]) {
      it(`${name} (${ext(js)}): marked, saying where`, () => {
        const text = source(js);
        const dir = project(`marked-${ext(js)}`, { [`server.${ext(js)}`]: text });
        const { requests, changed } = migrate(dir);
        expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringContaining(detail(text)) }]);
        expect(changed[`server.${ext(js)}`]).toMatch(/\[background\]/);
      });
    }
  }
});

function lineOf(text: string, needle: string): number {
  const at = text.split('\n').findIndex((l) => l.includes(needle));
  expect(at).toBeGreaterThanOrEqual(0);
  return at + 1;
}
