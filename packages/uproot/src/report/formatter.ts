// The user's own formatter, for exactly the files uproot changed (uproot never reformats).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every config file name each tool reads on its own (their docs), so a project configured only by file is recognised.
const BIOME_CONFIGS = ['biome.json', 'biome.jsonc'];
const PRETTIER_CONFIGS = ['.prettierrc', '.json', '.json5', '.yaml', '.yml', '.toml', '.js', '.cjs', '.mjs', '.ts', '.cts', '.mts']
  .map((ext) => (ext === '.prettierrc' ? ext : `.prettierrc${ext}`))
  .concat(['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'].map((ext) => `prettier.config.${ext}`));
const ESLINT_CONFIGS = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'].map((ext) => `eslint.config.${ext}`)
  .concat(['.eslintrc', '.eslintrc.js', '.eslintrc.cjs', '.eslintrc.json', '.eslintrc.yaml', '.eslintrc.yml']);

export function formatterCommand(cwd: string, files: string[]): string | undefined {
  if (files.length === 0) return undefined;
  const quoted = files.map((f) => (/^[\w./@-]+$/.test(f) ? f : JSON.stringify(f))).join(' ');
  const has = (name: string) => existsSync(path.join(cwd, name));
  let deps: Record<string, string> = {};
  let pkg: { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; prettier?: unknown; eslintConfig?: unknown } = {};
  try {
    pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as typeof pkg;
    deps = { ...pkg.dependencies, ...pkg.devDependencies };
  } catch {
    // no package.json here: fall back to config files
  }
  if (deps['@biomejs/biome'] || BIOME_CONFIGS.some(has)) return `npx biome format --write ${quoted}`;
  if (deps.prettier || pkg.prettier !== undefined || PRETTIER_CONFIGS.some(has)) return `npx prettier --write ${quoted}`;
  if (deps.eslint || pkg.eslintConfig !== undefined || ESLINT_CONFIGS.some(has)) return `npx eslint --fix ${quoted}`;
  return undefined;
}
