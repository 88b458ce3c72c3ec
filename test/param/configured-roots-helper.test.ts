// The generated `configuredRoots` / `rootsConfigured`, run as written: directories from the variable are named
// after their folders, and the client's own roots given as JSON keep the names the client gave them, so a tool
// that shows root names answers as it did with the client.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bindings } from '../../transforms/param/bindings.ts';
import { stateHelpersBlock } from '../../transforms/param/state/helpers-block.ts';

type Roots = { roots: Array<{ uri: string; name?: string }> };

const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-configured-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const frontend = path.join(temp, 'frontend');
mkdirSync(frontend);
symlinkSync(frontend, path.join(temp, 'linked'), 'dir');

/** The JavaScript helpers with the module bindings they ask for taken from Node itself. */
function helpers(env: Record<string, string>): { configuredRoots: (v: string) => Roots; rootsConfigured: (v: string) => object | undefined; errors: string[] } {
  const named = { use: (_modules: readonly string[], name: string) => name } as unknown as Bindings;
  const text = stateHelpersBlock(named, { configured: { fn: 'configuredRoots', cache: 'cache', type: 'T' }, capability: { fn: 'rootsConfigured', warned: 'warned' } }, false, '\n', '  ');
  const errors: string[] = [];
  const modules = { delimiter: path.delimiter, resolve: path.resolve, basename: path.basename, realpathSync, pathToFileURL, fileURLToPath };
  const make = new Function('process', 'console', ...Object.keys(modules), `${text}\nreturn { configuredRoots, rootsConfigured };`) as (...args: unknown[]) => ReturnType<typeof helpers>;
  return { ...make({ env }, { error: (m: string) => errors.push(m) }, ...Object.values(modules)), errors };
}

describe('configuredRoots', () => {
  it('names directories after their folders, resolved through links', () => {
    const { configuredRoots, rootsConfigured } = helpers({ R: [path.join(temp, 'linked'), path.join(temp, 'missing')].join(path.delimiter) });
    expect(configuredRoots('R').roots).toEqual([
      { uri: pathToFileURL(realpathSync(frontend)).href, name: 'frontend' },
      { uri: pathToFileURL(path.join(temp, 'missing')).href, name: 'missing' },
    ]);
    expect(rootsConfigured('R')).toEqual({});
  });

  it("keeps the names of the client's roots given as JSON, as a list or a whole roots/list answer", () => {
    const listed = [{ uri: pathToFileURL(path.join(temp, 'linked')).href, name: 'Frontend' }, { uri: 'https://example.com/repo', name: 'Remote' }, { uri: pathToFileURL(frontend).href }];
    const expected = [{ uri: pathToFileURL(realpathSync(frontend)).href, name: 'Frontend' }, { uri: 'https://example.com/repo', name: 'Remote' }, { uri: pathToFileURL(realpathSync(frontend)).href, name: 'frontend' }];
    expect(helpers({ R: JSON.stringify(listed) }).configuredRoots('R').roots).toEqual(expected);
    expect(helpers({ R: ` ${JSON.stringify({ roots: listed })}\n` }).configuredRoots('R').roots).toEqual(expected);
  });

  it('counts an empty JSON list as a client that declared roots and listed none', () => {
    const { configuredRoots, rootsConfigured } = helpers({ R: '[]' });
    expect(configuredRoots('R').roots).toEqual([]);
    expect(rootsConfigured('R')).toEqual({});
  });

  it('says so on stderr when the JSON does not parse, and configures no roots', () => {
    const { configuredRoots, errors } = helpers({ R: '[{"uri": ' });
    expect(configuredRoots('R').roots).toEqual([]);
    expect(errors).toEqual([expect.stringMatching(/^R is not valid JSON: give the client's roots as \[/)]);
  });

  it('is unset without the variable, and says once how to set it', () => {
    const { rootsConfigured, errors } = helpers({});
    expect(rootsConfigured('R')).toBeUndefined();
    expect(rootsConfigured('R')).toBeUndefined();
    expect(errors).toEqual([expect.stringMatching(/^R is not set: .* or to those roots as JSON\.$/)]);
  });
});
