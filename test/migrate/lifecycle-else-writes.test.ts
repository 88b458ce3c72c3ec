// `--lifecycle per-request` when the capability gate's no-roots path writes the state a plain value
// (`if (!caps?.roots) { dirs = []; return; }`, fs-context-mcp-server's RootsManager). The original gave
// a client without roots that value; a helper skipped for such a client would leave what an earlier
// request of a client with roots wrote (on 2026-07-28 each request declares its own capabilities). So
// the helper runs for every client, its gate becomes the per-request check, and that path writes the
// same value. A no-roots path that computes its value (`[process.cwd()]`) keeps the marker. Written as
// a negated gate with an early return, a gate with an else, the gate inside a try, a class field and a
// module variable; JavaScript and TypeScript. The e2e run of the class shape is
// test/e2e/lifecycle-debounce.test.ts (scheduler-ts).
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('else-writes');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

const HEAD = `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
`;

/** A module fill whose gate is written `gate` (with `ASK` where the roots are asked and kept). */
const MODULE = (js: boolean, gate: string) => `${HEAD}let dirs${ts(js, ': string[]')} = [];
const server = new McpServer({ name: 's', version: '1.0.0' });
async function update()${ts(js, ': Promise<void>')} {
${gate.replace('ASK', 'const { roots } = await server.server.listRoots();\n    dirs = roots.map((root) => fileURLToPath(root.uri));')}
}
server.server.oninitialized = async () => {
  await update();
};
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: dirs.join(',') }] }));
export { server };
`;

/** The same as a class keeping `this.dirs`. */
const CLASS = (js: boolean, gate: string) => `${HEAD}${js ? '' : 'export '}class Roots {
  ${js ? '' : 'private '}dirs${ts(js, ': string[]')} = [];
  ${ts(js, 'readonly ')}server = new McpServer({ name: 's', version: '1.0.0' });
  constructor() {
    this.server.server.oninitialized = async () => {
      await this.update();
    };
    this.server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: this.dirs.join(',') }] }));
  }
  ${js ? '' : 'private '}async update()${ts(js, ': Promise<void>')} {
${gate.replace(/dirs =/g, 'this.dirs =').replace('ASK', 'const { roots } = await this.server.server.listRoots();\n    this.dirs = roots.map((root) => fileURLToPath(root.uri));').replace(/server\.server\.getClientCapabilities/g, 'this.server.server.getClientCapabilities')}
  }
}
${js ? 'export const server = new Roots().server;\n' : ''}`;

const EARLY = `  if (!server.server.getClientCapabilities()?.roots) {
    dirs = [];
    return;
  }
  ASK`;
const ELSE = `  if (server.server.getClientCapabilities()?.roots) {
    ASK
  } else {
    console.error('no roots: nothing allowed');
    dirs = [];
  }`;
const IN_TRY = `  try {
    if (!server.server.getClientCapabilities()?.roots) {
      dirs = [];
      return;
    }
    ASK
  } catch (error) {
    console.error('roots unavailable:', String(error));
  }`;

const SPELLINGS: Record<string, (js: boolean) => string> = {
  'a module variable, a negated gate returning early': (js) => MODULE(js, EARLY),
  'a module variable, a gate with an else that also reports': (js) => MODULE(js, ELSE),
  'a class field, the negated gate inside a try (fs-context)': (js) => CLASS(js, IN_TRY),
  'a class field, a gate with an else': (js) => CLASS(js, ELSE),
};

describe("a capability gate's no-roots path writing the state, per request", () => {
  for (const [name, source] of Object.entries(SPELLINGS)) {
    for (const js of [false, true]) {
      it(`${name} (${ext(js)}): the helper runs for every client and keeps that path`, () => {
        const text = source(js);
        expect(text).toMatch(/dirs = \[\];/);
        const dir = project(`ok-${ext(js)}`, { [`server.${ext(js)}`]: text });
        const first = migrate(dir);
        expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.anything() }]);
        const after = first.changed[`server.${ext(js)}`]!;
        // Called whatever the client declared: no capability check before the call in the handler.
        expect(after).toMatch(/\n +await (this\.)?update\(ctx\);/);
        expect(after).not.toMatch(/clientDeclaresRoots\(ctx, [^)]*\)\) await/);
        // The no-roots write stays, behind the per-request check.
        expect(after).toMatch(/dirs = \[\];/);
        expect(after).toMatch(/clientDeclaresRoots\(ctx, (this\.)?server\.server\)/);
        if (!js) expect(typecheck(dir)).toEqual([]);
        expect(migrate(dir).changed).toEqual({});
      });
    }
  }

  // A no-roots path that computes its value from more than literals keeps the marker.
  for (const js of [false, true]) {
    it(`a no-roots path writing the working directory (${ext(js)}): marked`, () => {
      const text = MODULE(js, EARLY.replace('dirs = [];', 'dirs = [process.cwd()];'));
      const dir = project(`cwd-${ext(js)}`, { [`server.${ext(js)}`]: text });
      const { requests } = migrate(dir);
      expect(requests).toEqual([{ outcome: 'marked', detail: expect.any(String) }]);
    });
  }
});
