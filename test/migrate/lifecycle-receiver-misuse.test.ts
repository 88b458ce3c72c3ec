// `--lifecycle per-request` says why a fill that asks through a server it is handed stays marked when it
// also uses that server for something else (fs-context-mcp-server: `logToMcp(server, 'debug', …)` in
// the fill's catch): the handlers would have to hand the helper that same server, which is more than
// the bound-receiver form (lifecycle-receiver-fill.test.ts) proves. The detail names the parameter, the
// line and what it was handed to, rather than "called from outside the hooks". Written as a function
// declaration handing it to a logger, a class method reading a property of it, an arrow storing it;
// JavaScript and TypeScript.
import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('receiver-misuse');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

const HEAD = `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
`;

/** A module fill `update(server)` whose catch does `misuse`; the hooks hand it the server. */
const MODULE = (js: boolean, misuse: string, extra = '') => `${HEAD}${extra}let dirs${ts(js, ': string[]')} = [];
async function update(server${ts(js, ': McpServer')})${ts(js, ': Promise<void>')} {
  try {
    if (!server.server.getClientCapabilities()?.roots) return;
    const { roots } = await server.server.listRoots();
    dirs = roots.map((root) => fileURLToPath(root.uri));
  } catch (error) {
    ${misuse}
  }
}
export function createServer()${ts(js, ': McpServer')} {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  server.server.oninitialized = async () => {
    await update(server);
  };
  server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: dirs.join(',') }] }));
  return server;
}
`;

const LOGGER = (js: boolean) => `function logToMcp(server${ts(js, ': McpServer')}, level${ts(js, ': string')}, text${ts(js, ': string')})${ts(js, ': void')} {
  void server.server.sendLoggingMessage({ level: level${ts(js, " as 'debug'")}, data: text });
}
`;

const SPELLINGS: Record<string, { text: (js: boolean) => string; use: string; how: string }> = {
  'a function declaration handing the server to a logger (fs-context)': { text: (js) => MODULE(js, "logToMcp(server, 'debug', String(error));", LOGGER(js)), use: 'logToMcp(server', how: ' (handed to logToMcp())' },
  'a catch keeping the server for later': { text: (js) => MODULE(js, 'lastFailed = server;', `let lastFailed${ts(js, ': McpServer | undefined')};\nexport const failedServer = () => lastFailed;\n`), use: 'lastFailed = server', how: '' },
  'a catch reading the server for its report': { text: (js) => MODULE(js, 'console.error(server.isConnected(), String(error));'), use: 'server.isConnected()', how: '' },
};

describe('--lifecycle per-request says why a fill using the server it is handed for more than asking stays marked', () => {
  for (const [name, { text, use, how }] of Object.entries(SPELLINGS)) {
    for (const js of [false, true]) {
      it(`${name} (${ext(js)}): the detail names the parameter and its other use`, () => {
        const source = text(js);
        const line = source.split('\n').findIndex((l) => l.includes(use) && !l.includes('function')) + 1;
        const dir = project(`misuse-${ext(js)}`, { [`server.${ext(js)}`]: source });
        const { requests } = migrate(dir);
        expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringContaining(`dirs is filled by update(), whose parameter server, the server it asks the roots through, is also used at line ${line}${how} for more than asking`) }]);
      });
    }
  }

  // Used only to ask and to read the capabilities, the server is a bound receiver: the handlers hand it over and the fill is rewritten.
  for (const js of [false, true]) {
    it(`the server used only to ask (${ext(js)}): rewritten`, () => {
      const dir = project(`bound-${ext(js)}`, { [`server.${ext(js)}`]: MODULE(js, 'console.error(String(error));') });
      const { requests, changed } = migrate(dir);
      expect(requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
      expect(changed[`server.${ext(js)}`]).toMatch(/await update\(server, ctx\);/);
    });
  }
});
