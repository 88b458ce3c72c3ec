// `--lifecycle per-request` on a fill whose roots request bounds its wait (`listRoots({}, { timeout: 5000 })`,
// repocontext's start-up fetch): the per-request form has no counterpart for the bound. On a 2025-era connection the
// SDK's legacy shim asks the client with its own round timeout (10 minutes by default), so a client that never
// answers would hold every tool call that long, where the original gave up after 5 s and fell back; on 2026-07-28
// the client answers in its retry. So the request keeps the `timeout-control` marker, as a handler's does (core's
// classify), and says why. Written as a module fill with a timeout, an abort signal, a raw `request` with options and
// a `Promise.race` (TypeScript and JavaScript), and a class fill (TypeScript); the same fill without the bound is rewritten.
import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('bounded');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

/** A module fill at initialization (the capability gate returns early for a client without roots) asking with `ask`. */
const MODULE = (js: boolean, ask: string) => `import { fileURLToPath } from 'node:url';
import { McpServer, ListRootsResultSchema } from '@modelcontextprotocol/server';
let dirs${ts(js, ': string[]')} = [];
const server = new McpServer({ name: 's', version: '1.0.0' });
async function update()${ts(js, ': Promise<void>')} {
  if (!server.server.getClientCapabilities()?.roots) {
    dirs = [];
    return;
  }
  const { roots } = await ${ask};
  dirs = roots.map((root) => fileURLToPath(root.uri));
}
server.server.oninitialized = async () => {
  await update();
};
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: dirs.join(',') }] }));
export { server, ListRootsResultSchema };
`;

/** The same fill as a class keeping \`this.dirs\`, the gate inside a try (fs-context's shape). */
// TypeScript only: in JavaScript the field is public, the package's users' to read, which keeps a marker of its own.
const CLASS = (js: boolean, ask: string) => `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
export class Workspace {
  ${js ? '' : 'private '}dirs${ts(js, ': string[]')} = [];
  ${ts(js, 'readonly ')}server = new McpServer({ name: 's', version: '1.0.0' });
  constructor() {
    this.server.server.oninitialized = async () => {
      await this.update();
    };
    this.server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: this.dirs.join(',') }] }));
  }
  ${js ? '' : 'private '}async update()${ts(js, ': Promise<void>')} {
    try {
      if (!this.server.server.getClientCapabilities()?.roots) {
        this.dirs = [];
        return;
      }
      const { roots } = await ${ask.replace(/^server\./, 'this.server.')};
      this.dirs = roots.map((root) => fileURLToPath(root.uri));
    } catch (error) {
      console.error('roots unavailable:', String(error));
    }
  }
}
`;

const BOUNDED: Record<string, (js: boolean) => string> = {
  'a module fill with a timeout (repocontext)': (js) => MODULE(js, 'server.server.listRoots({}, { timeout: 5000 })'),
  'a module fill with an abort signal': (js) => MODULE(js, 'server.server.listRoots(undefined, { signal: AbortSignal.timeout(5000) })'),
  'a module fill sending roots/list with options': (js) => MODULE(js, "server.server.request({ method: 'roots/list' }, ListRootsResultSchema, { timeout: 5000 })"),
  'a module fill racing a timer': (js) => MODULE(js, 'Promise.race([server.server.listRoots(), new Promise((_, reject) => setTimeout(() => reject(new Error("slow")), 5000))])'),
  'a class fill with a timeout': (js) => CLASS(js, 'server.server.listRoots(undefined, { timeout: 5000 })'),
};

describe('a fill whose roots request bounds its wait, per request', () => {
  for (const [name, source] of Object.entries(BOUNDED)) {
    for (const js of name.startsWith('a class') ? [false] : [false, true]) {
      it(`${name} (${ext(js)}): keeps the timeout-control marker, saying why`, () => {
        const dir = project(`bounded-${ext(js)}`, { [`server.${ext(js)}`]: source(js) });
        const { outcomes } = migrate(dir);
        expect(outcomes.filter((o) => o.kind === 'request').map(({ outcome, reason, detail }) => ({ outcome, reason, detail }))).toEqual([
          { outcome: 'marked', reason: 'timeout-control', detail: expect.stringMatching(/bounds its wait .*legacy shim .*round timeout/) },
        ]);
      });
    }
  }

  // The same fills without the bound are rewritten: the marker comes from the bound, not the shape.
  for (const [name, source] of Object.entries({ 'a module fill': (js: boolean) => MODULE(js, 'server.server.listRoots()'), 'a class fill': (js: boolean) => CLASS(js, 'server.server.listRoots()') })) {
    for (const js of name === 'a class fill' ? [false] : [false, true]) {
      it(`${name} without a bound (${ext(js)}): rewritten`, () => {
        const dir = project(`plain-${ext(js)}`, { [`server.${ext(js)}`]: source(js) });
        const { requests } = migrate(dir);
        expect(requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
      });
    }
  }
});
