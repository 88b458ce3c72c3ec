// The flat configs a user writes for eslint-plugin-uproot, in each file format ESLint loads, with ESLint's
// default parser (JavaScript files only) or typescript-eslint's project service (every file, typed).
export type ConfigFormat = 'js' | 'cjs' | 'ts';
export type ParserSetup = 'default' | 'project-service';

const TYPED_FILES = "['**/*.{ts,mts,cts,js,mjs,cjs}']";

export function eslintConfig(format: ConfigFormat, parser: ParserSetup): string {
  if (format === 'cjs') {
    const lines = ["const uproot = require('eslint-plugin-uproot');"];
    if (parser === 'default') return [...lines, 'module.exports = [uproot.configs.recommended];', ''].join('\n');
    return [
      ...lines,
      "const tseslint = require('typescript-eslint');",
      'module.exports = [',
      `  { files: ${TYPED_FILES}, languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: __dirname } } },`,
      '  uproot.configs.recommended,',
      '];',
      '',
    ].join('\n');
  }
  // ESM; the .ts flavour also imports ESLint's types and checks the config against them (jiti loads it).
  const head = ["import uproot from 'eslint-plugin-uproot';"];
  if (format === 'ts') head.push("import { defineConfig } from 'eslint/config';");
  const wrap = (body: string[]) => (format === 'ts' ? ['export default defineConfig([', ...body, ']);'] : ['export default [', ...body, '];']);
  if (parser === 'default') return [...head, ...wrap(['  uproot.configs.recommended,']), ''].join('\n');
  return [
    ...head,
    "import tseslint from 'typescript-eslint';",
    ...wrap([
      `  { files: ${TYPED_FILES}, languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },`,
      '  uproot.configs.recommended,',
    ]),
    '',
  ].join('\n');
}
