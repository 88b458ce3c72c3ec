// Reverse imports: the calls other files of the same package make to a function or a class's method
// that a module exports (`manager.setServerInstance(server)` in index.ts for roots.ts's RootsManager).
// A parameter the file itself never receives an MCP value for can still be proven by what they pass.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, propertyName, unwrap } from './ast.ts';
import { walkAll } from './provenance.ts';
import { resolveImport } from './resolve-import.ts';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', '.git', '.next', '.turbo']);
/** A package with more files than this is not searched (the walk would cost more than it proves). */
const MAX_FILES = 2000;
const MAX_BYTES = 1024 * 1024;

/** The source files of the package that holds `file` (its nearest package.json), cached per package. */
export class PackageFiles {
  private readonly cache = new Map<string, string[]>();
  private readonly texts = new Map<string, string | null>();
  private readonly found = new Map<string, string[]>();

  /** A file's text, read once (null when unreadable or too large). */
  text(file: string): string | null {
    let text = this.texts.get(file);
    if (text === undefined) {
      try {
        text = statSync(file).size > MAX_BYTES ? null : readFileSync(file, 'utf8');
      } catch {
        text = null;
      }
      this.texts.set(file, text);
    }
    return text;
  }

  /** Files of the package, other than `file`, whose text mentions `name` next to an import of some kind. */
  importersNaming(file: string, name: string): string[] {
    const key = `${file}\0${name}`;
    let out = this.found.get(key);
    if (!out) {
      out = [];
      for (const other of this.of(file)) {
        const text = other === file ? null : this.text(other);
        if (text?.includes(name) && /\bfrom\s*['"]|\b(?:require|import)\s*\(/.test(text)) out.push(other);
      }
      this.found.set(key, out);
    }
    return out;
  }

  of(file: string): string[] {
    const root = packageRoot(file);
    if (!root) return [];
    let files = this.cache.get(root);
    if (!files) {
      files = [];
      walk(root, files);
      if (files.length > MAX_FILES) files = [];
      this.cache.set(root, files);
    }
    return files;
  }
}

/**
 * In `importer`, the calls to `name` exported by `target`: `name(…)` through an import binding, or, for a
 * class's method, `x.name(…)` in a file that imports the class (the receiver cannot be typed syntactically;
 * the file importing that class from that module is the evidence).
 */
export function callsFromImporter(importer: string, program: TSESTree.Program, target: string, exported: string, method: string | undefined): TSESTree.CallExpression[] {
  const locals = new Set<string>();
  for (const s of program.body) {
    if (s.type !== 'ImportDeclaration' || resolveImport(importer, s.source.value) !== target) continue;
    for (const spec of s.specifiers) {
      const imported = spec.type === 'ImportSpecifier' ? (spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value) : spec.type === 'ImportDefaultSpecifier' ? 'default' : undefined;
      if (imported === exported) locals.add(spec.local.name);
    }
  }
  if (!locals.size) return [];
  const calls: TSESTree.CallExpression[] = [];
  walkAll(program, (n: Node) => {
    if (n.type !== 'CallExpression') return;
    const callee = unwrap(n.callee);
    if (method === undefined && callee.type === 'Identifier' && locals.has(callee.name)) calls.push(n);
    if (method !== undefined && callee.type === 'MemberExpression' && propertyName(callee) === method) calls.push(n);
  });
  return calls;
}

function packageRoot(file: string): string | undefined {
  let dir = path.dirname(file);
  for (;;) {
    try {
      if (statSync(path.join(dir, 'package.json')).isFile()) return dir;
    } catch {
      // not here: look further up
    }
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

function walk(dir: string, out: string[]): void {
  if (out.length > MAX_FILES) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      // A nested package is another package: its files are not this one's importers.
      if (!SKIP.has(e.name) && !e.name.startsWith('.')) {
        const sub = path.join(dir, e.name);
        let nested = false;
        try {
          nested = statSync(path.join(sub, 'package.json')).isFile();
        } catch {
          nested = false;
        }
        if (!nested) walk(sub, out);
      }
    } else if (e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path.join(dir, e.name));
  }
}
