// `uproot scan --explain` for a parsed file: each line that mentions roots and holds no site, with the
// reason the finder gave when it looked at that code (a receiver that is not an MCP value, a client
// sending roots/list, ...), else what the mention is (a comment, a string, an import, a plain value).
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, propertyName, staticString, unwrap } from './ast.ts';
import { type RootsCandidate, candidate, mentionsByLine, routineWhy } from './candidates.ts';
import { isNode } from './provenance.ts';
import { mcpModule } from './surface.ts';
import type { RootsSite } from './types.ts';

export interface Rejection {
  node: Node;
  why: string;
}

export interface ExplainInput {
  ast: TSESTree.Program;
  text: string;
  sites: readonly RootsSite[];
  /** What the finder said about the candidates it did not report (FindSitesInput.explain). */
  rejections: readonly Rejection[];
}

export function explainCandidates(input: ExplainInput): RootsCandidate[] {
  const covered = new Set<number>();
  for (const s of input.sites) for (let l = s.line; l <= s.endLine; l++) covered.add(l);
  const comments = (input.ast as { comments?: TSESTree.Comment[] }).comments ?? [];
  const out: RootsCandidate[] = [];
  for (const [line, mentions] of mentionsByLine(input.text)) {
    if (covered.has(line)) continue;
    const m = mentions[0]!;
    out.push(candidate(m, whyAt(m.offset, input, comments)));
  }
  return out;
}

function whyAt(offset: number, input: ExplainInput, comments: readonly TSESTree.Comment[]): string {
  if (comments.some((c) => c.range[0] <= offset && offset < c.range[1])) return routineWhy.comment;
  let best: Rejection | undefined;
  for (const r of input.rejections) {
    const [start, end] = r.node.range;
    if (start <= offset && offset < end && (!best || end - start < best.node.range[1] - best.node.range[0])) best = r;
  }
  if (best) return best.why;
  return describeNode(nodeAt(input.ast, offset), input.text, offset);
}

/** What a mention the finder never looked at is, from the innermost node around it. */
function describeNode(path: Node[], text: string, offset: number): string {
  const inner = path[path.length - 1];
  if (inner?.type === 'Literal' || inner?.type === 'TemplateElement' || inner?.type === 'JSXText') return routineWhy.string;
  const source = path.map(importedModule).find((s) => s !== undefined);
  if (source !== undefined) {
    if (mcpModule(source)) return routineWhy.mcpImport;
    return source.startsWith('.') ? routineWhy.ownImport(source) : routineWhy.otherImport(source);
  }
  const word = /^\w+/.exec(text.slice(offset).replace(/^[.'"{\s]+/, ''))?.[0];
  const parent = path[path.length - 2];
  if (word !== 'roots' && inner?.type === 'Identifier' && parent && isDeclaredName(parent, inner)) return routineWhy.declares(inner.name);
  if (word === 'roots') return routineWhy.value;
  return routineWhy.name(word ?? 'roots');
}

/** The module an import, export-from, or `const { … } = require(…)` / `await import(…)` names. */
function importedModule(node: Node): string | undefined {
  if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return node.source.value;
  if (node.type === 'ExportNamedDeclaration') return node.source?.value;
  if (node.type !== 'VariableDeclarator' || !node.init) return undefined;
  const init = unwrap(node.init.type === 'AwaitExpression' ? node.init.argument : node.init);
  if (init.type === 'ImportExpression') return staticString(init.source);
  return init.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require' ? staticString(init.arguments[0]) : undefined;
}

function isDeclaredName(parent: Node, id: Node): boolean {
  switch (parent.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ClassDeclaration':
    case 'VariableDeclarator':
      return parent.id === id;
    case 'MethodDefinition':
    case 'PropertyDefinition':
    case 'TSMethodSignature':
    case 'TSPropertySignature':
      return parent.key === id;
    case 'Property':
      return parent.key === id && !parent.shorthand && propertyName(parent) !== undefined && parent.parent?.type !== 'ObjectPattern';
    default:
      return false;
  }
}

/** The nodes from the program down to the innermost one whose range holds `offset`. */
function nodeAt(root: Node, offset: number): Node[] {
  const path: Node[] = [root];
  for (let node: Node | undefined = root; node; ) {
    let next: Node | undefined;
    for (const key of Object.keys(node)) {
      if (key === 'parent' || key === 'range' || key === 'loc' || key === 'tokens' || key === 'comments') continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child) && child.range[0] <= offset && offset < child.range[1]) next = child;
      }
      if (next) break;
    }
    if (next) path.push(next);
    node = next;
  }
  return path;
}
