// Lints uproot's own sources. Fixtures and examples hold deliberately deprecated MCP code and are
// linted by the tests that use them, not here.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['**/node_modules/**', '.scratch/**', 'examples/**', 'test/e2e/.tmp/**', 'test/fixtures/**', 'test/e2e/fixtures/**', '**/__testfixtures__/**', '.bench/**', '**/dist/**'],
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
