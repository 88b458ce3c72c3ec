// Parsing for the front ends that are not ESLint (CLI, jscodeshift): oxc-parser's TS-ESTree output
// for every extension, with ranges, locations, parent pointers and scope analysis, so the finder sees
// the shape ESLint would give it. oxc is native and loads in milliseconds; TypeScript never loads.
import { analyze } from '@typescript-eslint/scope-manager';
import type { TSESTree } from '@typescript-eslint/types';
import { parseSync, rawTransferSupported } from 'oxc-parser';
import type { ScopeManagerLike } from './ast.ts';
import { position, rememberLines } from './loc.ts';
import { childKeys, rememberOrder } from './walk.ts';

export interface ParsedFile {
  ast: TSESTree.Program;
  scopeManager: ScopeManagerLike;
}

export class ParseError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(message: string, line: number, column: number) {
    super(message);
    this.name = 'ParseError';
    this.line = line;
    this.column = column;
  }
}

type Lang = 'js' | 'jsx' | 'ts' | 'tsx';

/** `<T>x` assertions only parse without JSX (.ts); .js may hold JSX. */
function langOf(filePath: string): Lang {
  if (/\.tsx$/.test(filePath)) return 'tsx';
  if (/\.[cm]?ts$/.test(filePath)) return 'ts';
  return 'jsx';
}

export function parseSource(text: string, filePath: string): ParsedFile {
  const { result, lines } = parseOxc(text, filePath);
  const ast = result.program as unknown as TSESTree.Program;
  (ast as { comments?: unknown }).comments = result.comments.map((c) => ({ ...c, range: [c.start, c.end] as [number, number] }));
  decorate(ast);
  rememberLines(ast, lines);
  // No lib: the finder never resolves a global, and declaring thousands of lib types per file is the
  // scope analysis' largest cost.
  const scopeManager = analyze(ast, { sourceType: 'module', lib: [] }) as unknown as ScopeManagerLike;
  return { ast, scopeManager };
}

/**
 * oxc's parse of `text`, or a ParseError at the first error. The AST is still oxc's JSON (decoded when
 * `result.program` is read), so a reader of the module record alone (module-requests.ts) never pays for it.
 */
export function parseOxc(text: string, filePath: string): { result: ReturnType<typeof parseSync>; lines: number[] } {
  const lang = langOf(filePath);
  // TS-ESTree shape for JavaScript too: scope analysis expects its fields (decorators, typeAnnotation).
  // No `range` from oxc: decorate() sets it from start and end, which costs less than parsing it from
  // oxc's JSON (a fifth of that JSON, on a file of TypeScript).
  const options = { lang, astType: 'ts', range: false, preserveParens: false, showSemanticErrors: false, experimentalRawTransfer: rawTransfer() } as const;
  let result = parseSync(filePath, text, { ...options, sourceType: 'module' });
  // CommonJS may use what modules forbid (top-level `return`, `with`): try it as a script.
  if (result.errors.length && lang === 'jsx') {
    const script = parseSync(filePath, text, { ...options, sourceType: 'script' });
    if (!script.errors.length) result = script;
  }
  const lines = lineStarts(text);
  const error = result.errors.find((e) => e.severity === 'Error') ?? result.errors[0];
  if (error) {
    const at = error.labels?.[0]?.start ?? 0;
    const { line, column } = position(lines, at);
    throw new ParseError(error.message, line, column + 1);
  }
  return { result, lines };
}

let raw: boolean | undefined;

/**
 * Node 22+: oxc hands the AST over in a buffer both sides share (raw transfer) instead of as a JSON string
 * that V8 must decode and then parse, which is most of a parse on Node 20 (on five bench files: 1.0 s
 * taking the JSON string, 0.7 s parsing it, against 0.56 s for oxc's own parse). The same AST either way,
 * property for property (compared on the bench's largest files). Node 20 cannot make the buffer.
 */
function rawTransfer(): boolean {
  return (raw ??= rawTransferSupported());
}

/** The offset each line of `text` starts at (what locOf works lines out from). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * oxc gives every Identifier (and class member, parameter…) its own empty `decorators` array: ~40% of a
 * file's nodes. One shared array in their place keeps ~5% less of each parsed file alive (the module graph
 * keeps every module it parsed for the run). Frozen: nothing of ours writes to it, and a write would throw.
 */
const NO_DECORATORS: readonly unknown[] = Object.freeze([]);

/** Parent pointers and `range` on every node, and the file's walk order for walkAll (the same order); `loc` is loc.ts's, on demand. */
function decorate(root: TSESTree.Node): void {
  // Two flat stacks instead of a [node, parent] pair per node: this pass runs over every node of a file.
  const nodes: TSESTree.Node[] = [root];
  const parents: Array<TSESTree.Node | undefined> = [undefined];
  const order: TSESTree.Node[] = [];
  while (nodes.length) {
    const node = nodes.pop()!;
    const parent = parents.pop();
    order.push(node);
    const { start, end } = node as unknown as { start: number; end: number };
    (node as { range: [number, number] }).range = [start, end];
    if (parent) (node as { parent?: TSESTree.Node }).parent = parent;
    const decorators = (node as { decorators?: readonly unknown[] }).decorators;
    if (decorators?.length === 0) (node as { decorators?: readonly unknown[] }).decorators = NO_DECORATORS;
    for (const key of childKeys(node)) {
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const c of child) {
          if (c && typeof c === 'object' && typeof (c as { type?: unknown }).type === 'string') {
            nodes.push(c as TSESTree.Node);
            parents.push(node);
          }
        }
      } else if (child && typeof child === 'object' && typeof (child as { type?: unknown }).type === 'string') {
        nodes.push(child as TSESTree.Node);
        parents.push(node);
      }
    }
  }
  rememberOrder(root, order);
}
