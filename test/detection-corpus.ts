// The detection corpus (test/fixtures/detection): every file with the sites it must produce, read
// from `// expect: kind[, kind]` comments on the line where each site starts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteKind } from '@uproot/core';

export const CORPUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'detection');
/** Small multi-file projects (barrels, tsconfig paths, `#imports`, workspaces), labelled the same way. */
export const PROJECTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'projects');

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

const KINDS: readonly SiteKind[] = ['request', 'input-request', 'list-changed', 'capability', 'elicitation-request', 'sampling-request'];
const MARKER = /\/\/ expect: (.*)$/;

export interface ExpectedSite {
  line: number;
  kind: SiteKind;
}

export interface CorpusFile {
  /** File name inside the corpus folder. */
  name: string;
  absolute: string;
  text: string;
  expected: ExpectedSite[];
}

export function readCorpus(): CorpusFile[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => SOURCE.test(name))
    .sort()
    .map((name) => {
      const absolute = path.join(CORPUS_DIR, name);
      const text = readFileSync(absolute, 'utf8');
      return { name, absolute, text, expected: expectationsOf(name, text) };
    });
}

export interface CorpusProject {
  name: string;
  dir: string;
  /** Every source file, `name` relative to the project folder with forward slashes. */
  files: CorpusFile[];
}

export function readProjects(): CorpusProject[] {
  return readdirSync(PROJECTS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = path.join(PROJECTS_DIR, name);
      const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((rel) => SOURCE.test(rel))
        .sort()
        .map((rel) => {
          const absolute = path.join(dir, rel);
          const text = readFileSync(absolute, 'utf8');
          const fileName = rel.split(path.sep).join('/');
          return { name: fileName, absolute, text, expected: expectationsOf(`${name}/${fileName}`, text) };
        });
      return { name, dir, files };
    });
}

function expectationsOf(name: string, text: string): ExpectedSite[] {
  const out: ExpectedSite[] = [];
  text.split('\n').forEach((content, i) => {
    const m = MARKER.exec(content);
    if (!m) return;
    for (const raw of m[1]!.split(',')) {
      const kind = raw.trim() as SiteKind;
      // A typo in a marker must fail loudly, not silently expect nothing.
      if (!KINDS.includes(kind)) throw new Error(`${name}:${i + 1}: unknown site kind "${raw.trim()}" in expect marker`);
      out.push({ line: i + 1, kind });
    }
  });
  return out;
}

/** `line:kind` keys, sorted, so two multisets compare with toEqual. */
export function siteKeys(sites: readonly { line: number; kind: string }[]): string[] {
  return sites.map((s) => `${s.line}:${s.kind}`).sort();
}

/** Elements of `a` not matched one-for-one in `b` (multiset difference). */
export function multisetMinus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const k of b) left.set(k, (left.get(k) ?? 0) + 1);
  const out: string[] = [];
  for (const k of a) {
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else out.push(k);
  }
  return out;
}
