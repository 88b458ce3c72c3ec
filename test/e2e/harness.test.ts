// The harness itself: a hand-written MRTR migration passes compareMigration on both eras, and the
// comparison catches the ways a migration goes wrong (still push-style, no capability check, a side
// effect repeated on the retry); the type-checker and the copy cleanup do what they claim.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareMigration, expectSameAsOriginal } from './harness/compare.ts';
import { copyFixture, FIXTURES_DIR, removeStaleCopies, TMP_DIR, type FileTransform } from './harness/load.ts';
import { normalizeResult } from './harness/normalize.ts';
import { createRootsWorld, type RootsWorld } from './harness/roots.ts';
import { typecheck } from './harness/typecheck.ts';
import { sideEffectStates, withoutRoots, withRoots } from './original-expectations.ts';

const DIRECT_TS = path.join(FIXTURES_DIR, 'mrtr', 'direct-ts');
const SIDE_EFFECT_TS = path.join(FIXTURES_DIR, 'mrtr', 'side-effect-ts');
const REFERENCE = readFileSync(path.join(FIXTURES_DIR, 'mrtr-reference', 'direct-ts', 'server.ts'), 'utf8');
const CAPABILITY_CHECK = "        if (!clientDeclaresRoots(server, ctx)) return { content: [{ type: 'text', text: 'Method not found' }], isError: true };\n";

// Exact SDK texts for an MRTR roots request to a client that declared no roots (§3.4).
const SHIM_REFUSAL_2025 = "Cannot request input 'roots' (roots/list): the client on this 2025-era connection did not declare the required capability";
const MISSING_CAPABILITY_2026 = "Cannot request input 'roots' (roots/list): the request's client capabilities do not declare the required capability";

/** A "migration" that swaps in a whole file for `server.ts`, checking that it really did. */
function replaceServer(text: string): FileTransform {
  return (before, file) => (path.basename(file) === 'server.ts' ? text : before);
}

function edit(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`edit target not found: ${from}`);
  return text.replace(from, to);
}

let world: RootsWorld;
beforeAll(() => {
  removeStaleCopies();
  world = createRootsWorld();
});
afterAll(() => world?.cleanup());

describe('compareMigration', () => {
  it('passes the hand-written MRTR reference of direct-ts on both eras, with and without roots', async () => {
    const c = await compareMigration(DIRECT_TS, replaceServer(REFERENCE), { world, hostile: true });
    expectSameAsOriginal(c);
    // Equal because both answered from the roots, not because both failed.
    expect(c.original.era2025.roots.answers).toEqual(withRoots('direct', world));
    expect(c.original.era2025['no-roots'].answers).toEqual(withoutRoots('direct', world, 1));
    // One roots/list per call: the shim's real request on 2025, one input_required round on 2026.
    expect(c.migrated.era2025.roots.rootsRequests).toBe(1);
    expect(c.migrated.era2026.http.roots.rootsRequests).toBe(1);
    expect(c.migrated.era2026.stdio.roots.rootsRequests).toBe(1);
    // The hostile entries were skipped, leaving the answer for the one good root.
    expect(c.hostile!.migrated2026.rootsRequests).toBe(1);
    expect(c.hostile!.original2025.answers[0]).toEqual(normalizeResult(
      { method: 'tools/call', name: 'list-root-files' },
      { content: [{ type: 'text', text: `Project (${world.token(world.dirs[0])}): ${world.dirs[0].entries.join(', ')}` }] },
    ));
    expect(existsSync(c.migrated.dir)).toBe(false);
  });

  it('catches a migration that leaves the push-style call in place', async () => {
    const c = await compareMigration(DIRECT_TS, (text) => text, { world, typecheck: false });
    expect(c.migrated.era2025).toEqual(c.original.era2025);
    expect(c.migrated.era2026.http.roots.answers[0]).toMatchObject({ result: { isError: true } });
    expect(() => expectSameAsOriginal(c, { typecheck: false })).toThrow(/migration of direct-ts/);
  });

  it('catches an MRTR migration without the capability check (it differs for the no-roots client only)', async () => {
    const c = await compareMigration(DIRECT_TS, replaceServer(edit(REFERENCE, CAPABILITY_CHECK, '')), { world, typecheck: false });
    expect(c.migrated.era2025.roots).toEqual(c.original.era2025.roots);
    expect(c.migrated.era2026.http.roots.answers).toEqual(c.original.era2025.roots.answers);
    expect(c.migrated.era2025['no-roots'].answers).toEqual([
      { result: { content: [{ type: 'text', text: SHIM_REFUSAL_2025 }], isError: true } },
    ]);
    for (const entry of ['http', 'stdio'] as const) {
      expect(c.migrated.era2026[entry]['no-roots'].answers, entry).toEqual([
        { error: { code: ProtocolErrorCode.MissingRequiredClientCapability, message: MISSING_CAPABILITY_2026 } },
      ]);
    }
    expect(() => expectSameAsOriginal(c, { typecheck: false })).toThrow();
  });

  it('catches an MRTR migration that repeats a side effect on the retry', async () => {
    const naive: FileTransform = (text, file) => {
      if (path.basename(file) !== 'server.ts') return text;
      let out = edit(text, "import { McpServer } from '@modelcontextprotocol/server';",
        "import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';");
      out = edit(out, 'async ({ label }) => {', 'async ({ label }, ctx) => {');
      return edit(out, 'const { roots } = await server.server.listRoots();', [
        "const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');",
        "      if (answer.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });",
        '      const roots = answer.roots;',
      ].join('\n'));
    };
    const c = await compareMigration(SIDE_EFFECT_TS, naive, { world });
    expect(c.migrated.diagnostics).toEqual([]);
    expect(c.original.era2025.roots.states).toEqual(sideEffectStates(['first', 'second']));
    // The handler body ran twice per call: once to ask, once with the answer.
    for (const session of [c.migrated.era2025.roots, c.migrated.era2026.http.roots, c.migrated.era2026.stdio.roots]) {
      expect(session.states).toEqual([
        { snapshots: 2, auditLog: ['snapshot 1: first', 'snapshot 2: first'] },
        { snapshots: 4, auditLog: ['snapshot 1: first', 'snapshot 2: first', 'snapshot 3: second', 'snapshot 4: second'] },
      ]);
    }
    expect(() => expectSameAsOriginal(c)).toThrow();
  });
});

describe('typecheck', () => {
  it('reports a type error in a TS copy as file:line:col', async () => {
    const copy = await copyFixture(DIRECT_TS, (text) => edit(text, "const lines: string[] = [];", 'const lines: number[] = [];'));
    try {
      const diagnostics = typecheck(copy.dir);
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatch(/^server\.ts:\d+:\d+ TS2345 Argument of type 'string' is not assignable to parameter of type 'number'\./);
    } finally {
      await copy.cleanup();
    }
  });

  it('reports a syntax error in a JS copy (checkJs is off, so only syntax and options count)', async () => {
    const copy = await copyFixture(path.join(FIXTURES_DIR, 'mrtr', 'direct-js'), (text) =>
      edit(text, 'export function createServer() {', 'export function createServer( {'));
    try {
      expect(typecheck(copy.dir).join('\n')).toMatch(/^server\.js:\d+:\d+ TS\d+ /);
    } finally {
      await copy.cleanup();
    }
  });
});

describe('fixture copies', () => {
  it('removes copies left by runs that are gone and keeps those of live runs', () => {
    const dead = path.join(TMP_DIR, 'direct-ts-p2147483646-stale');
    const live = path.join(TMP_DIR, `direct-ts-p${process.pid}-live`);
    mkdirSync(dead, { recursive: true });
    mkdirSync(live, { recursive: true });
    try {
      removeStaleCopies();
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(live)).toBe(true);
    } finally {
      for (const dir of [dead, live]) rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('normalize', () => {
  it('drops _meta and resultType, makes isError explicit, and replaces longer paths first', () => {
    const replacements: Array<[string, string]> = [['/tmp/w', '<W>'], ['/tmp/w/my project', '<P>']];
    const answer = normalizeResult(
      { method: 'tools/call', name: 't' },
      { _meta: { x: 1 }, resultType: 'complete', content: [{ type: 'text', text: '/tmp/w/my project and /tmp/w/other', _meta: {} }] },
      replacements,
    );
    expect(answer).toEqual({ result: { content: [{ type: 'text', text: '<P> and <W>/other' }], isError: false } });
  });
});
