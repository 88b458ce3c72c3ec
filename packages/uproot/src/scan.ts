// `uproot scan`: find every roots site under the given paths, one file at a time; a file that fails
// is reported and the others are still scanned.
import path from 'node:path';
import { McpReach, type MrtrProblem, type RootsCandidate, type RootsSite, mayContainMrtrProblems, mayContainRootsSites, skippedFileCandidates, skippedFileWhy } from '@uproot/core/light';
import { collectFiles, type FileProblem } from './files.ts';
import { Progress } from './progress.ts';
import { DEFAULT_MAX_BYTES, readSource } from './read-source.ts';
import { type TypesDecision, type TypesMode, decideTypes } from './types/detect.ts';
import { openOracle } from './types/candidates.ts';
import type { TypeOracle } from './types/oracle.ts';

export interface FileSites {
  /** Path relative to the working directory, with forward slashes. */
  file: string;
  absolute: string;
  sites: RootsSite[];
  /** Hand-rolled MRTR that breaks the 2026-07-28 rules (the uproot/mrtr-* ESLint rules). */
  problems: MrtrProblem[];
}

export interface ScanResult {
  /** The directory that relative paths in this result start from. */
  cwd: string;
  files: FileSites[];
  failures: FileProblem[];
  notices: FileProblem[];
  scannedFiles: number;
  parsedFiles: number;
  /** With `explain`: lines that mention roots but hold no site, with why, in file order. */
  candidates?: FileCandidate[];
  /** Which mode ran: typed (the checker confirmed receivers syntax could not trace) or not, and why not. */
  types: { types: 'on' | 'off'; why?: string };
}

export interface FileCandidate extends RootsCandidate {
  file: string;
}

export interface ScanOptions {
  cwd: string;
  maxBytes?: number;
  progress?: boolean;
  /** Also account for every line that mentions roots and was not reported (`--explain`). */
  explain?: boolean;
  /** `auto` (default): typed when a tsconfig and the MCP packages are found; `on` requires them. */
  types?: TypesMode;
}

/** `--types on` where no tsconfig or MCP package was found: a usage error, with why. */
export class TypesUnavailable extends Error {}

export function relativePath(cwd: string, file: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}

/** The parser-backed core, loaded on the first file that can hold a site and kept for the rest. */
let engine: typeof import('@uproot/core') | undefined;

export async function runScan(paths: string[], options: ScanOptions): Promise<ScanResult> {
  const { cwd } = options;
  const set = await collectFiles(paths, cwd);
  const decision = decideTypes(options.types ?? 'auto', paths, cwd);
  if (decision.types === 'off' && options.types === 'on') throw new TypesUnavailable(`--types on needs a tsconfig.json and an installed @modelcontextprotocol package: ${decision.why}`);
  const result: ScanResult = { cwd, files: [], failures: [...set.problems], notices: [...set.notices], scannedFiles: 0, parsedFiles: 0, types: summary(decision) };
  const oracle = decision.types === 'on' ? await typedCandidates(decision, set.files, options.maxBytes ?? DEFAULT_MAX_BYTES) : undefined;
  const candidates: FileCandidate[] = [];
  if (options.explain) result.candidates = candidates;
  const explain = (absolute: string, list: RootsCandidate[]) => {
    const file = relativePath(cwd, absolute);
    for (const c of list) candidates.push({ file, ...c });
  };
  const progress = new Progress(set.files.length, options.progress ?? false);
  const reach = new McpReach();
  // Typed, a file is first analysed with a probe; only files whose receivers syntax left open are
  // analysed again (same AST), once, over a program rooted at just those files (the rest never cost a parse).
  type Parsed = ReturnType<typeof import('@uproot/core').parseSource>;
  const deferred: { absolute: string; text: string; mrtr: boolean; parsed: Parsed }[] = [];
  const examine = async (absolute: string, text: string, roots: boolean, mrtr: boolean, hint: 'probe' | 'typed' | undefined, reparse?: Parsed) => {
    const file = relativePath(cwd, absolute);
    try {
      // The parser loads only once a file can hold a site.
      const { parseSource, findRootsSites, findMrtrProblems, explainCandidates } = (engine ??= await import('@uproot/core'));
      const parsed = reparse ?? parseSource(text, absolute);
      if (!reparse) result.parsedFiles++;
      const rejections: { node: RootsSite['node']; why: string }[] = [];
      const note = options.explain ? (node: RootsSite['node'], why: string) => void rejections.push({ node, why }) : undefined;
      const typeHint = hint === 'probe' ? oracle?.probeFor(absolute, parsed.scopeManager) : hint === 'typed' ? oracle?.hintFor(absolute, parsed.scopeManager) : undefined;
      const sites = roots ? findRootsSites({ ast: parsed.ast, text, scopeManager: parsed.scopeManager, file: absolute, explain: note, typeHint }) : [];
      if (hint === 'probe' && oracle?.wasAsked(absolute)) return void deferred.push({ absolute, text, mrtr, parsed });
      if (note && roots) explain(absolute, explainCandidates({ ast: parsed.ast, text, sites, rejections }));
      const problems = mrtr ? findMrtrProblems({ ast: parsed.ast, text, scopeManager: parsed.scopeManager }) : [];
      if (sites.length || problems.length) result.files.push({ file, absolute, sites, problems });
    } catch (error) {
      result.failures.push(describeFailure(file, error));
    }
  };
  for (const absolute of set.files) {
    progress.tick(absolute);
    // Most files are read and dropped: their report path is worked out only when it is needed.
    const read = readSource(absolute, options.maxBytes ?? DEFAULT_MAX_BYTES);
    if (!read.ok) {
      const file = relativePath(cwd, absolute);
      (read.skipped ? result.notices : result.failures).push({ file, message: read.message });
      continue;
    }
    result.scannedFiles++;
    // A file whose only provenance is a relative import must import its way to MCP to hold a site.
    // Typed, the checker may prove what syntactic reach cannot (path aliases, types from elsewhere).
    // A typed candidate needs no import: its receivers' types may come from a global declaration.
    const typed = !!oracle?.has(absolute);
    const roots = typed || (mayContainRootsSites(read.text) && reach.reaches(read.text, absolute));
    const mrtr = mayContainMrtrProblems(read.text);
    if (options.explain && !roots) explain(absolute, skippedFileCandidates(read.text, skippedFileWhy(read.text)));
    if (!roots && !mrtr) continue;
    await examine(absolute, read.text, roots, mrtr, typed ? 'probe' : undefined);
  }
  if (deferred.length) {
    oracle!.need(deferred.map((d) => d.absolute));
    for (const d of deferred) await examine(d.absolute, d.text, true, d.mrtr, 'typed', d.parsed);
    inFileOrder(set.files, result.files, (f) => f.absolute);
    if (options.explain) inFileOrder(set.files.map((f) => relativePath(cwd, f)), candidates, (c) => c.file);
  }
  progress.done();
  await refineActions(result, set.files, options.maxBytes ?? DEFAULT_MAX_BYTES, oracle);
  return result;
}

/** Back in walk order after the typed second pass (a stable sort keeps each file's own order). */
function inFileOrder<T>(walked: string[], items: T[], fileOf: (item: T) => string): void {
  const index = new Map(walked.map((f, i) => [f, i]));
  items.sort((a, b) => index.get(fileOf(a))! - index.get(fileOf(b))!);
}

export function summary(decision: TypesDecision): ScanResult['types'] {
  return decision.types === 'on' ? { types: 'on' } : { types: 'off', why: decision.why };
}

/** Typed mode: the checker sees every candidate before the first hint (one program per tsconfig). */
function typedCandidates(decision: TypesDecision & { types: 'on' }, files: string[], maxBytes: number): Promise<TypeOracle> {
  function* read() {
    for (const file of files) {
      if (!/\.[cm]?[jt]sx?$/.test(file)) continue;
      const r = readSource(file, maxBytes);
      if (r.ok) yield { path: file, text: r.text };
    }
  }
  return openOracle(decision.tsconfig, read(), { onDemand: true });
}

/**
 * What scan says `migrate --to mrtr` will do must be what it does: for requests the file-local
 * classifier calls rewritable (or could not close), ask the planner itself, over the same files.
 */
async function refineActions(result: ScanResult, allFiles: string[], maxBytes: number, oracle: TypeOracle | undefined): Promise<void> {
  // v1 requests too: the planner decides whether their marker suggests the SDK upgrade.
  const open = (s: RootsSite) => s.kind === 'request' && (s.action === 'rewrite' || (s.reason === 'unresolved-chain' && s.sdk === 2) || (s.sdk === 1 && (s.reason === 'v1-sdk' || s.reason === 'unresolved-chain')));
  const withCandidates = result.files.filter((f) => f.sites.some(open));
  if (withCandidates.length === 0) return;
  const { planMrtrProject } = await import('../../../transforms/mrtr.ts');
  const read = (file: string) => {
    const r = readSource(file, maxBytes);
    return r.ok ? r.text : undefined;
  };
  const sources = allFiles.map((file) => (withCandidates.some((f) => f.absolute === file) ? { path: file, text: read(file) } : { path: file }));
  let plans;
  try {
    plans = planMrtrProject(sources, { read, typeHintFor: oracle && ((file, scopes) => oracle.hintFor(file, scopes)) }).plans;
  } catch {
    return; // the classifier's answer stands; migrate reports the planner's failure with its cause
  }
  for (const f of withCandidates) {
    const outcomes = plans.get(f.absolute)?.outcomes ?? [];
    for (const site of f.sites.filter(open)) {
      const o = outcomes.find((x) => x.site.range[0] === site.range[0] && x.site.kind === site.kind);
      if (o?.outcome === 'rewritten') {
        site.action = 'rewrite';
        delete site.reason;
      } else if (o?.outcome === 'marked' && o.reason) {
        site.action = 'mark';
        site.reason = o.reason;
        if (o.detail) site.detail = o.detail;
      }
    }
  }
}

export function describeFailure(file: string, error: unknown): FileProblem {
  if (isParseError(error)) {
    const detail = error.message.split('\n')[0]!.replace(/\.$/, '');
    return { file, line: error.line, column: error.column, message: `has a syntax error: ${detail}; fix it and run again` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { file, message: `failed inside uproot (${message}); the other files were still processed; please report this with the file attached` };
}

/** `file`, or `file:line:column` for a problem at a position: the form editors and terminals link. */
export function problemLocation(p: FileProblem): string {
  return p.line ? `${p.file}:${p.line}:${p.column ?? 1}` : p.file;
}

/** core's ParseError, recognised without loading the parser module. */
function isParseError(error: unknown): error is Error & { line: number; column: number } {
  return error instanceof Error && error.name === 'ParseError' && typeof (error as { line?: unknown }).line === 'number';
}
