// `uproot scan --explain`: the lines that mention roots (the pre-filter's spellings) but hold no site,
// one entry per line, with why. Parser-free, so a file the pre-filter skipped is explained unparsed.
import { mayContainRootsSites, rootsMentions } from './prefilter.ts';

export interface RootsCandidate {
  /** 1-based position of the first roots mention on the line. */
  line: number;
  column: number;
  /** The line, trimmed and shortened. */
  text: string;
  why: string;
}

export interface Mention {
  offset: number;
  line: number;
  column: number;
  lineText: string;
}

const MAX_EXCERPT = 120;

/**
 * The reasons that say a mention is not code that sends, handles or declares roots (explain.ts gives them):
 * uproot understood the line (a comment, a string, a declaration, an import) and nothing on it needs a check.
 */
export const routineWhy = {
  comment: 'inside a comment',
  string: 'inside a string that no MCP call sends, handles or answers',
  value: 'a `roots` value or property, not a roots capability, handler, request or answer of an MCP value',
  name: (word: string) => `names \`${word}\`, but not as a roots request, handler, capability or input request of an MCP value`,
  declares: (name: string) => `declares \`${name}\` itself; only calls on an MCP value are sites`,
  mcpImport: 'an import of an MCP roots name: uproot reports where it is used, not the import',
  ownImport: (source: string) => `an import from the project's own '${source}': uproot reports where the name is used, when it is an MCP value`,
  otherImport: (source: string) => `imported from '${source}', not an MCP package`,
} as const;

// A reason's particulars: the code it quotes in backticks, the module it names after "from" / "own".
const PARTICULAR = /`([^`]*)`|(?<=(?:from|own) )'([^']*)'/g;

/**
 * A reason without its particulars and without the closing parenthesis that says where a value came from, so
 * the text report can put every "declares `X` itself" line under one heading however many names a repository
 * declares, and every "receiver `x` is not an MCP value (…)" under another.
 */
export function whyFamily(why: string): string {
  return why.replace(/ \([^()]*(?:\([^()]*\)[^()]*)*\)$/, '').replace(PARTICULAR, (_, code: string | undefined) => (code !== undefined ? '`…`' : "'…'"));
}

/** What `whyFamily` takes out of `why`, in order: `ListRootsResult`, `'./schemas'`. */
export function whyParticulars(why: string): string[] {
  return [...why.matchAll(PARTICULAR)].map((m) => (m[1] !== undefined ? m[1] : `'${m[2]}'`));
}

const ROUTINE_FAMILIES = new Set(
  [routineWhy.comment, routineWhy.string, routineWhy.value, routineWhy.name('x'), routineWhy.declares('x'), routineWhy.mcpImport, routineWhy.ownImport('x'), routineWhy.otherImport('x')].map(whyFamily),
);

/** Whether `why` is one of `routineWhy`: the text report counts those instead of listing each line. */
export function isRoutineWhy(why: string): boolean {
  return ROUTINE_FAMILIES.has(whyFamily(why));
}

/** Every roots mention, with its line; the caller keeps the first it cannot account for on each line. */
export function mentionsByLine(text: string): Map<number, Mention[]> {
  const byLine = new Map<number, Mention[]>();
  let line = 1;
  let lineStart = 0;
  for (const offset of rootsMentions(text)) {
    for (let nl = text.indexOf('\n', lineStart); nl !== -1 && nl < offset; nl = text.indexOf('\n', lineStart)) {
      line++;
      lineStart = nl + 1;
    }
    const end = text.indexOf('\n', offset);
    const lineText = text.slice(lineStart, end === -1 ? text.length : end);
    const list = byLine.get(line) ?? [];
    list.push({ offset, line, column: offset - lineStart + 1, lineText });
    byLine.set(line, list);
  }
  return byLine;
}

export function candidate(m: Mention, why: string): RootsCandidate {
  const trimmed = m.lineText.trim().replace(/\s+/g, ' ');
  const text = trimmed.length > MAX_EXCERPT ? `${trimmed.slice(0, MAX_EXCERPT - 3)}...` : trimmed;
  return { line: m.line, column: m.column, text, why };
}

/** A file the pre-filter ruled out: every line that mentions roots, with the file's one reason. */
export function skippedFileCandidates(text: string, why: string): RootsCandidate[] {
  return [...mentionsByLine(text).values()].map((mentions) => candidate(mentions[0]!, why));
}

const skippedFileReasons = {
  noProvenance: 'the file was skipped by the pre-filter: it has no MCP import, no import to follow and no hand-built MRTR result',
  noReach: 'the file was skipped by the pre-filter: no MCP import reaches it (none of its imports leads to a module of the project that imports an MCP package)',
} as const;

/** Why the pre-filter skipped a file that mentions roots: no provenance at all, or none that reaches MCP. */
export function skippedFileWhy(text: string): string {
  return mayContainRootsSites(text) ? skippedFileReasons.noReach : skippedFileReasons.noProvenance;
}
