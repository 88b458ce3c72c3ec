// `npm run test:conformance`: the full conformance-suite matrix (test/conformance/*.conformance.ts), kept out
// of npm test for its length (one Node process of the suite's CLI per scenario and server). Same aliases and
// setup as vitest.config.ts; only which files run, and their time limit, differ.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: { ...base.test, include: ['test/conformance/**/*.conformance.ts'], testTimeout: 600_000 },
});
