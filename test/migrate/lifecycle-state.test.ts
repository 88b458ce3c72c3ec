// `--to mrtr --lifecycle per-request` on the core state analysis, planned without the CLI: the
// rewrite of each state shape (read side by side with its fixture under e2e/fixtures/lifecycle),
// a second run that changes nothing, and the shapes that must stay marked, with the marker's reason.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planMrtrProject, type SourceFile } from '../../transforms/mrtr.ts';
import { TMP_DIR } from '../e2e/harness/load.ts';
import { typecheck } from '../e2e/harness/typecheck.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../e2e/fixtures/lifecycle');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'uproot-lifecycle-state-'));
const inRepo: string[] = [];
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  for (const dir of inRepo) rmSync(dir, { recursive: true, force: true });
});

/** The files of a fixture directory (copied to a scratch directory, so the module graph reads the migrated text on the second run). */
function copy(name: string, files?: Record<string, string>): string {
  const dir = mkdtempSync(path.join(scratch, `${name}-`));
  const source = files ?? Object.fromEntries(readdirSync(path.join(FIXTURES, name)).filter((f) => /\.[jt]s$/.test(f)).map((f) => [f, readFileSync(path.join(FIXTURES, name, f), 'utf8')]));
  for (const [file, text] of Object.entries(source)) writeFileSync(path.join(dir, file), text);
  return dir;
}

function sources(dir: string): SourceFile[] {
  return readdirSync(dir).filter((f) => /\.[jt]s$/.test(f)).sort().map((f) => ({ path: path.join(dir, f), text: readFileSync(path.join(dir, f), 'utf8') }));
}

/** One per-request run over the directory: writes the changed files, returns them and every outcome. */
function migrate(dir: string) {
  const files = sources(dir);
  const { plans, failures } = planMrtrProject(files, { lifecycle: 'per-request' });
  expect([...failures.keys()]).toEqual([]);
  const changed: Record<string, string> = {};
  const outcomes: Array<{ file: string; line: number; outcome: string; reason?: string; detail?: string }> = [];
  for (const f of files) {
    const plan = plans.get(f.path);
    if (!plan) continue;
    for (const o of plan.outcomes) outcomes.push({ file: path.basename(f.path), line: o.site.line, outcome: o.outcome, reason: o.reason, detail: o.detail });
    const text = applyEdits(f.text!, plan.edits);
    if (text === f.text) continue;
    writeFileSync(f.path, text);
    changed[path.basename(f.path)] = text;
  }
  return { changed, outcomes };
}

describe('--lifecycle per-request rewrites roots state', () => {
  it.each([
    ['field-ts', ['server.ts']],
    ['helper-module-ts', ['server.ts']],
    ['setter-barrel-js', ['server.js']],
    ['lazy-getter-js', ['server.js']],
    ['lazy-getter-ts', ['server.ts']],
    ['setter-try-ts', ['server.ts']],
    ['workspace-field-js', ['server.js']],
  ])('%s: every site rewritten, the output as reviewed, and a second run changes nothing', async (name, files) => {
    const dir = copy(name);
    const first = migrate(dir);
    expect(first.outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(Object.keys(first.changed).sort()).toEqual(files);
    for (const file of files) await expect(first.changed[file]).toMatchFileSnapshot(`./__snapshots__/lifecycle-state/${name}/${file}.snap`);
    const second = migrate(dir);
    expect(second.changed).toEqual({});
  });

  it('a class field: the write moves to the top of each reading handler, after the roots are asked for', () => {
    const { changed } = migrate(copy('field-ts'));
    const text = changed['server.ts']!;
    expect(text).not.toMatch(/\.oninitialized|notifications\/roots\/list_changed|\.server\.listRoots\(\)/);
    const ask = text.indexOf("return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });");
    const write = text.indexOf('if (clientDeclaresRoots(ctx, this.mcp.server)) this.allowed = (await rootsFromAnswer(ctx)).roots.map((root) => fileURLToPath(root.uri));');
    const sideEffect = text.indexOf('if (!this.inside(dir))');
    expect(ask).toBeGreaterThan(0);
    expect(write).toBeGreaterThan(ask);
    expect(sideEffect).toBeGreaterThan(write);
    // The field stays: the class's helper method reads it as before.
    expect(text).toContain('private allowed: string[] = [];');
  });

  it('a setter behind a barrel: the setter module and the barrel stay as they were', () => {
    const dir = copy('setter-barrel-js');
    const before = { dirs: readFileSync(path.join(dir, 'dirs.js'), 'utf8'), lib: readFileSync(path.join(dir, 'lib.js'), 'utf8') };
    const { changed } = migrate(dir);
    expect(Object.keys(changed)).toEqual(['server.js']);
    expect(changed['server.js']).toContain('if (clientDeclaresRoots(ctx, server.server)) setAllowedDirectories((await rootsFromAnswer(ctx)).roots.map((root) => fileURLToPath(root.uri)));');
    expect(readFileSync(path.join(dir, 'dirs.js'), 'utf8')).toBe(before.dirs);
    expect(readFileSync(path.join(dir, 'lib.js'), 'utf8')).toBe(before.lib);
  });
});

/** The outcome of the roots request in `file` (the one `server.server.listRoots()` call of its original text). */
function requestOutcome(original: string, file: string, outcomes: ReturnType<typeof migrate>['outcomes']) {
  const line = original.slice(0, original.indexOf('server.server.listRoots()')).split('\n').length;
  return outcomes.find((o) => o.file === file && o.line === line);
}

const SERVER = `import { fileURLToPath } from 'node:url';\nimport { McpServer } from '@modelcontextprotocol/server';\n\nconst server = new McpServer({ name: 's', version: '1.0.0' });\n`;

describe('--lifecycle per-request on a getter that stores what it fetches', () => {
  it('a cache written on every call and read only by its getter is threaded, with no guard to drop', () => {
    const dir = copy('getter-every-call', {
      'server.ts': `${SERVER}let last: string[] = [];
async function dirs() {
  last = (await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri));
  return last;
}
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: (await dirs()).join(',') }] }));
`,
    });
    const first = migrate(dir);
    expect(first.outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(first.changed['server.ts']).toContain('  last = (await rootsFromAnswer(ctx)).roots.map((r) => fileURLToPath(r.uri));');
    expect(migrate(dir).changed).toEqual({});
  });

  it('a one-line guard (`if (!cache) cache = …;`) goes as the block form does', () => {
    const dir = copy('getter-one-line', {
      'server.ts': `${SERVER}let cache: string[] | undefined;
async function dirs() {
  if (cache === undefined) cache = (await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri));
  return cache;
}
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: (await dirs()).join(',') }] }));
`,
    });
    const first = migrate(dir);
    expect(first.outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    expect(first.changed['server.ts']).toContain('\n  cache = (await rootsFromAnswer(ctx)).roots.map((r) => fileURLToPath(r.uri));\n  return cache;');
    expect(migrate(dir).changed).toEqual({});
  });

  it('a cache another handler reads directly stays marked', () => {
    const dir = copy('getter-shared', {
      'server.ts': `${SERVER}let last: string[] = [];
async function dirs() {
  last = (await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri));
  return last;
}
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: (await dirs()).join(',') }] }));
server.registerTool('count', {}, async () => ({ content: [{ type: 'text', text: String(last.length) }] }));
`,
    });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { outcomes } = migrate(dir);
    const request = requestOutcome(before, 'server.ts', outcomes)!;
    expect(request).toMatchObject({ outcome: 'marked', reason: 'shared-state' });
    expect(request.detail).toMatch(/last is read outside its getter \(line 11\)/);
  });
});

describe('--lifecycle per-request on a startup timer', () => {
  it('the timer becomes the per-request helper; the output type-checks against the real SDK and migrates to itself', () => {
    const source = path.resolve(import.meta.dirname, '../e2e/fixtures/lifecycle-unit/background-ts');
    mkdirSync(TMP_DIR, { recursive: true });
    // Inside the repository (and named like the harness's copies), so the SDK and zod resolve.
    const dir = mkdtempSync(path.join(TMP_DIR, `background-ts-p${process.pid}-`));
    inRepo.push(dir);
    writeFileSync(path.join(dir, 'server.ts'), readFileSync(path.join(source, 'server.ts'), 'utf8'));
    const first = migrate(dir);
    expect(first.outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    const text = first.changed['server.ts']!;
    expect(text).not.toContain('setTimeout');
    expect(text).toContain('const deriveRootsState = async (ctx: ServerContext) => {');
    expect(text).toContain('const { roots } = await rootsFromAnswer(ctx);');
    expect(text).toContain('if (clientDeclaresRoots(ctx, this.server.server)) await deriveRootsState(ctx);');
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request on a notifications/initialized handler', () => {
  it('the handler becomes the per-request helper, its capability gate a per-request check', () => {
    const dir = copy('initialized-handler', {
      'server.ts': `${SERVER}let workspace: string | undefined;
server.server.setNotificationHandler('notifications/initialized', async () => {
  if (!server.server.getClientCapabilities()?.roots) return;
  const { roots } = await server.server.listRoots();
  workspace = roots[0] ? fileURLToPath(roots[0].uri) : undefined;
});
server.registerTool('where', {}, async () => ({ content: [{ type: 'text', text: workspace ?? 'none' }] }));
`,
    });
    const first = migrate(dir);
    expect(first.outcomes.filter((o) => o.outcome !== 'rewritten')).toEqual([]);
    const text = first.changed['server.ts']!;
    expect(text).toContain(`const deriveRootsState = async (ctx: ServerContext) => {
  if (!clientDeclaresRoots(ctx, server.server)) return;
  const { roots } = await rootsFromAnswer(ctx);
  workspace = roots[0] ? fileURLToPath(roots[0].uri) : undefined;
};`);
    expect(text).not.toContain("'notifications/initialized'");
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker where it cannot prove the rewrite', () => {
  it('a per-session map: one process serves several clients, whose roots the rewrite cannot keep apart', () => {
    const dir = copy('session-map', {
      'server.ts': `${SERVER}const rootsBySession = new Map<string, string[]>();
server.server.oninitialized = async () => {
  rootsBySession.set('default', (await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri)));
};
server.registerTool('where', {}, async (ctx) => ({ content: [{ type: 'text', text: (rootsBySession.get(ctx.sessionId ?? 'default') ?? []).join(',') }] }));
`,
    });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { changed, outcomes } = migrate(dir);
    const request = requestOutcome(before, 'server.ts', outcomes)!;
    expect(request).toMatchObject({ outcome: 'marked', reason: 'lifecycle' });
    // The detail names the key the fill writes under and the keys the tools read with: they differ here.
    expect(request.detail).toMatch(/kept per session in rootsBySession, keyed by 'default' and read with ctx\.sessionId \?\? 'default' \(line \d+\); a per-request rewrite has to write each answer under the key/);
    expect(changed['server.ts']).toContain('// uproot: [lifecycle]');
    expect(changed['server.ts']).toContain('oninitialized');
  });

  it('a hook that also does other work (starting a watcher) keeps its marker, naming the line', () => {
    const dir = copy('hook-other-work', {
      'server.ts': `${SERVER}let dirs: string[] = [];
function watch(d: string[]) { return d.length; }
server.server.oninitialized = async () => {
  const { roots } = await server.server.listRoots();
  dirs = roots.map((r) => fileURLToPath(r.uri));
  watch(dirs);
};
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: dirs.join(',') }] }));
`,
    });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { outcomes } = migrate(dir);
    const request = requestOutcome(before, 'server.ts', outcomes)!;
    expect(request).toMatchObject({ outcome: 'marked', reason: 'lifecycle' });
    expect(request.detail).toBe('the hook does more than fetch roots (line 10)');
  });

  it('a hook gated on something besides the roots capability keeps its marker (the per-request check would not stand for it)', () => {
    const dir = copy('hook-other-gate', {
      'server.ts': `${SERVER}const enabled = process.env.USE_ROOTS === '1';
let dirs: string[] = [];
server.server.oninitialized = async () => {
  if (enabled) dirs = (await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri));
};
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: dirs.join(',') }] }));
`,
    });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { changed, outcomes } = migrate(dir);
    expect(requestOutcome(before, 'server.ts', outcomes)).toMatchObject({ outcome: 'marked', reason: 'lifecycle' });
    expect(changed['server.ts']).toContain('if (enabled) dirs = (await server.server.listRoots())');
  });

  it('a setter module another file of the run also imports: that file\'s handlers would lose the roots', () => {
    const dir = copy('setter-shared', {
      'dirs.ts': `let allowed: string[] = [];\nexport function setAllowed(d: string[]) { allowed = d; }\nexport function isAllowed(p: string) { return allowed.some((d) => p.startsWith(d)); }\n`,
      'server.ts': `${SERVER}import { isAllowed, setAllowed } from './dirs.js';
server.server.oninitialized = async () => {
  setAllowed((await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri)));
};
server.registerTool('check', {}, async () => ({ content: [{ type: 'text', text: String(isAllowed('/x')) }] }));
`,
      'other.ts': `import { isAllowed } from './dirs.js';\nexport const check = (p: string) => isAllowed(p);\n`,
    });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { outcomes } = migrate(dir);
    const request = requestOutcome(before, 'server.ts', outcomes)!;
    expect(request).toMatchObject({ outcome: 'marked', reason: 'lifecycle' });
    expect(request.detail).toMatch(/dirs\.ts is also imported by .*other\.ts/);
  });

  it('a setter module that names the state in a type (`value: typeof allowed`): a type query is no reader, the state is derived per request', () => {
    const dir = copy('setter-typeof', {
      'dirs.ts': `let allowed: string[] = [];\nexport function setAllowed(d: typeof allowed): void { allowed = d; }\nexport function isAllowed(p: string): boolean { return allowed.some((d) => p.startsWith(d)); }\n`,
      'server.ts': `${SERVER}import { isAllowed, setAllowed } from './dirs.js';
server.server.oninitialized = async () => {
  setAllowed((await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri)));
};
server.registerTool('check', {}, async () => ({ content: [{ type: 'text', text: String(isAllowed('/x')) }] }));
`,
    });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { outcomes } = migrate(dir);
    const request = requestOutcome(before, 'server.ts', outcomes)!;
    expect(request, request.detail).toMatchObject({ outcome: 'rewritten' });
  });

  it("roots a framework hands to its users (a public getter, as FastMCP's session.roots): the marker names the per-call API the framework needs", () => {
    const session = readFileSync(path.join(import.meta.dirname, '../e2e/fixtures/lifecycle-unit/framework-session-ts/session.ts'), 'utf8');
    const dir = copy('framework-session', { 'session.ts': session });
    const { outcomes, changed } = migrate(dir);
    const line = session.slice(0, session.indexOf('.listRoots()')).split('\n').length;
    const request = outcomes.find((o) => o.file === 'session.ts' && o.line === line)!;
    expect(request).toMatchObject({ outcome: 'marked', reason: 'lifecycle' });
    expect(request.detail).toMatch(/public getter roots returns them to the package's users; a per-request form has to ask for roots in the framework's own tools\/call .* wrapper .* context\.roots .* on the v2 SDK/);
    expect(changed['session.ts']).toContain('// uproot: [lifecycle]');
  });

  it('state a timer reads: the timer has no request to ask for roots', () => {
    const dir = copy('timer-reader', {
      'server.ts': `${SERVER}class Watcher {
  private dirs: string[] = [];
  constructor() {
    server.server.oninitialized = async () => {
      this.dirs = (await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri));
    };
    server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: this.dirs.join(',') }] }));
    setInterval(() => console.error(this.dirs.length), 1000);
  }
}
export const watcher = new Watcher();
`,
    });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { outcomes } = migrate(dir);
    const request = requestOutcome(before, 'server.ts', outcomes)!;
    expect(request).toMatchObject({ outcome: 'marked', reason: 'lifecycle' });
    expect(request.detail).toMatch(/this\.dirs is read at line 12/);
  });

  it('a cache filled under another condition than "not yet filled" stays marked shared-state', () => {
    const dir = copy('lazy-other', {
      'server.ts': `${SERVER}let cache: string[] | undefined;
let calls = 0;
async function dirs() {
  if (calls++ % 10 === 0) cache = (await server.server.listRoots()).roots.map((r) => fileURLToPath(r.uri));
  return cache ?? [];
}
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: (await dirs()).join(',') }] }));
`,
    });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { outcomes } = migrate(dir);
    const request = requestOutcome(before, 'server.ts', outcomes)!;
    expect(request).toMatchObject({ outcome: 'marked', reason: 'shared-state' });
    expect(request.detail).toMatch(/filled under a condition other than "not yet filled"/);
  });
});

describe('--lifecycle per-request on v1 code (no --with-sdk-upgrade)', () => {
  // The same init-hook state, once importing v2 (derived per request) and once v1 (no MRTR: marked, v1 left as it was).
  const hookState = (sdk: string, spelling: 'js' | 'ts') => `import { fileURLToPath } from 'node:url';
import { McpServer } from '${sdk}';
let projectDir${spelling === 'ts' ? ': string | undefined' : ''};
export function createServer() {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  server.server.oninitialized = async () => {
    if (server.server.getClientCapabilities()?.roots) {
      const { roots } = await server.server.listRoots();
      projectDir = roots.length > 0 ? fileURLToPath(roots[0]${spelling === 'ts' ? '!' : ''}.uri) : undefined;
    }
  };
  server.registerTool('where', {}, async () => ({ content: [{ type: 'text', text: projectDir ?? process.cwd() }] }));
  return server;
}
`;

  it.each([
    ['js', '@modelcontextprotocol/sdk/server/mcp.js'],
    ['ts', '@modelcontextprotocol/sdk/server/mcp.js'],
  ] as const)('%s: the state is marked v1-sdk and no v2 import or MRTR code is written into the v1 file', (spelling, sdk) => {
    const file = `server.${spelling}`;
    const dir = copy(`v1-hook-${spelling}`, { [file]: hookState(sdk, spelling) });
    const before = readFileSync(path.join(dir, file), 'utf8');
    const { changed, outcomes } = migrate(dir);
    const request = requestOutcome(before, file, outcomes)!;
    expect(request).toMatchObject({ outcome: 'marked', reason: 'v1-sdk' });
    expect(request.detail).toMatch(/derived per request once the SDK is v2/);
    const after = changed[file] ?? before;
    expect(after).not.toMatch(/@modelcontextprotocol\/server|inputRequired|inputResponse/);
    expect(after).toContain('await server.server.listRoots()');
    expect(migrate(dir).changed).toEqual({});
  });

  it('the same state importing v2 is derived per request (the v1 marker comes from the SDK, not the shape)', () => {
    const dir = copy('v2-hook-ts', { 'server.ts': hookState('@modelcontextprotocol/server', 'ts') });
    const before = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const { changed, outcomes } = migrate(dir);
    expect(requestOutcome(before, 'server.ts', outcomes)).toMatchObject({ outcome: 'rewritten' });
    expect(changed['server.ts']).toMatch(/inputRequired\.listRoots\(\)/);
  });
});
