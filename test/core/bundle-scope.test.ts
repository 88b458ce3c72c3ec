// The core bundle leaves out scope-manager's lib/ (the globals of every TypeScript lib: parse.ts asks for
// none), so a thread that parses loads 1.2 MB less. Scope analysis from the bundle must be the one the
// sources give: scopes, variables and references compared on every detection and MRTR fixture.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../packages/core/src/parse.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const DIST = path.join(REPO, 'packages/core/dist');
const FIXTURES = ['test/fixtures/detection', 'test/fixtures/mrtr-rules/corpus'].map((d) => path.join(REPO, d));

interface ScopeLike {
  type: string;
  variables: { name: string; references: unknown[]; defs: { type: string }[] }[];
  references: { identifier: { name: string }; resolved: { name: string } | null }[];
  through: unknown[];
}

/** Everything scope analysis decided, as plain data. */
function summary(scopeManager: unknown): unknown[] {
  return (scopeManager as { scopes: ScopeLike[] }).scopes.map((s) => ({
    type: s.type,
    variables: s.variables.map((v) => `${v.name}:${v.defs.map((d) => d.type).join('+')}:${v.references.length}`),
    references: s.references.map((r) => `${r.identifier.name}->${r.resolved?.name ?? '(global)'}`),
    through: s.through.length,
  }));
}

describe('the core bundle', () => {
  it('carries no TypeScript lib globals', () => {
    const bundle = readdirSync(path.join(DIST, 'chunks')).map((f) => readFileSync(path.join(DIST, 'chunks', f), 'utf8')).join('\n');
    expect(bundle).toContain('Invalid value for lib provided');
    for (const libName of ['es2015.collection', 'dom.iterable', 'esnext.disposable']) expect(bundle).not.toContain(`"${libName}"`);
  });

  it('analyses scopes as the sources do', async () => {
    const bundled = (await import(path.join(DIST, 'index.js'))) as { parseSource: typeof parseSource };
    let files = 0;
    for (const dir of FIXTURES) {
      for (const name of readdirSync(dir).filter((f) => /\.(?:[cm]?[jt]s|[jt]sx)$/.test(f))) {
        const file = path.join(dir, name);
        const text = readFileSync(file, 'utf8');
        let expected: unknown[];
        try {
          expected = summary(parseSource(text, file).scopeManager);
        } catch {
          continue; // the corpus keeps a few files that do not parse on purpose
        }
        expect(summary(bundled.parseSource(text, file).scopeManager), name).toEqual(expected);
        files++;
      }
    }
    expect(files).toBeGreaterThan(50);
  });
});
