// The three RuleTester tiers for the uproot/mrtr-* rules: plain JavaScript through ESLint's default parser,
// TypeScript without type information, and TypeScript with the project service over a fixture project of
// its own (test/fixtures/mrtr-rules), where factory.ts builds MCP values only the type checker can see.
import { RuleTester } from '../rules/rule-tester-vitest.ts';
import { fileURLToPath } from 'node:url';

export { code, javascriptTester, typescriptTester } from '../rules/testers.ts';

export const mrtrProjectDir = fileURLToPath(new URL('../fixtures/mrtr-rules/', import.meta.url));

/** Every case is linted as the fixture project's `file.ts`. */
export const typedTester = new RuleTester({
  languageOptions: {
    parserOptions: { projectService: true, tsconfigRootDir: mrtrProjectDir },
  },
});
