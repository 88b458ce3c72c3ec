// The mrtr-request-state page shows what its suggestion produces; keep that example true to the rule.
import tsParser from '@typescript-eslint/parser';
import { Linter, SourceCode } from 'eslint';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import plugin from '../../packages/eslint-plugin/src/index.ts';

const page = readFileSync(fileURLToPath(new URL('../../rules/mrtr-request-state.md', import.meta.url)), 'utf8');

function blocksUnder(heading: string): string[] {
  const section = page.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';
  return [...section.matchAll(/^```\w+\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

it("the page's suggestion example is exactly what the suggestion produces", () => {
  const before = blocksUnder('❌ Incorrect').find((b) => b.includes('💡'));
  const after = blocksUnder('✅ Correct').find((b) => b.includes('What the suggestion makes'));
  expect(before, 'a ❌ example marked 💡').toBeDefined();
  expect(after, 'a ✅ example with the suggested code').toBeDefined();
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    before!,
    [{ files: ['**/*.ts'], languageOptions: { parser: tsParser as Linter.Parser }, plugins: { uproot: plugin }, rules: { 'uproot/mrtr-request-state': 'error' } }],
    { filename: 'example.ts' },
  );
  expect(messages).toHaveLength(1);
  const fix = messages[0]!.suggestions?.[0]?.fix;
  expect(fix).toBeDefined();
  const output = SourceCode.splitLines(before!.slice(0, fix!.range[0]) + fix!.text + before!.slice(fix!.range[1])).join('\n');
  // Both examples start with a one-line comment that says what they show.
  const body = (code: string) => code.split('\n').slice(1).join('\n');
  expect(body(output)).toBe(body(after!));
});
