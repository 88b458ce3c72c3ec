// `--lifecycle per-request` on roots state read by handlers that are not async (issue 20: filesystem-context's
// `(args, extra) => withToolDiagnostics(…)` and `const handler = (): Promise<R> => …`). The derived state is
// awaited at the handler's entry, so the handler becomes async: the v2 SDK awaits every handler's result from an
// async function, so its answers are the same (e2e: test/e2e/lifecycle-sync-handler.test.ts). Written as an arrow
// returning a value, a function expression returning a promise, a `const` arrow with a return type registered by
// name, a function declaration (TS and JS), the state is rewritten; a handler the registration gets through a
// wrapper, one also called for its value, and a method keep the marker with why.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('sync-handler');

const HEAD = `import { fileURLToPath } from 'node:url';
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 's', version: '1.0.0' });
let allowed: string[] = [];
server.server.oninitialized = async () => {
  allowed = (await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri));
};
const answer = (): CallToolResult => ({ content: [{ type: 'text', text: allowed.join(',') }] });
`;

const js = (ts: string) => ts.replace(', type CallToolResult', '').replace(/: (Promise<CallToolResult>|CallToolResult|string\[\])(?![\w<])/g, '');

export const SYNC: Record<string, string> = {
  'an arrow returning a value': `${HEAD}server.registerTool('allowed', {}, () => answer());
`,
  'a function expression returning a promise': `${HEAD}server.registerTool('allowed', {}, function (_args) {
  return Promise.resolve(answer());
});
`,
  'a const arrow with a Promise return type, registered by name': `${HEAD}const handler = (): Promise<CallToolResult> => Promise.resolve().then(() => answer());
server.registerTool('allowed', {}, handler);
`,
  'a function declaration returning a value, with its return type': `${HEAD}function listAllowed(): CallToolResult {
  return answer();
}
server.registerTool('allowed', {}, listAllowed);
`,
};

describe('--lifecycle per-request makes a handler that is not async await the roots', () => {
  it.each(Object.entries(SYNC))('%s (TS): the handler becomes async, asks for roots and derives the state', (name, source) => {
    const dir = project(`ts-${name.replace(/\W+/g, '-').slice(0, 20)}`, { 'server.ts': source });
    const first = migrate(dir);
    expect(first.requests).toEqual([expect.objectContaining({ outcome: 'rewritten' })]);
    const text = first.changed['server.ts']!;
    expect(text).not.toMatch(/oninitialized|server\.server\.listRoots\(\)/);
    expect(text).toMatch(/async (\(|function)/);
    expect(text).toMatch(/Promise<(CallToolResult \| InputRequiredResult|CallToolResult \| InputRequiredResult)>/);
    expect(text).toContain('inputRequired.listRoots()');
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });

  it.each(Object.entries(SYNC))('%s (JS): the same outcome', (name, source) => {
    const dir = project(`js-${name.replace(/\W+/g, '-').slice(0, 20)}`, { 'server.js': js(source) });
    expect(js(source)).not.toMatch(/CallToolResult|: string/);
    const first = migrate(dir);
    expect(first.requests).toEqual([expect.objectContaining({ outcome: 'rewritten' })]);
    expect(first.changed['server.js']).toMatch(/async (\(|function)/);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker where making the handler async could be seen', () => {
  const marked = (name: string, tail: string, why: RegExp) => {
    const dir = project(name, { 'server.ts': `${HEAD}${tail}` });
    const { requests, changed } = migrate(dir);
    expect(requests).toEqual([expect.objectContaining({ outcome: 'marked' })]);
    expect(requests[0]!.detail).toMatch(why);
    expect(changed['server.ts'] ?? '').not.toContain('inputRequired.listRoots()');
  };

  // The wrapper calls the handler itself: no chain reaches a handler callback (sync-handler.ts would refuse it too).
  it('a handler the registration gets through a wrapper, which may use what it returns', () => {
    marked('wrapper', `type Handler = (args: Record<string, unknown>, ctx: unknown) => CallToolResult;
const logged = (fn: Handler) => (args: Record<string, unknown>, ctx: unknown) => {
  const result = fn(args, ctx);
  console.error('answered', result.content.length);
  return result;
};
server.registerTool('allowed', {}, logged((_args, _ctx) => answer()));
`, /allowed is read at line 9 from allowed, which has no request to ask for roots/);
  });

  it('a named handler another handler also calls for its value', () => {
    marked('called', `function listAllowed(): CallToolResult {
  return answer();
}
server.registerTool('allowed', {}, listAllowed);
server.registerTool('count', {}, async () => ({ content: [{ type: 'text', text: String(listAllowed().content.length) }] }));
`, /a handler reading allowed is not async and is also used at line 14, where it may be called for what it returns, so it cannot await the roots/);
  });

  it('a method of a class, which its instance may be called through elsewhere', () => {
    marked('method', `class Tools {
  list(): CallToolResult {
    return answer();
  }
}
const tools = new Tools();
server.registerTool('allowed', {}, tools.list.bind(tools));
`, /is not async and is not a function of this module handed straight to its registration/);
  });
});
