// How a file writes its imports, so a line uproot adds reads like the file's own: the quote around
// module names and whether the statements end with a semicolon (prettier's defaults, standard's, or
// double quotes). Taken from the file's first import (or top-level require); a file with neither
// gets single quotes and semicolons.
import type { TSESTree } from '@typescript-eslint/types';

export interface ImportStyle {
  quote: "'" | '"';
  /** `;` or the empty string. */
  semi: string;
}

export function importStyleOf(text: string, ast: TSESTree.Program): ImportStyle {
  for (const statement of ast.body) {
    const literal = moduleLiteral(statement);
    if (!literal) continue;
    const quote = text[literal.range[0]] === '"' ? '"' : "'";
    return { quote, semi: text[statement.range[1] - 1] === ';' ? ';' : '' };
  }
  return { quote: "'", semi: ';' };
}

/** The module name's string literal of an import, or of `const x = require('…')`. */
function moduleLiteral(statement: TSESTree.ProgramStatement): TSESTree.Node | undefined {
  if (statement.type === 'ImportDeclaration') return statement.source;
  if (statement.type !== 'VariableDeclaration') return undefined;
  for (const d of statement.declarations) {
    const init = d.init;
    if (init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require' && init.arguments[0]?.type === 'Literal') return init.arguments[0];
  }
  return undefined;
}

/** A name an added import binds: `name`, or `name as local` (CommonJS: `name: local`); `type` only in TypeScript. */
export interface ImportedBinding {
  name: string;
  local?: string;
  type?: boolean;
}

/** Values first, then types, each in the order given: how uproot lists the names of an import it writes whole. */
export function valuesThenTypes<T extends ImportedBinding>(names: readonly T[]): T[] {
  return [...names.filter((n) => !n.type), ...names.filter((n) => n.type)];
}

/** One import statement in the file's style, names in the order given: `import { a, b as c } from 'm';`, or `const { a, b: c } = require('m');`. */
export function importLine(style: ImportStyle, module: string, names: readonly ImportedBinding[], cjs: boolean): string {
  // Module names hold no quotes or backslashes: the file's quote goes around them as they are.
  const source = `${style.quote}${module}${style.quote}`;
  const aliased = (n: ImportedBinding, as: string) => (n.local === undefined || n.local === n.name ? n.name : `${n.name}${as}${n.local}`);
  if (cjs) return `const { ${names.map((n) => aliased(n, ': ')).join(', ')} } = require(${source})${style.semi}`;
  return `import { ${names.map((n) => `${n.type ? 'type ' : ''}${aliased(n, ' as ')}`).join(', ')} } from ${source}${style.semi}`;
}
