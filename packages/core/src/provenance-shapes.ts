// The shapes the provenance readers share: provenance.ts, its import reader (provenance-imports.ts), its
// declared-type reader (provenance-types.ts) and the module graph all import this file, not each other.
import type { TSESTree } from '@typescript-eslint/types';
import type { FunctionNode, Node, VariableLike } from './ast.ts';
import type { McpValue } from './surface.ts';

/** A parsed module of the project; `P` is that file's provenance (provenance.ts fills in its Provenance class). */
export interface ProjectModule<P> {
  file: string;
  text: string;
  program: TSESTree.Program;
  prov: P;
}

/** Where a file sits, so imports from other files of the project can be followed. `P`: see ProjectModule. */
export interface ModuleOrigin<P = unknown> {
  file: string;
  graph: {
    /** The parsed project module a specifier names (for state kept in another module). */
    moduleAt?(from: string, spec: string): ProjectModule<P> | undefined;
    /** The node another project module exports under `name`, followed through barrels, with the module declaring it. */
    exportedAt?(from: string, spec: string, name: string): { module: ProjectModule<P>; node: Node } | undefined;
    exportValue(from: string, spec: string, name: string): McpValue | undefined;
    exportReturnValue(from: string, spec: string, name: string): McpValue | undefined;
    /** The value at `path` in what an imported function returns (`{ server, transport }`). */
    exportReturnPathValue?(from: string, spec: string, name: string, path: string[]): McpValue | undefined;
    exportType(from: string, spec: string, name: string): McpValue | undefined;
    exportTypeMember(from: string, spec: string, name: string, path: string[]): McpValue | undefined;
    exportFunction(from: string, spec: string, name: string): DeclaredFunction | undefined;
    /** The interface or type alias another module exports, with its file, to read its members' types. */
    exportTypeDeclaration?(from: string, spec: string, name: string): DeclaredTypeNode | undefined;
    /** What other files of the package pass at `index` to this file's exported function (or class method). */
    callerArgumentValue?(file: string, exported: string, method: string | undefined, index: number): McpValue | undefined;
    /** The MCP client other files of the package give this file's exported function's result as capabilities. */
    callerCapabilityClient?(file: string, exported: string): McpValue | undefined;
  };
}

/** What the type readers need from the file's provenance. */
export interface TypeHost {
  readonly origin: ModuleOrigin | undefined;
  variableOf(id: TSESTree.Identifier): VariableLike | undefined;
  typeValue(type: TSESTree.TypeNode): McpValue | undefined;
}

/** An interface or type alias and the file that declares it. */
export interface DeclaredTypeNode {
  decl: TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration;
  host: TypeHost;
}

/** A function and the file that declares it. */
export interface DeclaredFunction {
  fn: FunctionNode;
  host: TypeHost;
}
