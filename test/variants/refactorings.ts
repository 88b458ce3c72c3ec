// Semantics-preserving refactorings of a server file, for the variant tier (issue 20, item 3): each
// takes a fixture's source and returns it rewritten the way another author would have spelled the
// same roots state, or undefined where the refactoring does not apply. Found with the parser, edited
// as text, so every variant is a plain source file uproot sees fresh.
import type { TSESTree } from '@typescript-eslint/types';
import { parseSource } from '../../packages/core/src/parse.ts';
import { walkAll } from '../../packages/core/src/walk.ts';

type Node = TSESTree.Node;
type Fn = TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;

export interface Refactoring {
  name: string;
  /** What the refactoring does, for the table. */
  description: string;
  apply(text: string, file: string): string | undefined;
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
];
