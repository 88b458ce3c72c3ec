// The type-aware half of `--types on`: one TypeScript program (ts-morph's bundled compiler) per
// tsconfig, rooted at the files the text pre-filter kept; nothing is type-checked whole, the
// checker answers only the receivers provenance asks about.
import path from 'node:path';
import { ts } from 'ts-morph';
import { type McpValue, type Node, type TypeHint, mcpValueOfType } from '@uproot/core/planning';
import { isJsconfig, nearestTsconfig } from './detect.ts';
import { withBundledLibs } from './libs.ts';
import { McpFreePackages } from './mcp-free.ts';
import { tsNodeAt } from './node-at.ts';

/** Expressions whose own syntax already says what they are: never worth a checker call. */
const SYNTACTIC = new Set(['Literal', 'TemplateLiteral', 'ObjectExpression', 'ArrayExpression', 'ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

interface TsconfigProgram {
  options: ts.CompilerOptions;
  /** The tsconfig's own `.d.ts` files: globals no import names (tsc sees them too). */
  ambient: string[];
  texts: Map<string, string>;
  program?: ts.Program;
}

export class TypeOracle {
  private readonly programs = new Map<string, TsconfigProgram>();
  private readonly byFile = new Map<string, TsconfigProgram>();
  private readonly mcpFree = new McpFreePackages();
  private readonly fallback: string;

  /** `tsconfig`: the one found for the scanned paths, used for files with none of their own. */
  constructor(tsconfig: string) {
    this.fallback = tsconfig;
  }

  /**
   * Add every candidate before the first hint: each program is built once, on the first hint.
   * JavaScript joins only a project that checks it (allowJs, checkJs, a jsconfig.json), as tsc would.
   */
  add(file: string, text: string): boolean {
    const tsconfig = nearestTsconfig(path.dirname(file)) ?? this.fallback;
    let entry = this.programs.get(tsconfig);
    if (!entry) {
      // A jsconfig.json's JavaScript is checked unless it says otherwise (TypeScript's own jsconfig defaults).
      const defaults: ts.CompilerOptions = isJsconfig(tsconfig) ? { allowJs: true, noEmit: true } : { noEmit: true };
      const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, defaults, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
      const ambient = (parsed?.fileNames ?? []).filter((name) => /\.d\.[cm]?ts$/.test(name) && !name.includes('/node_modules/'));
      const options = parsed?.options ?? {};
      // checkJs implies allowJs (tsc reads the JavaScript it is asked to check).
      if (options.checkJs) options.allowJs = true;
      entry = { options, ambient, texts: new Map() };
      this.programs.set(tsconfig, entry);
    }
    if (/\.[cm]?jsx?$/.test(file) && !entry.options.allowJs) return false;
    // The scanned text, not the file on disk, so offsets match the AST exactly.
    entry.texts.set(path.resolve(file), text);
    this.byFile.set(path.resolve(file), entry);
    return true;
  }

  has(file: string): boolean {
    return this.byFile.has(path.resolve(file));
  }

  /** The hint for one added file; a file that was never added gets no type information. */
  hintFor(file: string): TypeHint | undefined {
    const abs = path.resolve(file);
    const entry = this.byFile.get(abs);
    if (!entry) return undefined;
    const program = (entry.program ??= this.build(entry));
    const tsFile = program.getSourceFile(abs);
    if (!tsFile) return undefined;
    const checker = program.getTypeChecker();
    return (node: Node): McpValue | undefined => {
      if (SYNTACTIC.has(node.type)) return undefined;
      const tsNode = tsNodeAt(tsFile, node.range[0], node.range[1]);
      if (!tsNode) return undefined;
      try {
        return mcpValueOfType(checker.getTypeAtLocation(tsNode));
      } catch {
        return undefined; // a checker crash on odd code must not fail the scan
      }
    };
  }

  private build(entry: TsconfigProgram): ts.Program {
    const host = withBundledLibs(ts.createCompilerHost(entry.options, true), entry.options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, onError, fresh) => {
      const given = entry.texts.get(path.resolve(name));
      if (given !== undefined) return ts.createSourceFile(name, given, language, true);
      if (this.mcpFree.covers(name)) return ts.createSourceFile(name, 'export {};', language, true);
      return read(name, language, onError, fresh);
    };
    return ts.createProgram({ rootNames: [...entry.ambient, ...entry.texts.keys()], options: entry.options, host });
  }
}
