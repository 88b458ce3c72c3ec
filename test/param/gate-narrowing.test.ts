// A capability check that narrows what the code below it reads (issue 20, found on a real server):
// `if (caps?.roots) { …request… if (caps.roots.listChanged) watch(); }`. When the check becomes
// `rootsConfigured(…)` the inner read loses that narrowing, so it must become an optional chain (in a
// condition, where that keeps the value and type-checks) or hold the whole substitution behind one
// marker. Each spelling an author would use, in TS and in checked JS, is migrated by the real runner
// on a copy inside the repository, type-checked against the real SDK, and migrated again.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { TMP_DIR } from '../e2e/harness/load.ts';
import { typecheck } from '../e2e/harness/typecheck.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function write(name: string, file: string, text: string): string {
  mkdirSync(TMP_DIR, { recursive: true });
  const dir = mkdtempSync(path.join(TMP_DIR, `narrowing-${name}-p${process.pid}-`));
  made.push(dir);
  writeFileSync(path.join(dir, file), text);
  return dir;
}

async function migrate(dir: string) {
  const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: false });
  expect(result.failures).toEqual([]);
  const outcomes = result.files.flatMap((f) => f.outcomes.filter((o) => o.site.side === 'server').map((o) => [o.site.kind, o.outcome, o.reason].filter(Boolean).join(':')));
  const details = result.files.flatMap((f) => f.outcomes.map((o) => o.detail ?? ''));
  return { changed: result.files.some((f) => f.changed), outcomes, details };
}

/**
 * A notes server that loads its directories from an exported `load()` (so the state stays and only its
 * source changes) behind a roots check, and watches for changes when the client says it sends them.
 * `check` is the gate, `declare` what the function starts with, `inner` the read under the gate.
 */
function server(o: { js: boolean; declare: string; check: string; inner: string }): string {
  const t = (ts: string) => (o.js ? '' : ts);
  return `${o.js ? '// @ts-check\n' : ''}import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
${o.js ? '/** @type {string[]} */\n' : ''}let folders${t(': string[]')} = [];

function watch()${t(': void')} {
  console.error('watching for new folders');
}

export async function load()${t(': Promise<void>')} {
${o.declare ? `  ${o.declare}\n` : ''}  if (${o.check}) {
    try {
      const listed = await server.server.listRoots();
      folders = listed.roots.map((r) => r.uri);
      if (${o.inner}) {
        watch();
      }
    } catch {
      folders = [];
    }
  } else {
    folders = [];
  }
}

server.registerTool('folders', { description: 'The folders' }, async () => ({ content: [{ type: 'text', text: folders.join(',') }] }));
`;
}

/**
 * Diagnostics, for JS under `// @ts-check` without implicit-any notes: the generated helpers carry no JSDoc types
 * (their parameters are implicitly any), which says nothing about the reads under the check.
 */
const checked = (dir: string, js: boolean) => typecheck(dir).filter((d) => !js || !/ TS70(?:05|06|34) /.test(d));

const CAPS = 'const capabilities = server.server.getClientCapabilities();';

describe('a substituted gate keeps the reads that relied on its narrowing sound', () => {
  it.each([
    ['optional-ts', false, CAPS, 'capabilities?.roots', 'capabilities.roots.listChanged', 'capabilities?.roots?.listChanged'],
    ['optional-js', true, CAPS, 'capabilities?.roots', 'capabilities.roots.listChanged', 'capabilities?.roots?.listChanged'],
    ['and-ts', false, CAPS, 'capabilities && capabilities.roots', 'capabilities.roots.listChanged', 'capabilities.roots?.listChanged'],
    ['and-js', true, CAPS, 'capabilities && capabilities.roots', 'capabilities.roots.listChanged', 'capabilities.roots?.listChanged'],
    ['call-twice-ts', false, '', 'server.server.getClientCapabilities()?.roots', 'server.server.getClientCapabilities()!.roots!.listChanged', 'server.server.getClientCapabilities()?.roots?.listChanged'],
    ['call-twice-js', true, '', 'server.server.getClientCapabilities()?.roots', 'server.server.getClientCapabilities()?.roots?.listChanged', 'server.server.getClientCapabilities()?.roots?.listChanged'],
  ])('%s: the check and request are rewritten, the inner read becomes optional, the output type-checks, a second run changes nothing', async (name, js, declare, check, inner, expected) => {
    const file = js ? 'server.js' : 'server.ts';
    const dir = write(name, file, server({ js, declare, check, inner }));
    expect(typecheck(dir)).toEqual([]);
    const first = await migrate(dir);
    expect(first.outcomes).toEqual(['capability:rewritten', 'request:rewritten', 'capability:reported']);
    const text = readFileSync(path.join(dir, file), 'utf8');
    expect(text).toContain(`if (${check.replace(/(capabilities|server\.server\.getClientCapabilities\(\))\??\.roots$/, "rootsConfigured('NOTES_ROOTS')")}) {`);
    expect(text).toContain(`      if (${expected}) {\n        watch();`);
    expect(checked(dir, js)).toEqual([]);
    expect((await migrate(dir)).changed).toBe(false);
  });

  it.each([
    ['destructured-ts', false, 'const { roots } = server.server.getClientCapabilities() ?? {};', 'roots', 'roots.listChanged', /destructured/],
    ['destructured-js', true, 'const { roots } = server.server.getClientCapabilities() ?? {};', 'roots', 'roots.listChanged', /destructured/],
    // The read's value is handed on, not tested: an optional chain would change its type.
    ['value-ts', false, CAPS, 'capabilities?.roots', 'Object.keys(capabilities.roots).length', /line 1[67] reads capabilities\.roots, which relies on this check and is used as a value/],
  ])('%s: the gate holds, the request keeps one marker saying why, and the output type-checks', async (name, js, declare, check, inner, why) => {
    const file = js ? 'server.js' : 'server.ts';
    const original = server({ js, declare, check, inner });
    const dir = write(name, file, original);
    expect(typecheck(dir)).toEqual([]);
    const first = await migrate(dir);
    expect(first.outcomes).toEqual(['capability:reported', 'request:marked:unresolved-chain', 'capability:reported'].slice(0, first.outcomes.length));
    expect(first.outcomes.filter((o) => o.includes('marked'))).toHaveLength(1);
    expect(first.details.join('\n')).toMatch(why);
    const text = readFileSync(path.join(dir, file), 'utf8');
    expect(text).not.toContain('rootsConfigured');
    expect(text.split('\n').filter((l) => l.includes('// uproot:'))).toHaveLength(1);
    expect(text.replace(/^ *\/\/ uproot:.*\n/m, '')).toBe(original);
    expect(typecheck(dir)).toEqual([]);
    expect((await migrate(dir)).changed).toBe(false);
  });

  it('an early exit narrows the rest of the function the same way', async () => {
    const original = server({ js: false, declare: CAPS, check: 'capabilities?.roots', inner: 'capabilities.roots.listChanged' }).replace(
      /  if \(capabilities\?\.roots\) \{\n([\s\S]*?)\n  \} else \{\n    folders = \[\];\n  \}\n/,
      (_, body: string) => `  if (!capabilities?.roots) {\n    folders = [];\n    return;\n  }\n${body.replace(/^ {2}/gm, '')}\n`,
    );
    expect(original).toContain('if (!capabilities?.roots) {');
    const dir = write('early-exit', 'server.ts', original);
    expect(typecheck(dir)).toEqual([]);
    expect((await migrate(dir)).outcomes).toEqual(['capability:rewritten', 'request:rewritten', 'capability:reported']);
    const text = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(text).toContain("if (!rootsConfigured('NOTES_ROOTS')) {");
    expect(text).toContain('if (capabilities?.roots?.listChanged) {');
    expect(typecheck(dir)).toEqual([]);
  });

  it('in a tool handler the check becomes the parameter, and a read of another capability under it becomes optional', async () => {
    const tool = (inner: string) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('folders', { description: 'The folders' }, async () => {
  const caps = server.server.getClientCapabilities();
  if (caps?.roots) {
    const listed = await server.server.listRoots();
    ${inner}
    return { content: [{ type: 'text' as const, text: listed.roots.map((r) => r.uri).join(',') }] };
  }
  return { content: [{ type: 'text' as const, text: 'none' }] };
});
`;
    const dir = write('tool', 'server.ts', tool("if (caps.sampling) console.error('can sample');"));
    expect(typecheck(dir)).toEqual([]);
    expect((await migrate(dir)).outcomes).toEqual(['capability:rewritten', 'request:rewritten']);
    expect(readFileSync(path.join(dir, 'server.ts'), 'utf8')).toContain("    if (caps?.sampling) console.error('can sample');");
    expect(typecheck(dir)).toEqual([]);
    expect((await migrate(dir)).changed).toBe(false);
    // Handed on as a value, the read holds the handler: one marker, nothing else changes.
    const held = write('tool-value', 'server.ts', tool('console.error(Object.keys(caps.sampling ?? {}));'));
    const first = await migrate(held);
    expect(first.outcomes).toEqual(['capability:reported', 'request:marked:unresolved-chain']);
    expect(first.details.join('\n')).toMatch(/line 9 reads caps\.sampling, which relies on this check and is used as a value/);
    expect(typecheck(held)).toEqual([]);
  });
});
