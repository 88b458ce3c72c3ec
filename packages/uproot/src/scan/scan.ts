// `uproot scan`: find every roots site under the given paths, one file at a time; a file that fails
// is reported and the others are still scanned.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { McpReach, type RootsCandidate, likelyRootsRequest, snapshotDuringRun, mayContainMrtrProblems, matterWords, skippedFileCandidates, skippedFileWhy } from '@uproot/core/light';
import { collectFiles, type FileProblem, type FileSet } from '../files/walk.ts';
import { type Engine, type MatchJob, type MatchOutcome, type Parsed, type ScanProblem, type ScanSite, describeFailure, matchFile, matchParsed } from './match-file.ts';
import { MatchPool } from '../worker/match-pool.ts';
import { Progress } from '../report/progress.ts';
import { DEFAULT_MAX_BYTES, readSource } from '../files/read-source.ts';
import { RunBytes } from '../files/run-bytes.ts';
import { PreparedUnits, isOpenRequest, refineActions } from './refine.ts';
import { type TypesDecision, type TypesMode, decideTypes } from '../types/detect.ts';
import { openOracle } from '../types/candidates.ts';
import type { TypeOracle } from '../types/oracle.ts';

export interface FileSites {
  /** Path relative to the working directory, with forward slashes. */
  file: string;
  absolute: string;
  sites: ScanSite[];
  /** Hand-rolled MRTR that breaks the 2026-07-28 rules (the uproot/mrtr-* ESLint rules). */
  problems: ScanProblem[];
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
let engine: Engine | undefined;

/** What one file adds to the result, kept in file order: matching may finish out of order on the worker. */
interface FileEvents {
  problem?: { notice: boolean; entry: FileProblem };
  file?: string;
  absolute?: string;
  candidates?: RootsCandidate[];
  outcome?: MatchOutcome | Promise<MatchOutcome | undefined>;
  job?: MatchJob;
}

export async function runScan(paths: string[], options: ScanOptions): Promise<ScanResult> {
  // The run takes the disk as it found it: folders listed once, not a stat per probe (run-snapshot.ts).
  const endSnapshot = snapshotDuringRun();
  try {
    return await scanPaths(paths, options);
  } finally {
    endSnapshot();
  }
}

async function scanPaths(paths: string[], options: ScanOptions): Promise<ScanResult> {
  const { cwd } = options;
  const decision = decideTypes(options.types ?? 'auto', paths, cwd);
  if (decision.types === 'off' && options.types === 'on') throw new TypesUnavailable(`--types on needs a tsconfig.json and an installed @modelcontextprotocol package: ${decision.why}`);
  // Typed, the checker's hints live on this thread: every file is matched here. Untyped over a
  // directory, the matcher worker starts now, so its start-up overlaps the walk.
  const early = decision.types === 'off' && walksDirectory(paths, cwd) ? MatchPool.start() : undefined;
  if (!early) MatchPool.discardPrestarted();
  // The refine pass after matching searches every file of the run again for a helper's callers: what the scan
  // reads is kept for it (run-bytes.ts). The pass runs only when a request it decides was found, so untyped, keeping
  // starts once that is likely (`wake` below): fresh memory costs page faults (~3 ms per MB on the bench machine),
  // and on a tree that holds no such request (the real-user bench tree: 18-24 MB) it was all for nothing. A file read
  // before then is read from disk again if the pass runs. The worker makes the slabs, the first few during the walk.
  const kept = new RunBytes(undefined, decision.types === 'off');
  if (early) kept.supplyFrom(early);
  let set: FileSet;
  try {
    set = await collectFiles(paths, cwd);
  } catch (error) {
    early?.close();
    throw error;
  }
  const result: ScanResult = { cwd, files: [], failures: [...set.problems], notices: [...set.notices], scannedFiles: 0, parsedFiles: 0, types: summary(decision) };
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const oracle = decision.types === 'on' ? await typedCandidates(decision, set.files, maxBytes) : undefined;
  const candidates: FileCandidate[] = [];
  if (options.explain) result.candidates = candidates;
  const progress = new Progress(set.files.length, options.progress ?? false);
  const reach = new McpReach();
  const pool = early ? early.keepFor(set.files.length) : oracle ? undefined : MatchPool.open(set.files.length);
  kept.supplyFrom(pool, set.files.length);
  // Keeping starts at the first answer that holds a request the refine pass decides (or, below, at the first file
  // that names both a roots request and MCP, which the worker answers for only later: waking on answers alone left
  // 6,000-8,600 of the four-repository tree's 22,500 caller-search reads to the disk). Without a worker, from the start.
  if (pool) pool.onAnswer = (o) => (o.sites.some(isOpenRequest) ? kept.wake() : undefined);
  else kept.wake();
  // In file order: the worker may answer after files read later.
  const events: Array<FileEvents | undefined> = new Array(set.files.length);
  // With a worker, the refine pass's units are made as the answers come in (refine.ts).
  const prepared = pool ? new PreparedUnits(maxBytes, kept, cwd) : undefined;
  // Typed, a file is first matched with a probe; only files whose receivers syntax left open are
  // matched again (same AST), once, over a program rooted at just those files (the rest never cost a parse).
  const deferred: Array<{ event: number; job: MatchJob; parsed: Parsed }> = [];
  const matchHere = async (job: MatchJob, event: number): Promise<MatchOutcome> => {
    engine ??= await import('@uproot/core');
    return oracle ? probe(engine, oracle, job, event) : matchFile(engine, job);
  };
  const probe = (eng: Engine, typed: TypeOracle, job: MatchJob, event: number): MatchOutcome => {
    let parsed: Parsed;
    try {
      parsed = eng.parseForRun(job.text, job.absolute, job.cwd);
    } catch (error) {
      return { sites: [], problems: [], candidates: [], parsed: false, failure: describeFailure(job.file, error) };
    }
    const outcome = matchParsed(eng, job, parsed, typed.has(job.absolute) ? typed.probeFor(job.absolute, parsed.scopeManager) : undefined);
    // A probe that asked for the checker stopped there (ProbeAsked, reported as a failure): its outcome is only a
    // placeholder until the file is matched again below, with the checker.
    if (typed.has(job.absolute) && typed.wasAsked(job.absolute)) deferred.push({ event, job, parsed });
    return outcome;
  };
  try {
    const order = readOrder(set.files, cwd);
    for (let i = 0; i < order.length; i++) {
      const at = order[i]!;
      const absolute = set.files[at]!;
      progress.tick(absolute);
      // Most files are read and dropped: their report path is worked out only when it is needed.
      // Untyped, one pass for the words the pre-filters need drops most files (typed, the checker may want any file).
      // The worker's answers are read every few files: a synchronous loop reads no message otherwise.
      if (pool && i % 64 === 0) pool.poll();
      const read = oracle ? readSource(absolute, maxBytes, { regular: true, keep: kept }) : readSource(absolute, maxBytes, { holdingAny: matterWords, regular: true, keep: kept });
      if (!read.ok) {
        events[at] = { problem: { notice: read.skipped, entry: { file: relativePath(cwd, absolute), message: read.message } } };
        continue;
      }
      result.scannedFiles++;
      if ('unwanted' in read) continue;
      // A file whose only provenance is a relative import must import its way to MCP to hold a site
      // (or call listRoots on what its importers pass in).
      // Typed, the checker may prove what syntactic reach cannot (path aliases, types from elsewhere).
      // A typed candidate needs no import: its receivers' types may come from a global declaration.
      // Untyped and without --explain, whether a file reaches MCP through its imports is the matcher's to find
      // out (on the worker when there is one): this thread walks and reads. --explain needs the answer here.
      let roots: boolean;
      let rootsIfReaches = false;
      if (oracle?.has(absolute)) roots = true;
      else if (oracle || options.explain) roots = reach.keepsForRoots(read.text, absolute);
      else {
        const kept = reach.keptByText(read.text);
        roots = kept === 'yes';
        rootsIfReaches = kept === 'if-it-reaches';
      }
      if (!kept.keeping && likelyRootsRequest(read.text)) kept.wake();
      const mrtr = mayContainMrtrProblems(read.text);
      const skipped = options.explain && !roots ? skippedFileCandidates(read.text, skippedFileWhy(read.text)) : undefined;
      if (!roots && !rootsIfReaches && !mrtr) {
        if (skipped?.length) events[at] = { absolute, candidates: skipped };
        continue;
      }
      const file = relativePath(cwd, absolute);
      const job: MatchJob = { absolute, file, text: read.text, roots, rootsIfReaches, mrtr, explain: !!options.explain, cwd };
      // The parser loads only once a file can hold a site.
      const outcome = pool?.offer(job) ?? (await matchHere(job, at));
      events[at] = { file, absolute, candidates: skipped, outcome, job: outcome instanceof Promise ? job : undefined };
    }
    // Every file is read: the main thread takes the worker's last jobs while it still has many.
    await pool?.share(async (job) => matchFile((engine ??= await import('@uproot/core')), job));
    if (deferred.length) {
      oracle!.need(deferred.map((d) => d.job.absolute));
      for (const d of deferred) events[d.event]!.outcome = matchParsed(engine!, d.job, d.parsed, oracle!.hintFor(d.job.absolute, d.parsed.scopeManager));
    }
    for (const e of events) {
      if (!e) continue;
      if (e.problem) (e.problem.notice ? result.notices : result.failures).push(e.problem.entry);
      if (e.candidates) for (const c of e.candidates) candidates.push({ file: relativePath(cwd, e.absolute!), ...c });
      if (!e.outcome) continue;
      // A job the worker could not answer is matched here.
      const outcome = (await e.outcome) ?? matchFile((engine ??= await import('@uproot/core')), e.job!);
      if (outcome.parsed) result.parsedFiles++;
      for (const c of outcome.candidates) candidates.push({ file: e.file!, ...c });
      if (outcome.failure) result.failures.push(outcome.failure);
      else if (outcome.sites.length || outcome.problems.length) {
        const entry = { file: e.file!, absolute: e.absolute!, sites: outcome.sites, problems: outcome.problems };
        result.files.push(entry);
        await prepared?.add(entry);
      }
    }
  } finally {
    pool?.close();
  }
  progress.done();
  // On this thread once the worker has ended: run on the worker (session 36), the pass was no faster on two cores
  // (four-repository tree, 10 alternating runs: median 1.86 s against 1.79 s here), the worker being the last to
  // finish, and its units sat beside the worker's heap (real-bundles peak 395 → 566 MB).
  await refineActions(result.files, set.files, maxBytes, oracle, kept, cwd, prepared);
  return result;
}

export { describeFailure } from './match-file.ts';

/**
 * The order files are read in: those whose path names MCP first (the likeliest to be matched), then the rest, each
 * in walk order. The worker matches what this thread finds while it reads on, so a large file found last is the
 * run's tail: on the real-user bench tree, an 88 KB module at 82% of the walk order (~150 ms to match, cold) ended
 * the run ~50 ms after the last read. Results keep walk order whatever the read order (`events`).
 */
function readOrder(files: readonly string[], cwd: string): number[] {
  // Only the part below the working directory: a repository named `my-mcp-server` would put every file first.
  const below = cwd.endsWith(path.sep) ? cwd : cwd + path.sep;
  const first: number[] = [];
  const rest: number[] = [];
  for (let at = 0; at < files.length; at++) {
    const file = files[at]!;
    (MCP_PATH.test(file.startsWith(below) ? file.slice(below.length) : file) ? first : rest).push(at);
  }
  return first.concat(rest);
}
const MCP_PATH = /mcp|modelcontext/i;

/** Whether the run walks a folder (a list of files alone is rarely large enough for the worker). */
function walksDirectory(paths: string[], cwd: string): boolean {
  return (paths.length ? paths : ['.']).some((p) => {
    try {
      return lstatSync(path.resolve(cwd, p)).isDirectory();
    } catch {
      return false;
    }
  });
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

/** `file`, or `file:line:column` for a problem at a position: the form editors and terminals link. */
export function problemLocation(p: FileProblem): string {
  return p.line ? `${p.file}:${p.line}:${p.column ?? 1}` : p.file;
}
