// Crash-freedom at scale: the matcher, the MRTR planner and the ESLint rules over every TS/JS file
// installed in node_modules (thousands of real files nobody wrote for uproot). The pre-filter is bypassed so
// every file reaches the parser and the site finder (the planner and ESLint: every file that mentions roots and
// a sample of the rest). A parse error is an answer (ParseError), anything else thrown is a crash; and no file
// outside the MCP packages' own sources may hold a site, except in the published MCP packages whose sites
// test/real-code labels.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ParseError, findRootsSites, mayContainRootsSites, parseSource, scanText } from '../../packages/core/src/index.ts';
import plugin from '../../packages/eslint-plugin/src/index.ts';
import { planMrtr, planMrtrText } from '../../transforms/mrtr.ts';
import { planParamText } from '../../transforms/param.ts';
import { installedDir, readLabels } from '../real-code/published-packages.ts';
import { REPO } from './helpers.ts';

const NODE_MODULES = path.join(REPO, 'node_modules');
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const DECLARATION = /\.d(?:\.[^./]+)?\.[cm]?ts$/;
const MAX_BYTES = 1024 * 1024;
/**
 * ESLint parses each file again, and its rules return early on files that cannot mention roots, so
 * it lints every file that mentions roots and a deterministic sample of the rest (every 6th): the
 * sweep stays near a minute on two cores. The matcher and planner see every file.
 */
const ESLINT_STRIDE = 6;
/**
 * The MRTR planner, likewise, plans every file that mentions roots and a deterministic sample of the rest (every
 * 3rd), which hold nothing for it to rewrite: it took a quarter of this sweep's time. The parser and the site
 * finder see every file.
 */
const PLANNER_STRIDE = 3;
/** Generous: the sweep shares two cores with other suites (about 150 s on CI's, more on a loaded machine); a guard, not a speed target. */
const SWEEP_TIMEOUT = 400_000;
const MCP_SOURCES = `node_modules${path.sep}@modelcontextprotocol${path.sep}`;
// Real MCP code installed for the recall check: its sites are real, and recall.test.ts checks each one.
const LABELLED_PACKAGES = readLabels().map((pkg) => installedDir(pkg.name) + path.sep);
const isMcpCode = (file: string) => file.includes(MCP_SOURCES) || LABELLED_PACKAGES.some((dir) => file.startsWith(dir));

/** Every TS/JS implementation file under node_modules, sorted; symlinks (workspace links, .bin) are not followed. */
function installedSources(): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(abs);
      else if (entry.isFile() && SOURCE.test(entry.name) && !DECLARATION.test(entry.name) && statSync(abs).size <= MAX_BYTES) files.push(abs);
    }
  };
  visit(NODE_MODULES);
  return files.sort();
}

interface Sweep {
  files: string[];
  texts: Map<string, string>;
}

let sweep: Sweep;
beforeAll(() => {
  // Read once for both front ends.
  const files = installedSources();
  sweep = { files, texts: new Map(files.map((f) => [f, readFileSync(f, 'utf8')])) };
});

const where = (file: string) => path.relative(REPO, file);
const describeCrash = (file: string, error: unknown) => `${where(file)}: ${error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 3).join(' | ') : String(error)}`;

describe('crash-freedom over node_modules', () => {
  it('the matcher and the MRTR planner: no crash, no site outside the MCP packages', () => {
    const crashes: string[] = [];
    const foreignSites: string[] = [];
    const prefilterMisses: string[] = [];
    let parseErrors = 0;
    let mention = 0;
    let sites = 0;
    let planned = 0;
    sweep.files.forEach((file, i) => {
      const text = sweep.texts.get(file)!;
      try {
        const { ast, scopeManager } = parseSource(text, file);
        const found = findRootsSites({ ast, text, scopeManager });
        sites += found.length;
        if (found.length && !isMcpCode(file)) foreignSites.push(...found.map((s) => `${where(file)}:${s.line}:${s.column} ${s.kind} ${s.form}`));
        // The pre-filter may only skip files that hold no site.
        if (found.length && !mayContainRootsSites(text)) prefilterMisses.push(where(file));
        if (i % PLANNER_STRIDE === 0 || mayContainRootsSites(text)) {
          planMrtr({ text, filePath: file, ast, scopeManager });
          planned++;
        }
        if (mayContainRootsSites(text)) {
          mention++;
          // The entry points the CLI and jscodeshift use, pre-filter included, on the files it lets through.
          expect(scanText(text, file).sites.length).toBe(found.length);
          planMrtrText(text, file);
          planParamText(text, file);
        }
      } catch (error) {
        if (error instanceof ParseError) parseErrors++;
        else crashes.push(describeCrash(file, error));
      }
    });
    console.log(`matcher + MRTR planner: ${sweep.files.length} files (${mention} mention roots, ${planned} planned), ${parseErrors} parse errors, ${crashes.length} crashes, ${sites} sites`);
    expect(sweep.files.length).toBeGreaterThan(3000);
    expect(planned).toBeGreaterThan(sweep.files.length / PLANNER_STRIDE - 1);
    expect(crashes).toEqual([]);
    expect(foreignSites).toEqual([]);
    expect(prefilterMisses).toEqual([]);
  }, SWEEP_TIMEOUT);

  it('the ESLint rules (configs.strict, typescript-eslint parser): no crash, no site outside the MCP packages', () => {
    const linter = new Linter({ cwd: REPO });
    const crashes: string[] = [];
    const foreignSites: string[] = [];
    let parseErrors = 0;
    let linted = 0;
    sweep.files.forEach((file, i) => {
      const text = sweep.texts.get(file)!;
      if (i % ESLINT_STRIDE !== 0 && !mayContainRootsSites(text)) return;
      linted++;
      // A virtual path outside node_modules: ESLint ignores node_modules by default.
      const filename = path.join('sweep', path.relative(NODE_MODULES, file));
      const config: Linter.Config[] = [
        { files: ['**/*'], languageOptions: { parser: tsParser as unknown as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: /x$/.test(file) } } } },
        plugin.configs.strict,
      ];
      try {
        for (const m of linter.verify(text, config, { filename })) {
          if (m.fatal) parseErrors++;
          else if (m.ruleId?.startsWith('uproot/') && !isMcpCode(file)) foreignSites.push(`${where(file)}:${m.line}:${m.column} ${m.ruleId}`);
        }
      } catch (error) {
        crashes.push(describeCrash(file, error));
      }
    });
    console.log(`ESLint configs.strict: ${linted} of ${sweep.files.length} files, ${parseErrors} parse errors, ${crashes.length} crashes`);
    expect(linted).toBeGreaterThan(900);
    expect(crashes).toEqual([]);
    expect(foreignSites).toEqual([]);
  }, SWEEP_TIMEOUT);
});
