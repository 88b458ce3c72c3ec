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
    if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration' || isTypeDeclaration(d)) && d.id?.name === name) return [{ kind: 'local', node: d }];
    for (const spec of s.specifiers) {
      if (exportedName(spec.exported) === name && spec.local.type === 'Identifier') return [localExport(program, spec.local)];
    }
  }
  // `module.exports = { connect }` / `exports.connect = connect`: the declaration the name stands for, so a
  // factory's returns can be read (a value reads the same through the name or its declaration).
  const commonJs = commonJsSteps(program, name).map((step) => (step.kind === 'local' && step.node.type === 'Identifier' ? localExport(program, step.node) : step));
  return [...commonJs, ...stars, ...mcpStars];
}

/** CommonJS: `module.exports = { McpServer, server }`, `= require('…')`, `exports.server = …`. */
function commonJsSteps(program: TSESTree.Program, name: string): ExportStep[] {
  const out: ExportStep[] = [];
  for (const s of program.body) {
    if (s.type !== 'ExpressionStatement' || s.expression.type !== 'AssignmentExpression' || s.expression.operator !== '=') continue;
    const { left, right } = s.expression;
    if (isModuleExports(left)) {
      if (name === 'default') return [{ kind: 'local', node: right }];
      out.push(...wholeExportSteps(right, name));
    } else if (left.type === 'MemberExpression' && (isExportsObject(left.object)) && memberName(left) === name) {
      out.push({ kind: 'local', node: right });
    }
  }
  return out;
}

/** What `name` is in the value assigned to `module.exports`. */
function wholeExportSteps(value: Node, name: string): ExportStep[] {
  const required = requiredSpecifier(value);
  if (required) {
    const mod = mcpModule(required);
    if (mod) return exportKinds[name] || typeKinds[name] ? [{ kind: 'mcp', sdk: mod.sdk, spec: required, name }] : [];
    return [{ kind: 'reexport', source: required, name }];
  }
  if (value.type !== 'ObjectExpression') return [];
  const out: ExportStep[] = [];
  for (const prop of value.properties) {
    if (prop.type === 'SpreadElement') out.push(...wholeExportSteps(prop.argument, name));
    else if (!prop.computed && ((prop.key.type === 'Identifier' && prop.key.name === name) || (prop.key.type === 'Literal' && prop.key.value === name))) {
      return [{ kind: 'local', node: prop.value }];
    }
  }
  return out;
}

function isModuleExports(node: Node): boolean {
  return node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'module' && memberName(node) === 'exports';
}

function isExportsObject(node: Node): boolean {
  return (node.type === 'Identifier' && node.name === 'exports') || isModuleExports(node);
}

function memberName(node: TSESTree.MemberExpression): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  return node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : undefined;
}

/** `require('x')` with a literal specifier: the specifier. */
export function requiredSpecifier(node: Node): string | undefined {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require' || node.arguments.length !== 1) return undefined;
  const arg = node.arguments[0]!;
  if (arg.type === 'Literal' && typeof arg.value === 'string') return arg.value;
  return arg.type === 'TemplateLiteral' && arg.expressions.length === 0 ? arg.quasis[0]!.value.cooked ?? undefined : undefined;
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
    if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration' || isTypeDeclaration(d)) && d.id?.name === name) return d;
  }
  return undefined;
}

/** Interfaces and type aliases: their members can carry an MCP type to the modules that import them. */
function isTypeDeclaration(d: Node | null | undefined): d is TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration {
  return d?.type === 'TSInterfaceDeclaration' || d?.type === 'TSTypeAliasDeclaration';
}

function exportedName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}
