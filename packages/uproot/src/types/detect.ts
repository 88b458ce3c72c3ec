// Whether a typed scan can run: a tsconfig.json (or a JavaScript project's jsconfig.json) for the
// scanned files and the MCP packages installed where it resolves them. Plain file checks, so
// deciding never loads TypeScript.
import fs from 'node:fs';
import path from 'node:path';

export type TypesMode = 'auto' | 'on' | 'off';

export type TypesDecision =
  | { types: 'on'; tsconfig: string; packages: string[] }
  | { types: 'off'; why: string };

const MCP_PACKAGES = ['sdk', 'server', 'client', 'core'];

/** The nearest tsconfig.json or jsconfig.json at or above `dir` (tsconfig.json first, as editors do). */
export function nearestTsconfig(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const candidate = path.join(at, name);
      if (fs.existsSync(candidate)) return candidate;
    }
    if (path.dirname(at) === at) return undefined;
  }
}

/** A jsconfig.json is a tsconfig.json whose JavaScript is checked by default (allowJs). */
export function isJsconfig(config: string): boolean {
  return path.basename(config) === 'jsconfig.json';
}

/** The @modelcontextprotocol packages Node would resolve from `dir` (node_modules at or above it). */
export function installedMcpPackages(dir: string): string[] {
  const found = new Set<string>();
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    for (const name of MCP_PACKAGES) {
      if (fs.existsSync(path.join(at, 'node_modules', '@modelcontextprotocol', name, 'package.json'))) found.add(`@modelcontextprotocol/${name}`);
    }
    if (path.dirname(at) === at) return [...found];
  }
}

/** `auto` and `on` look from the first scanned path (or the working directory) for a tsconfig and the packages. */
export function decideTypes(mode: TypesMode, paths: string[], cwd: string): TypesDecision {
  if (mode === 'off') return { types: 'off', why: '--types off' };
  const first = path.resolve(cwd, paths[0] ?? '.');
  const start = fs.existsSync(first) && fs.statSync(first).isDirectory() ? first : path.dirname(first);
  const tsconfig = nearestTsconfig(start);
  if (!tsconfig) return { types: 'off', why: 'no tsconfig.json found for the scanned files' };
  const packages = installedMcpPackages(path.dirname(tsconfig));
  if (packages.length === 0) return { types: 'off', why: `no @modelcontextprotocol package installed for ${tsconfig}` };
  return { types: 'on', tsconfig, packages };
}
