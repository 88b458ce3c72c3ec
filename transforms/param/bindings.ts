// Module bindings the generated code needs (node:path, node:fs/promises, zod, the SDK's error
// classes): reuse what the file already imports, otherwise add an import under a name nothing at
// module level uses, so the new code can never capture or shadow the user's own names.
import type { TSESTree } from '@typescript-eslint/types';
import type { ScopeManagerLike } from '@uproot/core/planning';
import { type TextEdit, eolOf, insert } from '@uproot/core/planning';
import { cjsRequires, importLine, importStyleOf, planImports } from '@uproot/core/planning';
import { Unprovable } from './unprovable.ts';

interface Wanted {
  module: string;
  name: string;
  local: string;
  type: boolean;
}

/** Node built-ins spelled the way the file spells them (`node:path` or `path`). */
export const NODE_MODULES = { path: ['node:path', 'path'], fs: ['node:fs/promises', 'fs/promises'], fsSync: ['node:fs', 'fs'], url: ['node:url', 'url'], asyncHooks: ['node:async_hooks', 'async_hooks'] } as const;
const ZOD_MODULES = ['zod', 'zod/v4', 'zod/v3'];

export class Bindings {
  private readonly wanted: Wanted[] = [];
  /** Names of the file's own imports the generated code now also uses: never prune them. */
  readonly reused = new Set<string>();
  private readonly taken: Set<string>;
  private readonly text: string;
  private readonly ast: TSESTree.Program;
  private readonly typescript: boolean;

  constructor(text: string, ast: TSESTree.Program, scopeManager: ScopeManagerLike, typescript: boolean) {
    this.text = text;
    this.ast = ast;
    this.typescript = typescript;
    this.taken = moduleLevelNames(ast, scopeManager);
  }

  /** A module-level name for generated declarations (the helper function, its type). */
  declare(preferred: string): string {
    let name = preferred;
    for (let i = 2; this.taken.has(name); i++) name = `${preferred}${i}`;
    this.taken.add(name);
    return name;
  }

  /** The expression that names `name` exported by one of `modules` (the first is used for a new import). */
  use(modules: readonly string[], name: string, options: { type?: boolean } = {}): string {
    const existing = this.existing(modules, name);
    if (existing) {
      this.reused.add(existing.split('.')[0]!);
      return existing;
    }
    const already = this.wanted.find((w) => modules.includes(w.module) && w.name === name);
    if (already) return already.local;
    let local = name;
    for (let i = 1; this.taken.has(local); i++) local = `uproot${name[0]!.toUpperCase()}${name.slice(1)}${i > 1 ? i : ''}`;
    this.taken.add(local);
    this.wanted.push({ module: this.spelling(modules), name, local, type: !!options.type });
    return local;
  }

  /** Import `name` from `module` as `local`, a name `declare` gave out (a shared helper module's export). */
  importAs(module: string, name: string, local: string, options: { type?: boolean } = {}): void {
    if (!this.wanted.some((w) => w.module === module && w.name === name)) this.wanted.push({ module, name, local, type: !!options.type });
  }

  /** The file's zod namespace (`z`), or a new `import { z } from 'zod'`; zod/mini has no `.describe()`. */
  zod(): string {
    const local = this.existingZod();
    if (local) {
      this.reused.add(local);
      return local;
    }
    return this.use(['zod'], 'z');
  }

  checkZod(): void {
    if (this.imports().some((d) => /^zod\/(v4-)?mini$/.test(d.source.value))) {
      throw new Unprovable('unresolved-chain', 'the file uses zod/mini, which has no .describe() for the parameter description');
    }
  }

  private existingZod(): string | undefined {
    for (const decl of this.imports()) {
      if (!ZOD_MODULES.includes(decl.source.value) || decl.importKind === 'type') continue;
      for (const spec of decl.specifiers) {
        if (spec.type === 'ImportNamespaceSpecifier' || spec.type === 'ImportDefaultSpecifier') return spec.local.name;
        if (spec.type === 'ImportSpecifier' && importedName(spec) === 'z' && spec.importKind !== 'type') return spec.local.name;
      }
    }
    for (const { id, source } of this.requires()) {
      if (!ZOD_MODULES.includes(source)) continue;
      if (id.type === 'Identifier') return id.name;
      const local = patternLocal(id, 'z');
      if (local) return local;
    }
    return undefined;
  }

  edits(): TextEdit[] {
    const edits: TextEdit[] = [];
    const modules = [...new Set(this.wanted.map((w) => w.module))];
    const cjs = this.imports().length === 0 && cjsRequires(this.ast).length > 0;
    for (const module of modules) {
      const names = this.wanted.filter((w) => w.module === module && (this.typescript || !w.type));
      if (names.length === 0) continue;
      if (names.every((n) => n.local === n.name)) {
        edits.push(...planImports(this.text, this.ast, module, names.map((n) => ({ name: n.name, type: n.type })), this.typescript).edits);
        continue;
      }
      const eol = eolOf(this.text);
      const line = importLine(importStyleOf(this.text, this.ast), module, names, cjs);
      const anchor = cjs ? cjsRequires(this.ast).at(-1) : this.imports().at(-1);
      edits.push(anchor ? insert(anchor.range[1], `${eol}${line}`) : insert(0, `${line}${eol}`));
    }
    return edits;
  }

  private existing(modules: readonly string[], name: string): string | undefined {
    for (const decl of this.imports()) {
      if (!modules.includes(decl.source.value) || decl.importKind === 'type') continue;
      for (const spec of decl.specifiers) {
        if (spec.type === 'ImportSpecifier' && importedName(spec) === name && spec.importKind !== 'type') return spec.local.name;
        if (spec.type === 'ImportNamespaceSpecifier' || (spec.type === 'ImportDefaultSpecifier' && modules[0]!.startsWith('node:'))) return `${spec.local.name}.${name}`;
      }
    }
    for (const { id, source } of this.requires()) {
      if (!modules.includes(source)) continue;
      if (id.type === 'Identifier') return `${id.name}.${name}`;
      const local = patternLocal(id, name);
      if (local) return local;
    }
    return undefined;
  }

  /** Use the spelling the file already uses for this module, else `node:` when it uses that for others. */
  private spelling(modules: readonly string[]): string {
    const sources = [...this.imports().map((d) => d.source.value), ...this.requires().map((r) => r.source)];
    const used = modules.find((m) => sources.includes(m));
    if (used) return used;
    if (modules[0]!.startsWith('node:') && sources.some((s) => /^(fs|path|url|os)(\/|$)/.test(s)) && !sources.some((s) => s.startsWith('node:'))) return modules[1] ?? modules[0]!;
    return modules[0]!;
  }

  private imports(): TSESTree.ImportDeclaration[] {
    return this.ast.body.filter((s): s is TSESTree.ImportDeclaration => s.type === 'ImportDeclaration');
  }

  private requires(): Array<{ id: TSESTree.BindingName; source: string }> {
    const out: Array<{ id: TSESTree.BindingName; source: string }> = [];
    for (const statement of cjsRequires(this.ast)) {
      for (const d of statement.declarations) {
        const init = d.init;
        if (init?.type === 'CallExpression' && init.arguments[0]?.type === 'Literal' && typeof init.arguments[0].value === 'string') {
          out.push({ id: d.id, source: init.arguments[0].value });
        }
      }
    }
    return out;
  }
}

function importedName(spec: TSESTree.ImportSpecifier): string {
  return spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
}

/** The local bound to `key` in `const { key: local } = require(...)`. */
function patternLocal(id: TSESTree.BindingName, key: string): string | undefined {
  if (id.type !== 'ObjectPattern') return undefined;
  for (const p of id.properties) {
    if (p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === key && p.value.type === 'Identifier') return p.value.name;
  }
  return undefined;
}

/** Every name bound at module level, plus every global the file reads: a new import must avoid them all. */
function moduleLevelNames(ast: TSESTree.Program, scopeManager: ScopeManagerLike): Set<string> {
  const names = new Set<string>();
  const global = scopeManager.globalScope;
  const module = scopeManager.acquire(ast, true);
  for (const scope of [global, module]) {
    if (!scope) continue;
    for (const name of scope.set.keys()) names.add(name);
    const through = (scope as unknown as { through?: Array<{ identifier: { name: string } }> }).through ?? [];
    for (const ref of through) names.add(ref.identifier.name);
  }
  return names;
}
