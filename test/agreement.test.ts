// One matcher, two front ends: on every corpus file the ESLint plugin (configs.strict) and
// `uproot scan --format json` must report exactly the same sites, site by site.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import * as espree from 'espree';
import tsParser from '@typescript-eslint/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import plugin from '../packages/eslint-plugin/src/index.ts';
import { main } from '../packages/uproot/src/cli.ts';
import { CORPUS_DIR, readCorpus, readProjects } from './detection-corpus.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = readCorpus();
const projects = readProjects();

interface ReportedSite {
  file: string;
  line: number;
  column: number;
  rule: string;
}

const key = (s: { line: number; column: number; rule: string }) => `${s.line}:${s.column} ${s.rule}`;

/** `uproot scan --format json` over the whole corpus, in process, grouped by corpus file name. */
let rootsSitesFound = 0;

async function scanCorpus(): Promise<Map<string, string[]>> {
  let out = '';
  let err = '';
  const exit = await main(['scan', path.relative(REPO, CORPUS_DIR), '--format', 'json'], {
    out: (s: string) => ((out += s), true),
    err: (s: string) => ((err += s), true),
    cwd: REPO,
  });
  if (exit !== 0) throw new Error(`uproot scan exited ${exit}: ${err}`);
  const report = JSON.parse(out) as { sites: ReportedSite[]; problems: ReportedSite[]; failures: unknown[] };
  expect(report.failures).toEqual([]);
  const byFile = new Map<string, string[]>();
  // Roots sites and hand-rolled MRTR problems: every uproot/* rule ESLint reports.
  rootsSitesFound = report.sites.length;
  for (const site of [...report.sites, ...report.problems]) {
    const name = path.relative(CORPUS_DIR, path.resolve(REPO, site.file));
    byFile.set(name, [...(byFile.get(name) ?? []), key(site)]);
  }
  return byFile;
}

type ParserName = 'typescript-eslint' | 'espree';

/** What ESLint reports with the plugin's strict config, the way a user's flat config would set it up. */
function lint(text: string, filename: string, parserName: ParserName): string[] {
  const jsx = /\.[jt]sx$/.test(filename);
  const languageOptions: Linter.LanguageOptions = {
    parser: parserName === 'espree' ? (espree as unknown as Linter.Parser) : (tsParser as unknown as Linter.Parser),
    parserOptions: { ecmaFeatures: { jsx } },
  };
  const config: Linter.Config[] = [{ files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'], languageOptions }, plugin.configs.strict];
  const messages = new Linter({ cwd: REPO }).verify(text, config, { filename });
  const fatal = messages.filter((m) => m.fatal || !m.ruleId);
  if (fatal.length) throw new Error(`${filename}: ESLint (${parserName}) could not lint it: ${fatal.map((m) => m.message).join('; ')}`);
  return messages.filter((m) => m.ruleId?.startsWith('uproot/')).map((m) => key({ line: m.line, column: m.column, rule: m.ruleId! }));
}

describe('ESLint plugin and uproot scan agree', () => {
  let scanned = new Map<string, string[]>();
  beforeAll(async () => {
    scanned = await scanCorpus();
  });

  it('the scan finds sites in the corpus (the comparison is not vacuous)', () => {
    const expected = corpus.reduce((n, f) => n + f.expected.length, 0);
    expect(rootsSitesFound).toBe(expected);
    expect(scanned.size).toBeGreaterThan(0);
  });

  for (const file of corpus) {
    const parsers: ParserName[] = /\.(js|jsx|mjs|cjs)$/.test(file.name) ? ['typescript-eslint', 'espree'] : ['typescript-eslint'];
    for (const parser of parsers) {
      it(`${file.name} (${parser})`, () => {
        const fromScan = [...(scanned.get(file.name) ?? [])].sort();
        const fromEslint = lint(file.text, file.absolute, parser).sort();
        expect(fromEslint).toEqual(fromScan);
      });
    }
  }
});

/** `uproot scan` over one project folder, as a user runs it there: `file line:column rule` per site. */
async function scanProject(dir: string): Promise<Array<{ file: string; key: string; line: number; kind: string }>> {
  let out = '';
  let err = '';
  const exit = await main(['scan', '--format', 'json'], { out: (s: string) => ((out += s), true), err: (s: string) => ((err += s), true), cwd: dir });
  if (exit !== 0) throw new Error(`uproot scan exited ${exit}: ${err}`);
  const report = JSON.parse(out) as { sites: Array<ReportedSite & { kind: string }>; failures: unknown[] };
  expect(report.failures).toEqual([]);
  return report.sites.map((s) => ({ file: s.file, key: key(s), line: s.line, kind: s.kind }));
}

// Multi-file projects: sites reached through barrels and the module resolution the project configures.
describe('ESLint plugin and uproot scan agree across files', () => {
  for (const project of projects) {
    describe(project.name, () => {
      let scanned: Awaited<ReturnType<typeof scanProject>> = [];
      beforeAll(async () => {
        scanned = await scanProject(project.dir);
      });

      it('scan reports exactly the labelled sites', () => {
        const expected = project.files.flatMap((f) => f.expected.map((e) => `${f.name}:${e.line} ${e.kind}`)).sort();
        expect(expected.length).toBeGreaterThan(0);
        expect(scanned.map((s) => `${s.file}:${s.line} ${s.kind}`).sort()).toEqual(expected);
      });

      for (const file of project.files) {
        const parsers: ParserName[] = /\.(js|jsx|mjs|cjs)$/.test(file.name) ? ['typescript-eslint', 'espree'] : ['typescript-eslint'];
        for (const parser of parsers) {
          it(`${file.name} (${parser})`, () => {
            const fromScan = scanned.filter((s) => s.file === file.name).map((s) => s.key).sort();
            expect(lint(file.text, file.absolute, parser).sort()).toEqual(fromScan);
          });
        }
      }
    });
  }
});
