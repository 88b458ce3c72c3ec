// Semantics-preserving refactorings of a server file, for the variant tier (issue 20, item 3): each
// takes a fixture's source and returns it rewritten the way another author would have spelled the
// same roots state, or undefined where the refactoring does not apply. Found with the parser, edited
// as text, so every variant is a plain source file uproot sees fresh.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { parseSource } from '../../packages/core/src/parse.ts';
import { walkAll } from '../../packages/core/src/walk.ts';

type Node = TSESTree.Node;
type Fn = TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;

export interface Refactoring {
  name: string;
  /** What the refactoring does, for the table. */
  description: string;
  /** The new text of the file, with any new files beside it (paths relative to its folder); undefined where it does not apply. */
  apply(text: string, file: string): string | Variant | undefined;
}

export interface Variant {
  text: string;
  files: Record<string, string>;
}

/** A refactoring's result as text plus the files it adds. */
export function variantOf(result: string | Variant | undefined): Variant | undefined {
  return typeof result === 'string' ? { text: result, files: {} } : result;
}

interface Hook {
  /** The `x.oninitialized = …` assignment. */
  assignment: TSESTree.AssignmentExpression;
  fn: Fn;
  body: TSESTree.BlockStatement;
}

/** The `oninitialized` hooks with a block body, in source order. */
function initHooks(text: string, file: string): Hook[] {
  const { ast } = parseSource(text, file);
  const out: Hook[] = [];
  walkAll(ast as Node, (n) => {
    if (n.type !== 'AssignmentExpression' || n.left.type !== 'MemberExpression' || n.left.property.type !== 'Identifier' || n.left.property.name !== 'oninitialized') return;
    const fn = n.right;
    if ((fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression') && fn.body.type === 'BlockStatement') out.push({ assignment: n, fn, body: fn.body });
  });
  return out;
}

/** Apply [start, end, text] edits, last first. */
function edit(text: string, edits: Array<[number, number, string]>): string {
  let out = text;
  for (const [start, end, piece] of [...edits].sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + piece + out.slice(end);
  return out;
}

function uses(node: Node, type: string): boolean {
  let found = false;
  walkAll(node, (n) => {
    if (n.type === type) found = true;
  });
  return found;
}

const inner = (text: string, body: TSESTree.BlockStatement) => text.slice(body.range[0] + 1, body.range[1] - 1);

export const REFACTORINGS: Refactoring[] = [
  {
    name: 'named-fill',
    description: 'extract the hook body into a named arrow the hook awaits',
    apply(text, file) {
      const hooks = initHooks(text, file);
      if (hooks.length !== 1) return undefined;
      const { assignment, fn, body } = hooks[0]!;
      const statement = assignment.parent!;
      const indent = /[ \t]*$/.exec(text.slice(0, statement.range[0]))![0];
      return edit(text, [
        [statement.range[0], statement.range[0], `const fillRoots = async () => {${inner(text, body)}};\n${indent}`],
        [fn.range[0], fn.range[1], `async () => {\n${indent}  await fillRoots();\n${indent}}`],
      ]);
    },
  },
  {
    name: 'iife',
    description: 'run the hook body in an async IIFE the hook starts',
    apply(text, file) {
      const hooks = initHooks(text, file);
      if (hooks.length !== 1) return undefined;
      const { fn, body } = hooks[0]!;
      // An early `return` in the body would now leave only the IIFE: the same, so it stays.
      return edit(text, [[fn.range[0], fn.range[1], `() => {\n  void (async () => {${inner(text, body)}})();\n}`]]);
    },
  },
  {
    name: 'function-expression',
    description: 'the hook as a function expression instead of an arrow (no `this` inside)',
    apply(text, file) {
      const hooks = initHooks(text, file).filter((h) => h.fn.type === 'ArrowFunctionExpression' && !uses(h.body, 'ThisExpression'));
      if (hooks.length === 0) return undefined;
      return edit(text, hooks.map((h) => [h.fn.range[0], h.body.range[0], `${h.fn.async ? 'async ' : ''}function () `]));
    },
  },
  {
    name: 'cast',
    description: 'cast each awaited roots answer to the server\'s own type (TypeScript)',
    apply(text, file) {
      if (!/\.[cm]?ts$/.test(file)) return undefined;
      const { ast } = parseSource(text, file);
      const edits: Array<[number, number, string]> = [];
      walkAll(ast as Node, (n) => {
        if (n.type !== 'AwaitExpression' || n.argument.type !== 'CallExpression') return;
        const callee = n.argument.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || callee.property.name !== 'listRoots') return;
        edits.push([n.range[0], n.range[1], `(${text.slice(n.range[0], n.range[1])} as { roots: Array<{ uri: string; name?: string }> })`]);
      });
      return edits.length ? edit(text, edits) : undefined;
    },
  },
  {
    name: 'then',
    description: '`.then(({ roots }) => …)` instead of `const { roots } = await …` (last statement of the hook)',
    apply(text, file) {
      const hooks = initHooks(text, file);
      if (hooks.length !== 1) return undefined;
      const { body } = hooks[0]!;
      // `const { roots } = await X.listRoots(); REST` where REST is the rest of the same block.
      for (const [i, s] of body.body.entries()) {
        if (s.type !== 'VariableDeclaration' || s.declarations.length !== 1) continue;
        const d = s.declarations[0]!;
        if (d.id.type !== 'ObjectPattern' || d.init?.type !== 'AwaitExpression') continue;
        const rest = body.body.slice(i + 1);
        if (rest.length === 0 || rest.some((r) => r.type === 'ReturnStatement' || uses(r, 'AwaitExpression'))) continue;
        const request = text.slice(d.init.argument.range[0], d.init.argument.range[1]);
        const pattern = text.slice(d.id.range[0], d.id.typeAnnotation ? d.id.typeAnnotation.range[0] : d.id.range[1]);
        const restText = text.slice(rest[0]!.range[0], rest[rest.length - 1]!.range[1]);
        return edit(text, [[s.range[0], rest[rest.length - 1]!.range[1], `await ${request}.then((${pattern}) => {\n${restText}\n});`]]);
      }
      return undefined;
    },
  },
  {
    name: 'rename',
    description: 'rename every variable, parameter and function the file declares (imports kept), by scope',
    apply(text, file) {
      const { ast, scopeManager } = parseSource(text, file);
      const edits: Array<[number, number, string]> = [];
      const seen = new Set<unknown>();
      walkAll(ast as Node, (n) => {
        const scope = scopeManager.acquire(n as never);
        if (!scope) return;
        for (const variable of scope.set.values()) {
          if (seen.has(variable) || variable.defs.length === 0 || variable.defs.some((d) => d.type === 'ImportBinding' || d.type === 'ClassName')) continue;
          // Exported names are the fixture's interface (`createServer`): other files and the harness call them.
          if (variable.defs.some((d) => d.node.parent?.type === 'ExportNamedDeclaration' || d.node.parent?.parent?.type === 'ExportNamedDeclaration')) continue;
          seen.add(variable);
          const renamed = `${variable.name}Renamed`;
          const ids = new Set<Node>([...variable.defs.map((d) => d.name as Node), ...variable.references.map((r) => r.identifier as Node)]);
          for (const id of ids) {
            const p = id.parent;
            // `{ roots }` (a pattern or an object literal) names the key too: keep it, rename the value.
            if (p?.type === 'Property' && p.shorthand && p.value === id) edits.push([id.range[0], id.range[1], `${text.slice(id.range[0], id.range[1])}: ${renamed}`]);
            else if (p?.type === 'AssignmentPattern' && p.left === id && p.parent?.type === 'Property' && p.parent.shorthand) edits.push([id.range[0], id.range[1], `${variable.name}: ${renamed}`]);
            else edits.push([id.range[0], id.range[0] + variable.name.length, renamed]);
          }
        }
      });
      return edits.length ? edit(text, edits) : undefined;
    },
  },
  {
    name: 'barrel',
    description: 'move the state and the helpers reading it to another module behind an index.ts re-export (a setter and a getter), or route a relative import through such a barrel',
    apply(text, file) {
      const { ast } = parseSource(text, file);
      const ext = /\.[cm]?tsx?$/.test(file) ? 'ts' : 'js';
      // `export * from` passes every name on but the default: an import naming a default stays direct (else the variant would not run).
      const relative = (ast as TSESTree.Program).body.filter((s): s is TSESTree.ImportDeclaration => s.type === 'ImportDeclaration' && s.source.value.startsWith('./') && !s.specifiers.some((x) => x.type === 'ImportDefaultSpecifier'));
      if (relative.length > 0) {
        const index = [...new Set(relative.map((i) => `export * from '.${i.source.value}';`))].join('\n');
        return { text: edit(text, relative.map((i) => [i.source.range[0], i.source.range[1], `'./barrel/index.js'`])), files: { [`barrel/index.${ext}`]: `${index}\n` } };
      }
      return moveStateBehindBarrel(text, file, ext);
    },
  },
  {
    name: 'class-field',
    description: 'hold each module-level state variable as a field of one module-level instance of a same-file class instead',
    apply(text, file) {
      const ts = /\.[cm]?tsx?$/.test(file);
      const { ast, scopeManager } = parseSource(text, file);
      const states = moduleStates(ast as TSESTree.Program, scopeManager);
      if (states.length === 0) return undefined;
      const holder = freshName(text, 'rootsState');
      const edits: Array<[number, number, string]> = [];
      const fields: string[] = [];
      for (const { declarator, variable } of states) {
        const id = declarator.id as TSESTree.Identifier;
        const type = id.typeAnnotation ? text.slice(id.typeAnnotation.range[0], id.typeAnnotation.range[1]) : '';
        fields.push(`  ${id.name}${ts ? type : ''} = ${declarator.init ? text.slice(declarator.init.range[0], declarator.init.range[1]) : 'undefined'};`);
        for (const ref of variable.references) if (ref.identifier !== id) edits.push(referenceEdit(ref.identifier as TSESTree.Identifier, `${holder}.${id.name}`));
      }
      // The class takes the first declaration's place; the others go.
      states.forEach(({ declaration }, i) => edits.push([declaration.range[0], declaration.range[1], i === 0 ? `class RootsState {\n${fields.join('\n')}\n}\nconst ${holder} = new RootsState();` : '']));
      return edit(text, edits);
    },
  },
];

interface ModuleState {
  declaration: TSESTree.VariableDeclaration;
  declarator: TSESTree.VariableDeclarator;
  variable: { name: string; references: Array<{ identifier: Node; isWrite(): boolean }>; defs: Array<{ name: Node }> };
}

/** Module-level `let x …` (one declarator, not exported) assigned inside some function: the state. */
function moduleStates(program: TSESTree.Program, scopeManager: ReturnType<typeof parseSource>['scopeManager']): ModuleState[] {
  const out: ModuleState[] = [];
  const scope = scopeManager.acquire(program, true);
  for (const s of program.body) {
    if (s.type !== 'VariableDeclaration' || s.kind !== 'let' || s.declarations.length !== 1 || s.declarations[0]!.id.type !== 'Identifier') continue;
    const declarator = s.declarations[0]!;
    const variable = scope?.set.get((declarator.id as TSESTree.Identifier).name) as unknown as ModuleState['variable'] | undefined;
    if (!variable) continue;
    const assignedInFunction = variable.references.some((r) => r.isWrite() && r.identifier !== declarator.id && enclosingFn(r.identifier));
    if (assignedInFunction) out.push({ declaration: s, declarator, variable });
  }
  return out;
}

function enclosingFn(n: Node): Node | undefined {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'FunctionDeclaration' || p.type === 'FunctionExpression' || p.type === 'ArrowFunctionExpression') return p;
  return undefined;
}

/** Replace a reference with `replacement`, keeping a shorthand property's key. */
function referenceEdit(id: TSESTree.Identifier, replacement: string): [number, number, string] {
  const p = id.parent;
  if (p?.type === 'Property' && p.shorthand && p.value === id) return [id.range[0], id.range[1], `${id.name}: ${replacement}`];
  return [id.range[0], id.range[1], replacement];
}

function freshName(text: string, base: string): string {
  let name = base;
  for (let i = 2; new RegExp(`\\b${name}\\b`).test(text); i++) name = `${base}${i}`;
  return name;
}

const capitalized = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/**
 * The state variables and the top-level functions reading them go to `roots-state/state.<ext>`,
 * re-exported by `roots-state/index.<ext>`; the server imports them from the barrel and writes and
 * reads the state through a setter and a getter there. Applies when at least one helper moves and
 * each moved helper uses nothing of the server module but imports, the state and other moved helpers.
 */
function moveStateBehindBarrel(text: string, file: string, ext: string): Variant | undefined {
  const { ast, scopeManager } = parseSource(text, file);
  const program = ast as TSESTree.Program;
  const states = moduleStates(program, scopeManager);
  if (states.length === 0) return undefined;
  const stateVars = new Set(states.map((s) => s.variable));
  const candidates = program.body.filter((s) => s.type === 'FunctionDeclaration' && !!s.id && states.some((st) => st.variable.references.some((r) => within(r.identifier, s)))) as TSESTree.FunctionDeclaration[];
  if (candidates.length === 0) return undefined;
  const moduleScope = scopeManager.acquire(program, true);
  if (!moduleScope) return undefined;
  const imports = new Map<string, TSESTree.ImportDeclaration>();
  const moved = new Set<Node>(candidates);
  for (const v of moduleScope.set.values()) {
    if (stateVars.has(v as never)) continue;
    const def = v.defs[0];
    const usedInMoved = v.references.some((r) => candidates.some((c) => within(r.identifier as Node, c)));
    if (!usedInMoved || !def) continue;
    if (def.type === 'ImportBinding') imports.set(v.name, def.parent as TSESTree.ImportDeclaration);
    else if (!(def.type === 'FunctionName' && moved.has(def.node as Node))) return undefined;
    // A moved helper called from the server stays callable: it is imported back.
  }
  const edits: Array<[number, number, string]> = [];
  const names: string[] = [];
  const moduleLines: string[] = [];
  for (const decl of new Set(imports.values())) {
    const specifiers = decl.specifiers.filter((sp) => imports.has(sp.local.name));
    const source = decl.source.value.startsWith('./') ? `.${decl.source.value}` : decl.source.value;
    const def = specifiers.find((sp) => sp.type === 'ImportDefaultSpecifier');
    const ns = specifiers.find((sp) => sp.type === 'ImportNamespaceSpecifier');
    const named = specifiers.filter((sp) => sp.type === 'ImportSpecifier').map((sp) => text.slice(sp.range[0], sp.range[1]));
    if (ns) moduleLines.push(`import * as ${ns.local.name} from '${source}';`);
    if (def || named.length) moduleLines.push(`import ${[def?.local.name, named.length ? `{ ${named.join(', ')} }` : ''].filter(Boolean).join(', ')} from '${source}';`);
  }
  const ts = ext === 'ts';
  for (const { declaration, declarator, variable } of states) {
    const name = (declarator.id as TSESTree.Identifier).name as string;
    // The declared type, as a module author would write it (a type query would be a reference of its own).
    const type = ts ? (declarator.id as TSESTree.Identifier).typeAnnotation : undefined;
    if (ts && !type) return undefined;
    const annotation = type ? text.slice(type.range[0], type.range[1]) : '';
    const setter = freshName(text, `set${capitalized(name)}`);
    const getter = freshName(text, `get${capitalized(name)}`);
    moduleLines.push('', text.slice(declaration.range[0], declaration.range[1]));
    moduleLines.push(`export function ${setter}(value${annotation})${ts ? ': void' : ''} {\n  ${name} = value;\n}`);
    // A getter only where the server itself still reads the state (an unused export would be a reader of its own).
    const readHere = variable.references.some((r) => !r.isWrite() && !candidates.some((c) => within(r.identifier, c)));
    if (readHere) moduleLines.push(`export function ${getter}()${annotation} {\n  return ${name};\n}`);
    names.push(setter, ...(readHere ? [getter] : []));
    edits.push([declaration.range[0], declaration.range[1], '']);
    for (const ref of variable.references) {
      const id = ref.identifier as TSESTree.Identifier;
      if (id === declarator.id || candidates.some((c) => within(id, c))) continue;
      const assignment = id.parent;
      if (ref.isWrite()) {
        if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left !== id) return undefined;
        if (variable.references.some((r) => r !== ref && within(r.identifier, assignment.right))) return undefined;
        edits.push([assignment.range[0], assignment.right.range[0], `${setter}(`], [assignment.right.range[1], assignment.range[1], ')']);
      } else edits.push(referenceEdit(id, `${getter}()`));
    }
  }
  for (const fn of candidates) {
    moduleLines.push('', `export ${text.slice(fn.range[0], fn.range[1])}`);
    names.push(fn.id!.name);
    edits.push([fn.range[0], fn.range[1], '']);
  }
  const lastImport = [...program.body].reverse().find((s) => s.type === 'ImportDeclaration')!;
  edits.push([lastImport.range[1], lastImport.range[1], `\nimport { ${names.join(', ')} } from './roots-state/index.js';`]);
  return {
    text: edit(text, edits),
    files: { [`roots-state/state.${ext}`]: `${moduleLines.join('\n').trimStart()}\n`, [`roots-state/index.${ext}`]: `export * from './state.js';\n` },
  };
}

function within(n: Node, container: Node): boolean {
  return n.range[0] >= container.range[0] && n.range[1] <= container.range[1];
}

/** Write a variant into a copy of the fixture: the server file's new text and the files it adds. */
export function writeVariant(dir: string, file: string, variant: Variant): void {
  writeFileSync(path.join(dir, file), variant.text);
  for (const [name, content] of Object.entries(variant.files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
}
