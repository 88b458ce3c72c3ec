// `--lifecycle per-request` on roots state that start-up code reads only to log (issue 20: filesystem-context's
// `logMissingDirectoriesIfNeeded()` after `connect`, warning when no directory is configured). Its value only
// picks which lines reach the process's own log, which no MCP client reads: the per-request form keeps the read,
// and the report says it now sees the state as the latest handler call left it. Written the ways authors write
// it (a logger at a level, a class method writing stderr, the state behind a setter of another module with a
// local log function; TS and JS), the state is rewritten. A read whose branch does more than log, a "log"
// function that sends an MCP logging message, or a test with a side effect keeps the marker.
import { describe, expect, it } from 'vitest';
import { typecheck } from '../e2e/harness/typecheck.ts';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('log-reads');

const HEAD = `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';

type Transport = Parameters<McpServer['connect']>[0];
export const server = new McpServer({ name: 's', version: '1.0.0' });
let allowed: string[] = process.env.START_DIR ? [path.resolve(process.env.START_DIR)] : [];
server.server.oninitialized = async () => {
  if (server.server.getClientCapabilities()?.roots) {
    allowed = (await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri));
  }
};
server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join(',') }] }));
`;

/** The JavaScript an author would write for the same TypeScript: the annotations and the type alias go. */
const js = (ts: string) => ts.replace(/^type Transport = .*\n/m, '').replace(/: (Promise<void>|void|string\[\]|string|number|Transport)(?![\w<])/g, '');

const LOGGED: Record<string, string> = {
  'a named logger called at a level, from a function run after connect': `${HEAD}const logger = { warn: (message: string) => console.error(\`[warn] \${message}\`) };
function warnIfEmpty(): void {
  if (allowed.length === 0) {
    logger.warn('no directories configured');
  }
}
export async function start(transport: Transport): Promise<void> {
  await server.connect(transport);
  warnIfEmpty();
}
`,
  'a class method that writes stderr through another method, either branch': `${HEAD}class Startup {
  async run(transport: Transport): Promise<void> {
    await server.connect(transport);
    this.report();
  }
  report(): void {
    if (allowed.length === 0) this.write('no directories configured\\n');
    else this.write(\`\${allowed.length} directories\\n\`);
  }
  write(line: string): void {
    process.stderr.write(line);
  }
}
export const startup = new Startup();
`,
  'a log function of its own, a const arrow that returns early, reached from an exported start': `${HEAD}const logMissing = (count: number): void => {
  if (count > 0) return;
  console.error('WARNING: no directories configured.');
  console.error('The server cannot read files until directories are configured.');
};
export async function start(transport: Transport): Promise<void> {
  await server.connect(transport);
  logMissing(allowed.length);
}
`,
};

// The state in a module of its own, written through a setter and read through a getter (filesystem-context's shape).
const DIRS_MODULE = `let dirs: string[] = [];
export function setDirs(next: string[]): void {
  dirs = next;
}
export function getDirs(): string[] {
  return dirs;
}
`;
const SETTER_HEAD = `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { getDirs, setDirs } from './dirs.js';

export const server = new McpServer({ name: 's', version: '1.0.0' });
server.server.oninitialized = async () => {
  setDirs((await server.server.listRoots()).roots.map((root) => fileURLToPath(root.uri)));
};
server.registerTool('dirs', {}, async () => ({ content: [{ type: 'text', text: getDirs().join(',') }] }));
`;

const LINE = (source: string) => HEAD.split('\n').length - 1 + source.slice(HEAD.length).split('\n').findIndex((l) => /\ballowed\b/.test(l)) + 1;

describe('--lifecycle per-request rewrites state that start-up code only logs', () => {
  it.each(Object.entries(LOGGED))('%s (TS): the state is derived per request, the report names the logged read', (name, source) => {
    const dir = project(`ts-${name.replace(/\W+/g, '-').slice(0, 20)}`, { 'server.ts': source });
    const first = migrate(dir);
    expect(first.requests).toHaveLength(1);
    expect(first.requests[0]).toMatchObject({ outcome: 'rewritten' });
    expect(first.requests[0]!.detail).toMatch(new RegExp(`outside any MCP request at line ${LINE(source)}\\b.*latest handler call`));
    const text = first.changed['server.ts']!;
    expect(text).not.toMatch(/oninitialized|server\.server\.listRoots\(\)/);
    // The logged read is kept as written: it still logs, from the start-up value until a handler asks for roots.
    expect(text).toContain(source.split('\n')[LINE(source) - 1]!.trim());
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });

  it.each(Object.entries(LOGGED))('%s (JS): the same outcome', (name, source) => {
    const dir = project(`js-${name.replace(/\W+/g, '-').slice(0, 20)}`, { 'server.js': js(source) });
    expect(js(source)).not.toMatch(/: (string|void|number|Transport|Promise)\b/);
    const first = migrate(dir);
    expect(first.requests).toEqual([expect.objectContaining({ outcome: 'rewritten' })]);
    expect(first.requests[0]!.detail).toMatch(/outside any MCP request at line \d+\b.*latest handler call/);
    expect(migrate(dir).changed).toEqual({});
  });

  it('the state behind a setter of another module, read by a start-up helper that only logs', () => {
    const dir = project('setter', {
      'dirs.ts': DIRS_MODULE,
      'server.ts': `${SETTER_HEAD}function logMissingDirectoriesIfNeeded(): void {
  if (getDirs().length === 0) {
    process.stderr.write('No directories configured.\\n');
  }
}
export async function start(transport: Parameters<McpServer['connect']>[0]): Promise<void> {
  await server.connect(transport);
  logMissingDirectoriesIfNeeded();
}
`,
    });
    const first = migrate(dir);
    expect(first.requests).toEqual([expect.objectContaining({ outcome: 'rewritten' })]);
    expect(first.requests[0]!.detail).toMatch(/outside any MCP request at line 11\b/);
    expect(first.changed['server.ts']).toContain('if (getDirs().length === 0) {');
    expect(typecheck(dir)).toEqual([]);
    expect(migrate(dir).changed).toEqual({});
  });
});

describe('--lifecycle per-request keeps the marker where the start-up read does more than log', () => {
  const marked = (name: string, tail: string, line: number) => {
    const dir = project(name, { 'server.ts': `${HEAD}${tail}` });
    const { requests, changed } = migrate(dir);
    expect(requests).toEqual([expect.objectContaining({ outcome: 'marked' })]);
    expect(requests[0]!.detail).toMatch(new RegExp(`allowed is read at line ${HEAD.split('\n').length - 1 + line} from`));
    expect(changed['server.ts'] ?? '').not.toContain('deriveRootsState');
  };

  it('a branch that also sets the exit code', () => {
    marked('exit', `export async function start(transport: Transport): Promise<void> {
  await server.connect(transport);
  if (allowed.length === 0) {
    console.error('no directories');
    process.exitCode = 1;
  }
}
`, 3);
  });

  it('a "log" function that sends an MCP logging message, which the client reads', () => {
    marked('mcp-log', `function note(message: string): void {
  void server.server.sendLoggingMessage({ level: 'warning', data: message });
}
export async function start(transport: Transport): Promise<void> {
  await server.connect(transport);
  if (allowed.length === 0) note('no directories');
}
`, 6);
  });

  it('a test that does something beside reading', () => {
    marked('test-effect', `let warned = 0;
export async function start(transport: Transport): Promise<void> {
  await server.connect(transport);
  if (allowed.length === 0 && warned++ === 0) console.error('no directories');
}
`, 4);
  });

  it('the getter of a setter module called by a timer that sets the exit code (not only by the handlers)', () => {
    const dir = project('setter-timer', {
      'dirs.ts': DIRS_MODULE,
      'server.ts': `${SETTER_HEAD}export async function start(transport: Parameters<McpServer['connect']>[0]): Promise<void> {
  await server.connect(transport);
  setInterval(() => {
    if (getDirs().length === 0) process.exitCode = 1;
  }, 1000);
}
`,
    });
    const { requests, changed } = migrate(dir);
    expect(requests).toEqual([expect.objectContaining({ outcome: 'marked' })]);
    expect(requests[0]!.detail).toMatch(/setDirs is read at line 13 from setInterval, which has no request to ask for roots/);
    expect(changed['server.ts'] ?? '').not.toContain('rootsFromAnswer');
  });

  it('a log function held in a let, which anything may have replaced', () => {
    marked('let-log', `let say = (message: string): void => console.error(message);
export function quiet(): void {
  say = () => undefined;
}
export async function start(transport: Transport): Promise<void> {
  await server.connect(transport);
  if (allowed.length === 0) say('no directories');
}
`, 7);
  });
});
