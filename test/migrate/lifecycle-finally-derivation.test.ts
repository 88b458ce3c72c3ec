// `--lifecycle per-request` when the fill's `finally` re-derives the state the tools read from the roots
// state (filesystem-context-mcp-server: `finally { await recomputeAllowedDirectories(); }`, the allowed
// directories being the configured ones plus the roots inside them, the catch writing `[]`). The block ran
// after every fill, for every client; the per-request helper keeps it and runs for every client, and the
// handlers reading what the derivation writes ask for roots first. Written as a named function handed the
// server, a const arrow, a class whose methods write fields, and a setter in another module behind a
// barrel; TypeScript and JavaScript. A derivation that does anything else, or that code after the connect
// also runs, keeps the marker with what blocks it. The e2e run is test/e2e/lifecycle-finally.test.ts.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('finally-derivation');

const ts = (js: boolean, text: string) => (js ? '' : text);
const ext = (js: boolean) => (js ? 'js' : 'ts');

const HEAD = `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
`;

/** `extractRoots` takes the answer whole and returns its roots, as filesystem-context-mcp-server's does. */
const EXTRACT = (js: boolean) => `function isRoot(value${ts(js, ': unknown')})${ts(js, ': value is { uri: string }')} {
  return typeof value === 'object' && value !== null && typeof ${js ? 'value.uri' : '(value as { uri?: unknown }).uri'} === 'string';
}
function extractRoots(value${ts(js, ': unknown')})${ts(js, ': Array<{ uri: string }>')} {
  const raw = typeof value === 'object' && value !== null && 'roots' in value ? ${js ? 'value.roots' : '(value as { roots?: unknown }).roots'} : undefined;
  return Array.isArray(raw) ? raw.filter(isRoot) : [];
}
`;

/** The module spelling: `derive` is how the derivation is declared (`function recompute()` or a const arrow), `DERIVE` its body. */
const MODULE = (js: boolean, arrow: boolean, derive = DERIVE, after = '') => `${HEAD}
const configured${ts(js, ': string[]')} = (process.env.ALLOWED ?? '').split(':').filter((dir) => dir !== '');
let rootDirs${ts(js, ': string[]')} = [];
let allowed${ts(js, ': string[]')} = [];
${EXTRACT(js)}
${arrow ? `const recompute = async ()${ts(js, ': Promise<void>')} => {` : `async function recompute()${ts(js, ': Promise<void>')} {`}
${derive}
}${arrow ? ';' : ''}

async function update(server${ts(js, ': McpServer')})${ts(js, ': Promise<void>')} {
  try {
    const result = await server.server.listRoots();
    const roots = extractRoots(result);
    rootDirs = roots.map((root) => fileURLToPath(root.uri));
  } catch (error) {
    rootDirs = [];
    console.error('roots unavailable:', String(error));
  } finally {
    await recompute();
  }
}

const server = new McpServer({ name: 's', version: '1.0.0' });
server.server.setNotificationHandler('notifications/initialized', async () => {
  await update(server);
});
server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join(',') }] }));

export async function start(transport${ts(js, ": Parameters<McpServer['connect']>[0]")})${ts(js, ': Promise<void>')} {
  await recompute();
  await server.connect(transport);${after}
}
`;

const DERIVE = `  const inside = configured.length > 0 ? rootDirs.filter((dir) => configured.some((c) => dir.startsWith(c))) : rootDirs;
  const combined = [...configured, ...inside];
  if (combined.length === 0) console.error('no directories: nothing allowed');
  allowed = combined;`;

/** The class spelling: the fill and the derivation are methods writing fields. */
const CLASS = (js: boolean) => `${HEAD}
${EXTRACT(js)}
export class Workspace {
  ${ts(js, 'readonly ')}server = new McpServer({ name: 's', version: '1.0.0' });
  ${ts(js, 'private ')}rootDirs${ts(js, ': string[]')} = [];
  ${ts(js, 'private ')}allowed${ts(js, ': string[]')} = [];
  ${ts(js, 'private readonly ')}configured${ts(js, ': string[]')} = (process.env.ALLOWED ?? '').split(':').filter((dir) => dir !== '');

  constructor() {
    this.server.server.setNotificationHandler('notifications/initialized', async () => {
      await this.update();
    });
    this.server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: this.allowed.join(',') }] }));
  }

  async start(transport${ts(js, ": Parameters<McpServer['connect']>[0]")})${ts(js, ': Promise<void>')} {
    await this.recompute();
    await this.server.connect(transport);
  }

  ${ts(js, 'private ')}async recompute()${ts(js, ': Promise<void>')} {
    const inside = this.configured.length > 0 ? this.rootDirs.filter((dir) => this.configured.some((c) => dir.startsWith(c))) : this.rootDirs;
    this.allowed = [...this.configured, ...inside];
  }

  ${ts(js, 'private ')}async update()${ts(js, ': Promise<void>')} {
    try {
      const result = await this.server.server.listRoots();
      this.rootDirs = extractRoots(result).map((root) => fileURLToPath(root.uri));
    } catch (error) {
      this.rootDirs = [];
      console.error('roots unavailable:', String(error));
    } finally {
      await this.recompute();
    }
  }
}
`;

/** The allowed directories behind a setter in another module, exported through a barrel; the tool reads the getter. */
const PATHS = (js: boolean) => `let allowedDirectories${ts(js, ': string[]')} = [];
export function setAllowedDirectories(dirs${ts(js, ': readonly string[]')})${ts(js, ': void')} {
  allowedDirectories = [...new Set(dirs)];
}
export function getAllowedDirectories()${ts(js, ': string[]')} {
  return [...allowedDirectories];
}
`;
const SETTER = (js: boolean) =>
  MODULE(js, false, `  const inside = configured.length > 0 ? rootDirs.filter((dir) => configured.some((c) => dir.startsWith(c))) : rootDirs;
  setAllowedDirectories([...configured, ...inside]);`)
    .replace(`let allowed${ts(js, ': string[]')} = [];\n`, '')
    .replace(HEAD, `${HEAD}import { getAllowedDirectories, setAllowedDirectories } from './lib.js';\n`)
    .replace('allowed.join', 'getAllowedDirectories().join');

/** filesystem-context-mcp-server's path-validation: an exported setter taking a signal too, which expands the directories and hands them to the module's own setter. */
const FORWARDING_PATHS = (js: boolean) => `import { realpath } from 'node:fs/promises';
let allowedDirectories${ts(js, ': string[]')} = [];
function setAllowedDirectories(dirs${ts(js, ': readonly string[]')})${ts(js, ': void')} {
  const normalized = dirs.map((dir) => dir.trim()).filter((dir) => dir.length > 0);
  allowedDirectories = [...new Set(normalized)];
}
export async function setAllowedDirectoriesResolved(dirs${ts(js, ': readonly string[]')}, signal${ts(js, '?: AbortSignal')})${ts(js, ': Promise<void>')} {
  const expanded = await Promise.all(dirs.map((dir) => (signal?.aborted ? dir : realpath(dir).catch(() => dir))));
  setAllowedDirectories(expanded);
}
export function getAllowedDirectories()${ts(js, ': string[]')} {
  return [...allowedDirectories];
}
`;
const FORWARDING = (js: boolean) => {
  const text = SETTER(js).replace(/setAllowedDirectories\b/g, 'setAllowedDirectoriesResolved').replace('  setAllowedDirectoriesResolved([...configured, ...inside]);', '  await setAllowedDirectoriesResolved([...configured, ...inside], undefined);');
  // A spelling that did not change the text would prove nothing.
  if (!text.includes('await setAllowedDirectoriesResolved([...configured, ...inside], undefined);')) throw new Error('the forwarding spelling did not apply');
  return text;
};

const SPELLINGS: Record<string, (js: boolean) => Record<string, string>> = {
  'a named function handed the server, writing a module variable': (js) => ({ [`server.${ext(js)}`]: MODULE(js, false) }),
  'a const arrow writing a module variable': (js) => ({ [`server.${ext(js)}`]: MODULE(js, true) }),
  'class methods writing fields (this.recompute())': (js) => ({ [`server.${ext(js)}`]: CLASS(js) }),
  'a setter forwarding to its module\'s own setter (two parameters, awaited)': (js) => ({ [`server.${ext(js)}`]: FORWARDING(js), [`paths.${ext(js)}`]: FORWARDING_PATHS(js), [`lib.${ext(js)}`]: "export * from './paths.js';\n" }),
  'a setter of another module behind a barrel': (js) => ({ [`server.${ext(js)}`]: SETTER(js), [`paths.${ext(js)}`]: PATHS(js), [`lib.${ext(js)}`]: "export * from './paths.js';\n" }),
};

describe("a fill's finally that re-derives the state the tools read, per request", () => {
  for (const [name, files] of Object.entries(SPELLINGS)) {
    for (const js of [false, true]) {
      it(`${name} (${ext(js)}): the helper keeps the finally and runs for every client`, () => {
        const written = files(js);
        const dir = project(`ok-${ext(js)}`, written);
        const first = migrate(dir);
        expect(first.requests).toEqual([{ outcome: 'rewritten', detail: expect.any(String) }]);
        const after = first.changed[`server.${ext(js)}`]!;
        expect(after).toMatch(/finally \{\n\s+await (this\.)?recompute\(\);/);
        // Whatever the client declared: a client without roots took the catch, then the finally.
        expect(after).toMatch(/\n\s+await (this\.)?update\((server, )?ctx\);/);
        expect(after).not.toMatch(/clientDeclaresRoots\(ctx, [^)]*\)\) await/);
        expect(after).not.toMatch(/notifications\/initialized/);
        // The start-up derivation stays ahead of the connect.
        expect(after).toMatch(/await (this\.)?recompute\(\);\n\s+await (this\.)?server\.connect/);
        if (!js) expect(typecheck(dir)).toEqual([]);
        expect(migrate(dir).changed).toEqual({});
      });
    }
  }
});

describe('what keeps the marker', () => {
  const marked = (files: Record<string, string>, detail: RegExp) => {
    const dir = project('marked', files);
    const { requests, changed } = migrate(dir);
    expect(requests).toEqual([{ outcome: 'marked', detail: expect.stringMatching(detail) }]);
    expect(Object.values(changed).join("")).toMatch(/uproot: \[background\]/);
  };

  it('a derivation that also writes a file: it would repeat on every call', () => {
    const text = MODULE(false, false, `${DERIVE}\n  writeFileSync('/tmp/allowed.txt', allowed.join('\\n'));`).replace(HEAD, `${HEAD}import { writeFileSync } from 'node:fs';\n`);
    marked({ 'server.ts': text }, /recompute\(\), which the fill's finally block runs, calls writeFileSync\(\) at line \d+/);
  });

  it('a derivation also run after the connect', () => {
    marked({ 'server.ts': MODULE(false, false, DERIVE, '\n  await recompute();') }, /recompute\(\) re-derives state from the roots after every fill and is also called at line \d+, after the server connected/);
  });

  it('a finally that does more than call a derivation', () => {
    const text = MODULE(false, false).replace('    await recompute();\n  }\n}', "    await recompute();\n    console.error('done');\n  }\n}");
    expect(text).toMatch(/console.error\('done'\)/);
    marked({ 'server.ts': text }, /the fill's finally block \(line \d+\) does more than call a function of this file that re-derives state/);
  });

  it('an answer helper that writes more than its locals', () => {
    const text = MODULE(false, false).replace("  return Array.isArray(raw) ? raw.filter(isRoot) : [];", "  seen.push(value);\n  return Array.isArray(raw) ? raw.filter(isRoot) : [];").replace('let rootDirs', 'const seen: unknown[] = [];\nlet rootDirs');
    expect(text).toMatch(/seen\.push\(value\)/);
    marked({ 'server.ts': text }, /the hook does more than fetch roots \(line \d+\)/);
  });
});
