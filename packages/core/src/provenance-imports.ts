// Import provenance: what an import binding is. MCP packages are read from the surface table; any
// other specifier (relative, a tsconfig alias, `#x`, a workspace package) is a project module the
// module graph follows, through barrels that re-export the SDK, to where the value is declared.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, type VariableLike, staticString } from './ast.ts';
import { requiredSpecifier } from './module-exports.ts';
import { type McpValue, exportKinds, mcpModule, typeKinds } from './surface.ts';
import type { ModuleOrigin } from './provenance-shapes.ts';

export function exportValue(name: string, sdk: 1 | 2): McpValue | undefined {
  const kind = exportKinds[name];
  if (!kind) return undefined;
  return kind === 'schema' ? { kind, sdk, name } : { kind, sdk };
}

/** The value of an import binding (`import { McpServer } …`, `import * as sdk …`, `import x = require(…)`). */
export function importBindingValue(spec: Node, decl: Node | undefined, origin: ModuleOrigin | undefined): McpValue | undefined {
  if (spec.type === 'TSImportEqualsDeclaration') {
    const ref = spec.moduleReference;
    if (ref.type === 'TSExternalModuleReference') {
      const s = staticString(ref.expression);
      const mod = s ? mcpModule(s) : undefined;
      return mod ? { kind: 'module', sdk: mod.sdk, name: s } : undefined;
    }
    return undefined;
  }
  if (!decl || decl.type !== 'ImportDeclaration') return undefined;
  const source = decl.source.value;
  const mod = mcpModule(source);
  if (!mod) return projectImportValue(origin, spec, source, 'value');
  if (spec.type === 'ImportNamespaceSpecifier' || spec.type === 'ImportDefaultSpecifier') return { kind: 'module', sdk: mod.sdk, name: source };
  if (spec.type === 'ImportSpecifier') return exportValue(importedName(spec), mod.sdk);
  return undefined;
}

/** An MCP value exported by another module of the project (`import { server } from './server.js'`). */
export function projectImportValue(origin: ModuleOrigin | undefined, spec: Node, source: string, what: 'value' | 'return'): McpValue | undefined {
  if (!origin || mcpModule(source)) return undefined;
  let name: string | undefined;
  if (spec.type === 'ImportSpecifier') name = importedName(spec);
  else if (spec.type === 'ImportDefaultSpecifier') name = 'default';
  if (!name) return undefined;
  return what === 'value' ? origin.graph.exportValue(origin.file, source, name) : origin.graph.exportReturnValue(origin.file, source, name);
}

/**
 * The value at `path` in what a function of another project module returns when called: `createServer` imported
 * by name or as default, taken off a namespace import (`factories.createServer`) or a `require` pattern.
 */
export function projectReturnPathValue(origin: ModuleOrigin | undefined, variable: VariableLike | undefined, member: string | undefined, path: string[]): McpValue | undefined {
  const graph = origin?.graph;
  const def = variable?.defs[0];
  if (!origin || !graph?.exportReturnPathValue || !def) return undefined;
  if (member !== undefined) {
    const source = projectNamespaceSource(variable);
    return source ? graph.exportReturnPathValue(origin.file, source, member, path) : undefined;
  }
  if (def.type === 'ImportBinding' && def.parent?.type === 'ImportDeclaration' && !mcpModule(def.parent.source.value)) {
    const name = def.node.type === 'ImportSpecifier' ? importedName(def.node) : def.node.type === 'ImportDefaultSpecifier' ? 'default' : undefined;
    return name ? graph.exportReturnPathValue(origin.file, def.parent.source.value, name, path) : undefined;
  }
  // `const { connect } = require('./client.cjs')`.
  if (def.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init && def.node.id.type === 'ObjectPattern') {
    const source = projectRequireSource(def.node.init);
    const prop = def.node.id.properties.find((p) => p.type === 'Property' && p.value === def.name);
    const key = prop?.type === 'Property' && !prop.computed && prop.key.type === 'Identifier' ? prop.key.name : undefined;
    return source && key ? graph.exportReturnPathValue(origin.file, source, key, path) : undefined;
  }
  return undefined;
}

/** `ns.McpServer` / `ns.server` where `ns` is `import * as ns from './mcp/server.js'`, a project module. */
export function projectNamespaceMember(variable: VariableLike | undefined, key: string, origin: ModuleOrigin | undefined, as: 'value' | 'type'): McpValue | undefined {
  const source = origin && projectNamespaceSource(variable);
  if (!origin || !source) return undefined;
  return as === 'value' ? origin.graph.exportValue(origin.file, source, key) : origin.graph.exportType(origin.file, source, key);
}

/** The project module a namespace import (`import * as ns from`) or a whole `require` binds. */
export function projectNamespaceSource(variable: VariableLike | undefined): string | undefined {
  const def = variable?.defs[0];
  if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.id.type === 'Identifier' && def.node.init) {
    return projectRequireSource(def.node.init);
  }
  if (def?.type !== 'ImportBinding' || def.node.type !== 'ImportNamespaceSpecifier' || def.parent?.type !== 'ImportDeclaration') return undefined;
  const source = def.parent.source.value;
  return mcpModule(source) ? undefined : source;
}

/** `require('./sdk.cjs')` of a project module (an MCP package is a plain module value instead). */
export function projectRequireSource(init: Node): string | undefined {
  const spec = requiredSpecifier(init);
  return spec && !mcpModule(spec) ? spec : undefined;
}

/** `const { McpServer } = require('./sdk.cjs')`: the export the first key of the pattern names. */
export function projectRequireValue(origin: ModuleOrigin | undefined, init: Node, key: string, what: 'value' | 'return'): McpValue | undefined {
  const source = origin && projectRequireSource(init);
  if (!origin || !source) return undefined;
  return what === 'value' ? origin.graph.exportValue(origin.file, source, key) : origin.graph.exportReturnValue(origin.file, source, key);
}

/** The MCP value a type name imported into this file stands for (`server: McpServer`), renames included. */
export function importedTypeValue(variable: VariableLike | undefined, origin: ModuleOrigin | undefined): McpValue | undefined {
  const def = variable?.defs[0];
  if (def?.type !== 'ImportBinding' || def.parent?.type !== 'ImportDeclaration') return undefined;
  const source = def.parent.source.value;
  const name = def.node.type === 'ImportSpecifier' ? importedName(def.node) : def.node.type === 'ImportDefaultSpecifier' ? 'default' : undefined;
  if (!name) return undefined;
  const mod = mcpModule(source);
  if (mod) {
    const kind = typeKinds[name];
    return kind ? { kind, sdk: mod.sdk } : undefined;
  }
  return origin?.graph.exportType(origin.file, source, name);
}

function importedName(spec: TSESTree.ImportSpecifier): string {
  return spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
}
