// Add, merge and prune import specifiers for the names a plan introduces or retires.
import type { TSESTree } from '@typescript-eslint/types';
import type { Provenance } from '../provenance.ts';
import { type TextEdit, eolOf, insert } from './edits.ts';
import { importLine, importStyleOf, valuesThenTypes } from './import-style.ts';

export interface ImportName {
  name: string;
  /** A type-only name (`type X` inside the braces); dropped for JavaScript files. */
  type?: boolean;
}

function importedName(spec: TSESTree.ImportSpecifier): string {
  return spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
}

/** Edits that make `names` importable from `source`: merged into an existing import, or a new one. */
export function planImports(text: string, ast: TSESTree.Program, source: string, names: ImportName[], typescript: boolean): { edits: TextEdit[]; missing: ImportName[] } {
  const wanted = names.filter((n) => typescript || !n.type);
  const imports = ast.body.filter((s): s is TSESTree.ImportDeclaration => s.type === 'ImportDeclaration');
  const existing = new Set<string>();
  for (const decl of imports) {
    for (const spec of decl.specifiers) {
      if (spec.type === 'ImportSpecifier' && spec.local.name === importedName(spec)) existing.add(spec.local.name);
    }
  }
  const missing = wanted.filter((n) => !existing.has(n.name));
  if (missing.length === 0) return { edits: [], missing };
  const target = imports.find((d) => d.source.value === source && d.importKind !== 'type' && d.specifiers.some((s) => s.type === 'ImportSpecifier'));
  if (target) {
    const specs = target.specifiers.filter((s): s is TSESTree.ImportSpecifier => s.type === 'ImportSpecifier');
    const last = specs[specs.length - 1]!;
    const added = missing.map((n) => (n.type ? `type ${n.name}` : n.name)).join(', ');
    return { edits: [insert(last.range[1], `, ${added}`)], missing };
  }
  const requires = cjsRequires(ast);
  const eol = eolOf(text);
  const style = importStyleOf(text, ast);
  if (imports.length === 0 && requires.length > 0) {
    const line = importLine(style, source, missing, true);
    return { edits: [insert(requires[requires.length - 1]!.range[1], `${eol}${line}`)], missing };
  }
  const line = importLine(style, source, valuesThenTypes(missing), false);
  const anchor = imports[imports.length - 1];
  if (anchor) return { edits: [insert(anchor.range[1], `${eol}${line}`)], missing };
  return { edits: [insert(programStart(text, ast), `${line}${eol}`)], missing };
}

/** Top-level `const x = require('...')` statements. */
export function cjsRequires(ast: TSESTree.Program): TSESTree.VariableDeclaration[] {
  return ast.body.filter(
    (s): s is TSESTree.VariableDeclaration =>
      s.type === 'VariableDeclaration' &&
      s.declarations.some((d) => d.init?.type === 'CallExpression' && d.init.callee.type === 'Identifier' && d.init.callee.name === 'require'),
  );
}

/** After a hashbang and leading directives. */
function programStart(text: string, ast: TSESTree.Program): number {
  const directive = ast.body.find((s) => s.type === 'ExpressionStatement' && 'directive' in s && s.directive);
  if (directive) return directive.range[1] + 1;
  return text.startsWith('#!') ? text.indexOf('\n') + 1 : 0;
}

/** Remove import specifiers whose every use lies inside `removed` ranges (code the plan replaced). */
export function planPrunes(text: string, ast: TSESTree.Program, prov: Provenance, removed: Array<[number, number]>, stillUsed: (name: string) => boolean = () => false): TextEdit[] {
  const edits: TextEdit[] = [];
  const inside = (n: { range: [number, number] }) => removed.some(([s, e]) => n.range[0] >= s && n.range[1] <= e);
  for (const decl of ast.body) {
    if (decl.type !== 'ImportDeclaration' || decl.specifiers.length === 0) continue;
    const dead = decl.specifiers.filter((spec) => {
      const variable = prov.variableOf(spec.local);
      const refs = variable?.references ?? [];
      return refs.length > 0 && refs.every((r) => inside(r.identifier)) && !stillUsed(spec.local.name);
    });
    if (dead.length === 0) continue;
    if (dead.length === decl.specifiers.length) {
      let end = decl.range[1];
      if (text[end] === '\r') end++;
      if (text[end] === '\n') end++;
      edits.push({ start: decl.range[0], end, text: '' });
      continue;
    }
    // Delete runs of neighbouring dead specifiers as one range, so the deletions never overlap and
    // never touch a kept specifier (other edits may insert right after one).
    const specs = decl.specifiers;
    for (let i = 0; i < specs.length; i++) {
      if (!dead.includes(specs[i]!)) continue;
      let j = i;
      // A run stays on one side of the brace: `d` and `{ a }` are removed separately.
      const named = (n: TSESTree.ImportClause) => n.type === 'ImportSpecifier';
      while (j + 1 < specs.length && dead.includes(specs[j + 1]!) && named(specs[j + 1]!) === named(specs[i]!)) j++;
      const first = specs[i]!;
      const last = specs[j]!;
      const next = specs[j + 1];
      const previous = specs[i - 1];
      if (next) {
        // `d, { a }` minus d is `{ a }`: stop at the brace, which stays.
        const end = last.type !== 'ImportSpecifier' && next.type === 'ImportSpecifier' ? text.indexOf('{', last.range[1]) : next.range[0];
        edits.push({ start: first.range[0], end, text: '' });
      } else if (previous) {
        // The run ends the list (or the braces): take the comma before it, and empty braces with it.
        const closing = first.type === 'ImportSpecifier' && previous.type !== 'ImportSpecifier' ? text.indexOf('}', last.range[1]) + 1 : last.range[1];
        edits.push({ start: previous.range[1], end: closing, text: '' });
      } else edits.push({ start: first.range[0], end: last.range[1], text: '' });
      i = j;
    }
  }
  return edits;
}
