// Docs that tests keep true (the eslint-doc-generator --check habit): every rule and every reason code has a
// page, the URLs the rules and markers print point at those pages, the pages state the configs and descriptions
// the code has, and every ❌ example is reported by its rule while no ✅ example is.
import * as tsParser from '@typescript-eslint/parser';
import { reasonCodes, reasonDocsUrl, reasonMessages } from '@uproot/core';
import { type Linter, Linter as ESLintLinter } from 'eslint';
import plugin from 'eslint-plugin-uproot';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const ruleNames = Object.keys(plugin.rules);
const configs = plugin.configs as Record<string, Linter.Config>;

/** `https://github.com/<owner>/<repo>/blob/main/<path>` → the file at `<path>` in this checkout. */
function repoFileOf(url: string): string | undefined {
  const match = /\/blob\/main\/([^#?]+)/.exec(url);
  return match ? path.join(repoRoot, decodeURIComponent(match[1]!)) : undefined;
}

interface Section {
  heading: string;
  body: string;
}

/** `## ` sections of a page, in order; text before the first one is the preamble. */
function sections(markdown: string): Section[] {
  const out: Section[] = [];
  for (const chunk of markdown.split(/^(?=## )/m).slice(1)) {
    const newline = chunk.indexOf('\n');
    out.push({ heading: chunk.slice(3, newline).trim(), body: chunk.slice(newline + 1) });
  }
  return out;
}

const LANGS = new Set(['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'mts', 'cts']);

interface CodeBlock {
  lang: string;
  code: string;
  /** The ❌ / ✅ of the nearest paragraph above that starts with one (reason pages label blocks that way). */
  label?: '❌' | '✅';
}

function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  for (const m of markdown.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)) {
    if (!LANGS.has(m[1]!)) continue;
    const labels = [...markdown.slice(0, m.index).matchAll(/^(❌|✅)/gm)];
    blocks.push({ lang: m[1]!, code: m[2]!, label: labels.at(-1)?.[1] as CodeBlock['label'] });
  }
  return blocks;
}

/** Relative links of a page (no URLs, no in-page anchors), resolved against the page's folder. */
function relativeLinks(file: string, markdown: string): string[] {
  const links: string[] = [];
  for (const m of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    links.push(path.resolve(path.dirname(file), target.split('#')[0]!));
  }
  return links;
}

const linter = new ESLintLinter({ configType: 'flat' });

/** Lint one docs example with only `rules` on, as a user without type information would. */
function lintExample(code: string, lang: string, ...rules: string[]): Linter.LintMessage[] {
  return linter.verify(
    code,
    [
      {
        files: ['**/*.{ts,tsx,js,jsx,mjs,cjs,mts,cts}'],
        plugins: { uproot: plugin },
        languageOptions: { parser: tsParser as Linter.Parser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
        rules: Object.fromEntries(rules.map((rule) => [`uproot/${rule}`, 'error'])),
      },
    ],
    { filename: `example.${lang}` },
  );
}

describe('rule docs pages', () => {
  it('every page in rules/ belongs to a rule (no stale pages)', () => {
    const pages = readdirSync(path.join(repoRoot, 'rules')).filter((f) => f.endsWith('.md'));
    expect(pages.map((f) => f.replace(/\.md$/, '')).sort()).toEqual([...ruleNames].sort());
  });

  describe.each(ruleNames)('uproot/%s', (rule) => {
    const meta = plugin.rules[rule]!.meta!;
    const page = path.join(repoRoot, 'rules', `${rule}.md`);
    const markdown = existsSync(page) ? readFileSync(page, 'utf8') : '';
    const byHeading = new Map(sections(markdown).map((s) => [s.heading, s.body]));

    it('has a page, and meta.docs.url points at it', () => {
      expect(existsSync(page), `rules/${rule}.md is missing`).toBe(true);
      const url = meta.docs?.url;
      expect(url).toBeTypeOf('string');
      const target = repoFileOf(url!);
      expect(target, `${url} is not a blob/main/ URL`).toBeDefined();
      expect(existsSync(target!), `${url} points at a file that does not exist`).toBe(true);
      expect(path.relative(repoRoot, target!)).toBe(path.join('rules', `${rule}.md`));
    });

    it('has the title and the description the rule has', () => {
      expect(markdown.split('\n')[0]).toBe(`# uproot/${rule}`);
      expect(/^> (.+)$/m.exec(markdown)?.[1]).toBe(meta.docs?.description);
    });

    it('has the required sections', () => {
      for (const heading of ['❌ Incorrect', '✅ Correct', 'Options', 'When not to use it', 'Related']) {
        expect([...byHeading.keys()], `missing "## ${heading}"`).toContain(heading);
      }
      expect(codeBlocks(byHeading.get('❌ Incorrect') ?? '').length).toBeGreaterThan(0);
      expect(codeBlocks(byHeading.get('✅ Correct') ?? '').length).toBeGreaterThan(0);
    });

    it('states the severity of every config that enables the rule, and no other', () => {
      const stated = new Map<string, string>();
      for (const m of markdown.matchAll(/`configs\.(\w+)` as an? \*\*(error|warning)\*\*/g)) stated.set(m[1]!, m[2] === 'warning' ? 'warn' : m[2]!);
      const actual = new Map<string, string>();
      for (const [name, config] of Object.entries(configs)) {
        const level = config.rules?.[`uproot/${rule}`];
        const severity = Array.isArray(level) ? level[0] : level;
        if (severity !== undefined && severity !== 'off' && severity !== 0) actual.set(name, severity === 2 ? 'error' : severity === 1 ? 'warn' : String(severity));
      }
      expect(stated).toEqual(actual);
    });

    it('promises no fix or suggestion the rule does not offer', () => {
      if (/No autofix/.test(markdown)) expect(meta.fixable).toBeUndefined();
      else expect(meta.fixable, 'a fixable rule must say what it fixes').toBeDefined();
      expect(markdown.includes('💡'), 'pages mark suggestions with 💡 exactly when meta.hasSuggestions is set').toBe(meta.hasSuggestions === true);
    });

    it('links only to files that exist', () => {
      for (const link of relativeLinks(page, markdown)) expect(existsSync(link), `${path.relative(repoRoot, link)} does not exist`).toBe(true);
    });

    const incorrect = codeBlocks(byHeading.get('❌ Incorrect') ?? '');
    const correct = codeBlocks(byHeading.get('✅ Correct') ?? '');

    it.each(incorrect.map((b, i) => [i + 1, b] as const))('❌ example %i is reported by the rule', (_, block) => {
      const messages = lintExample(block.code, block.lang, rule);
      // A parse error or an unmatched config comes back as a message without a rule: never a pass.
      expect(messages.filter((m) => m.ruleId === null)).toEqual([]);
      expect(messages.filter((m) => m.ruleId === `uproot/${rule}`).length).toBeGreaterThan(0);
    });

    // Only pages that promise a suggestion get this check; the 💡 check above ties the promise to meta.
    if (markdown.includes('💡')) {
      it('shows the promised suggestion on some ❌ example', () => {
        const suggested = incorrect.some((block) => lintExample(block.code, block.lang, rule).some((m) => m.ruleId === `uproot/${rule}` && (m.suggestions?.length ?? 0) > 0));
        expect(suggested, 'no ❌ example shows the suggestion the page describes').toBe(true);
      });
    }

    it.each(correct.map((b, i) => [i + 1, b] as const))('✅ example %i is not reported by the rule', (_, block) => {
      const messages = lintExample(block.code, block.lang, rule);
      expect(messages.filter((m) => m.ruleId === null)).toEqual([]);
      expect(messages.filter((m) => m.ruleId === `uproot/${rule}`)).toEqual([]);
    });
  });
});

describe('reason code pages', () => {
  const dir = path.join(repoRoot, 'docs', 'reasons');
  const readme = existsSync(path.join(dir, 'README.md')) ? readFileSync(path.join(dir, 'README.md'), 'utf8') : '';

  it('every page in docs/reasons/ belongs to a reason code (no stale pages)', () => {
    const pages = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(pages.map((f) => f.replace(/\.md$/, '')).sort()).toEqual([...reasonCodes].sort());
  });

  it('the README links every reason page, and only existing files', () => {
    for (const code of reasonCodes) expect(readme).toContain(`](./${code}.md)`);
    for (const link of relativeLinks(path.join(dir, 'README.md'), readme)) expect(existsSync(link), `${path.relative(repoRoot, link)} does not exist`).toBe(true);
  });

  describe.each(reasonCodes)('%s', (code) => {
    const page = path.join(dir, `${code}.md`);
    const markdown = existsSync(page) ? readFileSync(page, 'utf8') : '';

    it('has a page, and reasonDocsUrl points at it', () => {
      expect(existsSync(page), `docs/reasons/${code}.md is missing`).toBe(true);
      const target = repoFileOf(reasonDocsUrl(code));
      expect(target && path.relative(repoRoot, target)).toBe(path.join('docs', 'reasons', `${code}.md`));
    });

    it('quotes the message users see, explains why, and shows the ways out', () => {
      expect(markdown.split('\n')[0]).toBe(`# Reason code \`${code}\``);
      expect(/^> (.+)$/m.exec(markdown)?.[1]).toBe(reasonMessages[code]);
      const headings = sections(markdown).map((s) => s.heading);
      expect(headings).toContain('Why uproot cannot rewrite it');
      expect(headings).toContain('Ways out');
      expect(markdown).toContain('❌');
      expect(markdown).toContain('✅');
    });

    it('links only to files that exist', () => {
      for (const link of relativeLinks(page, markdown)) expect(existsSync(link), `${path.relative(repoRoot, link)} does not exist`).toBe(true);
    });

    // Not required of reason pages, but cheap: their examples must show what they say they show.
    const blocks = codeBlocks(markdown);

    it('its ❌ example is a roots site that ESLint reports with this code', () => {
      const incorrect = blocks.filter((b) => b.label === '❌');
      expect(incorrect.length).toBeGreaterThan(0);
      for (const block of incorrect) {
        const messages = lintExample(block.code, block.lang, ...ruleNames);
        expect(messages.filter((m) => m.ruleId === null)).toEqual([]);
        // resource-param comes from `--to param`; ESLint reports what `--to mrtr` would do, which rewrites reads.
        if (code === 'resource-param') expect(messages.some((m) => m.ruleId === 'uproot/no-roots-request')).toBe(true);
        else expect(messages.map((m) => m.message).join('\n')).toContain(`[${code}]`);
      }
    });

    it('its ✅ examples leave nothing that breaks on 2026-07-28', () => {
      const correct = blocks.filter((b) => b.label === '✅');
      expect(correct.length).toBeGreaterThan(0);
      for (const block of correct) {
        const messages = lintExample(block.code, block.lang, ...ruleNames);
        expect(messages.filter((m) => m.ruleId === null)).toEqual([]);
        expect(messages.filter((m) => m.ruleId === 'uproot/no-roots-request')).toEqual([]);
      }
    });
  });
});
