// `--lifecycle per-request` says why roots whose derived value ends in a callback the fetching code was
// handed stay marked (skilljack-mcp: `onSkillsChanged(skillMap, instructions)`, where the caller's
// callback writes a shared state object that a resources/list callback reads). The value is followed
// through the function's locals, so the detail names the callback only when what it gets came from the
// answer; a callback handed something else leaves the general detail. Written as a function declaration
// deriving through a helper, `for … of` and `push`; an arrow assigning a `let`; a `.then` callback
// destructuring the answer; JavaScript and TypeScript.
import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('callback-sink');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

const HEAD = (js: boolean) => `import { McpServer } from '@modelcontextprotocol/server';
${ts(js, 'type OnChange = (names: Map<string, string>, summary: string) => void;\n')}export const server = new McpServer({ name: 's', version: '1.0.0' });
`;

const SPELLINGS: Record<string, { text: (js: boolean) => string; callback: string; owner: string }> = {
  'a function declaration deriving through a helper, for … of and push (skilljack)': {
    callback: 'onSkillsChanged',
    owner: 'setupRootsChangeHandler',
    text: (js) => `${HEAD(js)}function namesFrom(roots${ts(js, ': Array<{ uri: string; name?: string }>')})${ts(js, ': string[]')} {
  return roots.map((root) => root.name ?? root.uri);
}
export function setupRootsChangeHandler(onSkillsChanged${ts(js, ': OnChange')})${ts(js, ': void')} {
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    try {
      const all${ts(js, ': string[]')} = [];
      const { roots } = await server.server.listRoots();
      const found = namesFrom(roots);
      for (const name of found) all.push(name);
      const map = new Map(all.map((n) => [n, n]));
      onSkillsChanged(map, all.join(','));
    } catch (error) {
      console.error('failed', error);
    }
  });
}`,
  },
  'an arrow assigning a let before handing it on': {
    callback: 'notify',
    owner: 'watchRoots',
    text: (js) => `${HEAD(js)}export const watchRoots = (notify${ts(js, ': OnChange')}) => {
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    let uris${ts(js, ': string[]')} = [];
    const answer = await server.server.listRoots();
    uris = answer.roots.map((root) => root.uri);
    notify(new Map(uris.map((u) => [u, u])), String(uris.length));
  });
};`,
  },
  'a .then callback destructuring the answer': {
    callback: 'changed',
    owner: 'follow',
    text: (js) => `${HEAD(js)}export function follow(changed${ts(js, ': OnChange')})${ts(js, ': void')} {
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    await server.server.listRoots().then(({ roots }) => changed(new Map(roots.map((r) => [r.uri, r.name ?? ''])), 'roots'));
  });
}`,
  },
};

describe('--lifecycle per-request says why roots handed to a caller-supplied callback stay marked', () => {
  for (const [name, { text, callback, owner }] of Object.entries(SPELLINGS)) {
    for (const js of [false, true]) {
      it(`${name} (${ext(js)}): the detail names the callback and whose parameter it is`, () => {
        const source = text(js);
        const line = source.split('\n').findIndex((l) => l.includes(`${callback}(`) && !l.includes('function') && !l.includes('=>  {')) + 1;
        const dir = project(`sink-${ext(js)}`, { [`server.${ext(js)}`]: source });
        const { requests } = migrate(dir);
        expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringContaining(`is handed to ${callback}() (line ${line}), a callback ${owner}() is given by its callers`) }]);
      });
    }
  }

  // The callback is only told that something changed: nothing derived from the answer reaches it.
  for (const js of [false, true]) {
    it(`a callback handed nothing from the answer (${ext(js)}): the general detail`, () => {
      const source = SPELLINGS['an arrow assigning a let before handing it on']!.text(js).replace('notify(new Map(uris.map((u) => [u, u])), String(uris.length));', "notify(new Map(), 'changed');");
      expect(source).toMatch(/notify\(new Map\(\), 'changed'\)/);
      const dir = project(`none-${ext(js)}`, { [`server.${ext(js)}`]: source });
      const { requests } = migrate(dir);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.outcome).toBe('marked');
      expect(requests[0]!.detail).not.toMatch(/callback/);
    });
  }
});
