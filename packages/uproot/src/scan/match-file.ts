// One file the pre-filters kept, through the parser-backed core: its roots sites, its MRTR problems and,
// with --explain, the roots lines that hold no site. Plain data out (no AST nodes), so the main thread
// and a matcher worker (match-pool.ts) give `uproot scan` the same answer.
import { McpReach, type MrtrProblem, type RootsCandidate, type RootsSite } from '@uproot/core/light';
import type { FileProblem } from '../files/walk.ts';

export type Engine = typeof import('@uproot/core');
type TypeHint = Parameters<Engine['findRootsSites']>[0]['typeHint'];

/** A site as scan reports it: what the core found, without the AST node it was found at. */
export type ScanSite = Omit<RootsSite, 'node'>;
export type ScanProblem = Omit<MrtrProblem, 'node'>;

export interface MatchJob {
  absolute: string;
  /** The report path (relative to the working directory). */
  file: string;
  text: string;
  /** Which pre-filters kept the file: it may hold roots sites, MRTR problems, or both. */
  roots: boolean;
  /**
   * `roots` was kept by the text check alone: the file holds a site only if it imports its way to MCP
   * (McpReach). The matcher decides, so the main thread, which walks and reads, skips reading those imports.
   */
  rootsIfReaches?: boolean;
  mrtr: boolean;
  explain: boolean;
  /** Where the scan started: the callers' boundary for a file no package.json or repository holds. */
  cwd: string;
}

export interface MatchOutcome {
  sites: ScanSite[];
  problems: ScanProblem[];
  /** With explain: the lines that mention roots and were not reported, in file order. */
  candidates: RootsCandidate[];
  failure?: FileProblem;
  parsed: boolean;
}

export type Parsed = ReturnType<Engine['parseSource']>;

/** One per thread: what each module imports is read and resolved once per run and thread. */
const reach = new McpReach();

export function matchFile(engine: Engine, given: MatchJob, typeHint?: TypeHint): MatchOutcome {
  const job = given.rootsIfReaches ? { ...given, roots: reach.reaches(given.text, given.absolute), rootsIfReaches: false } : given;
  if (!job.roots && !job.mrtr) return { sites: [], problems: [], candidates: [], parsed: false };
  let parsed: Parsed;
  try {
    // A file another scanned file imports may have been parsed already, by the module graph.
    parsed = engine.parseForRun(job.text, job.absolute, job.cwd);
  } catch (error) {
    return { sites: [], problems: [], candidates: [], parsed: false, failure: describeFailure(job.file, error) };
  }
  return matchParsed(engine, job, parsed, typeHint);
}

/** The matching of a file already parsed (typed mode matches a file again, with the checker, on the same AST). */
export function matchParsed(engine: Engine, job: MatchJob, parsed: Parsed, typeHint?: TypeHint): MatchOutcome {
  const { absolute, text } = job;
  const outcome: MatchOutcome = { sites: [], problems: [], candidates: [], parsed: true };
  try {
    const rejections: { node: RootsSite['node']; why: string }[] = [];
    const note = job.explain ? (node: RootsSite['node'], why: string) => void rejections.push({ node, why }) : undefined;
    const sites = job.roots ? engine.findRootsSites({ ast: parsed.ast, text, scopeManager: parsed.scopeManager, file: absolute, cwd: job.cwd, explain: note, typeHint }) : [];
    if (note && job.roots) outcome.candidates = engine.explainCandidates({ ast: parsed.ast, text, sites, rejections });
    const problems = job.mrtr ? engine.findMrtrProblems({ ast: parsed.ast, text, scopeManager: parsed.scopeManager }) : [];
    outcome.sites = sites.map(withoutNode);
    outcome.problems = problems.map(withoutNode);
  } catch (error) {
    outcome.failure = describeFailure(job.file, error);
  }
  return outcome;
}

/** The report keeps positions, not nodes: a node holds its whole AST (parent pointers) alive. */
function withoutNode<T extends { node: unknown }>(found: T): Omit<T, 'node'> {
  const copy: Partial<T> = { ...found };
  delete copy.node;
  return copy as Omit<T, 'node'>;
}

export function describeFailure(file: string, error: unknown): FileProblem {
  if (isParseError(error)) {
    const detail = error.message.split('\n')[0]!.replace(/\.$/, '');
    return { file, line: error.line, column: error.column, message: `has a syntax error: ${detail}; fix it and run again` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { file, message: `failed inside uproot (${message}); the other files were still processed; please report this with the file attached` };
}

/** core's ParseError, recognised without loading the parser module. */
function isParseError(error: unknown): error is Error & { line: number; column: number } {
  return error instanceof Error && error.name === 'ParseError' && typeof (error as { line?: unknown }).line === 'number';
}
