// The original push-style fixtures, run as written: they type-check, answer from the roots on 2025,
// and fail on 2026-07-28 exactly as mcp-roots-reference.md §3.4 describes (which also proves the
// harness really negotiates 2026-07-28 on both serving entries).
import path from 'node:path';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run2025 } from './harness/era-2025.ts';
import { run2026 } from './harness/era-2026.ts';
import { listFixtures, loadFixture, removeStaleCopies, type LoadedFixture } from './harness/load.ts';
import { createRootsWorld, hostileRoots, type RootsWorld } from './harness/roots.ts';
import { typecheckDirs } from './harness/typecheck.ts';
import type { NormalizedAnswer, RootsOffer, RunOptions, SessionResult } from './harness/types.ts';
import { type Shape, shapeOf, sideEffectStates, withoutRoots, withRoots } from './original-expectations.ts';

const FIXTURE_DIRS = listFixtures('mrtr');
const NAMES = FIXTURE_DIRS.map((d) => path.basename(d));
const SHAPES = [...new Set(NAMES.map(shapeOf))];

const SESSIONS = ['2025 roots', '2025 no-roots', '2026 http roots', '2026 http no-roots', '2026 stdio roots', '2026 stdio no-roots'] as const;
type Session = (typeof SESSIONS)[number];

// SDK messages for a push-style roots/list on a 2026-07-28 request (§3.4).
const LIST_ROOTS_2026 = /^Server-to-client requests are not available on protocol revision 2026-07-28: 'roots\/list' cannot be sent while serving a request on that revision\./;
const SEND_2026 = "Method 'roots/list' is not supported by the negotiated protocol version (wire era 2026-07-28)";

let world: RootsWorld;
const fixtures = new Map<string, LoadedFixture>();
const results = new Map<string, Record<Session, SessionResult>>();

function options(fixture: LoadedFixture, roots: RootsOffer): RunOptions {
  return { roots, replacements: world.replacements, env: world.env, ...(fixture.probe ? { probe: fixture.probe } : {}) };
}

async function runAll(f: LoadedFixture): Promise<Record<Session, SessionResult>> {
  const offer = (s: Session): RootsOffer => (s.endsWith('no-roots') ? 'none' : world.roots);
  const out = {} as Record<Session, SessionResult>;
  for (const s of SESSIONS) {
    out[s] = s.startsWith('2025')
      ? await run2025(f.createServer, f.calls, options(f, offer(s)))
      : await run2026(f.createServer, f.calls, { ...options(f, offer(s)), entry: s.includes('http') ? 'http' : 'stdio' });
  }
  return out;
}

beforeAll(async () => {
  removeStaleCopies();
  world = createRootsWorld();
  for (const dir of FIXTURE_DIRS) {
    const fixture = await loadFixture(dir);
    fixtures.set(fixture.name, fixture);
    results.set(fixture.name, await runAll(fixture));
  }
});

afterAll(async () => {
  for (const f of fixtures.values()) await f.cleanup();
  world?.cleanup();
});

const tool = (text: string | RegExp, isError: boolean): NormalizedAnswer => ({
  result: { content: [{ type: 'text', text: typeof text === 'string' ? text : expect.stringMatching(text) }], isError },
});

/** What a push-style original answers on 2026-07-28, per call. */
function on2026(shape: Shape, session: Session, calls: number): NormalizedAnswer[] {
  const fallback = session === '2026 http no-roots' || session.startsWith('2026 stdio');
  if (shape === 'gate-fallback' && fallback) return withoutRoots(shape, world, calls);
  // The push request throws on 2026-07-28 and the catch falls back, whatever the client declared.
  if (shape === 'try-fallback') return withoutRoots(shape, world, calls);
  const each = ((): NormalizedAnswer => {
    switch (shape) {
      case 'raw-send':
        return tool(SEND_2026, true);
      case 'prompt':
      case 'resource':
      case 'low-level':
        return { error: { code: ProtocolErrorCode.InternalError, message: expect.stringMatching(LIST_ROOTS_2026) } };
      default:
        return tool(LIST_ROOTS_2026, true);
    }
  })();
  return Array.from({ length: calls }, () => each);
}

describe('original push-style fixtures', () => {
  it('all type-check (strict, nodenext, real SDK typings)', () => {
    const diagnostics = typecheckDirs(FIXTURE_DIRS);
    expect([...diagnostics.keys()]).toEqual(FIXTURE_DIRS);
    expect(Object.fromEntries(diagnostics)).toEqual(Object.fromEntries(FIXTURE_DIRS.map((d) => [d, []])));
  });

  it.each(NAMES)('%s on 2025 answers a roots client from its roots', (name) => {
    const session = results.get(name)!['2025 roots'];
    expect(session.answers).toEqual(withRoots(shapeOf(name), world));
    expect(session.rootsRequests).toBe(session.answers.length);
  });

  it.each(NAMES)('%s on 2025 answers a client without roots', (name) => {
    const session = results.get(name)!['2025 no-roots'];
    expect(session.answers).toEqual(withoutRoots(shapeOf(name), world, fixtures.get(name)!.calls.length));
    expect(session.rootsRequests).toBe(0);
  });

  it.each(NAMES)('%s on 2026-07-28 fails the push-style way on both entries', (name) => {
    const calls = fixtures.get(name)!.calls.length;
    for (const session of SESSIONS.filter((s) => s.startsWith('2026'))) {
      expect(results.get(name)![session].answers, session).toEqual(on2026(shapeOf(name), session, calls));
      expect(results.get(name)![session].rootsRequests, session).toBe(0);
    }
  });

  it('side-effect counts before the roots request, once per call', () => {
    const labels = ['first', 'second'];
    for (const lang of ['ts', 'js']) {
      for (const session of SESSIONS) {
        expect(results.get(`side-effect-${lang}`)![session].states, `${lang} ${session}`).toEqual(sideEffectStates(labels));
      }
    }
  });

  it.each(SHAPES)('%s: the JS and TS fixtures answer alike in every session', (shape) => {
    expect(results.get(`${shape}-js`)).toEqual(results.get(`${shape}-ts`));
  });

  it('on 2025 the SDK refuses hostile roots before the handler sees them', async () => {
    const direct = fixtures.get('direct-ts')!;
    const session = await run2025(direct.createServer, direct.calls, options(direct, hostileRoots(world)));
    expect(session.answers).toEqual([tool(/^Invalid result for roots\/list: /, true)]);
    expect(session.rootsRequests).toBe(1);
  });
});
