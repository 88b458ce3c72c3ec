// The three RuleTester tiers every uproot rule is tested in (the eslint-plugin-unicorn habit):
// plain JavaScript through ESLint's default parser, TypeScript without type information, and
// TypeScript with the project service, where the rule may also consult the type checker.
import * as espree from 'espree';
import { RuleTester } from './rule-tester-vitest.ts';
import { fileURLToPath } from 'node:url';

/** A tiny project of its own, so the typed tier builds one small program, not the repo's. */
export const typedProjectDir = fileURLToPath(new URL('../fixtures/typed/', import.meta.url));

/** JavaScript as ESLint parses it without any plugin config: espree and eslint-scope. */
export const javascriptTester = new RuleTester({
  languageOptions: { parser: espree },
  defaultFilenames: { ts: 'server.js', tsx: 'server.jsx' },
});

/** TypeScript syntax, no program: the path most editors and CI runs take. */
export const typescriptTester = new RuleTester();

/** TypeScript with type information; every case is linted as the fixture project's `file.ts`. */
export const typedTester = new RuleTester({
  languageOptions: {
    parserOptions: { projectService: true, tsconfigRootDir: typedProjectDir },
  },
});

/** Case code written indented inside the test file: drop the first newline and the common indentation. */
export function code(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '').replace(/^\n/, '').replace(/\n[ \t]*$/, '');
  const indents = raw.split('\n').filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = Math.min(...indents);
  return raw.split('\n').map((l) => l.slice(cut)).join('\n');
}
