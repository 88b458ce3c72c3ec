import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
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
  test: {
    include: ['test/**/*.test.ts'],
    // Fixture projects carry their own tests, which uproot lists and never runs.
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    globalSetup: ['./test/global-temp.ts', './test/global-build.ts'],
    // vitest's default for `run` is one worker per core less one: a single worker on a 2-core CI machine. Most test
    // files spend their time waiting on the npm, tsc and node processes they spawn, so two workers keep both cores
    // busy (test files are independent; the shared tarballs are packed once per run, test/consumer/project.ts).
    maxWorkers: 2,
    // typed rule tests build a TypeScript program: give them room on a 2-core machine
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
