// What one module exports under a name, read from its syntax: a declaration of its own, a binding it
// imported and passes on (`import { Server } …; export { Server }`), or a re-export (`export { McpServer }
// from`, `export { Server as McpServer } from`, `export * from`, `export * as sdk from`). The module
// graph follows the re-exports from file to file; this file only reads one program.
import type { TSESTree } from '@typescript-eslint/types';
import type { Node } from './ast.ts';
import { exportKinds, mcpModule, type SdkMajor, typeKinds } from './surface.ts';

export type ExportStep =
  /** An MCP package's export; `name === '*'` for the whole module (`export * as sdk from '@…/sdk'`). */
  | { kind: 'mcp'; sdk: SdkMajor; spec: string; name: string }
  /** Another project module's export; `name === '*'` for its namespace. */
  | { kind: 'reexport'; source: string; name: string }
  | { kind: 'local'; node: Node };

/** Where `name` may come from, in the order to try: explicit exports, then `export *` sources. */
export function exportSteps(program: TSESTree.Program, name: string): ExportStep[] {
  const stars: ExportStep[] = [];
  const mcpStars: ExportStep[] = [];
  for (const s of program.body) {
    if (s.type === 'ExportDefaultDeclaration') {
      if (name !== 'default') continue;
      const d = s.declaration;
      return [d.type === 'Identifier' ? localExport(program, d) : { kind: 'local', node: d as Node }];
    }
    if (s.type === 'ExportAllDeclaration') {
      const source = s.source.value;
      const mod = mcpModule(source);
      const exported = s.exported ? exportedName(s.exported) : undefined;
      if (exported !== undefined) {
        if (exported === name) return [mod ? { kind: 'mcp', sdk: mod.sdk, spec: source, name: '*' } : { kind: 'reexport', source, name: '*' }];
        continue;
      }
      // `export *` never passes on a default export.
      if (name === 'default') continue;
      // An MCP module's star only counts for names the surface knows that module family exports.
      if (mod) {
        if (exportKinds[name] || typeKinds[name]) mcpStars.push({ kind: 'mcp', sdk: mod.sdk, spec: source, name });
      } else stars.push({ kind: 'reexport', source, name });
      continue;
    }
    if (s.type !== 'ExportNamedDeclaration') continue;
    if (s.source) {
      for (const spec of s.specifiers) {
        if (exportedName(spec.exported) !== name) continue;
        const local = exportedName(spec.local);
        const mod = mcpModule(s.source.value);
        return [mod ? { kind: 'mcp', sdk: mod.sdk, spec: s.source.value, name: local } : { kind: 'reexport', source: s.source.value, name: local }];
      }
      continue;
    }
    const d = s.declaration;
    if (d?.type === 'VariableDeclaration') {
      for (const decl of d.declarations) if (decl.id.type === 'Identifier' && decl.id.name === name && decl.init) return [{ kind: 'local', node: decl.init }];
    }
    if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id?.name === name) return [{ kind: 'local', node: d }];
    for (const spec of s.specifiers) {
      if (exportedName(spec.exported) === name && spec.local.type === 'Identifier') return [localExport(program, spec.local)];
    }
  }
  return [...stars, ...mcpStars];
}

/** `export { x }` / `export default x`: x's declaration, or the import it passes on. */
function localExport(program: TSESTree.Program, local: TSESTree.Identifier): ExportStep {
  for (const s of program.body) {
    if (s.type !== 'ImportDeclaration') continue;
    for (const spec of s.specifiers) {
      if (spec.local.name !== local.name) continue;
      const imported = spec.type === 'ImportSpecifier' ? exportedName(spec.imported) : spec.type === 'ImportDefaultSpecifier' ? 'default' : '*';
      const mod = mcpModule(s.source.value);
      if (mod) return { kind: 'mcp', sdk: mod.sdk, spec: s.source.value, name: imported === 'default' ? '*' : imported };
      return { kind: 'reexport', source: s.source.value, name: imported };
    }
  }
  return { kind: 'local', node: localDeclaration(program, local.name) ?? local };
}

/** The initializer, function or class a module-level name is declared with. */
function localDeclaration(program: TSESTree.Program, name: string): Node | undefined {
  for (const s of program.body) {
    const d = s.type === 'ExportNamedDeclaration' ? s.declaration : s;
    if (d?.type === 'VariableDeclaration') {
      for (const decl of d.declarations) if (decl.id.type === 'Identifier' && decl.id.name === name && decl.init) return decl.init;
    }
    if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id?.name === name) return d;
  }
  return undefined;
}

function exportedName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}
