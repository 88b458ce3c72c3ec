import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const ROOT = fileURLToPath(new URL('.', import.meta.url));

const include = ['test/**/*.test.ts'];
// Fixture projects carry their own tests, which uproot lists and never runs.
const exclude = [...configDefaults.exclude, 'test/fixtures/**'];

/**
 * Test files that run isolated, each in a fresh module graph, found by reading them (a new one is isolated without
 * being listed): those that replace a module (`vi.mock`, `vi.doMock`), since a module another file already loaded in
 * the same worker would not be replaced; and those that load code through a loader of its own (ESLint's `ESLint`
 * class loading config files, a tsserver plugin required into a language service), whose `import()` failed once
 * another file had loaded that code in the same worker ("A dynamic import callback was not specified", seen with
 * `--sequence.shuffle`).
 */
const NEEDS_ISOLATION = /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules)\(|\bnew ESLint\(|\.createLanguageService\(/;
const isolated = (readdirSync(path.join(ROOT, 'test'), { recursive: true }) as string[])
  .map((f) => `test/${f.split(path.sep).join('/')}`)
  .filter((f) => f.endsWith('.test.ts') && !f.startsWith('test/fixtures/') && NEEDS_ISOLATION.test(readFileSync(path.join(ROOT, f), 'utf8')));

// What both projects share (inline projects do not inherit the root's options here: the root keeps the global
// setup, which runs once for the whole run, and `maxWorkers`, which is the run's).
const viteOptions = {
  resolve: {
    // Tests run the sources; the packages' exports name only their built dist/ (the consumer test runs those).
    alias: [
      { find: /^@uproot\/core$/, replacement: source('./packages/core/src/index.ts') },
      { find: /^@uproot\/core\/light$/, replacement: source('./packages/core/src/light.ts') },
      { find: /^@uproot\/core\/planning$/, replacement: source('./packages/core/src/planning.ts') },
      { find: /^eslint-plugin-uproot$/, replacement: source('./packages/eslint-plugin/src/index.ts') },
      { find: /^uproot$/, replacement: source('./packages/uproot/src/index.ts') },
    ],
  },
};
// typed rule tests build a TypeScript program: give them room on a 2-core machine
const timeouts = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  ...viteOptions,
  test: {
    include,
    exclude,
    globalSetup: ['./test/global-temp.ts', './test/global-build.ts'],
    // vitest's default for `run` is one worker per core less one: a single worker on a 2-core CI machine. Most test
    // files spend their time waiting on the npm, tsc and node processes they spawn, so two workers keep both cores
    // busy (test files are independent; the shared tarballs are packed once per run, test/consumer/project.ts).
    maxWorkers: 2,
    ...timeouts,
    projects: [
      // A worker keeps the modules it loaded from one test file to the next (no isolation): each file loading the
      // sources, TypeScript, ESLint and the SDK again took ~225 s of a ~990 s suite on two cores. So a test file must
      // not depend on module state another file left behind (each makes its own temp trees, runs and caches).
      { ...viteOptions, test: { name: 'shared', include, exclude: [...exclude, ...isolated], isolate: false, ...timeouts } },
      { ...viteOptions, test: { name: 'isolated', include: isolated, exclude, isolate: true, ...timeouts } },
    ],
  },
});
