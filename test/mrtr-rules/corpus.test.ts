// Whole files through both front ends. Correct MRTR servers, clients and proxies (mcp-roots-reference.md §7 (A),
// the SDK probes, the code uproot's own MRTR transform writes) get no report from any uproot/mrtr-* rule; each
// seeded mistake (`// mrtr-expect: <rule>` on its line) gets exactly one; and `findMrtrProblems` on a file parsed
// the way `uproot scan` parses it reports exactly what ESLint reports.
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import * as espree from 'espree';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findMrtrProblems, mrtrRules } from '../../packages/core/src/mrtr/index.ts';
import { parseSource } from '../../packages/core/src/parse.ts';
import plugin from '../../packages/eslint-plugin/src/index.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = path.join(REPO, 'test/fixtures/mrtr-rules');
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

interface Reported {
  line: number;
  column: number;
  rule: string;
  message: string;
}

const key = (r: { line: number; rule: string }) => `${r.line} ${r.rule}`;

/** What ESLint reports with only the MRTR rules on, the way a user's flat config sets them up. */
function lint(file: string, parser: 'typescript-eslint' | 'espree'): Reported[] {
  const text = readFileSync(file, 'utf8');
  const config: Linter.Config[] = [
    {
      files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
      languageOptions: { parser: (parser === 'espree' ? espree : tsParser) as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: /\.[jt]sx$/.test(file) } } },
      plugins: { uproot: plugin },
      rules: Object.fromEntries(mrtrRules.map((r) => [`uproot/${r}`, 'error'])),
    },
  ];
  const messages = new Linter({ cwd: REPO }).verify(text, config, { filename: file });
  const fatal = messages.filter((m) => !m.ruleId);
  if (fatal.length) throw new Error(`${file}: ESLint (${parser}) could not lint it: ${fatal.map((m) => m.message).join('; ')}`);
  return messages.map((m) => ({ line: m.line, column: m.column, rule: m.ruleId!.replace('uproot/', ''), message: m.message }));
}

/** What `uproot scan` would report: the core on a file parsed with typescript-estree. */
function scan(file: string): Reported[] {
  const text = readFileSync(file, 'utf8');
  const { ast, scopeManager } = parseSource(text, file);
  return findMrtrProblems({ ast, text, scopeManager }).map((p) => ({ line: p.line, column: p.column, rule: p.rule, message: p.message }));
}

function expected(file: string): string[] {
  const out: string[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const m = /\/\/ mrtr-expect: (.*)$/.exec(line);
      for (const rule of m ? m[1]!.split(',').map((r) => r.trim()) : []) out.push(key({ line: i + 1, rule }));
    });
  return out.sort();
}

const parsersOf = (file: string) => (/\.(js|jsx|mjs|cjs)$/.test(file) ? (['typescript-eslint', 'espree'] as const) : (['typescript-eslint'] as const));
const listed = (dir: string) => readdirSync(dir).filter((f) => SOURCE.test(f)).map((f) => path.join(dir, f));

const transformOutputs = listed(path.join(REPO, 'transforms/jscodeshift/__testfixtures__')).filter((f) => /\.output\./.test(f));
const corpus = listed(path.join(FIXTURES, 'corpus'));
const cleanProbes = ['v2-roots-tool.mjs', 'e-wire-requeststate.mjs'].map((f) => path.join(FIXTURES, 'probes', f));

describe('correct MRTR code gets no report', () => {
  it('the transform fixtures are there (the check is not vacuous)', () => {
    expect(transformOutputs.length).toBeGreaterThan(0);
    expect(transformOutputs.some((f) => readFileSync(f, 'utf8').includes('inputRequired('))).toBe(true);
  });

  const clean = [...transformOutputs, ...cleanProbes, ...corpus.filter((f) => expected(f).length === 0)];
  for (const file of clean) {
    for (const parser of parsersOf(file)) {
      it(`${path.relative(REPO, file)} (${parser})`, () => {
        expect(lint(file, parser)).toEqual([]);
      });
    }
    it(`${path.relative(REPO, file)} (core)`, () => {
      expect(scan(file)).toEqual([]);
    });
  }
});

describe('each seeded mistake gets exactly one report', () => {
  const seeded = corpus.filter((f) => expected(f).length > 0);

  it('every rule has a seeded mistake in the corpus', () => {
    const rules = new Set(seeded.flatMap((f) => expected(f).map((k) => k.split(' ')[1])));
    expect([...rules].sort()).toEqual([...mrtrRules].sort());
  });

  for (const file of seeded) {
    for (const parser of parsersOf(file)) {
      it(`${path.relative(REPO, file)} (${parser})`, () => {
        expect(lint(file, parser).map(key).sort()).toEqual(expected(file));
      });
    }
  }

  it('sdk-probes g-input-required-kinds.mjs: only the resources/list handler (answered -32603 in its transcript)', () => {
    const file = path.join(FIXTURES, 'probes', 'g-input-required-kinds.mjs');
    const line = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes("setRequestHandler('resources/list'")) + 1;
    expect(line).toBeGreaterThan(0);
    expect(lint(file, 'espree').map(key)).toEqual([key({ line, rule: 'mrtr-allowed-methods' })]);
  });
});

describe('uproot scan and ESLint report the same problems', () => {
  for (const file of [...corpus, path.join(FIXTURES, 'probes', 'g-input-required-kinds.mjs')]) {
    it(path.relative(REPO, file), () => {
      const fromEslint = lint(file, 'typescript-eslint');
      expect(scan(file)).toEqual(fromEslint);
    });
  }
});
