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

/** `'x'` in the file's quote (module names hold no quotes or backslashes). */
export function quoted(style: ImportStyle, module: string): string {
  return `${style.quote}${module}${style.quote}`;
}
