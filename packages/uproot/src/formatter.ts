// The user's own formatter, for exactly the files uproot changed (uproot never reformats).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function formatterCommand(cwd: string, files: string[]): string | undefined {
  if (files.length === 0) return undefined;
  const quoted = files.map((f) => (/^[\w./@-]+$/.test(f) ? f : JSON.stringify(f))).join(' ');
  const has = (name: string) => existsSync(path.join(cwd, name));
  let deps: Record<string, string> = {};
  try {
    const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    deps = { ...pkg.dependencies, ...pkg.devDependencies };
  } catch {
    // no package.json here: fall back to config files
  }
  if (deps['@biomejs/biome'] || has('biome.json') || has('biome.jsonc')) return `npx biome format --write ${quoted}`;
  if (deps.prettier || ['.prettierrc', '.prettierrc.json', '.prettierrc.js', 'prettier.config.js', 'prettier.config.mjs'].some(has)) return `npx prettier --write ${quoted}`;
  if (deps.eslint || ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.ts'].some(has)) return `npx eslint --fix ${quoted}`;
  return undefined;
}
