// `--to mrtr` on a tool handler's own roots request that bounds its wait by its own options (`{ timeout }`,
// `{ signal }`, a raw `request` with options): split by era like a bounded fill (request-options.ts) — the handler
// asks at its entry only on 2026-07-28 and makes the request as written on a 2025-era connection, where the
// original's catch sees the same timeout. A race, a result schema of the server's own, roots that land in shared
// state, and a handler that also asks another way keep the `timeout-control` marker. The answers on both eras:
// test/e2e/lifecycle-bounded.test.ts (handler-ts, handler-js).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';
import { scanText } from '../../packages/core/src/scan-text.ts';

const { project, migrate } = perRequestProjects('handler-bounded');

const ext = (js: boolean) => (js ? 'js' : 'ts');

/** A tool whose handler asks with `ask` inside a try whose catch keeps the working directory. */
const HANDLER = (ask: string, extra = '') => `import { McpServer, ListRootsResultSchema } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 's', version: '1.0.0' });
let last = '';
server.registerTool('dir', {}, async () => {
  let dir = process.cwd();
  try {
    const { roots } = await ${ask};
    if (roots[0]) dir = roots[0].uri;
  } catch {
    // keep the working directory
  }${extra}
  return { content: [{ type: 'text', text: dir + last }] };
});
export { server, ListRootsResultSchema };
`;

const SPLIT: Record<string, string> = {
  'a timeout': 'server.server.listRoots(undefined, { timeout: 5000 })',
  'an abort signal': 'server.server.listRoots({}, { signal: AbortSignal.timeout(5000) })',
  'a raw request with options': "server.server.request({ method: 'roots/list' }, ListRootsResultSchema, { timeout: 5000 })",
};

describe("a handler's roots request that bounds its wait", () => {
  for (const [name, ask] of Object.entries(SPLIT)) {
    for (const js of [false, true]) {
      it(`${name} (${ext(js)}): split by era, and a second run and scan see no request`, () => {
        const file = `server.${ext(js)}`;
        const dir = project(`split-${ext(js)}`, { [file]: HANDLER(ask) });
        const { requests, changed } = migrate(dir);
        expect(requests).toEqual([{ outcome: 'rewritten', detail: undefined }]);
        const after = changed[file]!;
        expect(after).toContain(`await (ctx.mcpReq.envelope && PROTOCOL_VERSION_META_KEY in ctx.mcpReq.envelope ? rootsFromAnswer(ctx) : ${ask});`);
        expect(after).toContain('if (ctx.mcpReq.envelope && PROTOCOL_VERSION_META_KEY in ctx.mcpReq.envelope && inputResponse(ctx.mcpReq.inputResponses');
        expect(scanText(after, path.join(dir, file)).sites.filter((s) => s.kind === 'request')).toEqual([]);
        const again = migrate(dir);
        expect(again.requests).toEqual([]);
        expect(again.changed).toEqual({});
      });
    }
  }

  const MARKED: Record<string, string> = {
    'a race': HANDLER('Promise.race([server.server.listRoots(), new Promise((_, reject) => setTimeout(() => reject(new Error("slow")), 5000))])'),
    'a result schema of its own': `import * as z from 'zod/v4';\nconst OwnSchema = z.object({ roots: z.array(z.object({ uri: z.string() })) });\n${HANDLER("server.server.request({ method: 'roots/list' }, OwnSchema, { timeout: 5000 })")}`,
    'listRoots() parameters': HANDLER("server.server.listRoots({ _meta: { trace: 'x' } }, { timeout: 5000 })"),
    'roots kept in shared state': HANDLER('server.server.listRoots(undefined, { timeout: 5000 })').replace('const { roots } = await server.server.listRoots(undefined, { timeout: 5000 });', "last = (await server.server.listRoots(undefined, { timeout: 5000 })).roots.map((r) => r.uri).join(',');\n    const roots: Array<{ uri: string }> = [];"),
  };
  for (const [name, text] of Object.entries(MARKED)) {
    it(`${name}: keeps the timeout-control marker`, () => {
      const dir = project('marked-ts', { 'server.ts': text });
      const requests = migrate(dir).outcomes.filter((o) => o.kind === 'request');
      expect(requests.map(({ outcome, reason }) => ({ outcome, reason }))).toEqual([{ outcome: 'marked', reason: 'timeout-control' }]);
    });
  }

  it('a handler that also asks without a bound: the bounded request keeps the marker, saying why', () => {
    const dir = project('mixed-ts', { 'server.ts': HANDLER('server.server.listRoots(undefined, { timeout: 5000 })', '\n  const { roots: again } = await server.server.listRoots();\n  last = String(again.length);') });
    const requests = migrate(dir).outcomes.filter((o) => o.kind === 'request');
    expect(requests.map(({ line, outcome, reason }) => ({ line, outcome, reason }))).toEqual([
      { line: 7, outcome: 'marked', reason: 'timeout-control' },
      { line: 12, outcome: 'rewritten', reason: undefined },
    ]);
    expect(requests[0]!.detail).toMatch(/also asks for roots another way/);
  });
});
