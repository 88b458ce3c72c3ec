// Recall and precision on real published MCP code: each package in sites.json is copied out of
// node_modules (scan rightly skips it), scanned like a user's project, and compared with the hand labels.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import * as espree from 'espree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../packages/eslint-plugin/src/index.ts';
import { main } from '../../packages/uproot/src/cli.ts';
import { copiedPath, copyPublished, installedDir, installedVersion, type LabelledPackage, readLabels } from './published-packages.ts';

// Today's measured recall over every labelled site; raise it when a fix lands, never lower it.
const RECALL_FLOOR = 26 / 36;

interface Reported {
  file: string;
  line: number;
  column: number;
  kind: string;
}

const labels = readLabels();
const here = (file: string, line: number) => `${file}:${line}`;
const siteKey = (s: { file: string; line: number; kind: string }) => `${here(s.file, s.line)} ${s.kind}`;
const RULE_KIND: Record<string, string> = {
  'uproot/no-roots-request': 'request',
  'uproot/no-roots-input-request': 'input-request',
  'uproot/no-roots-list-changed': 'list-changed',
  'uproot/no-roots-capability': 'capability',
  'uproot/no-push-elicitation': 'elicitation-request',
  'uproot/no-push-sampling': 'sampling-request',
};
/** What a labelled line must name: roots, or the elicitation or sampling request it is. */
const MENTION = /roots?|elicit|sampl|createMessage/i;

let workdir = '';
const scanned = new Map<string, Reported[]>();

/**
 * `uproot scan --format json` over one copied package, reported paths turned back into package paths.
 * `withoutManifest`: copied elsewhere without its package.json, as a user copying the server's files would.
 */
async function scanPackage(pkg: LabelledPackage, withoutManifest = false): Promise<Reported[]> {
  const root = copyPublished(pkg, withoutManifest ? path.join(workdir, 'without-package-json') : workdir);
  if (withoutManifest) rmSync(path.join(root, 'package.json'));
  let out = '';
  let err = '';
  const exit = await main(['scan', '.', '--format', 'json'], {
    out: (s: string) => ((out += s), true),
    err: (s: string) => ((err += s), true),
    cwd: root,
  });
  if (exit > 1) throw new Error(`uproot scan of ${pkg.name} exited ${exit}: ${err}`);
  const report = JSON.parse(out) as { sites: Reported[]; problems: unknown[]; failures: unknown[] };
  expect(report.failures).toEqual([]);
  // None of these packages builds MRTR results by hand, so a hand-rolled-MRTR problem would be a false positive.
  expect(report.problems, `${pkg.name}: MRTR problems`).toEqual([]);
  const back = new Map(filesOf(pkg).map((f) => [copiedPath(f), f]));
  return report.sites.map((s) => ({ ...s, file: back.get(s.file.split(path.sep).join('/')) ?? `(unlabelled file) ${s.file}` }));
}

function filesOf(pkg: LabelledPackage): string[] {
  return [...new Set([...pkg.sites, ...pkg.lookalikes].map((s) => s.file))];
}

function textOf(pkg: LabelledPackage, file: string): string {
  return readFileSync(path.join(workdir, ...pkg.name.split('/'), copiedPath(file)), 'utf8');
}

/** What ESLint's strict config reports on one file of a package (published code is JavaScript). */
function lint(pkg: LabelledPackage, file: string): Reported[] {
  const filename = path.join(workdir, ...pkg.name.split('/'), copiedPath(file));
  const config: Linter.Config[] = [
    {
      files: ['**/*.{js,mjs,cjs}'],
      languageOptions: { parser: espree as unknown as Linter.Parser },
      // The packages' own eslint-disable comments name rules this config does not load.
      linterOptions: { reportUnusedDisableDirectives: 'off' },
    },
    plugin.configs.strict,
  ];
  const messages = new Linter({ cwd: workdir }).verify(textOf(pkg, file), config, { filename });
  const fatal = messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(`${pkg.name}/${file}: ESLint could not lint it: ${fatal.map((m) => m.message).join('; ')}`);
  return messages
    .filter((m) => m.ruleId && RULE_KIND[m.ruleId])
    .map((m) => ({ file, line: m.line, column: m.column, kind: RULE_KIND[m.ruleId!]! }));
}

function score(pkg: LabelledPackage, reported: Reported[]) {
  const labelled = new Set(pkg.sites.map(siteKey));
  const found = pkg.sites.filter((s) => reported.some((r) => siteKey(r) === siteKey(s)));
  const falsePositives = reported.filter((r) => !labelled.has(siteKey(r)));
  return { found, falsePositives };
}

// ESLint where it is cheap: bundles of several hundred KB (mcp-proxy's, the codemod's) take seconds
// to parse, and scan already checks them; the files that hold labelled sites are all below this.
const ESLINT_MAX_BYTES = 150_000;

function lintable(pkg: LabelledPackage): string[] {
  return filesOf(pkg).filter((file) => statSync(path.join(installedDir(pkg.name), file)).size <= ESLINT_MAX_BYTES);
}

const percent = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(0)}%`);

beforeAll(async () => {
  workdir = mkdtempSync(path.join(os.tmpdir(), 'uproot-real-code-'));
  for (const pkg of labels) scanned.set(pkg.name, await scanPackage(pkg));
});

afterAll(() => {
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

describe('uproot scan on published MCP packages', () => {
  it('the labels describe the installed versions, and point at lines that mention roots, elicitation or sampling', () => {
    for (const pkg of labels) {
      expect(installedVersion(pkg.name), `${pkg.name}: relabel sites.json for the installed version`).toBe(pkg.version);
      for (const s of [...pkg.sites, ...pkg.lookalikes]) {
        // The labelled line or the one after it (a call whose method literal is on its next line).
        const lines = textOf(pkg, s.file).split('\n').slice(s.line - 1, s.line + 1).join('\n');
        expect(lines, `${pkg.name}/${here(s.file, s.line)}`).toMatch(MENTION);
      }
    }
  });

  for (const pkg of labels) {
    describe(pkg.name, () => {
      it('reports no site that is not labelled (no false positive)', () => {
        expect(score(pkg, scanned.get(pkg.name)!).falsePositives).toEqual([]);
      });

      it('finds exactly the sites labelled found, at their columns, and still misses those labelled missed', () => {
        const reported = scanned.get(pkg.name)!;
        const nowFound = pkg.sites.filter((s) => s.status === 'missed' && reported.some((r) => siteKey(r) === siteKey(s)));
        expect(nowFound.map(siteKey), 'found now: move these to "found" in sites.json').toEqual([]);
        for (const s of pkg.sites.filter((x) => x.status === 'found')) {
          const at = reported.filter((r) => siteKey(r) === siteKey(s)).map((r) => r.column);
          expect(at, `${siteKey(s)} (${s.note})`).toEqual([s.column]);
        }
      });

      it('leaves every look-alike unreported', () => {
        const reported = scanned.get(pkg.name)!;
        const hits = pkg.lookalikes.filter((l) => reported.some((r) => r.file === l.file && r.line === l.line && r.column === l.column));
        expect(hits).toEqual([]);
      });

      if (lintable(pkg).length) it('ESLint (configs.strict) reports no false positive and agrees with scan on the labelled files', () => {
        const fromScan = scanned.get(pkg.name)!;
        const linted = lintable(pkg);
        expect(pkg.sites.filter((s) => !linted.includes(s.file)), 'files with sites that ESLint skips').toEqual([]);
        for (const file of linted) {
          const fromEslint = lint(pkg, file);
          expect(score({ ...pkg, sites: pkg.sites.filter((s) => s.file === file) }, fromEslint).falsePositives).toEqual([]);
          const keys = (rs: Reported[]) => rs.filter((r) => r.file === file).map((r) => `${r.line}:${r.column} ${r.kind}`).sort();
          expect(keys(fromEslint), `${pkg.name}/${file}`).toEqual(keys(fromScan));
        }
      });
    });
  }

  // Callers are found in the scanned folder then (no package.json, no repository): the same sites, file by file.
  it('finds the same sites in each package copied out without its package.json', async () => {
    for (const pkg of labels) {
      const keys = (rs: Reported[]) => rs.map((r) => `${siteKey(r)}:${r.column}`).sort();
      expect(keys(await scanPackage(pkg, true)), pkg.name).toEqual(keys(scanned.get(pkg.name)!));
    }
  });

  it(`recall over all labelled sites stays at or above ${(100 * RECALL_FLOOR).toFixed(1)}%`, () => {
    let sites = 0;
    let found = 0;
    let reports = 0;
    let wrong = 0;
    const rows = labels.map((pkg) => {
      const reported = scanned.get(pkg.name)!;
      const s = score(pkg, reported);
      sites += pkg.sites.length;
      found += s.found.length;
      reports += reported.length;
      wrong += s.falsePositives.length;
      const precision = percent(reported.length - s.falsePositives.length, reported.length);
      return `${pkg.name}@${pkg.version}: ${s.found.length}/${pkg.sites.length} sites (recall ${percent(s.found.length, pkg.sites.length)}), ${reported.length} reports (precision ${precision})`;
    });
    console.log([...rows, `all: ${found}/${sites} sites (recall ${percent(found, sites)}), ${reports} reports, ${wrong} false positives`].join('\n'));
    expect(sites).toBeGreaterThan(0);
    expect(found / sites).toBeGreaterThanOrEqual(RECALL_FLOOR);
  });
});
