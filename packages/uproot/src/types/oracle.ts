// The type-aware half of `--types on`: one TypeScript program (ts-morph's bundled compiler) per
// tsconfig; nothing is type-checked whole, the checker answers only the receivers provenance asks about.
// Rooted at every candidate, or (on demand) only at the files whose receivers syntax left open.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { ts } from 'ts-morph';
import type { ScopeManagerLike } from '@uproot/core';
import { type McpValue, type Node, type TypeHint, mcpValueOfType } from '@uproot/core/planning';
import { isJsconfig, nearestTsconfig } from './detect.ts';
import { mayDeclareGlobals } from './global-scope.ts';
import { ParsedFiles, createOracleHost, type OracleHost } from './host.ts';
import { importedFrom } from './imported-from.ts';
import { isLibGlobal } from './lib-globals.ts';
import { McpFreePackages } from './mcp-free.ts';
import { tsNodeAt } from './node-at.ts';

/** Expressions whose own syntax already says what they are: never worth a checker call. */
const SYNTACTIC = new Set(['Literal', 'TemplateLiteral', 'ObjectExpression', 'ArrayExpression', 'ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

interface TsconfigProgram extends OracleHost {
  options: ts.CompilerOptions;
  /** The tsconfig's own `.d.ts` files: globals no import names (tsc sees them too). */
  ambient: string[];
  /** The files the program is rooted at (beside `ambient`); on demand, it grows as hints need it. */
  roots: Set<string>;
  program?: ts.Program;
  checker?: ts.TypeChecker;
  /** Module resolution as the program does it, for imports answered without the checker. */
  resolution?: ts.ModuleResolutionCache;
}

export interface OracleOptions {
  /** Root the program only at files a hint was asked about (and files that may declare globals). */
  onDemand?: boolean;
}

/** Thrown by a probe at its first question for the checker; whoever matched the file discards that outcome. */
export class ProbeAsked extends Error {
  constructor(file: string) {
    super(`the checker is needed for ${file}`);
    this.name = 'ProbeAsked';
  }
}

export class TypeOracle {
  private readonly programs = new Map<string, TsconfigProgram>();
  private readonly byFile = new Map<string, TsconfigProgram>();
  private readonly mcpFree = new McpFreePackages();
  private readonly parsed = new ParsedFiles();
  private readonly fallback: string;
  private readonly onDemand: boolean;
  private readonly asked = new Set<string>();

  /** `tsconfig`: the one found for the scanned paths, used for files with none of their own. */
  constructor(tsconfig: string, options: OracleOptions = {}) {
    this.fallback = tsconfig;
    this.onDemand = options.onDemand ?? false;
  }

  /**
   * Add every candidate before the first hint, so one program serves them all.
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
      entry = { options, ambient, roots: new Set(), ...createOracleHost(options, this.mcpFree, this.parsed) };
      this.programs.set(tsconfig, entry);
    }
    if (/\.[cm]?jsx?$/.test(file) && !entry.options.allowJs) return false;
    const abs = path.resolve(file);
    // The scanned text, not the file on disk, so offsets match the AST exactly.
    entry.texts.set(abs, text);
    if (!this.onDemand || mayDeclareGlobals(abs, text)) entry.roots.add(abs);
    this.byFile.set(abs, entry);
    return true;
  }

  has(file: string): boolean {
    return this.byFile.has(path.resolve(file));
  }

  /**
   * A hint that records whether the checker would be asked about `file`, so a scan can learn which files
   * need a program before building one. The first such question ends the probe (ProbeAsked): the file is
   * matched again, whole, with the checker, so what the probe would have found after it is never used.
   */
  probeFor(file: string, scopeManager: ScopeManagerLike): TypeHint | undefined {
    const abs = path.resolve(file);
    if (!this.byFile.has(abs)) return undefined;
    const entry = this.byFile.get(abs)!;
    return (node: Node): McpValue | undefined => {
      if (this.knownNotMcp(entry, abs, node, scopeManager)) return undefined;
      this.asked.add(abs);
      throw new ProbeAsked(abs);
    };
  }

  /** Whether a probe for `file` was asked about an expression the checker would have to answer. */
  wasAsked(file: string): boolean {
    return this.asked.has(path.resolve(file));
  }

  /** Roots these files before the next build (one build for a batch, rather than one growth each). */
  need(files: Iterable<string>): void {
    for (const file of files) {
      const abs = path.resolve(file);
      const entry = this.byFile.get(abs);
      if (entry && !entry.roots.has(abs)) {
        entry.roots.add(abs);
        entry.checker = undefined;
      }
    }
  }

  /** The hint for one added file; a file that was never added gets no type information. */
  hintFor(file: string, scopeManager?: ScopeManagerLike): TypeHint | undefined {
    const abs = path.resolve(file);
    const entry = this.byFile.get(abs);
    if (!entry) return undefined;
    return (node: Node): McpValue | undefined => {
      if (scopeManager ? this.knownNotMcp(entry, abs, node, scopeManager) : SYNTACTIC.has(node.type)) return undefined;
      // A file the program already holds (a root's import) is typed as it would be as a root.
      if (!entry.program?.getSourceFile(abs)) this.need([abs]);
      const checker = this.checkerOf(entry);
      const tsFile = entry.program!.getSourceFile(abs);
      const tsNode = tsFile && tsNodeAt(tsFile, node.range[0], node.range[1]);
      if (!tsNode) return undefined;
      try {
        return mcpValueOfType(checker.getTypeAtLocation(tsNode));
      } catch {
        return undefined; // a checker crash on odd code must not fail the scan
      }
    };
  }

  /**
   * Answers the checker would give without asking it: syntax that says what it is, a lib global, and a
   * binding imported from a Node built-in or from a package the program reads as an empty module (an
   * MCP-free one), whose type the checker could only call `any`.
   */
  private knownNotMcp(entry: TsconfigProgram, file: string, node: Node, scopeManager: ScopeManagerLike): boolean {
    if (SYNTACTIC.has(node.type) || isLibGlobal(node, scopeManager)) return true;
    const specifier = importedFrom(node, scopeManager);
    return specifier !== undefined && this.isMcpFreeModule(entry, file, specifier);
  }

  private isMcpFreeModule(entry: TsconfigProgram, file: string, specifier: string): boolean {
    if (specifier.startsWith('.') || specifier.startsWith('/')) return false;
    entry.resolution ??= ts.createModuleResolutionCache(process.cwd(), (name) => (ts.sys.useCaseSensitiveFileNames ? name : name.toLowerCase()), entry.options);
    const resolved = ts.resolveModuleName(specifier, file, entry.options, entry.host, entry.resolution).resolvedModule;
    if (resolved) return this.mcpFree.covers(resolved.resolvedFileName);
    // Built-ins are declared by @types/node, itself MCP-free; another unresolved name may be declared by a
    // project's own `declare module`, which only the checker can read.
    return specifier.startsWith('node:') || builtinModules.includes(specifier);
  }

  /** The checker over the current roots; a grown program reuses every file its predecessor parsed. */
  private checkerOf(entry: TsconfigProgram): ts.TypeChecker {
    if (entry.checker) return entry.checker;
    entry.program = ts.createProgram({ rootNames: [...entry.ambient, ...entry.roots], options: entry.options, host: entry.host, oldProgram: entry.program });
    return (entry.checker = entry.program.getTypeChecker());
  }
}
