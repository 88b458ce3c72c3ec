// Cross-file provenance: `import { server } from './server.js'` where server.ts exports
// `new McpServer(...)`, or a factory returning one. ESLint (per linted file) and the CLI use the same
// graph, so they keep agreeing; a file that cannot be read or parsed simply proves nothing.
import { readFileSync, statSync } from 'node:fs';
import { resolveImport as resolve } from './resolve-import.ts';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, isFunction, unwrap } from './ast.ts';
import { parseSource } from './parse.ts';
import { Provenance } from './provenance.ts';
import type { McpValue } from './surface.ts';

const MAX_BYTES = 1024 * 1024;
const MAX_DEPTH = 4;

export interface LoadedModule {
  key: string;
  file: string;
  text: string;
  program: TSESTree.Program;
  prov: Provenance;
}
type Loaded = LoadedModule;

export class ModuleGraph {
  private readonly cache = new Map<string, Loaded | null>();
  private depth = 0;

  /** What `import { name } from spec` (or the default export, for `name === 'default'`) is, seen from `from`. */
  exportValue(from: string, spec: string, name: string): McpValue | undefined {
    return this.withExport(from, spec, name, (loaded, node) => loaded.prov.valueOf(node));
  }

  /** What calling the imported function returns (`createServer()` from another file). */
  exportReturnValue(from: string, spec: string, name: string): McpValue | undefined {
    return this.withExport(from, spec, name, (loaded, node) => {
      const fn = unwrap(node);
      return isFunction(fn) ? loaded.prov.returnValueOf(fn) : undefined;
    });
  }

  /** The module `spec` names, seen from `from`, parsed (relative specifiers only). */
  moduleAt(from: string, spec: string): LoadedModule | undefined {
    if (!spec.startsWith('.')) return undefined;
    const file = resolve(from, spec);
    return file ? this.load(file, true) : undefined;
  }

  private withExport(from: string, spec: string, name: string, read: (loaded: Loaded, node: Node) => McpValue | undefined): McpValue | undefined {
    if (!spec.startsWith('.') || this.depth >= MAX_DEPTH) return undefined;
    const file = resolve(from, spec);
    const loaded = file ? this.load(file) : undefined;
    if (!loaded) return undefined;
    const node = exportedNode(loaded.program, name);
    if (!node) return undefined;
    this.depth++;
    try {
      return read(loaded, node);
    } finally {
      this.depth--;
    }
  }

  private load(file: string, anyModule = false): Loaded | undefined {
    const cacheKey = anyModule ? `${file}\0any` : file;
    let key: string;
    try {
      const stat = statSync(file);
      if (stat.size > MAX_BYTES) return undefined;
      key = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return undefined;
    }
    const cached = this.cache.get(cacheKey);
    if (cached !== undefined && (cached === null || cached.key === key)) return cached ?? undefined;
    let loaded: Loaded | null = null;
    try {
      const text = readFileSync(file, 'utf8');
      // Only a module that mentions MCP, or passes on another module's exports, can export an MCP value.
      if (anyModule || text.includes('@modelcontextprotocol/') || /from\s+['"]\./.test(text)) {
        const { ast, scopeManager } = parseSource(text, file);
        loaded = { key, file, text, program: ast, prov: new Provenance(scopeManager, undefined, { file, graph: this }) };
      }
    } catch {
      loaded = null;
    }
    this.cache.set(cacheKey, loaded);
    return loaded ?? undefined;
  }
}

/** The expression or function a module exports under `name`. */
export function exportedNode(program: TSESTree.Program, name: string): Node | undefined {
  for (const s of program.body) {
    if (s.type === 'ExportDefaultDeclaration' && name === 'default') {
      const d = s.declaration;
      if (d.type === 'Identifier') return localBinding(program, d.name);
      return d as Node;
    }
    if (s.type !== 'ExportNamedDeclaration' || s.source) continue;
    const d = s.declaration;
    if (d?.type === 'VariableDeclaration') {
      for (const decl of d.declarations) if (decl.id.type === 'Identifier' && decl.id.name === name && decl.init) return decl.init;
    }
    if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id?.name === name) return d;
    for (const spec of s.specifiers) {
      const exported = spec.exported.type === 'Identifier' ? spec.exported.name : spec.exported.value;
      if (exported === name && spec.local.type === 'Identifier') return localBinding(program, spec.local.name);
    }
  }
  return undefined;
}

function localBinding(program: TSESTree.Program, name: string): Node | undefined {
  for (const s of program.body) {
    const d = s.type === 'ExportNamedDeclaration' ? s.declaration : s;
    if (d?.type === 'VariableDeclaration') {
      for (const decl of d.declarations) if (decl.id.type === 'Identifier' && decl.id.name === name && decl.init) return decl.init;
    }
    if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id?.name === name) return d as FunctionNode;
  }
  return undefined;
}

/** One graph per process: files parsed once are reused by every linted or scanned file. */
export const sharedModuleGraph = new ModuleGraph();
