// Cross-file provenance: `import { server } from './server.js'` where server.ts exports
// `new McpServer(...)`, or a factory returning one, or a barrel passing on the SDK's exports. ESLint
// (per linted file) and the CLI use the same graph, so they keep agreeing; a file that cannot be read
// or parsed simply proves nothing.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, isFunction, unwrap } from './ast.ts';
import { clientTakingCapabilities } from './capability-uses.ts';
import { exportSteps } from './module-exports.ts';
import { PackageFiles, callsFromImporter } from './module-importers.ts';
import { type ParsedFile, parseSource } from './parse.ts';
import { SERVER_REQUEST_CALL } from './prefilter.ts';
import { Provenance, exportValue } from './provenance.ts';
import type { DeclaredFunction, DeclaredTypeNode } from './provenance-shapes.ts';
import { declarationMemberValue } from './provenance-types.ts';
import { resolveImport } from './resolve-import.ts';
import { type McpValue, type SdkMajor, exportKinds, instanceKinds, mcpModule, typeKinds } from './surface.ts';

const MAX_BYTES = 1024 * 1024;
/** Nested evaluations across files (a value in one file computed from another file's export). */
const MAX_DEPTH = 4;
/** Re-export chains followed for one name (barrels of barrels; cycles are cut by the seen set), and
 *  the modules visited in all, for barrels with many `export *` lines. */
const MAX_CHAIN = 16;
const MAX_VISITED = 256;

export interface LoadedModule {
  key: string;
  file: string;
  text: string;
  program: TSESTree.Program;
  scopeManager: ParsedFile['scopeManager'];
  prov: Provenance;
}
type Loaded = LoadedModule;

/** Where an export ends up: an MCP package's export, a node of a project file, or a project namespace. */
type ExportOrigin =
  | { kind: 'mcp'; sdk: SdkMajor; spec: string; name: string }
  | { kind: 'local'; loaded: Loaded; node: Node }
  | { kind: 'namespace'; file: string };

export class ModuleGraph {
  /** Per file, its parse (null: not a module that can export MCP values), keyed by mtime and size. */
  private readonly cache = new Map<string, { key: string; loaded: Loaded | null }>();
  private readonly packages: PackageFiles;
  /** Per folder, the MCP package (the SDK's own sources) it belongs to, or null. */
  private readonly sdkPackages = new Map<string, { name: string; sdk: SdkMajor } | null>();
  private depth = 0;

  /** `startDir`: where the scan or lint started, the importers' boundary of a file no package.json or repository holds. */
  constructor(startDir?: string) {
    this.packages = new PackageFiles(startDir);
  }

  /** What `import { name } from spec` (or the default export, for `name === 'default'`) is, seen from `from`. */
  exportValue(from: string, spec: string, name: string): McpValue | undefined {
    const origin = this.originOf(from, spec, name);
    if (origin?.kind === 'mcp') return origin.name === '*' ? { kind: 'module', sdk: origin.sdk, name: origin.spec } : exportValue(origin.name, origin.sdk);
    if (origin?.kind === 'local') return this.nested(() => origin.loaded.prov.valueOf(origin.node));
    return undefined;
  }

  /** What calling the imported function returns (`createServer()` from another file). */
  exportReturnValue(from: string, spec: string, name: string): McpValue | undefined {
    const origin = this.originOf(from, spec, name);
    if (origin?.kind !== 'local') return undefined;
    const fn = unwrap(origin.node);
    return isFunction(fn) ? this.nested(() => origin.loaded.prov.returnValueOf(fn)) : undefined;
  }

  /** The value at `path` in what the imported function returns: `const { server } = await createServer()`. */
  exportReturnPathValue(from: string, spec: string, name: string, path: string[]): McpValue | undefined {
    const origin = this.originOf(from, spec, name);
    if (origin?.kind !== 'local') return undefined;
    const fn = unwrap(origin.node);
    return isFunction(fn) ? this.nested(() => origin.loaded.prov.returnPathValue(fn, path)) : undefined;
  }

  /** What a value annotated with the imported type is (`server: McpServer` with McpServer from a barrel). */
  exportType(from: string, spec: string, name: string): McpValue | undefined {
    const origin = this.originOf(from, spec, name);
    if (origin?.kind === 'mcp') {
      const kind = typeKinds[origin.name];
      return kind ? { kind, sdk: origin.sdk } : undefined;
    }
    // A project class that extends an MCP class: its instances are that class's instances.
    if (origin?.kind === 'local' && (origin.node.type === 'ClassDeclaration' || origin.node.type === 'ClassExpression')) {
      const cls = this.nested(() => origin.loaded.prov.valueOf(origin.node));
      const kind = cls && instanceKinds[cls.kind];
      return kind && cls ? { kind, sdk: cls.sdk } : undefined;
    }
    return undefined;
  }

  /** The MCP value at `path` inside an interface or type alias another module exports (`{ server }: ToolContext`). */
  exportTypeMember(from: string, spec: string, name: string, path: string[]): McpValue | undefined {
    const origin = this.originOf(from, spec, name);
    if (origin?.kind !== 'local') return undefined;
    return this.nested(() => declarationMemberValue(origin.loaded.prov, origin.node, path));
  }

  /** The function another module exports, with its file, to read its declared parameter and return types. */
  exportFunction(from: string, spec: string, name: string): DeclaredFunction | undefined {
    const origin = this.originOf(from, spec, name);
    const fn = origin?.kind === 'local' ? unwrap(origin.node) : undefined;
    return fn && isFunction(fn) && origin?.kind === 'local' ? { fn, host: origin.loaded.prov } : undefined;
  }

  /**
   * What callers in other files of the package pass at `index` to the function `exported` of `file`, or to
   * its method `method` when `exported` is a class. Only for a file that imports an MCP package itself or
   * calls listRoots (the pre-filter keeps both without following imports), so the CLI and ESLint look at
   * the same files.
   */
  callerArgumentValue(file: string, exported: string, method: string | undefined, index: number): McpValue | undefined {
    if (this.depth >= MAX_DEPTH) return undefined;
    // The text only (a file with no import at all is no module the graph parses).
    const own = this.packages.text(file);
    if (own === null || !(own.includes('@modelcontextprotocol/') || SERVER_REQUEST_CALL.test(own))) return undefined;
    // A default export takes any local name: the importer names the module instead (`import askName from './ask.js'`).
    const named = method ?? (exported === 'default' ? path.basename(file).replace(/\.[^.]+$/, '') : exported);
    // A function imported through a barrel (`export { askName } from './ask.js'`) is the same function: a helper
    // handed a handler's ctx is called that way as often as directly.
    const reexports = method === undefined ? (importer: string, source: string, name: string) => this.exportedFrom(importer, source, name, file, exported) : undefined;
    for (const importer of this.packages.importersNaming(file, named)) {
      const loaded = this.load(importer);
      if (!loaded) continue;
      for (const call of callsFromImporter(importer, loaded.program, file, exported, method, reexports)) {
        const arg = call.arguments[index];
        if (!arg || arg.type === 'SpreadElement') continue;
        const v = this.nested(() => loaded.prov.valueOf(arg));
        if (v) return v;
      }
    }
    return undefined;
  }

  /**
   * The MCP client that files importing `file` give what its exported function `exported` returns as
   * capabilities (`new Client(info, { capabilities: buildCapabilities() })`), if any. Same boundary as
   * callerArgumentValue: only for a file that names an MCP package itself.
   */
  callerCapabilityClient(file: string, exported: string): McpValue | undefined {
    if (this.depth >= MAX_DEPTH) return undefined;
    const own = this.packages.text(file);
    if (own === null || !own.includes('@modelcontextprotocol/')) return undefined;
    // A default import takes any local name: the importer names the module instead.
    const named = exported === 'default' ? path.basename(file).replace(/\.[^.]+$/, '') : exported;
    for (const importer of this.packages.importersNaming(file, named)) {
      const loaded = this.load(importer);
      if (!loaded) continue;
      const calls = new Set<Node>(callsFromImporter(importer, loaded.program, file, exported, undefined));
      if (!calls.size) continue;
      const client = this.nested(() => clientTakingCapabilities(loaded.program, loaded.prov, calls));
      if (client) return client;
    }
    return undefined;
  }

  /** The interface or type alias another module exports (`const plugin: Plugin = { onInit(server) {…} }`). */
  exportTypeDeclaration(from: string, spec: string, name: string): DeclaredTypeNode | undefined {
    const origin = this.originOf(from, spec, name);
    if (origin?.kind !== 'local') return undefined;
    const decl = origin.node;
    return decl.type === 'TSInterfaceDeclaration' || decl.type === 'TSTypeAliasDeclaration' ? { decl, host: origin.loaded.prov } : undefined;
  }

  /** The project module `spec` names, seen from `from`, parsed even when it does not mention MCP. */
  moduleAt(from: string, spec: string): LoadedModule | undefined {
    const file = resolveImport(from, spec);
    return file ? this.load(file, true) : undefined;
  }

  /**
   * The node a project module exports under `name`, followed through barrels (`export { x } from`,
   * `export *`) to the module that declares it, parsed even when it does not mention MCP.
   */
  exportedAt(from: string, spec: string, name: string): { module: LoadedModule; node: Node } | undefined {
    const file = resolveImport(from, spec);
    const origin = file ? this.follow(file, name, new Set(), 0, true) : undefined;
    return origin?.kind === 'local' ? { module: origin.loaded, node: origin.node } : undefined;
  }

  /** Whether `name` imported from `spec` is, through re-exports, what `target` declares under `exported`. */
  private exportedFrom(from: string, spec: string, name: string, target: string, exported: string): boolean {
    const file = resolveImport(from, spec);
    if (!file || file === target) return false;
    const origin = this.follow(file, name, new Set(), 0, true);
    if (origin?.kind !== 'local' || origin.loaded.file !== target) return false;
    const declared = this.follow(target, exported, new Set(), 0, true);
    return declared?.kind === 'local' && declared.node === origin.node;
  }

  /** Follow `name` from the module `spec` names through re-exports to where it is declared. */
  private originOf(from: string, spec: string, name: string): ExportOrigin | undefined {
    if (this.depth >= MAX_DEPTH) return undefined;
    const file = resolveImport(from, spec);
    return file ? this.follow(file, name, new Set(), 0) : undefined;
  }

  private follow(file: string, name: string, seen: Set<string>, chain: number, anyModule = false): ExportOrigin | undefined {
    const id = `${file}\0${name}`;
    if (seen.has(id) || chain > MAX_CHAIN || seen.size >= MAX_VISITED) return undefined;
    seen.add(id);
    // The SDK's own repository: a module of an MCP package's sources exports that package's values.
    const sdkPackage = this.sdkPackageOf(path.dirname(file));
    if (sdkPackage && Object.hasOwn(exportKinds, name)) return { kind: 'mcp', sdk: sdkPackage.sdk, spec: sdkPackage.name, name };
    const loaded = this.load(file, anyModule);
    if (!loaded) return undefined;
    for (const step of exportSteps(loaded.program, name)) {
      if (step.kind === 'mcp') return step;
      if (step.kind === 'local') return { kind: 'local', loaded, node: step.node };
      const target = resolveImport(file, step.source);
      if (!target) continue;
      if (step.name === '*') return { kind: 'namespace', file: target };
      const found = this.follow(target, step.name, seen, chain + 1, anyModule);
      if (found) return found;
    }
    return undefined;
  }

  /** The MCP package (by its package.json name) whose folder holds `dir`, if any: the SDK's own sources. */
  private sdkPackageOf(dir: string): { name: string; sdk: SdkMajor } | undefined {
    if (this.sdkPackages.has(dir)) return this.sdkPackages.get(dir) ?? undefined;
    let found: { name: string; sdk: SdkMajor } | null = null;
    let manifest: { name?: unknown } | undefined;
    try {
      manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
    } catch {
      manifest = undefined;
    }
    if (manifest) {
      const mod = typeof manifest.name === 'string' ? mcpModule(manifest.name) : undefined;
      if (mod) found = { name: manifest.name as string, sdk: mod.sdk };
    } else {
      const parent = path.dirname(dir);
      if (parent !== dir && path.basename(dir) !== 'node_modules') found = this.sdkPackageOf(parent) ?? null;
    }
    this.sdkPackages.set(dir, found);
    return found ?? undefined;
  }

  private nested(read: () => McpValue | undefined): McpValue | undefined {
    this.depth++;
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  /** The parse this graph already made of `file`, when it was made of exactly `text` (a scanned file another one imports). */
  parsedText(file: string, text: string): ParsedFile | undefined {
    for (const cacheKey of [file, `${file}\0any`]) {
      const loaded = this.cache.get(cacheKey)?.loaded;
      if (loaded && loaded.text === text) return { ast: loaded.program, scopeManager: loaded.scopeManager };
    }
    return undefined;
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
    // A file that did not mention MCP may since have gained an import: it is read again when it changed.
    if (cached?.key === key) return cached.loaded ?? undefined;
    let loaded: Loaded | null = null;
    try {
      // The same file loaded the other way (any module / one that can export MCP values) at the same mtime and
      // size: its text and parse, not a second read and parse (a scanned server's helper module is often both).
      const twin = this.cache.get(anyModule ? file : `${file}\0any`);
      const same = twin?.key === key && twin.loaded ? twin.loaded : undefined;
      const text = same?.text ?? readFileSync(file, 'utf8');
      if (anyModule || mayExport(text)) {
        const { ast, scopeManager } = same ? { ast: same.program, scopeManager: same.scopeManager } : parseSource(text, file);
        // Each entry keeps a provenance of its own, as before: only the parse is shared.
        loaded = { key, file, text, program: ast, scopeManager, prov: new Provenance(scopeManager, undefined, { file, graph: this }) };
      }
    } catch {
      loaded = null;
    }
    this.cache.set(cacheKey, { key, loaded });
    return loaded ?? undefined;
  }
}

/** Only a module that mentions MCP, or passes on another module's exports, can export an MCP value. */
function mayExport(text: string): boolean {
  return text.includes('@modelcontextprotocol/') || /\bfrom\s*['"]|\b(?:require|import)\s*\(/.test(text);
}

/** One graph per process: files parsed once are reused by every linted or scanned file. */
export const sharedModuleGraph = new ModuleGraph();
const graphsByStart = new Map<string, ModuleGraph>();

/**
 * A file's parse for matching: the run's module graph may already hold one of this very text, made
 * while it followed another file's imports (a scanned module that another scanned module imports).
 * The parse is the same either way; reusing it saves parsing the file twice.
 */
export function parseForRun(text: string, file: string, startDir?: string): ParsedFile {
  return moduleGraphFor(startDir).parsedText(file, text) ?? parseSource(text, file);
}

/** The graph of a run started in `startDir` (ESLint's cwd, scan's working directory); one per directory. */
export function moduleGraphFor(startDir: string | undefined): ModuleGraph {
  // The usual run starts where the process does: the planners, which pass no directory, share its parses.
  if (startDir === undefined || startDir === process.cwd()) return sharedModuleGraph;
  let graph = graphsByStart.get(startDir);
  if (!graph) graphsByStart.set(startDir, (graph = new ModuleGraph(startDir)));
  return graph;
}
