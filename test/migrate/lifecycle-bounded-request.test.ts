// `--lifecycle per-request` on a fill whose roots request bounds its wait (`listRoots({}, { timeout: 5000 })`,
// repocontext's start-up fetch). Replaced whole by the answer, the bound would be lost: on a 2025-era connection the
// SDK's legacy shim asks with its own round timeout (10 minutes by default). So a request bounded by its own options
// is split by era (request-options.ts): the answer on 2026-07-28, the original request, bound and all, on a 2025-era
// connection, whose handlers are not asked at their entry. The 2025 leg is no roots site for scan, the ESLint rule
// or a second run (core's legacy-era-branch.ts). A race around the request, a handler that also asks another way, and
// a write copied into each handler keep the `timeout-control` marker, saying why. Written as a module fill with a
// timeout, an abort signal and a raw `request` with options (TypeScript and JavaScript), a class fill (TypeScript);
// e2e runs on both eras are in test/e2e/lifecycle-bounded.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';
import { scanText } from '../../packages/core/src/scan-text.ts';

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

const SPLIT: Record<string, (js: boolean) => string> = {
  'a module fill with a timeout (repocontext)': (js) => MODULE(js, 'server.server.listRoots({}, { timeout: 5000 })'),
  'a module fill with an abort signal': (js) => MODULE(js, 'server.server.listRoots(undefined, { signal: AbortSignal.timeout(5000) })'),
  'a module fill sending roots/list with options': (js) => MODULE(js, "server.server.request({ method: 'roots/list' }, ListRootsResultSchema, { timeout: 5000 })"),
  'a class fill with a timeout': (js) => CLASS(js, 'server.server.listRoots(undefined, { timeout: 5000 })'),
};

/** The request as written, `server.` spelled as the fill spells its receiver. */
const requestOf = (name: string, text: string) => /await ((?:this\.)?server\.server\.(?:listRoots|request)\(.*\))(?:;|\n)/.exec(text)![1]!;

describe('a fill whose roots request bounds its wait, per request', () => {
  for (const [name, source] of Object.entries(SPLIT)) {
    for (const js of name.startsWith('a class') ? [false] : [false, true]) {
      it(`${name} (${ext(js)}): split by era, and a second run and scan see no request`, () => {
        const file = `server.${ext(js)}`;
        const dir = project(`split-${ext(js)}`, { [file]: source(js) });
        const request = requestOf(name, source(js));
        const { requests, changed } = migrate(dir);
        expect(requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
        const after = changed[file]!;
        // The original request, options and all, is the 2025-era leg; the answer the 2026-07-28 one.
        expect(after).toContain(`(ctx.mcpReq.envelope && PROTOCOL_VERSION_META_KEY in ctx.mcpReq.envelope ? rootsFromAnswer(ctx) : ${request})`);
        expect(after).toContain('if (ctx.mcpReq.envelope && PROTOCOL_VERSION_META_KEY in ctx.mcpReq.envelope && inputResponse(ctx.mcpReq.inputResponses');
        expect(after).toMatch(/import \{[^}]*\bPROTOCOL_VERSION_META_KEY\b[^}]*\} from '@modelcontextprotocol\/server'/);
        expect(scanText(after, path.join(dir, file)).sites.filter((s) => s.kind === 'request')).toEqual([]);
        const again = migrate(dir);
        expect(again.requests).toEqual([]);
        expect(again.changed).toEqual({});
      });
    }
  }

  it.each([false, true])('a module fill racing a timer (%s = js): keeps the marker, saying the race is why', (js) => {
    const dir = project(`race-${ext(js)}`, { [`server.${ext(js)}`]: MODULE(js, 'Promise.race([server.server.listRoots(), new Promise((_, reject) => setTimeout(() => reject(new Error("slow")), 5000))])') });
    expect(migrate(dir).outcomes.filter((o) => o.kind === 'request').map(({ outcome, reason, detail }) => ({ outcome, reason, detail }))).toEqual([
      { outcome: 'marked', reason: 'timeout-control', detail: expect.stringMatching(/runs inside a race .*cannot show the race's other side settles after it/) },
    ]);
  });

  it('a handler that also asks for roots itself: the bounded fill keeps the marker, saying why', () => {
    const source = MODULE(false, 'server.server.listRoots({}, { timeout: 5000 })').replace(
      "server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: dirs.join(',') }] }));",
      "server.registerTool('dirs', {}, async () => {\n  const { roots } = await server.server.listRoots();\n  return { content: [{ type: 'text', text: `${dirs.join(',')} ${roots.length}` }] };\n});",
    );
    const dir = project('mixed-ts', { 'server.ts': source });
    const marked = migrate(dir).outcomes.filter((o) => o.kind === 'request' && o.outcome === 'marked');
    expect(marked.map(({ line, reason, detail }) => ({ line, reason, detail }))).toEqual([
      { line: 10, reason: 'timeout-control', detail: expect.stringMatching(/also asks for roots another way, which the SDK's legacy shim would ask there with its own round timeout/) },
    ]);
  });

  // The same fills without the bound are rewritten as before: the answer replaces the request, no era split.
  for (const [name, source] of Object.entries({ 'a module fill': (js: boolean) => MODULE(js, 'server.server.listRoots()'), 'a class fill': (js: boolean) => CLASS(js, 'server.server.listRoots()') })) {
    for (const js of name === 'a class fill' ? [false] : [false, true]) {
      it(`${name} without a bound (${ext(js)}): rewritten, no era split`, () => {
        const file = `server.${ext(js)}`;
        const dir = project(`plain-${ext(js)}`, { [file]: source(js) });
        const { requests, changed } = migrate(dir);
        expect(requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
        expect(changed[file]).not.toContain('PROTOCOL_VERSION_META_KEY');
      });
    }
  }
});
