// The repository's module graph over relative imports, for the layout test: which source files import each
// other in a circle, and which imports run back up from rules/ into a package's src/ (docs/architecture.md).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where the shipped source lives; tests, fixtures and build output are not part of the layout. */
const SKIPPED_FOLDERS = /^(__testfixtures__|__tests__|fixtures|node_modules|dist)$/;
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;

export interface ImportGraph {
  /** Repository-relative paths, `/`-separated. */
  files: string[];
  imports: Map<string, Set<string>>;
}

/** The source folders of the layout: rules/, transforms/ and every packages/<name>/src. */
export function sourceRoots(repo: string): string[] {
  const packages = readdirSync(path.join(repo, 'packages'), { withFileTypes: true }).filter((e) => e.isDirectory());
  return ['rules', 'transforms', ...packages.map((p) => `packages/${p.name}/src`)].filter((r) => existsSync(path.join(repo, r)));
}

function walk(repo: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(path.join(repo, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.test(entry.name)) walk(repo, rel, out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !/\.(test|spec)\./.test(entry.name)) {
      out.push(rel);
    }
  }
}

/** The file a relative specifier names: `./x.js` is `x.ts` in the sources, `./dir` is its index. */
function resolveSpecifier(known: Set<string>, from: string, spec: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), base.replace(/\.cjs$/, '.cts'), `${base}.ts`, `${base}/index.ts`];
  return candidates.find((c) => known.has(c));
}

/** Static imports and re-exports (type-only ones too) and `import()` calls, read by TypeScript's own pre-processor. */
export function importGraph(repo: string, roots = sourceRoots(repo)): ImportGraph {
  const files: string[] = [];
  for (const root of roots) walk(repo, root, files);
  const known = new Set(files);
  const imports = new Map<string, Set<string>>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(repo, file), 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveSpecifier(known, file, fileName);
      if (target) targets.add(target);
    }
    imports.set(file, targets);
  }
  return { files, imports };
}

/** Every group of files that import each other, directly or through others (Tarjan's strongly connected components). */
export function importCircles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.imports.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.imports.get(file)?.has(file)) circles.push(group.sort());
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return circles;
}

/** Imports from rules/ into a package's src/: the rules own their definitions, the plugin only assembles them. */
export function rulesIntoPackages(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph.imports) {
    if (!file.startsWith('rules/')) continue;
    for (const target of targets) if (/^packages\/[^/]+\/src\//.test(target)) out.push(`${file} -> ${target}`);
  }
  return out;
}
