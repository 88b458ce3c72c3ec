// `migrate --to param` end to end, against the real SDKs: each fixture under fixtures/param is run
// as written on 2025 with a client whose only root is the first workspace directory, then migrated
// (planParamText on every source file of a copy). The migrated server must list the new parameter
// with its description, answer exactly what the original answered when given that directory (both
// eras for v2), refuse bad directories with a clear message, type-check, and migrate to itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planParamText } from '../../transforms/param.ts';
import { listFixtures, loadFixture, removeStaleCopies, type LoadedFixture } from './harness/load.ts';
import { createRootsWorld, type RootsWorld } from './harness/roots.ts';
import { typecheckDirs } from './harness/typecheck.ts';
import type { FixtureCall, NormalizedAnswer, RunOptions } from './harness/types.ts';
import { answers, listed, type Era } from '../param/support/sessions.ts';

interface Meta {
  sdk: 1 | 2;
  kind: 'tool' | 'prompt' | 'resource';
  /** A hybrid's existing directory argument; otherwise the new one is `directory`. */
  argument?: string;
  allowList?: boolean;
  optional?: boolean;
}

const DIRS = listFixtures('param');
const meta = (dir: string): Meta => JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as Meta;

function migrate(text: string, file: string): string {
  return applyEdits(text, planParamText(text, file).edits);
}

let world: RootsWorld;
const originals = new Map<string, LoadedFixture>();
const migrated = new Map<string, LoadedFixture>();
let diagnostics = new Map<string, string[]>();

beforeAll(async () => {
  removeStaleCopies();
  world = createRootsWorld();
  for (const dir of DIRS) {
    originals.set(dir, await loadFixture(dir));
    migrated.set(dir, await loadFixture(dir, migrate));
  }
  diagnostics = typecheckDirs([...migrated.values()].map((m) => m.dir));
});

afterAll(async () => {
  for (const f of [...originals.values(), ...migrated.values()]) await f.cleanup();
  world?.cleanup();
});

/** The first root's directory, as a root whose name is what the parameter's roots carry (its basename). */
const project = () => world.dirs[0]!;
const onlyRoot = () => [{ uri: project().uri, name: path.basename(project().path) }];

function options(roots: RunOptions['roots']): RunOptions {
  // Only the first directory is allowed: the second and the fallback lie outside the allow-list.
  return { roots, replacements: world.replacements, env: { ...world.env, MCP_ALLOWED_DIRS: project().path } };
}

function withArgument(calls: readonly FixtureCall[], name: string, value: string): FixtureCall[] {
  return calls.map((c): FixtureCall => {
    if (c.method === 'resources/read') return c;
    return c.method === 'prompts/get' ? { ...c, arguments: { ...c.arguments, [name]: value } } : { ...c, arguments: { ...c.arguments, [name]: value } };
  });
}

/** A tool's isError text, or a prompt's JSON-RPC error message. */
function refusal(answer: NormalizedAnswer | undefined): string {
  if (!answer) return '(no answer)';
  if ('error' in answer) return `error ${answer.error.code}: ${answer.error.message}`;
  const result = answer.result as { isError?: boolean; content?: Array<{ text?: string }> };
  return result.isError ? `isError: ${result.content?.map((c) => c.text).join('\n')}` : `answered: ${JSON.stringify(result)}`;
}

describe.each(DIRS.map((dir) => [path.basename(dir), dir] as const))('%s', (name, dir) => {
  const m = meta(dir);
  const eras: Era[] = m.sdk === 2 ? ['2025', '2026'] : ['2025'];
  const argument = m.argument ?? 'directory';

  if (m.kind === 'resource') {
    it('is marked resource-param and behaves as before', async () => {
      const text = readFileSync(migrated.get(dir)!.files[0]!, 'utf8');
      expect(text).toMatch(/\/\/ uproot: \[resource-param\]/);
      const o = originals.get(dir)!;
      const before = await answers(m.sdk, '2025', o.createServer, o.calls, options(onlyRoot()));
      const after = await answers(m.sdk, '2025', migrated.get(dir)!.createServer, o.calls, options(onlyRoot()));
      expect(after).toEqual(before);
      expect(refusal(before[0])).toMatch(/^answered/);
    });
  } else {
    it(`answers with the ${argument} argument what the original answered with that root`, async () => {
      const o = originals.get(dir)!;
      const mig = migrated.get(dir)!;
      const expected = await answers(m.sdk, '2025', o.createServer, o.calls, options(onlyRoot()));
      for (const a of expected) expect(refusal(a), 'the original answers from its root').toMatch(/^answered/);
      // Answered from that directory (its label, path token or own files), not from a fallback.
      expect(JSON.stringify(expected)).toMatch(/<Project>|my project|README\.md|notes\.md|index\.ts/);
      expect(JSON.stringify(expected)).not.toContain('<Fallback>');
      for (const era of eras) {
        for (const value of [project().path, pathToFileURL(project().path).href]) {
          if (m.argument && value.startsWith('file:')) continue; // a hybrid's own argument keeps its own rules
          const actual = await answers(m.sdk, era, mig.createServer, withArgument(o.calls, argument, value), options('none'));
          expect(actual, `${era} ${value}`).toEqual(expected);
        }
      }
    });
  }

  if (m.kind !== 'resource' && !m.argument) {
    it(`lists "${argument}" with a description the model can act on`, async () => {
      const entries = await listed(m.sdk, m.kind as 'tool' | 'prompt', migrated.get(dir)!.createServer);
      const call = originals.get(dir)!.calls[0]! as { name: string };
      const entry = entries.find((e) => e.name === call.name)!;
      if (m.kind === 'tool') {
        const schema = entry.inputSchema as { properties: Record<string, { type: string; description: string }>; required?: string[] };
        expect(schema.properties[argument]).toMatchObject({ type: 'string', description: expect.stringMatching(/^Absolute path \(or file:\/\/ URI\) of the directory/) });
        expect((schema.required ?? []).includes(argument)).toBe(!m.optional);
      } else {
        const args = entry.arguments as Array<{ name: string; description: string; required: boolean }>;
        expect(args.find((a) => a.name === argument)).toEqual({ name: argument, description: expect.stringMatching(/^Absolute path \(or file:\/\/ URI\) of the directory this prompt/), required: true });
      }
    });

    it('refuses a relative path, a missing directory and a file with a clear message', async () => {
      const o = originals.get(dir)!;
      const cases: Array<[string, RegExp]> = [
        ['my project', /"directory" must be an absolute path, not my project\./],
        [path.join(project().path, 'missing'), /<Project>\/missing does not exist\./],
        [path.join(project().path, 'README.md'), /<Project>\/README\.md is not a directory\./],
      ];
      for (const [value, message] of cases) {
        const [answer] = await answers(m.sdk, '2025', migrated.get(dir)!.createServer, withArgument(o.calls.slice(0, 1), argument, value), options('none'));
        expect(refusal(answer)).toMatch(m.kind === 'tool' ? /^isError: / : /^error -32602: /);
        expect(refusal(answer)).toMatch(message);
      }
    });

    if (m.optional) {
      it('keeps the no-roots fallback when the argument is left out', async () => {
        const o = originals.get(dir)!;
        const before = await answers(m.sdk, '2025', o.createServer, o.calls, options('none'));
        const after = await answers(m.sdk, '2025', migrated.get(dir)!.createServer, o.calls, options('none'));
        expect(after).toEqual(before);
        expect(JSON.stringify(after)).toContain('<Fallback>');
      });
    }
  }

  if (m.allowList) {
    it('refuses a ../ escape and a directory outside the allow-list', async () => {
      const o = originals.get(dir)!;
      for (const value of [`${project().path}${path.sep}..${path.sep}api#2`, world.fallback.path]) {
        const [answer] = await answers(m.sdk, '2025', migrated.get(dir)!.createServer, withArgument(o.calls.slice(0, 1), argument, value), options('none'));
        expect(refusal(answer)).toMatch(/^isError: <(API|Fallback)> is outside the allowed directories \(<Project>\)\.$/);
      }
    });
  }

  it('type-checks (strict, nodenext) against the real SDK', () => {
    expect(diagnostics.get(path.resolve(migrated.get(dir)!.dir))).toEqual([]);
  });

  it('is idempotent: a second migration changes nothing', () => {
    for (const file of migrated.get(dir)!.files) {
      const text = readFileSync(file, 'utf8');
      expect(migrate(text, file), name).toBe(text);
    }
  });
});
