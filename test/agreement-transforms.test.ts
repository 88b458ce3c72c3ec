// One planner, three front ends: the CLI (`uproot migrate`), the jscodeshift entry point and the ESLint
// suggestion must produce the same code for a file whose roots requests live in that file alone.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { applyTransform } from 'jscodeshift/src/testUtils.js';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../packages/eslint-plugin/src/index.ts';
import { runMigrate } from '../packages/uproot/src/migrate/migrate.ts';
import transform from '../transforms/jscodeshift/mrtr.ts';

const fixtures = path.resolve(import.meta.dirname, 'e2e/fixtures/mrtr');
// Single-file fixtures: every chain stays inside server.ts / server.js.
const singleFile = readdirSync(fixtures).filter((d) => readdirSync(path.join(fixtures, d)).filter((f) => /\.[cm]?[jt]s$/.test(f)).length === 1);
const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-agreement-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

async function viaJscodeshift(file: string, source: string): Promise<string> {
  const out = await applyTransform({ default: transform, parser: 'ts' } as never, {}, { source, path: file });
  return out === '' ? source : out;
}

async function viaCli(fixture: string): Promise<{ file: string; text: string }> {
  const dir = path.join(temp, fixture);
  cpSync(path.join(fixtures, fixture), dir, { recursive: true });
  const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: false });
  expect(result.failures).toEqual([]);
  const file = readdirSync(dir).find((f) => /^server\.[jt]s$/.test(f))!;
  return { file: path.join(dir, file), text: readFileSync(path.join(dir, file), 'utf8') };
}

/** Apply the first suggestion of every no-roots-request problem, one at a time, as an editor user would. */
function viaSuggestions(file: string, source: string): string {
  const linter = new Linter({ configType: 'flat' });
  const config = [{ files: ['**/*.*'], languageOptions: { parser: tseslint.parser } }, plugin.configs.recommended];
  let text = source;
  for (let i = 0; i < 20; i++) {
    const problem = linter.verify(text, config as never, { filename: path.basename(file) }).find((m) => m.ruleId === 'uproot/no-roots-request' && m.suggestions?.length);
    if (!problem) return text;
    const fix = problem.suggestions![0]!.fix;
    text = text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]);
  }
  throw new Error('suggestions did not converge');
}

describe('the CLI, jscodeshift and ESLint suggestions agree', () => {
  it('covers several single-file fixtures', () => expect(singleFile.length).toBeGreaterThanOrEqual(8));
  for (const fixture of singleFile) {
    it(`${fixture}: same migrated code from all three`, async () => {
      const original = readdirSync(path.join(fixtures, fixture)).find((f) => /^server\.[jt]s$/.test(f))!;
      const source = readFileSync(path.join(fixtures, fixture, original), 'utf8');
      const cli = await viaCli(fixture);
      expect(cli.text).not.toBe(source);
      // jscodeshift's applyTransform trims the output it returns.
      expect(await viaJscodeshift(cli.file, source)).toBe(cli.text.trim());
      expect(viaSuggestions(cli.file, source)).toBe(cli.text);
    });
  }
});
