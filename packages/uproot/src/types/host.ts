// The compiler host behind the oracle's programs: scanned texts instead of the disk copies, MCP-free
// packages as empty modules, the bundled lib files, and parsed files shared, so a program that grows
// (one more root) or another tsconfig with the same parse settings re-parses and re-binds nothing.
import path from 'node:path';
import { ts } from 'ts-morph';
import { withBundledLibs } from './libs.ts';
import { McpFreePackages } from './mcp-free.ts';

export interface OracleHost {
  host: ts.CompilerHost;
  /** The scanned text of a file, when the scan read it (offsets must match the scan's AST). */
  texts: Map<string, string>;
}

/**
 * Parsed (and, once a checker ran, bound) files, shared between programs the way tsserver shares them
 * between projects: per the options that change a file's parse or binding (the document registry's key).
 */
export class ParsedFiles {
  private readonly registry = ts.createDocumentRegistry();
  private readonly files = new Map<string, ts.SourceFile | undefined>();

  /**
   * The part of a file's key its program's options decide: the registry's key without the folder `paths` are
   * resolved from, which changes where imports go, not how a file parses or binds (programs keep their own
   * resolutions; the options a shared file depends on are TypeScript's sourceFileAffectingCompilerOptions,
   * the rest of the key). This repository's test fixtures' tsconfigs (no `paths`) and its own (with them)
   * parsed the libs and the SDK's declarations twice: the first fixture program took 360 ms to create, now 160.
   */
  bucketOf(options: ts.CompilerOptions): string {
    return String(this.registry.getKeyForCompilationSettings({ ...options, pathsBasePath: undefined }));
  }

  get(key: string, parse: () => ts.SourceFile | undefined): ts.SourceFile | undefined {
    if (this.files.has(key)) return this.files.get(key);
    const file = parse();
    this.files.set(key, file);
    return file;
  }
}

export function createOracleHost(options: ts.CompilerOptions, mcpFree: McpFreePackages, shared: ParsedFiles): OracleHost {
  const texts = new Map<string, string>();
  const bucket = shared.bucketOf(options);
  // No parent pointers (the binder sets them) and no JSDoc in TypeScript files (the checker ignores it
  // there): tsc's own parse settings, or cheaper; JavaScript keeps its JSDoc types.
  const host = withBundledLibs(ts.createCompilerHost(options, false), options);
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeInfo;
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, fresh) => {
    const abs = path.resolve(name);
    // ESM and CommonJS readings of one file differ, as in the registry; a scanned text (decoded by
    // the scan, offsets the scan's own) is never mixed up with the disk copy another tsconfig reads.
    const format = typeof language === 'object' ? language.impliedNodeFormat : undefined;
    const given = texts.get(abs);
    return shared.get(`${bucket}|${format}|${given === undefined ? 'disk' : 'scanned'}|${abs}`, () => {
      if (given !== undefined) return ts.createSourceFile(name, given, language);
      return mcpFree.covers(name) ? ts.createSourceFile(name, 'export {};', language) : read(name, language, onError, fresh);
    });
  };
  // Module resolution asks the same questions again for every program: answer them once.
  host.fileExists = remembered(host.fileExists.bind(host));
  if (host.directoryExists) host.directoryExists = remembered(host.directoryExists.bind(host));
  return { host, texts };
}

function remembered(ask: (name: string) => boolean): (name: string) => boolean {
  const answers = new Map<string, boolean>();
  return (name) => {
    let answer = answers.get(name);
    if (answer === undefined) answers.set(name, (answer = ask(name)));
    return answer;
  };
}
