// The hand labels: one entry per repository at a recorded commit, written by reading the code before
// uproot was run on it. Sites are what a person decided is roots use of an MCP value, and in the repositories
// marked `pushLabelled`, push-style elicitation and sampling requests too.
import { readFileSync } from 'node:fs';

export interface LabelledSite {
  file: string;
  line: number;
  kind: string;
  /** How the MCP value reaches the site (direct, helper, subclass, capability-object, factory, proxy, framework, client). */
  family: string;
  note?: string;
}

export interface PlaceNote {
  file: string;
  line: number;
  why: string;
}

export interface LabelledRepo {
  repo: string;
  commit: string;
  sites: LabelledSite[];
  /** Roots use uproot does not claim to cover (hand-rolled JSON-RPC, bundles): neither a miss nor a false positive. */
  outOfScope?: PlaceNote[];
  /** Places that look like sites and are not: documentation of what must stay silent. */
  lookalikes?: PlaceNote[];
  /** Its labels cover push-style elicitation and sampling requests as well as roots (issue 21). */
  pushLabelled?: boolean;
}

export function readLabels(file: string): LabelledRepo[] {
  const repos = JSON.parse(readFileSync(file, 'utf8')) as LabelledRepo[];
  for (const r of repos) {
    if (!/^[0-9a-f]{40}$/.test(r.commit)) throw new Error(`${file}: ${r.repo} has no 40-hex commit`);
    for (const s of r.sites) if (!s.file || !(s.line > 0) || !s.kind || !s.family) throw new Error(`${file}: ${r.repo} has a site without file, line, kind or family: ${JSON.stringify(s)}`);
  }
  return repos;
}

/** Directory name of a repository's snapshot, as `fetch` names it (`owner+name`). */
export const snapshotName = (repo: string) => repo.replace('/', '+');

// Scan's walk skips these folders (and hidden ones); the labels skip `out/` too. A report in any of them is outside
// what was labelled: counted apart, neither a hit nor a false positive.
const UNLABELLED_FOLDER = /(?:^|\/)(?:node_modules|dist|build|out|coverage|\.[^/]+)\//;
export const inLabelledArea = (file: string) => !UNLABELLED_FOLDER.test(file) && !/\.min\.[cm]?js$/.test(file);
