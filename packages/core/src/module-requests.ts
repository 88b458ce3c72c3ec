// The modules a file imports from and re-exports from, read from oxc's module record without decoding the
// AST: a search for a module's importers asks this of many files whose other statements it never reads.
import { parseOxc } from './parse.ts';

export interface ModuleRequest {
  /** The specifier as written (`'./roots.js'`). */
  source: string;
  /** `import … from` (type-only and bare `import './x'` too), or `export … from` (`export *` included). */
  kind: 'import' | 'reexport';
}

/**
 * Every `import`/`export … from` of the file, in the order written; the same statements as TS-ESTree's
 * ImportDeclaration and sourced ExportNamed/ExportAll declarations (not `import x = require()` or `require()`).
 * Throws ParseError where parseSource would.
 */
export function moduleRequests(text: string, filePath: string): ModuleRequest[] {
  const { module } = parseOxc(text, filePath).result;
  const out: Array<ModuleRequest & { at: number }> = module.staticImports.map((i) => ({ source: i.moduleRequest.value, kind: 'import', at: i.start }));
  for (const e of module.staticExports) {
    // One `export { a, b } from './x'` is one statement with an entry per name, each naming the same source.
    const source = e.entries.find((x) => x.moduleRequest)?.moduleRequest?.value;
    if (source !== undefined) out.push({ source, kind: 'reexport', at: e.start });
  }
  return out.sort((a, b) => a.at - b.at).map(({ source, kind }) => ({ source, kind }));
}
