// The type-aware half of `--types on`: one ts-morph Project per tsconfig, holding only the files the
// text pre-filter kept; the checker resolves their imports lazily, and nothing is type-checked whole.
import path from 'node:path';
import { Project, ts } from 'ts-morph';
import type { McpValue, Node, TypeHint } from '@uproot/core/planning';
import { nearestTsconfig } from './detect.ts';
import { mcpValueOfType } from './mcp-type.ts';
import { tsNodeAt } from './node-at.ts';

/** Expressions whose own syntax already says what they are: never worth a checker call. */
const SYNTACTIC = new Set(['Literal', 'TemplateLiteral', 'ObjectExpression', 'ArrayExpression', 'ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

/** The tsconfig's own `.d.ts` files (its include globs expanded; nothing parsed). */
function ambientDeclarations(tsconfig: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  return (parsed?.fileNames ?? []).filter((name) => /\.d\.[cm]?ts$/.test(name) && !name.includes('/node_modules/'));
}

export class TypeOracle {
  private readonly projects = new Map<string, Project>();
  private readonly fallback: string;

  /** `tsconfig`: the one found for the scanned paths, used for files with none of their own. */
  constructor(tsconfig: string) {
    this.fallback = tsconfig;
  }

  /** Add every candidate before the first hint, so each Project builds its program once. */
  add(file: string, text: string): void {
    const tsconfig = nearestTsconfig(path.dirname(file)) ?? this.fallback;
    let project = this.projects.get(tsconfig);
    if (!project) {
      project = new Project({ tsConfigFilePath: tsconfig, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
      // Declaration files the tsconfig includes may declare globals no import names (tsc sees them too).
      for (const name of ambientDeclarations(tsconfig)) project.addSourceFileAtPath(name);
      this.projects.set(tsconfig, project);
    }
    // The scanned text, not the file on disk, so offsets match the AST exactly.
    project.createSourceFile(file, text, { overwrite: true });
  }

  has(file: string): boolean {
    for (const project of this.projects.values()) if (project.getSourceFile(file)) return true;
    return false;
  }

  /** The hint for one added file; a file that was never added gets no type information. */
  hintFor(file: string): TypeHint | undefined {
    for (const project of this.projects.values()) {
      const source = project.getSourceFile(file);
      if (!source) continue;
      const checker = project.getTypeChecker().compilerObject;
      const tsFile = source.compilerNode;
      return (node: Node): McpValue | undefined => {
        if (SYNTACTIC.has(node.type)) return undefined;
        const [start, end] = node.range;
        const tsNode = tsNodeAt(tsFile, start, end);
        if (!tsNode) return undefined;
        try {
          return mcpValueOfType(checker.getTypeAtLocation(tsNode));
        } catch {
          return undefined; // a checker crash on odd code must not fail the scan
        }
      };
    }
    return undefined;
  }
}
