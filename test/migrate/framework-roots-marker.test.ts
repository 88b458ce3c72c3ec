// Roots a framework hands to its users (FastMCP: fetched in connect() once the server is connected, refreshed on
// list_changed, read through the session's public `roots` getter and a `rootsChanged` event). A per-request form would
// fill them only inside the framework's own tools/call wrapper; its users read them at any time, so the site stays
// marked and the marker names the per-call API the framework needs — whether the fetch runs after connect or in the
// refresh, the answer is bound by `await`, a cast, destructuring or a `.then` parameter, TypeScript or JavaScript.
import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('framework-marker');

const API = /a per-request form has to ask for roots in the framework's own tools\/call .* wrapper .* context\.roots .* the framework needs that per-call API first/;

/** A session class: connect() fetches after connecting, the refresh `.then`s; `answer` binds the fetch's result. */
const SESSION = (fetch: string, refresh: string, field = '#roots', declare = true) => `import { EventEmitter } from 'node:events';
import { Server } from '@modelcontextprotocol/server';
export class Session extends EventEmitter {
  ${declare ? `${field} = [];\n  ` : ''}#server = new Server({ name: 'f', version: '1.0.0' }, { capabilities: {} });
  constructor() {
    super();
    ${declare ? '' : `this.${field} = undefined;\n    `}this.#server.setNotificationHandler('notifications/roots/list_changed', () => {
${refresh}
    });
  }
  async connect(transport) {
    await this.#server.connect(transport);
    if (this.#server.getClientCapabilities()?.roots) {
${fetch}
    }
  }
  get roots() {
    return this.${field};
  }
}
`;

const THEN_EMIT = (field: string) => `      this.#server.listRoots().then((answer) => {
        this.${field} = answer.roots;
        this.emit('rootsChanged', { roots: answer.roots });
      }).catch(() => {});`;

const SPELLINGS: Record<string, { file: string; text: string }> = {
  'an awaited const after connect, a private field and a getter; the refresh emits (TypeScript)': {
    file: 'session.ts',
    text: SESSION("      const answer = await this.#server.listRoots();\n      this.#roots = answer?.roots || [];", THEN_EMIT('#roots')),
  },
  'a cast answer, the refresh destructuring in its .then (TypeScript)': {
    file: 'session.ts',
    text: SESSION(
      "      const answer = (await this.#server.listRoots()) as { roots: { uri: string }[] };\n      this.#roots = answer.roots;",
      "      this.#server.listRoots().then(({ roots }) => {\n        this.#roots = roots;\n        this.emit('rootsChanged', { roots });\n      }).catch(() => {});",
    ),
  },
  'destructured roots into an undeclared JavaScript field `this._roots` (JavaScript)': {
    file: 'session.js',
    text: SESSION("      const { roots } = await this.#server.listRoots();\n      this._roots = roots;", THEN_EMIT('_roots'), '_roots', false),
  },
};

describe('--lifecycle per-request on roots a framework hands to its users', () => {
  it.each(Object.entries(SPELLINGS))('%s: both sites stay marked, naming the per-call API the framework needs', (name, { file, text }) => {
    const dir = project(name.replace(/\W+/g, '-').slice(0, 24), { [file]: text });
    const { requests } = migrate(dir);
    expect(requests).toHaveLength(2);
    // In source order: the refresh is installed in the constructor, above connect().
    const [refresh, connect] = requests;
    expect(connect!.outcome).toBe('marked');
    expect(connect!.detail).toMatch(/returns them to the package's users|holds them, readable by the package's users/);
    expect(connect!.detail).toMatch(API);
    expect(refresh!.outcome).toBe('marked');
    expect(refresh!.detail).toMatch(/they are emitted as an event to the package's users/);
    expect(refresh!.detail).toMatch(API);
  });

  it('a fetch after connect whose roots stay inside the package keeps the start-up marker', () => {
    const text = SESSION("      const answer = await this.#server.listRoots();\n      console.error(answer.roots.length);", "      console.error('changed');").replace('get roots() {\n    return this.#roots;\n  }', 'get count() {\n    return 0;\n  }');
    const dir = project('inside', { 'session.ts': text });
    const { requests } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(/the request runs after the server connects, in connect\(\)/) }]);
  });
});
