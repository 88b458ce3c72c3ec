// Parsing for the front ends that are not ESLint (CLI, jscodeshift): typescript-estree for every
// extension, with parent pointers and scope analysis, so the finder sees what ESLint would give it.
import { analyze } from '@typescript-eslint/scope-manager';
import { parse, simpleTraverse } from '@typescript-eslint/typescript-estree';
import type { TSESTree } from '@typescript-eslint/types';
import type { ScopeManagerLike } from './ast.ts';

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

export function parseSource(text: string, filePath: string): ParsedFile {
  // `<T>x` assertions only parse without JSX; .js may hold JSX.
  const jsx = /\.(tsx|jsx|js|mjs|cjs)$/.test(filePath);
  let ast: TSESTree.Program;
  try {
    ast = parse(text, { range: true, loc: true, jsx, comment: true, tokens: false, filePath, errorOnUnknownASTType: false });
  } catch (error) {
    const e = error as { message?: string; lineNumber?: number; column?: number; location?: { start: { line: number; column: number } } };
    const line = e.location?.start.line ?? e.lineNumber ?? 1;
    const column = (e.location?.start.column ?? e.column ?? 0) + 1;
    throw new ParseError(e.message ?? String(error), line, column);
  }
  simpleTraverse(ast, { enter() {} }, true);
  // No lib: the finder never resolves a global, and declaring thousands of lib types per file is the
  // scope analysis' largest cost.
  const scopeManager = analyze(ast, { sourceType: 'module', lib: [] }) as unknown as ScopeManagerLike;
  return { ast, scopeManager };
}
